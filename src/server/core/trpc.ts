import { AsyncLocalStorage } from 'node:async_hooks';
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { z } from 'zod';
import type { Capability } from '../../common/plans';
import { installDiscordRefCheck } from '../../common/schemas/discord-refs';
import { SERVER_ID_PATTERN } from '../../common/schemas/util';
import type { Services } from './services';
import { type Actor, authorizeGuildOnce, isOperator } from './access';
import { discordRefProblem } from './discord-objects';
import { assertCapability, CapabilityLockedError } from './plans';
import {
  InvalidTranslationRequestError,
  QuotaExceededError,
  RateLimitedError,
  TranslationUnavailableError,
} from './translator';

export interface Context extends Services {
  actor: Actor;
  /** The caller's network address (rate limits on public forms). */
  clientIp: string;
  /**
   * The guild-access answers of this HTTP request (access.ts's authorizeGuildOnce), by requested
   * server; absent for in-process callers, which decide each call afresh.
   */
  access?: Map<string, Promise<string>>;
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
    // Never a stack trace or a server path in an answer, whatever NODE_ENV says.
    const { stack: _stack, ...data } = shape.data as typeof shape.data & { stack?: string };
    return {
      ...shape,
      message: zod ? zodMessage(zod) : shape.message,
      data: { ...data, issues: zod ? zod.issues : null, locked },
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

/**
 * The server a guild procedure acts on, while its input is parsed and it runs. Channel and role ids
 * declared with channelOf/roleOf (src/common/schemas/discord-refs.ts) are checked against it; the
 * bot's procedures run outside any scope (their ids come from Discord itself).
 */
const discordScope = new AsyncLocalStorage<{ db: Context['db']; guildId: string } | undefined>();
installDiscordRefCheck((ref, id) => {
  const scope = discordScope.getStore();
  return scope ? discordRefProblem(scope.db, scope.guildId, ref, id) : null;
});

/** Anyone logged in (operator, Discord login, API key) and the bot; guild procedures narrow it. */
export const adminProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.actor.kind === 'public') {
    throw new TRPCError({
      code: 'UNAUTHORIZED',
      message:
        'login required: log in to the dashboard, or send Authorization: Bearer with the admin token or an API key',
    });
  }
  // tRPC merges what next() passes into the context: only the narrowed field is handed over (a
  // spread of the whole context here was a second copy of it on every call, bench:api).
  return next({ ctx: { actor: ctx.actor } });
});

/** The operator of the installation only (admin token or its session): every server, setup, inbox. */
export const operatorProcedure = adminProcedure.use(({ ctx, next }) => {
  if (!isOperator(ctx.actor))
    throw new TRPCError({ code: 'FORBIDDEN', message: 'only the operator of this installation may do this' });
  return next();
});

/** The bot in-process only: never reachable over HTTP. */
export const botProcedure = publicProcedure.use(({ ctx, next }) => {
  if (ctx.actor.kind !== 'bot')
    throw new TRPCError({ code: 'FORBIDDEN', message: 'only the bot may call this' });
  // Ids the bot passes come from Discord itself; a call it makes inside a dashboard request's work
  // is not that request's to check.
  return discordScope.exit(() => next());
});

export const guildIdSchema = z
  .string()
  .regex(SERVER_ID_PATTERN, 'must be a Discord server id (1 to 32 letters, digits, - or _)');

/**
 * Procedures that act on one server. Input always carries an optional guildId; without it the
 * caller's default applies (the operator's DEFAULT_GUILD_ID, a Discord admin's first server, an API
 * key's server). Whether the caller may manage it is decided here, once per request, for tRPC, the REST adapter
 * and the bot alike (core/access.ts): 403 with the same body whether or not the server exists.
 */
export const guildProcedure = adminProcedure
  .input(z.object({ guildId: guildIdSchema.optional() }))
  .use(async ({ ctx, input, next }) => {
    const guildId = await authorizeGuildOnce(ctx, input.guildId);
    // The rest of the input is parsed inside this scope: every channelOf/roleOf field of it is
    // checked against this server's synced channels and roles (400 naming the field and the id).
    // The bot's own calls name what Discord itself sent (perhaps not synced yet): not checked.
    const scope = ctx.actor.kind === 'bot' ? undefined : { db: ctx.db, guildId };
    return await discordScope.run(scope, () => next({ ctx: { guildId } }));
  });

/** Same as guildProcedure, for bot-only procedures that act on a server (guildId required). */
export const botGuildProcedure = botProcedure
  .input(z.object({ guildId: guildIdSchema }))
  .use(({ input, next }) => next({ ctx: { guildId: input.guildId } }));

/**
 * After a guild procedure: 403 naming the plan unless the server's plan includes the capability
 * (the table in src/common/plans.ts). `guildProcedure.use(requires('polls'))`.
 */
export function requires(capability: Capability) {
  return t.middleware(async ({ ctx, next }) => {
    const guildId = (ctx as { guildId?: string }).guildId;
    if (!guildId) throw new Error(`requires('${capability}') must follow a guild procedure`);
    await assertCapability(ctx.db, guildId, capability);
    return next();
  });
}

export function notFound(what: string, id: string | number): never {
  throw new TRPCError({ code: 'NOT_FOUND', message: `${what} ${id} not found` });
}
