import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/discord/channels',
    procedure: 'guilds.channels',
    summary:
      'Text, announcement and forum channels of the guild (as the bot synced them), by position; ?kind=text|privateThreads|textOrThread|any lists those a field of that kind accepts',
  },
  {
    method: 'GET',
    path: '/api/discord/roles',
    procedure: 'guilds.roles',
    summary: 'Roles of the guild (as the bot synced them), highest first, with whether the bot can give each',
  },
  {
    method: 'GET',
    path: '/api/discord/guilds',
    procedure: 'guilds.list',
    summary: 'The servers the bot is in, with their plan',
  },
] satisfies RestRoute[];
