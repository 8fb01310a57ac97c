import type { RestRoute } from '../../core/rest';

export const routes = [
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
    summary:
      'Translate once into every target language and store a draft; without a provider the draft is stored untranslated (untranslated names the languages)',
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/announcements/:id/post',
    procedure: 'announcements.post',
    summary:
      "Post Now: translates what is missing, then the bot delivers to every target channel; delivery is 'delivered', 'failed' or 'queued' (409 when already posted)",
  },
  {
    method: 'POST',
    path: '/api/announcements/:id/translate',
    procedure: 'announcements.translate',
    summary:
      'Translate now: fills in the languages the draft still lacks (503 without a provider, 409 when posted)',
  },
  {
    method: 'DELETE',
    path: '/api/announcements/:id',
    procedure: 'announcements.delete',
    summary: 'Delete an announcement',
  },
] satisfies RestRoute[];
