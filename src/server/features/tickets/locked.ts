import { LOCKED } from '../../../common/billing/phrases';
import { CAPABILITIES, unlockingPlan } from '../../../common/plans';
import { hasCapability } from '../../core/plans';
import type { Services } from '../../core/services';
import type { Speaker } from './speaker';

/** The locked notice in the speaker's language, or null when the plan includes tickets. */
export async function lockedNotice(ctx: Services & { guildId: string }, s: Speaker): Promise<string | null> {
  if (await hasCapability(ctx.db, ctx.guildId, 'tickets')) return null;
  return s(LOCKED, { feature: CAPABILITIES.tickets.label, plan: unlockingPlan('tickets').name });
}
