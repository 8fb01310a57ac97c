import type { RestRoute } from '../../core/rest';
import type { TranscriptFile } from './transcript';

export const routes = [
  {
    method: 'GET',
    path: '/api/tickets',
    procedure: 'tickets.list',
    summary: 'Tickets of the guild, newest first, without messages (?status= filters)',
  },
  {
    method: 'GET',
    path: '/api/tickets/:id',
    procedure: 'tickets.get',
    summary: 'One ticket with its conversation, oldest message first',
  },
  {
    method: 'GET',
    path: '/api/tickets/:id/transcript',
    procedure: 'tickets.transcript',
    summary:
      'Download the transcript as it is now (?format=html, the default: both languages side by side in one self-contained page; or txt), made on demand from the stored ticket',
    stream: (_services, result) => {
      const file = result as TranscriptFile;
      return new Response(file.body, {
        status: 200,
        headers: {
          'content-type': file.contentType,
          'content-disposition': `attachment; filename="${file.fileName}"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
        },
      });
    },
  },
  {
    method: 'PATCH',
    path: '/api/tickets/:id',
    procedure: 'tickets.update',
    summary:
      'Change status (any to any; resolved sets resolvedAt; closed takes an optional closeReason, told to the member translated) or priority',
  },
  {
    method: 'POST',
    path: '/api/tickets/:id/messages',
    procedure: 'tickets.reply',
    summary: 'Add a message; staff replies are translated into the member language and delivered by the bot',
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/tickets/:id/claim',
    procedure: 'tickets.claim',
    summary:
      'Claim a ticket ({ claim: true, staffId? }: the signed-in member unless staffId) or release it ({ claim: false }); announced in its thread',
  },
  {
    method: 'POST',
    path: '/api/ticket-panel',
    procedure: 'tickets.postPanel',
    summary: 'Post the ticket panel (a button per category) in { channelId }, a text channel of the server',
    status: 202,
  },
  {
    method: 'GET',
    path: '/api/ticket-stats',
    procedure: 'tickets.stats',
    summary:
      'Counts by status, the average first staff response (ms) over the last 30 days, and the average 1-5 rating (avgRating, rated)',
  },
  {
    method: 'GET',
    path: '/api/ticket-settings',
    procedure: 'tickets.settings',
    summary:
      'Support Tickets settings: the channel ticket threads open in, the support role, the panel categories and auto-close',
  },
  {
    method: 'PATCH',
    path: '/api/ticket-settings',
    procedure: 'tickets.updateSettings',
    summary:
      'Change the ticket channel (a text channel of the server, or null for #tickets), the support role, the panel categories ({ name, questions }[], at most 5 with 3 questions each), or autoCloseDays (1-90 days without activity before a ticket is warned then closed; null: off)',
  },
] satisfies RestRoute[];
