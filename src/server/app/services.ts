import { hostname } from 'node:os';
import { type Db, openDb } from '../../../db/client';
import { databaseLocation, type Env } from '../core/env';
import { resolveAdminToken } from '../core/admin-token';
import { ensureGuild } from '../core/guilds';
import { createQueue, DurableEvents, type QueueOptions } from '../core/queue';
import type { RetentionPurges } from '../core/retention';
import type { Services } from '../core/services';
import { createMetrics } from '../core/metrics';
import { measuredTranslator } from '../core/metrics-translator';
import { createConversation } from '../translation/conversation';
import { createTranslator, type ServerPromptSource, type TranslatorDeps } from '../translation';
import type { Translator } from '../core/translator';
import { createBotStatus } from '../features/guilds/bot-status';
import { conversationKey } from '../features/channels/conversation';
import { createModerationState } from '../moderation/state';
import { createRateLimiter, deleteOldRateLimits } from '../features/contact/form-limits';
import { ownProviderSource } from '../features/provider-keys/provider-keys';
import { activeGlossary } from '../features/glossary/glossary';
import { activeTranslationStyle } from '../features/translation-style/translation-style';
import { deleteOldPairs } from '../features/exchange/delivery';
import { deleteOldContactMessages } from '../features/contact/retention';
import { pruneUserAppUsage } from '../features/translation/user-app';

/**
 * What the capabilities delete on the retention schedule (core/retention.ts runs them with its own
 * deletions, in one transaction): language exchange pairs that ended more than 30 days ago, the
 * public forms' counters a day after their window started, the user-installed app's daily counts
 * once their day is over. Each name is a count of the job's result.
 */
export const retentionPurges = {
  contactMessages: deleteOldContactMessages,
  exchangePairs: deleteOldPairs,
  rateLimits: deleteOldRateLimits,
  userAppUsage: pruneUserAppUsage,
} satisfies RetentionPurges;

/** What a server adds to the engine's prompt: its glossary and its translation style (each gated by its plan). */
export function serverPromptSource(db: Db): ServerPromptSource {
  return {
    glossary: (guildId) => activeGlossary(db, guildId),
    style: (guildId) => activeTranslationStyle(db, guildId),
  };
}

export interface ServiceOverrides {
  db?: Db;
  clock?: () => Date;
  translator?: Translator;
  /** Engine tunables (tests shorten timeouts and backoff). */
  translatorOptions?: TranslatorDeps['options'];
  /** Queue tunables (tests shorten leases and backoff). */
  queueOptions?: QueueOptions;
}

export async function createServices(env: Env, overrides: ServiceOverrides = {}): Promise<Services> {
  const db = overrides.db ?? (await openDb(databaseLocation(env)));
  // The operator's default server exists from the start (every other server comes from the bot joining it).
  await ensureGuild(db, env.DEFAULT_GUILD_ID);
  const clock = overrides.clock ?? (() => new Date());
  const queue = createQueue(db, clock, overrides.queueOptions);
  const adminToken = resolveAdminToken(env);
  const events = new DurableEvents(queue);
  const metrics = createMetrics(queue);
  const translator = measuredTranslator(
    overrides.translator ??
      createTranslator({
        db,
        env,
        clock,
        events,
        own: ownProviderSource(db, env),
        prompt: serverPromptSource(db),
        options: overrides.translatorOptions,
      }),
    metrics,
  );
  metrics.providers.source = () => translator.health?.() ?? [];
  return {
    env,
    db,
    clock,
    translator,
    conversation: createConversation(conversationKey),
    events,
    queue,
    adminToken: adminToken.token,
    adminTokenOrigin: adminToken.origin,
    botStatus: createBotStatus(Boolean(env.DISCORD_TOKEN), clock(), {
      db,
      owner: `${hostname()}:${process.pid}`,
      clock,
    }),
    limits: {
      contact: createRateLimiter(db, 'contact', env.CONTACT_RATE_LIMIT, 60 * 60_000, clock),
      login: createRateLimiter(db, 'login', 10, 15 * 60_000, clock),
      checkout: createRateLimiter(db, 'checkout', 10, 10 * 60_000, clock),
    },
    moderation: createModerationState(),
    metrics,
  };
}
