import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'POST',
    path: '/api/contact',
    procedure: 'contact.submit',
    summary: 'Send a message from the public contact form (rate-limited per address)',
    status: 201,
  },
  {
    method: 'GET',
    path: '/api/contact/messages',
    procedure: 'contact.list',
    summary: "The operator's contact inbox, newest first (?type=bug|feature|support|other, ?archived=true)",
    input: (req) => ({
      ...(req.query.type ? { type: req.query.type } : {}),
      ...(req.query.archived !== undefined
        ? {
            archived:
              req.query.archived === 'true'
                ? true
                : req.query.archived === 'false'
                  ? false
                  : req.query.archived,
          }
        : {}),
    }),
  },
  {
    method: 'GET',
    path: '/api/contact/messages/:id',
    procedure: 'contact.get',
    summary: 'One contact message (operator); opening it marks it read',
    input: (req) => ({ id: req.params.id }),
  },
  {
    method: 'PATCH',
    path: '/api/contact/messages/:id',
    procedure: 'contact.setRead',
    summary: 'Mark a contact message read or unread (operator): { read }',
    input: (req) => ({ ...req.body, id: req.params.id }),
  },
  {
    method: 'POST',
    path: '/api/contact/messages/:id/archive',
    procedure: 'contact.archive',
    summary: 'Archive or unarchive a contact message (operator): { archived }',
    input: (req) => ({ ...req.body, id: req.params.id }),
  },
  {
    method: 'POST',
    path: '/api/contact/messages/:id/forward',
    procedure: 'contact.retryForward',
    summary: 'Try the email forward again now (operator); 503 when SMTP_URL/CONTACT_TO are unset',
    input: (req) => ({ id: req.params.id }),
  },
  {
    method: 'PUT',
    path: '/api/contact/account-managers/:serverId',
    procedure: 'contact.assignAccountManager',
    summary: "Assign an Ultimate server's account manager (operator): { name, email }",
    input: (req) => ({ ...req.body, serverId: req.params.serverId }),
  },
  {
    method: 'DELETE',
    path: '/api/contact/account-managers/:serverId',
    procedure: 'contact.removeAccountManager',
    summary: "Remove a server's account manager (operator)",
    input: (req) => ({ serverId: req.params.serverId }),
  },
  {
    method: 'GET',
    path: '/api/account-manager',
    procedure: 'contact.accountManager',
    summary: "The server's account manager (Ultimate), or null with the plan's support reply time",
  },
] satisfies RestRoute[];
