import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/usage',
    procedure: 'usage.get',
    summary:
      'This month’s translations against the plan allowance: { plan, used, allowance (null = unlimited), percent, paused, month, resetsAt }',
  },
] satisfies RestRoute[];
