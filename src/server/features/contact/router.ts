import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { CONTACT_TYPES, contactInput } from '../../../common/contact/schemas';
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
import { adminProcedure, type Context, notFound, publicProcedure, router } from '../../core/trpc';

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
      const messages = await listContactMessages(ctx.db, input);
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
