import { pathGuild, type RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/language-learning/learners/:guildOrUserId',
    procedure: 'learning.learners',
    summary: "The server's learners, most words first ('default': the caller's default server)",
    input: (req) => ({ guildId: pathGuild(req.params.guildOrUserId, 'guildOrUserId') }),
  },
  {
    method: 'GET',
    path: '/api/language-learning/progress/:serverId/:userId',
    procedure: 'learning.progress',
    summary: "One member's progress with accuracy, or null",
    input: (req) => ({ guildId: pathGuild(req.params.serverId, 'serverId'), userId: req.params.userId }),
  },
] satisfies RestRoute[];
