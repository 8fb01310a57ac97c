import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/white-label',
    procedure: 'whiteLabel.get',
    summary: "The bot's white-label profile in the server and whether Discord applied it (Ultimate)",
  },
  {
    method: 'PUT',
    path: '/api/white-label',
    procedure: 'whiteLabel.save',
    summary: "Set the bot's nickname, avatar, banner, bio, brand colour and footer in the server",
  },
  {
    method: 'POST',
    path: '/api/white-label/reset',
    procedure: 'whiteLabel.reset',
    summary: "Back to the bot's default name, avatar, banner and bio",
  },
] satisfies RestRoute[];
