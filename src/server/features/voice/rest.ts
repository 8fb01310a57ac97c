import { pathGuild, type RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/voice-translation/sessions/:id',
    procedure: 'voice.sessions',
    summary:
      "Voice translation sessions of the guild :id, newest first ('default': the caller's default server)",
    input: (req) => ({ guildId: pathGuild(req.params.id, 'id') }),
  },
  {
    method: 'GET',
    path: '/api/voice-translation/sessions/:id/active',
    procedure: 'voice.active',
    summary: 'Active voice translation sessions of the guild :id',
    input: (req) => ({ guildId: pathGuild(req.params.id, 'id') }),
  },
  {
    method: 'PATCH',
    path: '/api/voice-translation/sessions/:id',
    params: { id: 'sessionId' },
    procedure: 'voice.update',
    summary: "End the active session :id: { status: 'ended', endedAt } (409 when not active)",
  },
  {
    method: 'GET',
    path: '/api/voice-translation/settings',
    procedure: 'voice.settings',
    summary:
      "Live captions settings: captionChannelId, the default text channel or thread for captions (null: each voice channel's own chat)",
  },
  {
    method: 'PATCH',
    path: '/api/voice-translation/settings',
    procedure: 'voice.updateSettings',
    summary: 'Set captionChannelId (a text channel or thread of the server, or null)',
  },
] satisfies RestRoute[];
