import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/moderation/rules',
    procedure: 'moderation.getRules',
    summary: 'The guild moderation rules (defaults until changed)',
  },
  {
    method: 'PATCH',
    path: '/api/moderation/rules',
    procedure: 'moderation.updateRules',
    summary: 'Change any of spamDetection, contentFiltering, autoDelete, logChannelId, bannedWords',
  },
  {
    method: 'GET',
    path: '/api/moderation/logs',
    procedure: 'moderation.logs',
    summary: 'The 100 newest moderation actions of the guild, newest first',
  },
] satisfies RestRoute[];
