import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/xp/settings',
    procedure: 'xp.settings',
    summary:
      'Leveling settings: level-up channel, ignored channels, role rewards, and whether leveling is on',
  },
  {
    method: 'PATCH',
    path: '/api/xp/settings',
    procedure: 'xp.updateSettings',
    summary: 'Change { levelUpChannelId, ignoredChannels, roleRewards: [{ level, roleId }] }',
  },
  {
    method: 'GET',
    path: '/api/xp/leaderboard',
    procedure: 'xp.leaderboard',
    summary: 'The members with the most XP: rank, username, XP, level, messages (limit 1-100, default 10)',
  },
] satisfies RestRoute[];
