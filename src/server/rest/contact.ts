import type { RestRoute } from '../rest';

export const routes: RestRoute[] = [
  {
    method: 'POST',
    path: '/api/contact',
    procedure: 'contact.submit',
    summary: 'Send a message from the public contact form (rate-limited per address)',
    status: 201,
  },
];
