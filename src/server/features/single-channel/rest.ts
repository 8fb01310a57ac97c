import type { RestRoute } from '../../core/rest';

/** Single-channel translation rooms, as the dashboard's Channels screen manages them. */
export const routes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/channels/rooms',
    procedure: 'singleChannel.list',
    summary:
      'Single-channel translation rooms: [{ id, channelId, channelName, languages, active, createdAt }]',
  },
  {
    method: 'POST',
    path: '/api/channels/rooms',
    procedure: 'singleChannel.create',
    summary:
      'Turn a synced text channel into a translation room: { channelId, languages } (1 to 10 codes); 409 channel already in a link or room, 403 plan limit',
    status: 201,
  },
  {
    method: 'PATCH',
    path: '/api/channels/rooms/:id',
    procedure: 'singleChannel.update',
    summary: 'Change a room: { languages?, active? } (languages replace the list, in order)',
  },
  {
    method: 'DELETE',
    path: '/api/channels/rooms/:id',
    procedure: 'singleChannel.remove',
    summary: 'Remove a translation room (the channel becomes an ordinary channel)',
  },
];
