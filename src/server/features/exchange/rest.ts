import { defaultInput, pathGuild, type RestRequest, type RestRoute } from '../../core/rest';

/** The server comes from the path (/api/guilds/:guildId/...; 'default' = the caller's default server). */
const input = (req: RestRequest) => ({
  ...defaultInput(req),
  guildId: pathGuild(req.params.guildId, 'guildId'),
});

export const routes = [
  {
    method: 'GET',
    path: '/api/guilds/:guildId/exchange',
    procedure: 'exchange.state',
    summary:
      'Language exchange (Pro): the thread channel, members waiting (native -> learning, since) and active pairs',
    input,
  },
  {
    method: 'PATCH',
    path: '/api/guilds/:guildId/exchange',
    procedure: 'exchange.updateSettings',
    summary:
      'Change { channelId }: the text channel pairs get a private thread in ("" = none: members are told by DM only)',
    input,
  },
] satisfies RestRoute[];
