import type { Db } from '../../../db/client';
import type { AdminTokenOrigin } from './admin-token';
import type { Env } from './env';
import type { Metrics } from './metrics';
import type { DurableEvents, Queue } from './queue';
import type { Conversation } from './conversation';
import type { Translator } from './translator';
import type { BotStatusBox } from './bot-status';
import type { ModerationState } from '../moderation/state';
import type { RateLimiter } from './rate-limit';

/**
 * Everything a procedure may use. Tests build it with fakes passed in, never module mocks. Built
 * by the composition root (src/server/app/services.ts, createServices); every member is typed here
 * in core (the translator and the conversation memory by their interfaces, translator.ts and
 * conversation.ts, which the translation engine implements: the engine stands on core, never the
 * reverse) or by the moderation detectors, so the capabilities that take the container name no
 * capability through it, and core imports none. A capability's own
 * dependency on another goes through a port the composition root fills (channels'
 * member-messages.ts), not through this container.
 */
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
  /** The bot's own account of its gateway connection (bot.reportStatus writes it, setup.status reads it). */
  botStatus: BotStatusBox;
  /** This process's Prometheus metrics (GET /metrics, core/metrics.ts). */
  metrics: Metrics;
}
