import { TRPCError } from '@trpc/server';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { guildRoles } from '../../../db/schema';

/**
 * Refuses (400, naming the field) a role the bot cannot give: unknown in this server, managed by
 * an integration, or at or above the bot's own highest role. The sentence says how to fix it.
 */
export async function assertAssignableRoles(
  db: Db,
  guildId: string,
  roleIds: string[],
  field: string,
): Promise<void> {
  if (roleIds.length === 0) return;
  const known = new Map(
    (
      await db
        .select()
        .from(guildRoles)
        .where(and(eq(guildRoles.guildId, guildId), inArray(guildRoles.id, roleIds)))
        .all()
    ).map((r) => [r.id, r]),
  );
  for (const id of roleIds) {
    const role = known.get(id);
    const problem = !role
      ? `role ${id} is not a role of this server (the bot syncs roles when it is connected)`
      : role.managed
        ? `the role "${role.name}" belongs to an integration and nobody can give it`
        : !role.assignable
          ? `I cannot give the role "${role.name}": it is above my own role. In Server Settings > Roles, drag my role above it (and let me Manage Roles)`
          : null;
    if (problem) throw new TRPCError({ code: 'BAD_REQUEST', message: `${field}: ${problem}` });
  }
}
