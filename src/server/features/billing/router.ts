import { TRPCError } from '@trpc/server';
import type Stripe from 'stripe';
import { z } from 'zod';
import { CAPABILITIES, type Capability, PRICE_IDS, planIncludes } from '../../../common/plans';
import {
  applyStripeEvent,
  BillingUnavailableError,
  createCheckoutSession,
  createPortalSession,
  stripeCustomerOf,
  isStripeError,
  verifyWebhook,
  WebhookSignatureError,
} from './billing';
import { guildPlan } from '../../core/plans';
import { isOperator } from '../../core/access';
import type { Actor } from '../../core/access';
import { guildProcedure, publicProcedure, router } from '../../core/trpc';

const PAGE_PRICE_IDS = [PRICE_IDS.plus, PRICE_IDS.pro] as const;

export const checkoutInput = z.object({
  priceId: z.enum(PAGE_PRICE_IDS, `must be one of ${PAGE_PRICE_IDS.join(', ')}`),
});

export const webhookInput = z.object({
  /** The request body exactly as Stripe sent it (the signature covers these bytes). */
  payload: z.string(),
  /** The Stripe-Signature header. */
  signature: z.string().optional(),
});

function rateLimited(limit: { ok: boolean; retryAfterSeconds: number }): void {
  if (limit.ok) return;
  throw new TRPCError({
    code: 'TOO_MANY_REQUESTS',
    message: `too many checkouts started; try again in ${limit.retryAfterSeconds} s`,
    cause: Object.assign(new Error('rate limited'), { retryAfterSeconds: limit.retryAfterSeconds }),
  });
}

/**
 * A Stripe call: 502 naming what Stripe refused, 503 when billing is not configured. Only the
 * operator reads which setting is missing; a server admin reads that upgrades are not offered here.
 */
async function stripeCall<T>(actor: Actor, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (isStripeError(err)) {
      throw new TRPCError({
        code: 'BAD_GATEWAY',
        message: `Stripe could not ${what}: ${err.message}`,
        cause: err,
      });
    }
    return unavailable(isOperator(actor), err);
  }
}

/** What a server admin reads when this installation takes no payments. */
export const UPGRADES_UNAVAILABLE =
  'upgrades are not available here: contact us (Contact page) to change this server’s plan';

/** `showSetting`: the message may name the missing setting (the operator, Stripe's own calls). */
function unavailable(showSetting: boolean, err: unknown): never {
  if (err instanceof BillingUnavailableError) {
    const message = showSetting ? err.message : UPGRADES_UNAVAILABLE;
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message, cause: err });
  }
  throw err;
}

export const billingRouter = router({
  /** The server's plan and, for each capability of the plan table, whether it is unlocked. */
  plan: guildProcedure.query(async ({ ctx }) => {
    const plan = await guildPlan(ctx.db, ctx.guildId);
    const capabilities = Object.fromEntries(
      (Object.keys(CAPABILITIES) as Capability[]).map((c) => [c, planIncludes(plan, c)]),
    ) as Record<Capability, boolean>;
    // A paid plan without a Stripe customer was set on this installation (demo data, the operator).
    const subscribed = Boolean(await stripeCustomerOf(ctx.db, ctx.guildId));
    return { plan, capabilities, subscribed, demo: plan !== 'free' && !subscribed };
  }),

  /**
   * Starts checkout for Plus or Pro for one server: the caller is logged in and may manage it (a
   * visitor goes through Login with Discord and the server picker first). Rate limited per caller.
   */
  createCheckoutSession: guildProcedure.input(checkoutInput).mutation(async ({ ctx, input }) => {
    const who =
      ctx.actor.kind === 'discord'
        ? ctx.actor.userId
        : ctx.actor.kind === 'apiKey'
          ? `key ${ctx.actor.keyId}`
          : 'operator';
    rateLimited(await ctx.limits.checkout.hit(`${who}@${ctx.clientIp}`));
    const customerId = await stripeCustomerOf(ctx.db, ctx.guildId);
    return stripeCall(ctx.actor, 'start the checkout', () =>
      createCheckoutSession(ctx.env, {
        priceId: input.priceId,
        guildId: ctx.guildId,
        requestedBy: who,
        customerId,
      }),
    );
  }),

  /** "Manage subscription": a Stripe billing portal session for the server's customer. */
  portal: guildProcedure.mutation(async ({ ctx }) => {
    const customerId = await stripeCustomerOf(ctx.db, ctx.guildId);
    if (!customerId) {
      throw new TRPCError({
        code: 'CONFLICT',
        message:
          'this server has no subscription to manage: its plan was not bought online (a demo or granted plan)',
      });
    }
    return stripeCall(ctx.actor, 'open the billing portal', () =>
      createPortalSession(ctx.env, ctx.guildId, customerId),
    );
  }),

  /** Stripe's webhook: the signature is checked over the raw body before anything is written. */
  handleWebhook: publicProcedure.input(webhookInput).mutation(async ({ ctx, input }) => {
    let event: Stripe.Event;
    try {
      event = await verifyWebhook(ctx.env, input.payload, input.signature);
    } catch (err) {
      if (isStripeError(err, 'StripeSignatureVerificationError') || err instanceof WebhookSignatureError) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: `Stripe-Signature: ${err.message}`, cause: err });
      }
      if (err instanceof SyntaxError) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: 'body: signed, but not a JSON event',
          cause: err,
        });
      }
      // Only Stripe calls the webhook: its dashboard shows the operator which secret is missing.
      return unavailable(true, err);
    }
    const outcome = await applyStripeEvent(ctx.db, ctx.env, event);
    if (!outcome.applied)
      console.warn(`Stripe event ${event.id} (${event.type}) not applied: ${outcome.reason}`);
    return { received: true, ...outcome };
  }),
});
