import type { RestRoute } from '../../core/rest';

/** Single-channel translation rooms, as the dashboard's Channels screen manages them. */
export const routes = [
  {
    method: 'GET',
    path: '/api/channels/rooms',
    procedure: 'singleChannel.list',
    summary:
      'Single-channel translation rooms: [{ id, channelId, channelName, languages, delivery, active, createdAt }]',
  },
  {
    method: 'POST',
    path: '/api/channels/rooms',
    procedure: 'singleChannel.create',
    summary:
      'Turn a synced text channel into a translation room: { channelId, languages (1 to 10 codes), delivery? ("reply" under each message, default, or "thread" started from it) }; 409 channel already in a link or room, 403 plan limit',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/channels/rooms/:id',
    procedure: 'singleChannel.update',
    summary:
      'Change a room: { languages?, active?, delivery? } (languages replace the list, in order; delivery "reply" or "thread")',
  },
  {
    method: 'DELETE',
    path: '/api/channels/rooms/:id',
    procedure: 'singleChannel.remove',
    summary: 'Remove a translation room (the channel becomes an ordinary channel)',
  },
] satisfies RestRoute[];
