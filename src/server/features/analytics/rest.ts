import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/analytics',
    procedure: 'analytics.get',
    summary:
      'Trend (30 days), languages, hourly activity, top translators, language pairs, quality, messages marked as not translated in time per reason, messages skipped as short chatter, which provider served each share (translations, characters, errors per provider)',
  },
] satisfies RestRoute[];
