import type { RestRoute } from '../../core/rest';

export const routes = [
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
  {
    method: 'GET',
    path: '/api/cases/escalations',
    procedure: 'cases.escalations',
    summary:
      'Escalation rules of the guild: N warn or timeout cases in D days → an automatic timeout, kick or ban',
  },
  {
    method: 'POST',
    path: '/api/cases/escalations',
    procedure: 'cases.addEscalation',
    summary:
      'Add an escalation rule: { counts: warn|timeout, threshold 2–20, windowDays 1–90, action: timeout|kick|ban, durationSeconds (timeouts, 60 s–28 d) }; at most 10 per guild',
  },
  {
    method: 'DELETE',
    path: '/api/cases/escalations/:id',
    procedure: 'cases.removeEscalation',
    summary: 'Remove an escalation rule of the guild',
  },
] satisfies RestRoute[];
