import type { RestRoute } from '../rest';

export const routes: RestRoute[] = [
  { method: 'GET', path: '/api/config', procedure: 'config.get', summary: 'Bot configuration of the guild' },
  {
    method: 'PATCH',
    path: '/api/config',
    procedure: 'config.update',
    summary: 'Change prefix, defaultLanguage or levelingEnabled',
  },
];
