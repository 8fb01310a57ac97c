import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/api-keys',
    procedure: 'apiKeys.list',
    summary: "The server's live API keys (prefix, created, last used)",
  },
  {
    method: 'POST',
    path: '/api/api-keys',
    procedure: 'apiKeys.create',
    summary: 'Create an API key for the server (Ultimate); the key is in this answer only',
    status: 201,
  },
  { method: 'DELETE', path: '/api/api-keys/:id', procedure: 'apiKeys.revoke', summary: 'Revoke an API key' },
] satisfies RestRoute[];
