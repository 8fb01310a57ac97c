import { hostname } from 'node:os';
import { type Db, openDb } from '../../../db/client';
import { databaseLocation, type Env } from './env';
import { type AdminTokenOrigin, resolveAdminToken } from './admin-token';
import { type BotStatusBox, createBotStatus } from '../features/guilds/bot-status';
import { conversationKey } from '../features/channels/conversation';
import { type Conversation, createConversation } from '../translation/conversation';
import { ensureGuild } from './guilds';
import { createModerationState, type ModerationState } from '../features/moderation/layers';
import { type MemberMessagePass, memberMessagePass } from '../features/moderation/flow';
import { createQueue, DurableEvents, type Queue, type QueueOptions } from './queue';
import { createRateLimiter, deleteOldRateLimits, type RateLimiter } from '../features/contact/form-limits';
import {
  createTranslator,
  type ServerPromptSource,
  type Translator,
  type TranslatorDeps,
} from '../translation';
import { ownProviderSource } from '../features/provider-keys/provider-keys';
import { activeGlossary } from '../features/glossary/glossary';
import { activeTranslationStyle } from '../features/translation-style/translation-style';
import { deleteOldPairs } from '../features/exchange/delivery';
import { deleteOldContactMessages } from '../features/contact/retention';
import { pruneUserAppUsage } from '../features/translation/user-app';
import type { RetentionPurges } from './retention';
import { createMetrics, type Metrics } from './metrics';
import { measuredTranslator } from './metrics-translator';

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

/** Everything a procedure may use. Tests build it with fakes passed in, never module mocks. */
export interface Services {
  env: Env;
  db: Db;
  clock: () => Date;
  translator: Translator;
  /** The last messages of each channel, in memory only (conversation context). */
  conversation: Conversation;
  /** publish() writes a queue job (delivered by the bot process holding the server's shard). */
  events: DurableEvents;
  /** The durable work queue between web and bot processes. */
  queue: Queue;
  /** The token that logs into the dashboard (ADMIN_TOKEN, or generated and kept beside the database). */
  adminToken: string;
  /** Where adminToken came from (the start banner says where it is kept, never the token twice). */
  adminTokenOrigin: AdminTokenOrigin;
  limits: { contact: RateLimiter; login: RateLimiter; checkout: RateLimiter };
  /** Moderation's in-memory windows (spam, repeated offences): never message text. */
  moderation: ModerationState;
  /**
   * A member's message through moderation, translation and the mirror in one pass
   * (features/moderation/flow.ts), for the channels' bot procedures: handed in here because
   * moderation builds on the channels' copies, so channels cannot import it back.
   */
  memberMessages: MemberMessagePass;
  /** The bot's own account of its gateway connection (bot.reportStatus writes it, setup.status reads it). */
  botStatus: BotStatusBox;
  /** This process's Prometheus metrics (GET /metrics, core/metrics.ts). */
  metrics: Metrics;
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
    memberMessages: memberMessagePass,
    metrics,
  };
}
