import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { type Db, lockFor } from '../../../../db/client';
import { guilds, stripeEvents } from '../../../../db/schema';
import { type PlanKey, PRICE_IDS } from '../../../common/plans';
import { SERVER_ID_PATTERN } from '../../../common/schemas/util';
import type { Env } from '../../core/env';

/** The page's fixed price id -> the plan it buys. */
export const PLAN_OF_PRICE_ID: Record<string, 'plus' | 'pro'> = {
  [PRICE_IDS.plus]: 'plus',
  [PRICE_IDS.pro]: 'pro',
};

/** Key of the Checkout custom field that asks for the Discord server id when none was given. */
export const GUILD_FIELD_KEY = 'discordserverid';

export class BillingUnavailableError extends Error {}
export class WebhookSignatureError extends Error {}

/**
 * Stripe's SDK, loaded with the first billing call or webhook: an installation that takes no
 * payments never holds it, and the web tier starts without it (issue 25, idle memory).
 */
let sdk: typeof Stripe | null = null;
async function stripeSdk(): Promise<typeof Stripe> {
  sdk ??= (await import('stripe')).default;
  return sdk;
}

/** Is this one of Stripe's errors (of this class)? Only a loaded SDK throws them. */
export function isStripeError(
  err: unknown,
  kind: 'StripeError' | 'StripeSignatureVerificationError' = 'StripeError',
): err is Stripe.errors.StripeError {
  return sdk !== null && err instanceof sdk.errors[kind];
}

const clients = new Map<string, Stripe>();

/** The Stripe client for this environment (STRIPE_API_URL points it at a fake in tests). */
async function stripeClient(env: Env): Promise<Stripe> {
  const key = env.STRIPE_SECRET_KEY;
  if (!key) throw new BillingUnavailableError('billing not configured: STRIPE_SECRET_KEY is not set');
  const id = `${key}\n${env.STRIPE_API_URL ?? ''}`;
  let client = clients.get(id);
  if (!client) {
    const config: Stripe.StripeConfig = { maxNetworkRetries: 0, timeout: 20_000 };
    if (env.STRIPE_API_URL) {
      const url = new URL(env.STRIPE_API_URL);
      const protocol = url.protocol === 'http:' ? 'http' : 'https';
      config.host = url.hostname;
      config.port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
      config.protocol = protocol;
    }
    const StripeClient = await stripeSdk();
    client = new StripeClient(key, config);
    clients.set(id, client);
  }
  return client;
}

export interface CheckoutRequest {
  priceId: string;
  /** The server the plan is for; the caller may manage it (checked by the guild procedure). */
  guildId: string;
  /** Who bought it: a Discord user id, or "operator". */
  requestedBy: string;
  /** The server's Stripe customer, when it bought before (its card and invoices stay together). */
  customerId?: string | null;
}

/** Where Stripe sends the admin back: the server's Plan & Usage card. */
const planCardUrl = (env: Env, guildId: string, outcome: string) =>
  `${env.PUBLIC_URL}/admin/settings?guildId=${encodeURIComponent(guildId)}&checkout=${outcome}#plan`;

/** Opens a subscription Checkout Session for one of the page's plans, for one server; answers its url. */
export async function createCheckoutSession(env: Env, req: CheckoutRequest): Promise<{ url: string }> {
  const plan = PLAN_OF_PRICE_ID[req.priceId];
  const stripe = await stripeClient(env);
  const price = plan === 'plus' ? env.STRIPE_PRICE_PLUS : env.STRIPE_PRICE_PRO;
  const metadata: Record<string, string> = { plan, guildId: req.guildId, requestedBy: req.requestedBy };
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: 'subscription',
    line_items: [{ price, quantity: 1 }],
    success_url: planCardUrl(env, req.guildId, 'success'),
    cancel_url: planCardUrl(env, req.guildId, 'cancelled'),
    client_reference_id: req.guildId,
    metadata,
    subscription_data: { metadata },
    allow_promotion_codes: true,
    ...(req.customerId ? { customer: req.customerId } : {}),
  };
  const session = await stripe.checkout.sessions.create(params);
  if (!session.url) throw new Error(`Stripe answered checkout session ${session.id} without a url`);
  return { url: session.url };
}

/** "Manage subscription": a Stripe billing portal session for the server's customer. */
export async function createPortalSession(
  env: Env,
  guildId: string,
  customerId: string,
): Promise<{ url: string }> {
  const session = await (await stripeClient(env)).billingPortal.sessions.create({
    customer: customerId,
    return_url: planCardUrl(env, guildId, 'portal'),
  });
  return { url: session.url };
}

/** Verifies the Stripe-Signature over the raw body; throws Stripe's SignatureVerificationError. */
export async function verifyWebhook(
  env: Env,
  payload: string,
  signature: string | undefined,
): Promise<Stripe.Event> {
  if (!env.STRIPE_WEBHOOK_SECRET) {
    throw new BillingUnavailableError('billing webhook not configured: STRIPE_WEBHOOK_SECRET is not set');
  }
  if (!signature) throw new WebhookSignatureError('header is missing');
  return (await stripeSdk()).webhooks.constructEvent(payload, signature, env.STRIPE_WEBHOOK_SECRET);
}

export type WebhookOutcome =
  | { applied: true; guildId: string; plan: PlanKey }
  | { applied: false; reason: string };

