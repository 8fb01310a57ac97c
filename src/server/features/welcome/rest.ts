import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/welcome',
    procedure: 'welcome.get',
    summary: 'The guild welcome config (defaults until changed)',
  },
  {
    method: 'PATCH',
    path: '/api/welcome',
    procedure: 'welcome.update',
    summary: 'Change any of enabled, messages ({ lang: template with {user} }), channelId, roleId',
  },
] satisfies RestRoute[];
