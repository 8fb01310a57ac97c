import type { RestRoute } from '../../core/rest';

export const routes = [
  {
    method: 'GET',
    path: '/api/reaction-roles',
    procedure: 'reactionRoles.list',
    summary: 'Reaction-role messages of the guild',
  },
  {
    method: 'POST',
    path: '/api/reaction-roles',
    procedure: 'reactionRoles.create',
    summary:
      'Add reaction roles to a message: { channelId, messageId, roles: [{ emoji, label, roleId }] }; 409 when the message has some',
    status: 201,
  },
  {
    method: 'DELETE',
    path: '/api/reaction-roles/:id',
    procedure: 'reactionRoles.delete',
    summary: 'Delete a reaction-role entry',
  },
] satisfies RestRoute[];