const isPaidPlan = (v: unknown): v is 'plus' | 'pro' => v === 'plus' || v === 'pro';
const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

/**
 * Applies a verified event: a paid checkout sets the plan; a subscription changed in Stripe
 * (upgrade at once, downgrade when its new period starts, cancelled or unpaid) follows its price
 * and status; a deleted subscription ends the plan.
 */
export async function applyStripeEvent(db: Db, env: Env, event: Stripe.Event): Promise<WebhookOutcome> {
  return await db.$transaction(async () => {
    // One event at a time (webhooks are few): the same event delivered twice at once is applied
    // once, and of two events for a server the newer one's state stands (isStale reads what the
    // other left). Without it PostgreSQL let both pass the checks.
    await lockFor(db, 'billing:stripe-events');
    if (
      await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).get()
    ) {
      return { applied: false, reason: 'event already processed' } as WebhookOutcome;
    }
    const outcome = await applyOnce(db, env, event);
    await db.insert(stripeEvents).values({ id: event.id, type: event.type }).run();
    return outcome;
  });
}

/** An event older than the newest one applied to the server never overrides its state. */
async function isStale(db: Db, guildId: string, event: Stripe.Event): Promise<boolean> {
  const row = await db.select({ at: guilds.billingEventAt }).from(guilds).where(eq(guilds.id, guildId)).get();
  return Boolean(row?.at && row.at.getTime() > event.created * 1000);
}

async function applyOnce(db: Db, env: Env, event: Stripe.Event): Promise<WebhookOutcome> {
  const at = new Date(event.created * 1000);
  if (
    event.type === 'checkout.session.completed' ||
    event.type === 'checkout.session.async_payment_succeeded'
  ) {
    const session = event.data.object;
    // A delayed payment method completes the session unpaid; its async_payment_succeeded follows.
    if (session.payment_status === 'unpaid') return { applied: false, reason: 'payment still pending' };
    const fromField = session.custom_fields?.find((f) => f.key === GUILD_FIELD_KEY);
    const guildId = session.metadata?.guildId || fromField?.numeric?.value || fromField?.text?.value || null;
    const plan = session.metadata?.plan;
    if (!guildId) return { applied: false, reason: 'no Discord server id on the session' };
    if (!SERVER_ID_PATTERN.test(guildId)) return { applied: false, reason: `bad server id ${guildId}` };
    if (!isPaidPlan(plan)) return { applied: false, reason: 'no plan in the session metadata' };
    const customerId = idOf(session.customer);
    if (await isStale(db, guildId, event))
      return { applied: false, reason: 'older than the state already applied' };
    await db
      .insert(guilds)
      .values({ id: guildId, plan, stripeCustomerId: customerId, billingEventAt: at })
      .onConflictDoUpdate({
        target: guilds.id,
        set: customerId
          ? { plan, stripeCustomerId: customerId, billingEventAt: at }
          : { plan, billingEventAt: at },
      })
      .run();
    return { applied: true, guildId, plan };
  }
  if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
    const subscription = event.data.object;
    const guildId = await guildOfSubscription(db, subscription);
    if (!guildId) return { applied: false, reason: 'no server bought this subscription' };
    const plan =
      event.type === 'customer.subscription.deleted' ? 'free' : planOfSubscription(env, subscription);
    if (!plan) return { applied: false, reason: `subscription status ${subscription.status} keeps the plan` };
    if (await isStale(db, guildId, event))
      return { applied: false, reason: 'older than the state already applied' };
    await db.update(guilds).set({ plan, billingEventAt: at }).where(eq(guilds.id, guildId)).run();
    return { applied: true, guildId, plan };
  }
  return { applied: false, reason: `event ${event.type} is not used` };
}

/** The server a subscription belongs to: its metadata, else the customer who bought it. */
async function guildOfSubscription(db: Db, subscription: Stripe.Subscription): Promise<string | null> {
  const byMetadata = subscription.metadata?.guildId;
  const customerId = idOf(subscription.customer);
  const row = byMetadata
    ? await db.select({ id: guilds.id }).from(guilds).where(eq(guilds.id, byMetadata)).get()
    : customerId
      ? await db.select({ id: guilds.id }).from(guilds).where(eq(guilds.stripeCustomerId, customerId)).get()
      : undefined;
  return row?.id ?? null;
}

/**
 * The plan a live subscription pays for, from its price; free once Stripe gave up on it
 * (canceled, unpaid, incomplete_expired); null while payment is being retried (past_due,
 * incomplete, paused), which keeps the current plan.
 */
function planOfSubscription(env: Env, subscription: Stripe.Subscription): PlanKey | null {
  if (['canceled', 'unpaid', 'incomplete_expired'].includes(subscription.status)) return 'free';
  if (subscription.status !== 'active' && subscription.status !== 'trialing') return null;
  const price = subscription.items?.data?.[0]?.price?.id;
  if (price === env.STRIPE_PRICE_PLUS) return 'plus';
  if (price === env.STRIPE_PRICE_PRO) return 'pro';
  return null;
}

/** The Stripe customer of the server, once it has paid (null or undefined before). */
export async function stripeCustomerOf(db: Db, guildId: string) {
  return (
    await db.select({ customer: guilds.stripeCustomerId }).from(guilds).where(eq(guilds.id, guildId)).get()
  )?.customer;
}
