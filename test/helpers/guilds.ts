import { eq } from 'drizzle-orm';
import { guilds } from '../../db/schema';
import type { PlanKey } from '../../src/common/plans';
import type { Services } from '../../src/server/services';

/**
 * A server the bot is in, as if it had joined (servers are never created by writing to a made-up
 * id): inserts or updates the row with its name and plan.
 */
export function seedGuild(
  services: Pick<Services, 'db'>,
  id: string,
  opts: { plan?: PlanKey; name?: string } = {},
): void {
  services.db
    .insert(guilds)
    .values({ id, name: opts.name ?? `Server ${id}`, plan: opts.plan ?? 'free', present: true })
    .onConflictDoUpdate({
      target: guilds.id,
      set: { ...(opts.name ? { name: opts.name } : {}), ...(opts.plan ? { plan: opts.plan } : {}), present: true },
    })
    .run();
}

/** Sets the plan of an existing server (billing does this in production). */
export function setGuildPlan(services: Pick<Services, 'db'>, id: string, plan: PlanKey): void {
  services.db.update(guilds).set({ plan }).where(eq(guilds.id, id)).run();
}
