import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { z } from 'zod';
import type { Capability } from '../common/plans';
import { SERVER_ID_PATTERN } from '../common/schemas/util';
import type { Services } from './services';
import { assertCapability, CapabilityLockedError } from './services/plans';
import {
  InvalidTranslationRequestError,
  QuotaExceededError,
  RateLimitedError,
  TranslationUnavailableError,
} from './services/translation';

/** Who is calling: a visitor, a logged-in admin, or the bot in-process. */
export type Actor =
  | { kind: 'public' }
  | { kind: 'admin'; via: 'token' | 'session'; sessionId?: string }
  | { kind: 'bot' };

export interface Context extends Services {
  actor: Actor;
  /** The caller's network address (rate limits on public forms). */
  clientIp: string;
  /** Headers to add to the HTTP response (Set-Cookie); absent for in-process callers. */
  resHeaders?: Headers;
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof z.ZodError ? error.cause : null;
    const locked =
      error instanceof CapabilityLockedError
        ? { capability: error.capability, plan: error.requiredPlan }
        : null;
    return {
      ...shape,
      message: zod ? zodMessage(zod) : shape.message,
      data: { ...shape.data, issues: zod ? zod.issues : null, locked },
    };
  },
});

/** "field: problem; other.field: problem" — the message every 400 carries. */
export function zodMessage(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join('.') : 'input'}: ${i.message}`).join('; ');
}

/** Engine errors and the HTTP-facing code each answers with (their message is kept). */
const ENGINE_ERROR_CODES = [
  [TranslationUnavailableError, 'SERVICE_UNAVAILABLE'],
  [RateLimitedError, 'TOO_MANY_REQUESTS'],
  [QuotaExceededError, 'TOO_MANY_REQUESTS'],
  [InvalidTranslationRequestError, 'BAD_REQUEST'],
] as const;

const errorMapping = t.middleware(async ({ next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  const match = ENGINE_ERROR_CODES.find(([type]) => cause instanceof type);
  if (match && cause) throw new TRPCError({ code: match[1], message: cause.message, cause });
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const middleware = t.middleware;

export const publicProcedure = t.procedure.use(errorMapping);

/** Dashboard and bot only. */
export const adminProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.actor.kind === 'public') {
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message: 'login required: use a dashboard session or the admin token',
    });
  }
  return next({ ctx: { ...ctx, actor: ctx.actor } });
});

/** The bot in-process only: never reachable over HTTP. */
export const botProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.actor.kind !== 'bot')
    throw new TRPCError({ code: 'FORBIDDEN', message: 'only the bot may call this' });
  return next();
});

export const guildIdSchema = z
  .string()
  .regex(SERVER_ID_PATTERN, 'must be a Discord server id (1 to 32 letters, digits, - or _)');

/**
 * Admin procedures that act on one server. Input always carries an optional guildId; without
 * it the DEFAULT_GUILD_ID applies. A mutation calls ensureGuild(ctx.db, ctx.guildId) from
 * services/guilds right
 * before its first insert: middleware runs before the procedure's own input is validated, and
 * bad input must write nothing.
 */
export const guildProcedure = adminProcedure
  .input(z.object({ guildId: guildIdSchema.optional() }))
  .use(({ ctx, input, next }) =>
    next({ ctx: { ...ctx, guildId: input.guildId ?? ctx.env.DEFAULT_GUILD_ID } }),
  );

/** Same as guildProcedure, for bot-only procedures that act on a server (guildId required). */
export const botGuildProcedure = botProcedure
  .input(z.object({ guildId: guildIdSchema }))
  .use(({ ctx, input, next }) => next({ ctx: { ...ctx, guildId: input.guildId } }));

/**
 * After a guild procedure: 403 naming the plan unless the server's plan includes the capability
 * (the table in src/common/plans.ts). `guildProcedure.use(requires('polls'))`.
 */
export function requires(capability: Capability) {
  return t.middleware(({ ctx, next }) => {
    const guildId = (ctx as { guildId?: string }).guildId;
    if (!guildId) throw new Error(`requires('${capability}') must follow a guild procedure`);
    assertCapability(ctx.db, guildId, capability);
    return next();
  });
}

export function notFound(what: string, id: string | number): never {
  throw new TRPCError({ code: 'NOT_FOUND', message: `${what} ${id} not found` });
}
