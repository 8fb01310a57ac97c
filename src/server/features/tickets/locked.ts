import { LOCKED } from '../../../common/billing/phrases';
import { say } from '../../../common/phrases';
import { CAPABILITIES, unlockingPlan } from '../../../common/plans';
import { hasCapability } from '../../core/plans';
import type { Services } from '../../core/services';

/** The locked notice in the member's language, or null when the plan includes tickets. */
export async function lockedNotice(
  ctx: Services & { guildId: string },
  language: string,
): Promise<string | null> {
  if (await hasCapability(ctx.db, ctx.guildId, 'tickets')) return null;
  return say(LOCKED, language, { feature: CAPABILITIES.tickets.label, plan: unlockingPlan('tickets').name });
}
