import type { RestRoute } from '../../core/rest';

export const routes: RestRoute[] = [
  { method: 'GET', path: '/api/config', procedure: 'config.get', summary: 'Bot configuration of the guild' },
  {
    method: 'PATCH',
    path: '/api/config',
    procedure: 'config.update',
    summary: 'Change prefix, defaultLanguage or levelingEnabled',
  },
  {
    method: 'POST',
    path: '/api/guild/reset',
    procedure: 'config.resetData',
    summary:
      'Danger Zone: erase the guild data (settings, links, logs...); { confirm } must equal the guild id',
  },
];
