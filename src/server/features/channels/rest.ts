import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/channels/links',
    procedure: 'channels.list',
    summary: 'Channel links of the guild with their channels and languages',
  },
  {
    method: 'POST',
    path: '/api/channels/links',
    procedure: 'channels.create',
    summary:
      'Link channels: { name, channels: [{ channelId, language }], mode }; 409 channel already linked, 403 plan limit',
    status: 201,
  },
  {
    method: 'DELETE',
    path: '/api/channels/links/:id',
    procedure: 'channels.delete',
    summary: 'Delete a channel link',
  },
  {
    method: 'GET',
    path: '/api/channels/bots-and-webhooks',
    procedure: 'channels.foreignAuthors',
    summary:
      "Bots and webhooks seen posting in each link's channels (name, kind, channel, last seen) and whether their posts are translated",
  },
  {
    method: 'PUT',
    path: '/api/channels/links/:linkId/bots-and-webhooks/:authorId',
    procedure: 'channels.allowForeignAuthor',
    summary:
      "Allow ({ allowed: true }) or stop translating a bot or webhook seen in the link; 400 for the bot's own webhooks or one not seen there",
  },
] satisfies RestRoute[];
