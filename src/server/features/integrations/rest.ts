import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/integrations',
    procedure: 'integrations.list',
    summary: "The server's YouTube and Twitch integrations, and which platforms are available (Ultimate)",
  },
  {
    method: 'POST',
    path: '/api/integrations',
    procedure: 'integrations.add',
    summary: 'Follow a YouTube channel or a Twitch broadcaster; news is posted to the channels of a link',
    status: 201,
  },
  {
    method: 'DELETE',
    path: '/api/integrations/:id',
    procedure: 'integrations.remove',
    summary: 'Stop following (the WebSub or EventSub subscription is ended)',
  },
] satisfies RestRoute[];
