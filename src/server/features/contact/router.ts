import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { accountManagerInput, CONTACT_TYPES, contactInput } from '../../../common/contact/schemas';
import { planOf, SUPPORT_TARGETS } from '../../../common/plans';
import { rowId } from '../../../common/schemas/util';
import { authorizeGuild, isOperator as isOperatorActor } from '../../core/access';
import { guildPlan } from '../../core/plans';
import {
  type ContactServer,
  findContactMessage,
  forwardContactMessage,
  forwardingEnabled,
  listContactMessages,
  setContactArchived,
  setContactRead,
  storeContactMessage,
} from './contact';
import {
  adminProcedure,
  type Context,
  guildIdSchema,
  guildProcedure,
  notFound,
  publicProcedure,
  router,
} from '../../core/trpc';
import {
  accountManagerOf,
  accountManagersOf,
  assignAccountManager,
  removeAccountManager,
  serverPlanNow,
} from './account-managers';

/** The operator of this installation (services/access decides who that is). */
export const isOperator = (ctx: { actor: Context['actor'] }) => isOperatorActor(ctx.actor);

/** The contact inbox belongs to the operator of this installation, not to server admins. */
const operatorProcedure = adminProcedure.use(({ ctx, next }) => {
  if (!isOperator(ctx))
    throw new TRPCError({
      code: 'FORBIDDEN',
      message: 'only the operator of this installation reads the inbox',
    });
  return next();
});

const byId = z.object({ id: rowId });
const byServer = z.object({ serverId: guildIdSchema });

/** A message an account manager answers: verified as sent about an Ultimate server. */
const forManager = <
  M extends { serverVerified: boolean; serverId: string | null; serverPlan: string | null },
>(
  m: M,
): m is M & { serverId: string } => m.serverVerified && m.serverPlan === 'ultimate' && m.serverId !== null;

/** A server the bot knows, and its plan now; 404 naming it otherwise. */
async function knownServer(ctx: Context, serverId: string) {
  return (await serverPlanNow(ctx.db, serverId)) ?? notFound('server', serverId);
}

/**
 * The server a message names, verified when the sender is signed in to the dashboard and may manage
 * it (the same check every server screen makes): then its plan now is recorded. A typed id alone
 * is kept unverified and earns no priority.
 */
async function contactServer(ctx: Context, serverId: string | undefined): Promise<ContactServer | null> {
  if (!serverId) return null;
  if (ctx.actor.kind === 'admin' || ctx.actor.kind === 'discord') {
    const managed = await authorizeGuild(ctx, serverId).then(
      () => true,
      () => false,
    );
    if (managed) return { id: serverId, plan: await guildPlan(ctx.db, serverId), verified: true };
  }
  return { id: serverId, verified: false };
}

