import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/translation/glossary',
    procedure: 'glossary.list',
    summary: 'The server glossary: { terms: [{ id, term, translations }], limits }',
  },
  {
    method: 'POST',
    path: '/api/translation/glossary',
    procedure: 'glossary.add',
    summary:
      'Add a term: { term, translations? } (no translations: never translated; else { lang: fixed translation }). Plus',
    status: 201,
  },
  {
    method: 'PUT',
    path: '/api/translation/glossary',
    procedure: 'glossary.replace',
    summary:
      'Replace the whole glossary: { terms: [{ term, translations? }] }; a 400 names each bad entry. Plus',
  },
  {
    method: 'DELETE',
    path: '/api/translation/glossary/:id',
    procedure: 'glossary.remove',
    summary: 'Remove one term. Plus',
  },
] satisfies RestRoute[];
