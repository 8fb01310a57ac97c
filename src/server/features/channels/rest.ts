import type { RestRoute } from '../../core/rest';

export const routes: RestRoute[] = [
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
];
