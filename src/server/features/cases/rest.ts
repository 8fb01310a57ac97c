import type { RestRoute } from '../../core/rest';

export const routes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/cases',
    procedure: 'cases.list',
    summary:
      'Moderation cases of the guild, newest first; ?action=warn|timeout|kick|ban|unban, ?member=<id or name>',
  },
  {
    method: 'PATCH',
    path: '/api/cases/:number',
    procedure: 'cases.updateReason',
    summary: "Rewrite a case's reason: { reason }",
  },
  {
    method: 'POST',
    path: '/api/cases/:number/revoke',
    procedure: 'cases.revoke',
    summary:
      'Mark a case revoked (kept on record); a timeout or ban in Discord is lifted with /unban or Discord itself',
  },
];
