import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/global-stats',
    procedure: 'stats.global',
    summary: 'Public: successful translations of every server together (landing page)',
  },
  {
    method: 'GET',
    path: '/api/stats',
    procedure: 'stats.guild',
    summary: 'Dashboard stat cards: translations and trend, linked channels, active users and trend, speed',
  },
  {
    method: 'GET',
    path: '/api/activity',
    procedure: 'stats.activity',
    summary: 'Dashboard activity: translations per weekday (last 7 days), 10 newest, top languages',
  },
] satisfies RestRoute[];
