import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/provider-key',
    procedure: 'providerKeys.get',
    summary: "The server's own translation provider: which one and the key's last 4 characters (Plus)",
  },
  {
    method: 'PUT',
    path: '/api/provider-key',
    procedure: 'providerKeys.save',
    summary:
      'Set the server’s own Gemini, OpenAI-compatible or DeepL key (checked with the provider, kept encrypted)',
  },
  {
    method: 'PATCH',
    path: '/api/provider-key',
    procedure: 'providerKeys.setFallback',
    summary: "Let the operator's provider answer when the server's own fails, or not",
  },
  {
    method: 'DELETE',
    path: '/api/provider-key',
    procedure: 'providerKeys.remove',
    summary: "Delete the server's own key; the operator's provider translates again",
  },
] satisfies RestRoute[];
