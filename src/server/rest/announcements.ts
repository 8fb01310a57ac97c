import type { RestRoute } from '../rest';

export const routes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api/announcements',
    procedure: 'announcements.list',
    summary: 'Announcements of the guild, newest first',
  },
  {
    method: 'POST',
    path: '/api/announcements',
    procedure: 'announcements.create',
    summary: 'Translate once into every target language and store a draft (503 without a provider)',
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/announcements/:id/post',
    procedure: 'announcements.post',
    summary: 'Post Now: the bot delivers to every target channel (409 when already posted)',
  },
  {
    method: 'DELETE',
    path: '/api/announcements/:id',
    procedure: 'announcements.delete',
    summary: 'Delete an announcement',
  },
];
