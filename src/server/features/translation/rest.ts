import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/translation/settings',
    procedure: 'translation.getSettings',
    summary: 'The guild translation settings (defaults until changed)',
  },
  {
    method: 'PATCH',
    path: '/api/translation/settings',
    procedure: 'translation.updateSettings',
    summary:
      "Change any of autoDetect, translationTone, contextPreservation, rateLimitPerUser, skipPrefix, skipTrivial, trivialTerms (the server's own short-chatter terms: up to 50 single words of letters/digits, 1-32 characters, stored lower-case)",
  },
  {
    method: 'GET',
    path: '/api/translation/opt-outs',
    procedure: 'translation.optOutCounts',
    summary:
      "Members' own choices, counts only: { notTranslated (/translate-me off), hidingSomeone (/hide-translations-of) }",
  },
] satisfies RestRoute[];
