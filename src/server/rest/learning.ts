import type { RestRoute } from '../rest';

export const routes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/language-learning/learners/:guildOrUserId',
    procedure: 'learning.learners',
    summary: "A guild's learners (most words first), or one user's progress in every guild",
  },
  {
    method: 'GET',
    path: '/api/language-learning/progress/:serverId/:userId',
    procedure: 'learning.progress',
    summary: "One member's progress with accuracy, or null",
  },
];
