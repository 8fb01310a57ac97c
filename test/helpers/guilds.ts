import { eq } from 'drizzle-orm';
import { guildChannels, guildRoles, guilds } from '../../db/schema';
import type { PlanKey } from '../../src/common/plans';
import type { Services } from '../../src/server/core/services';

/**
 * A server the bot is in, as if it had joined (servers are never created by writing to a made-up
 * id): inserts or updates the row with its name and plan.
 */
export async function seedGuild(
  services: Pick<Services, 'db'>,
  id: string,
  opts: { plan?: PlanKey; name?: string } = {},
): Promise<void> {
  await services.db
    .insert(guilds)
    .values({ id, name: opts.name ?? `Server ${id}`, plan: opts.plan ?? 'free', present: true })
    .onConflictDoUpdate({
      target: guilds.id,
      set: {
        ...(opts.name ? { name: opts.name } : {}),
        ...(opts.plan ? { plan: opts.plan } : {}),
        present: true,
      },
    })
    .run();
}

/** Sets the plan of an existing server (billing does this in production). */
export async function setGuildPlan(services: Pick<Services, 'db'>, id: string, plan: PlanKey): Promise<void> {
  await services.db.update(guilds).set({ plan }).where(eq(guilds.id, id)).run();
}

/** Discord channel types the tests name (Discord's numbers). */
export const CHANNEL_TYPE = {
  text: 0,
  voice: 2,
  category: 4,
  announcement: 5,
  publicThread: 11,
  forum: 15,
} as const;

/**
 * Channels of a server, as the bot syncs them (a request may only name the server's own channels):
 * each id a text channel unless a type is given.
 */
export async function seedChannels(
  services: Pick<Services, 'db'>,
  guildId: string,
  channels: (string | { id: string; name?: string; type?: number; parentId?: string | null })[],
): Promise<void> {
  await seedGuild(services, guildId);
  for (const [i, c] of channels.entries()) {
    const row = typeof c === 'string' ? { id: c } : c;
    const values = {
      guildId,
      name: row.name ?? `channel-${row.id}`,
      type: row.type ?? CHANNEL_TYPE.text,
      parentId: row.parentId ?? null,
      position: i,
    };
    await services.db
      .insert(guildChannels)
      .values({ id: row.id, ...values })
      .onConflictDoUpdate({ target: guildChannels.id, set: values })
      .run();
  }
}

/** Roles of a server, as the bot syncs them: each one the bot can give unless said otherwise. */
export async function seedRoles(
  services: Pick<Services, 'db'>,
  guildId: string,
  roles: (string | { id: string; name?: string; assignable?: boolean; managed?: boolean })[],
): Promise<void> {
  await seedGuild(services, guildId);
  for (const [i, r] of roles.entries()) {
    const row = typeof r === 'string' ? { id: r } : r;
    const values = {
      guildId,
      name: row.name ?? `role-${row.id}`,
      position: i + 1,
      managed: row.managed ?? false,
      assignable: row.assignable ?? true,
    };
    await services.db
      .insert(guildRoles)
      .values({ id: row.id, ...values })
      .onConflictDoUpdate({ target: guildRoles.id, set: values })
      .run();
  }
}
