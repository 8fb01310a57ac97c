import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/status',
    procedure: 'status.get',
    summary:
      'Public: measured uptime of the web tier, each bot shard and each translation provider lane (primary, fallback) over 24 h, 7 d and 90 d, and incidents (the status page)',
  },
] satisfies RestRoute[];
