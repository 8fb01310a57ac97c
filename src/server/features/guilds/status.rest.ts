import type { RestRoute } from '../../core/rest';

/** Configuration the bot acts on that the spec's table does not list (single-channel mode). */
export const routes = [
  {
    method: 'GET',
    path: '/api/channels/links/:id/languages',
    procedure: 'singleChannel.get',
    summary: 'A single-channel link: its channel and the languages each message is translated into',
  },
  {
    method: 'PUT',
    path: '/api/channels/links/:id/languages',
    procedure: 'singleChannel.setLanguages',
    summary: 'Set the languages of a single-channel link: { languages: ["es", "fr"] } (1 to 10 codes)',
  },
] satisfies RestRoute[];
