import type { Db } from '../../../db/client';
import { planOf } from '../../common/plans';
import { ensureGuild } from '../core/guilds';
import type { DurableEvents } from '../core/queue';
import { createUserLimiter } from '../core/rate-limit';
import { monthUsage, newThresholds, nextMonthStart } from './accounting';
import { QuotaExceededError, RateLimitedError } from '../core/translator';
import type { Route } from './own';
import { readTranslationSettings } from './settings';

/** Who a call is for: the server's allowance and the member's hourly limit apply with these. */
export interface Caller {
  guildId?: string;
  userId?: string;
}

/**
 * The engine's checks before any work and its notices after (accounting.ts keeps the numbers): the
 * server's monthly allowance, the member's hourly limit, and the usage:threshold notices.
 */
export function createAdmission(db: Db, events: DurableEvents | undefined) {
  const userLimiter = createUserLimiter();

  /**
   * The monthly pause and (when `takeUserSlot`) the member's hourly limit, before any work. The
   * plan, the carried usage and the month's sum come in one statement (accounting.ts monthUsage);
   * the row of a server seen for the first time is made here (its logs reference it).
   */
  async function admit(req: Caller, now: Date, takeUserSlot: boolean, ownKey = false) {
    let used = 0;
    let allowance: number | null = null;
    if (req.guildId) {
      const month = await monthUsage(db, req.guildId, now);
      if (!month) await ensureGuild(db, req.guildId);
      const settings = await readTranslationSettings(db, req.guildId);
      allowance = planOf(month?.plan ?? 'free').monthlyTranslations;
      if (allowance !== null) {
        used = month?.used ?? 0;
        if (used >= allowance && !ownKey) throw new QuotaExceededError(used, allowance, nextMonthStart(now));
      }
      if (req.userId && takeUserSlot) {
        const taken = userLimiter.take(`${req.guildId}:${req.userId}`, settings.rateLimitPerUser, now);
        if (!taken.ok) throw new RateLimitedError(settings.rateLimitPerUser, taken.retryAfterSeconds);
      }
    }
    return { used, allowance };
  }

  return {
    admit,

    /**
     * The lanes of a server's call and its place in the allowance: with its own key, the allowance
     * does not pause it (its usage is not counted) and, once used up, the operator's provider is no
     * longer its fallback; without, the monthly pause applies as before (admit).
     */
    async routeOf(req: Caller, now: Date, takeUserSlot: boolean, route: Route) {
      const admitted = await admit(req, now, takeUserSlot, route.own);
      if (route.own && admitted.allowance !== null && admitted.used >= admitted.allowance) {
        return { ...admitted, route: { lanes: route.lanes.slice(0, 1), own: true, key: `${route.key}:q` } };
      }
      return { ...admitted, route };
    },

    /** usage:threshold notices for the translations just delivered. */
    async noticeThresholds(guildId: string, used: number, allowance: number | null, now: Date) {
      if (allowance === null) return;
      for (const threshold of await newThresholds(db, guildId, used, allowance, now)) {
        const notice = { guildId, threshold, used, allowance };
        try {
          await events?.publish('usage:threshold', notice);
        } catch (err) {
          // A failing listener must not take the member's translation away.
          console.error(`usage:threshold listener failed: ${(err as Error).message}`);
        }
      }
    },
  };
}

export type Admission = ReturnType<typeof createAdmission>;
