import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/translation/style',
    procedure: 'translationStyle.get',
    summary: 'Custom translation instructions and slang-aware mode: { customInstructions, slang }',
  },
  {
    method: 'PATCH',
    path: '/api/translation/style',
    procedure: 'translationStyle.update',
    summary: 'Change customInstructions (at most 500 characters) and/or slang (true/false). Pro',
  },
] satisfies RestRoute[];
