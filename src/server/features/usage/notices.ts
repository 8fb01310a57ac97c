import type { Db } from '../../../../db/client';
import { PLANS } from '../../../common/plans';
import { logChannelOf } from '../../core/permission-reports';

/**
 * What the admins read when the guild passes 75%, 90% and 100% of its monthly translations
 * (the engine raises each threshold once per guild per month).
 */
export async function usageNotice(
  db: Db,
  e: { guildId: string; threshold: number; used: number; allowance: number },
  publicUrl: string,
  now: Date,
): Promise<{ channelId: string | null; content: string }> {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const resets = next.toUTCString().slice(0, 16);
  const n = (x: number) => x.toLocaleString('en-US');
  const upgrade = `${publicUrl}/pricing`;
  const bigger = PLANS.filter((p) => p.key !== 'free')
    .map((p) => p.name)
    .join(', ');
  const content =
    e.threshold >= 100
      ? `⏸️ **Translation is paused.** This server has used all ${n(e.allowance)} translations of its plan this month. ` +
        `Mirror channels, flag reactions and Translate Message resume on ${resets}, or right away after an upgrade (${bigger}): ${upgrade}`
      : `📊 This server has used ${n(e.used)} of its ${n(e.allowance)} monthly translations (${e.threshold}%). ` +
        `At 100% translation pauses until ${resets}. More translations: ${upgrade}`;
  return { channelId: await logChannelOf(db, e.guildId), content };
}
