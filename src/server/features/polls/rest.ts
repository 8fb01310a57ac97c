import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/polls',
    procedure: 'polls.list',
    summary: 'Polls of the guild, newest first, with votes per option',
  },
  {
    method: 'POST',
    path: '/api/polls',
    procedure: 'polls.create',
    summary:
      'Create a multilingual poll: { channelId, question, options, allowMultiple, createdBy, endsAt? }; missing languages of the linked channels are translated',
    status: 201,
  },
  {
    method: 'POST',
    path: '/api/polls/:id/close',
    procedure: 'polls.close',
    summary: 'Close a poll early: votes stop and its Discord message shows the final results',
  },
  {
    method: 'DELETE',
    path: '/api/polls/:id',
    procedure: 'polls.delete',
    summary: 'Delete a poll and its votes; the bot removes its Discord message',
  },
] satisfies RestRoute[];
