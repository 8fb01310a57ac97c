import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/config',
    procedure: 'settings.get',
    summary: 'Bot configuration of the guild',
  },
  {
    method: 'PATCH',
    path: '/api/config',
    procedure: 'settings.update',
    summary: 'Change prefix, defaultLanguage or levelingEnabled',
  },
  {
    method: 'POST',
    path: '/api/guild/reset',
    procedure: 'settings.resetData',
    summary:
      'Danger Zone: erase the guild data (settings, links, logs...); { confirm } must equal the guild id',
  },
] satisfies RestRoute[];
