import type { Db } from '../../../db/client';
import type { AdminTokenOrigin } from './admin-token';
import type { Env } from './env';
import type { Metrics } from './metrics';
import type { DurableEvents, Queue } from './queue';
import type { Conversation } from '../translation/conversation';
import type { Translator } from '../translation';
import type { BotStatusBox } from '../features/guilds/bot-status';
import type { ModerationState } from '../features/moderation/layers';
import type { MemberMessagePass } from '../features/moderation/flow';
import type { RateLimiter } from '../features/contact/form-limits';

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
