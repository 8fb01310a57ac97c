import { setTimeout as sleep } from 'node:timers/promises';
import type { IIdentifyThrottler, WebSocketOptions } from 'discord.js';
import type { BotContext } from '../../context';

/**
 * discord.js asks this before each shard identifies. The turn comes from the database
 * (guilds.bot.identifySlot), so bot processes started at the same moment still identify one per
 * bucket every 5 s, as Discord requires, instead of each keeping its own count.
 */
export function databaseIdentifyThrottler(
  caller: BotContext['caller'],
): NonNullable<WebSocketOptions['buildIdentifyThrottler']> {
  return async (manager): Promise<IIdentifyThrottler> => {
    const { session_start_limit } = await manager.fetchGatewayInformation();
    const buckets = Math.max(1, session_start_limit.max_concurrency);
    return {
      async waitForIdentify(shardId, signal) {
        const rateLimitKey = shardId % buckets;
        for (;;) {
          signal.throwIfAborted();
          const { waitMs } = await caller.guilds.bot.identifySlot({ rateLimitKey });
          if (waitMs === 0) return;
          // A little spread, so processes waiting for the same bucket do not all ask at once.
          await sleep(waitMs + Math.floor(Math.random() * 250), undefined, { signal });
        }
      },
    };
  };
}
