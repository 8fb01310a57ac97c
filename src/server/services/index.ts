import { EventEmitter } from 'node:events';
import { type Db, openDb } from '../../../db/client';
import type { Env } from '../env';
import { resolveAdminToken } from './auth';
import { type Conversation, createConversation } from './conversation';
import { createRateLimiter, type RateLimiter } from './rate-limit';
import { createTranslator, type Translator, type TranslatorDeps } from './translation';

/** Events the server raises for the bot (and anything else in-process) to act on. */
export interface ServerEvents {
  /** An admin pressed Post Now; the bot delivers the announcement and records results. */
  'announcement:post': [{ guildId: string; announcementId: number }];
  /** A staff reply was stored; the bot delivers it to the member. */
  'ticket:reply': [{ guildId: string; ticketId: number; messageId: number }];
  /** A voice session was ended from the dashboard. */
  'voice:ended': [{ guildId: string; sessionId: number }];
  /** The guild passed a usage threshold (75, 90 or 100 percent). */
  'usage:threshold': [{ guildId: string; threshold: number; used: number; allowance: number }];
}

/** Everything a procedure may use. Tests build it with fakes passed in, never module mocks. */
export interface Services {
  env: Env;
  db: Db;
  clock: () => Date;
  translator: Translator;
  /** The last messages of each channel, in memory only (conversation context). */
  conversation: Conversation;
  events: EventEmitter<ServerEvents>;
  /** The token that logs into the dashboard (ADMIN_TOKEN, or generated and kept beside the database). */
  adminToken: string;
  limits: { contact: RateLimiter; login: RateLimiter };
}

export interface ServiceOverrides {
  db?: Db;
  clock?: () => Date;
  translator?: Translator;
  /** Engine tunables (tests shorten timeouts and backoff). */
  translatorOptions?: TranslatorDeps['options'];
}

export function createServices(env: Env, overrides: ServiceOverrides = {}): Services {
  const db = overrides.db ?? openDb(env.DATABASE_PATH);
  const clock = overrides.clock ?? (() => new Date());
  const events = new EventEmitter<ServerEvents>();
  const translator =
    overrides.translator ?? createTranslator({ db, env, clock, events, options: overrides.translatorOptions });
  return {
    env,
    db,
    clock,
    translator,
    conversation: createConversation(),
    events,
    adminToken: resolveAdminToken(env).token,
    limits: {
      contact: createRateLimiter(env.CONTACT_RATE_LIMIT, 60 * 60_000, clock),
      login: createRateLimiter(10, 15 * 60_000, clock),
    },
  };
}