export const contactRouter = router({
  /** The public contact form: stores the message; CONTACT_RATE_LIMIT per client address per hour. */
  submit: publicProcedure.input(contactInput).mutation(async ({ ctx, input }) => {
    const limit = await ctx.limits.contact.hit(ctx.clientIp);
    if (!limit.ok) {
      const minutes = Math.ceil(limit.retryAfterSeconds / 60);
      ctx.resHeaders?.set('Retry-After', String(limit.retryAfterSeconds));
      throw new TRPCError({
        code: 'TOO_MANY_REQUESTS',
        message: `too many messages from this address; try again in ${minutes} minute${minutes === 1 ? '' : 's'}`,
        cause: Object.assign(new Error('rate limited'), { retryAfterSeconds: limit.retryAfterSeconds }),
      });
    }
    const id = await storeContactMessage(
      ctx.db,
      input,
      await contactServer(ctx, input.serverId),
      ctx.clock(),
    );
    // Forwarded by email in the background; a failure is recorded and retried, never lost.
    if (forwardingEnabled(ctx.env)) {
      // In the background: a failure is recorded on the row and retried by the forwarding timer; one
      // that cannot even be recorded (the server shutting down) is only logged, never thrown.
      forwardContactMessage(ctx.db, ctx.env, ctx.clock, id).catch((err) =>
        console.error(`Contact message ${id}: forward not recorded: ${(err as Error).message}`),
      );
    }
    return { id };
  }),

  /** Whether the caller may open the inbox (the dashboard shows its nav entry only then). */
  access: publicProcedure.query(({ ctx }) => ({
    operator: isOperator(ctx),
    forwarding: isOperator(ctx) ? forwardingEnabled(ctx.env) : false,
  })),

  /** The inbox, newest first: not archived unless asked, optionally one type. */
  list: operatorProcedure
    .input(
      z.object({
        type: z.enum(CONTACT_TYPES, 'must be one of bug, feature, support, other').optional(),
        archived: z.boolean('must be true or false').optional(),
      }),
    )
    .query(async ({ ctx, input }) => {
      const listed = await listContactMessages(ctx.db, input);
      // A verified server's account manager (Ultimate): the message is theirs to answer.
      const managers = await accountManagersOf(
        ctx.db,
        listed.flatMap((m) => (forManager(m) ? [m.serverId] : [])),
      );
      const messages = listed.map((m) => ({
        ...m,
        accountManager: (forManager(m) && managers.get(m.serverId)) || null,
      }));
      return {
        messages,
        /** Unread messages in the inbox (not archived), whatever the type filter. */
        unread: (await listContactMessages(ctx.db, { archived: false })).filter((m) => !m.readAt).length,
        forwarding: forwardingEnabled(ctx.env),
      };
    }),

  /** One message; opening it marks it read. */
  get: operatorProcedure.input(byId).mutation(async ({ ctx, input }) => {
    const m = (await findContactMessage(ctx.db, input.id)) ?? notFound('contact message', input.id);
    return m.readAt ? m : (await setContactRead(ctx.db, m.id, true, ctx.clock()))!;
  }),

  setRead: operatorProcedure
    .input(byId.extend({ read: z.boolean('must be true or false') }))
    .mutation(async ({ ctx, input }) => {
      (await findContactMessage(ctx.db, input.id)) ?? notFound('contact message', input.id);
      return (await setContactRead(ctx.db, input.id, input.read, ctx.clock()))!;
    }),

  archive: operatorProcedure
    .input(byId.extend({ archived: z.boolean('must be true or false') }))
    .mutation(async ({ ctx, input }) => {
      (await findContactMessage(ctx.db, input.id)) ?? notFound('contact message', input.id);
      return (await setContactArchived(ctx.db, input.id, input.archived, ctx.clock()))!;
    }),

  /** Assign (or replace) an Ultimate server's account manager: operator only; the server must be on Ultimate. */
  assignAccountManager: operatorProcedure
    .input(byServer.extend(accountManagerInput.shape))
    .mutation(async ({ ctx, input }) => {
      const { plan } = await knownServer(ctx, input.serverId);
      if (plan !== 'ultimate')
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: `serverId: server ${input.serverId} is on the ${planOf(plan).name} plan; an account manager comes with Ultimate`,
        });
      const { serverId, ...manager } = input;
      return await assignAccountManager(ctx.db, serverId, manager, ctx.clock());
    }),

  /** Remove a server's account manager (operator); 404 when it has none. */
  removeAccountManager: operatorProcedure.input(byServer).mutation(async ({ ctx, input }) => {
    await knownServer(ctx, input.serverId);
    if (!(await removeAccountManager(ctx.db, input.serverId)))
      notFound('account manager of server', input.serverId);
    return { removed: true };
  }),

  /**
   * The server's account manager as its dashboard shows it: named while the server is on Ultimate
   * and one is assigned; otherwise null, with the plan's support reply time.
   */
  accountManager: guildProcedure.query(async ({ ctx }) => {
    const plan = await guildPlan(ctx.db, ctx.guildId);
    const manager = plan === 'ultimate' ? await accountManagerOf(ctx.db, ctx.guildId) : null;
    return {
      plan,
      manager: manager && { name: manager.name, email: manager.email },
      replyTarget: SUPPORT_TARGETS[plan].label,
    };
  }),

  /** Try the email forward again now (it is also retried by itself with backoff). */
  retryForward: operatorProcedure.input(byId).mutation(async ({ ctx, input }) => {
    const m = (await findContactMessage(ctx.db, input.id)) ?? notFound('contact message', input.id);
    if (!forwardingEnabled(ctx.env))
      throw new TRPCError({
        code: 'SERVICE_UNAVAILABLE',
        message: 'email forwarding is not configured: set SMTP_URL and CONTACT_TO',
      });
    if (m.forwardedAt) throw new TRPCError({ code: 'CONFLICT', message: 'id: already forwarded' });
    await forwardContactMessage(ctx.db, ctx.env, ctx.clock, m.id);
    return (await findContactMessage(ctx.db, m.id))!;
  }),
});
