import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { preparedPerDb } from '../../../db/prepared';
import { readOnce } from '../../../db/read-scope';
import { guilds } from '../../../db/schema';
import {
  type Capability,
  lockedMessage,
  type PlanKey,
  planIncludes,
  unlockingPlan,
} from '../../common/plans';

/** The plan's statement, prepared once per database handle (read by most guild procedures: db/prepared.ts). */
const planRow = preparedPerDb((db) =>
  db
    .select({ plan: guilds.plan })
    .from(guilds)
    .where(eq(guilds.id, sql.placeholder('guildId')))
    .prepare(),
);

/** The guild's plan (free until billing says otherwise); read once per message (db/read-scope.ts). */
export async function guildPlan(db: Db, guildId: string): Promise<PlanKey> {
  return await readOnce(`plan:${guildId}`, async () => (await planRow(db).get({ guildId }))?.plan ?? 'free');
}

/** What a locked capability answers: 403, its message names the plan, the cause carries both keys. */
export class CapabilityLockedError extends TRPCError {
  readonly capability: Capability;
  readonly requiredPlan: PlanKey;
  constructor(capability: Capability) {
    super({ code: 'FORBIDDEN', message: `${lockedMessage(capability)}; upgrade this server to use it` });
    this.capability = capability;
    this.requiredPlan = unlockingPlan(capability).key;
  }
}

/** Throws CapabilityLockedError unless the guild's plan includes the capability. */
export async function assertCapability(db: Db, guildId: string, capability: Capability): Promise<void> {
  if (!planIncludes(await guildPlan(db, guildId), capability)) throw new CapabilityLockedError(capability);
}

export async function hasCapability(db: Db, guildId: string, capability: Capability): Promise<boolean> {
  return planIncludes(await guildPlan(db, guildId), capability);
}
