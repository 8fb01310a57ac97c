import { TRPCError } from '@trpc/server';
import Stripe from 'stripe';
import { z } from 'zod';
import { CAPABILITIES, type Capability, PRICE_IDS, planIncludes } from '../../common/plans';
import {
  applyStripeEvent,
  BillingUnavailableError,
  createCheckoutSession,
  verifyWebhook,
  WebhookSignatureError,
} from '../services/billing';
import { guildPlan } from '../services/plans';
import { guildIdSchema, guildProcedure, publicProcedure, router } from '../trpc';

const PAGE_PRICE_IDS = [PRICE_IDS.plus, PRICE_IDS.pro] as const;

export const checkoutInput = z.object({
  priceId: z.enum(PAGE_PRICE_IDS, `must be one of ${PAGE_PRICE_IDS.join(', ')}`),
  guildId: guildIdSchema.optional(),
});

export const webhookInput = z.object({
  /** The request body exactly as Stripe sent it (the signature covers these bytes). */
  payload: z.string(),
  /** The Stripe-Signature header. */
  signature: z.string().optional(),
});

function unavailable(err: unknown): never {
  if (err instanceof BillingUnavailableError) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: err.message, cause: err });
  }
  throw err;
}

export const billingRouter = router({
  /** The server's plan and, for each capability of the plan table, whether it is unlocked. */
  plan: guildProcedure.query(({ ctx }) => {
    const plan = guildPlan(ctx.db, ctx.guildId);
    const capabilities = Object.fromEntries(
      (Object.keys(CAPABILITIES) as Capability[]).map((c) => [c, planIncludes(plan, c)]),
    ) as Record<Capability, boolean>;
    return { plan, capabilities };
  }),

  /** Starts checkout for Plus or Pro; the page navigates to the answered url. No login (spec 6). */
  createCheckoutSession: publicProcedure.input(checkoutInput).mutation(async ({ ctx, input }) => {
    try {
      return await createCheckoutSession(ctx.env, input);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeError) {
        throw new TRPCError({
          code: 'BAD_GATEWAY',
          message: `Stripe could not start the checkout: ${err.message}`,
          cause: err,
        });
      }
      return unavailable(err);
    }
  }),

  /** Stripe's webhook: the signature is checked over the raw body before anything is written. */
  handleWebhook: publicProcedure.input(webhookInput).mutation(({ ctx, input }) => {
    let event: Stripe.Event;
    try {
      event = verifyWebhook(ctx.env, input.payload, input.signature);
    } catch (err) {
      if (
        err instanceof Stripe.errors.StripeSignatureVerificationError ||
        err instanceof WebhookSignatureError
      ) {
        throw new TRPCError({ code: 'BAD_REQUEST', message: `Stripe-Signature: ${err.message}`, cause: err });
      }
      return unavailable(err);
    }
    const outcome = applyStripeEvent(ctx.db, ctx.env, event);
    if (!outcome.applied)
      console.warn(`Stripe event ${event.id} (${event.type}) not applied: ${outcome.reason}`);
    return { received: true, ...outcome };
  }),
});
