import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_IDS } from '../../src/common/plans';
import { type FakeStripe, startFakeStripe } from '../fakes/stripe';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

const WEBHOOK_SECRET = 'whsec_test_0123456789abcdef';

let stripe: FakeStripe;
let s: TestServer;
beforeAll(async () => {
  stripe = await startFakeStripe();
  s = await startTestServer({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_fake_key',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      STRIPE_PRICE_PLUS: 'price_1RealPlus',
      STRIPE_PRICE_PRO: 'price_1RealPro',
    },
  });
});
afterAll(async () => {
  await s.close();
  await stripe.close();
});

function guildRow(id: string) {
  return s.services.db.$client
    .prepare('select id, plan, stripe_customer_id as customer from guilds where id = ?')
    .get(id) as { id: string; plan: string; customer: string | null } | undefined;
}

/** Posts an event the way Stripe does: raw JSON body, Stripe-Signature over those bytes. */
async function deliver(
  event: object,
  opts: { secret?: string; signature?: string | null; tamper?: boolean } = {},
) {
  const payload = JSON.stringify({
    object: 'event',
    api_version: '2025-10-29',
    created: 1763780000,
    ...event,
  });
  const header =
    opts.signature === undefined
      ? Stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET })
      : opts.signature;
  const body = opts.tamper ? payload.replace('"plus"', '"pro"') : payload;
  return s.api('/api/stripe/webhook', {
    method: 'POST',
    body,
    headers: header === null ? {} : { 'stripe-signature': header },
  });
}

const completed = (id: string, session: object) => ({
  id,
  type: 'checkout.session.completed',
  data: { object: { id: `cs_${id}`, object: 'checkout.session', mode: 'subscription', ...session } },
});

describe('POST /api/create-checkout-session', () => {
  it('asks Stripe for a subscription checkout of the real price, with return urls and metadata, and answers its url', async () => {
    const seen = stripe.requests.length;
    const before = tableCounts(s.services);
    const res = await s.api('/api/create-checkout-session', {
      method: 'POST',
      body: { priceId: PRICE_IDS.plus, guildId: '123456789012345678' },
    });
    expect(res.status).toBe(200);
    const sent = stripe.requests.slice(seen);
    expect(sent).toHaveLength(1);
    const [req] = sent;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v1/checkout/sessions');
    expect(req.headers.authorization).toBe('Bearer sk_test_fake_key');
    expect(req.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(req.form).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_1RealPlus',
      'line_items[0][quantity]': '1',
      success_url: `${s.url}/pricing?checkout=success`,
      cancel_url: `${s.url}/pricing?checkout=cancelled`,
      'metadata[guildId]': '123456789012345678',
      'metadata[plan]': 'plus',
      'subscription_data[metadata][guildId]': '123456789012345678',
    });
    expect(Object.keys(req.form).some((k) => k.startsWith('custom_fields'))).toBe(false);
    expect(res.json).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_fake1' });
    expect(tableCounts(s.services)).toEqual(before);
  });

  it('without a guildId, Checkout asks the buyer for the Discord server ID', async () => {
    const seen = stripe.requests.length;
    const res = await s.api('/api/create-checkout-session', {
      method: 'POST',
      body: { priceId: PRICE_IDS.pro },
    });
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
    const { form } = stripe.requests[seen];
    expect(form).toMatchObject({
      'line_items[0][price]': 'price_1RealPro',
      'metadata[plan]': 'pro',
      'custom_fields[0][key]': 'discordserverid',
      'custom_fields[0][type]': 'numeric',
      'custom_fields[0][label][type]': 'custom',
      'custom_fields[0][label][custom]': 'Discord server ID',
    });
    expect(form['metadata[guildId]']).toBeUndefined();
  });

  it.each([
    [{ priceId: 'price_free' }, 'priceId'],
    [{ priceId: 'price_ultimate_monthly' }, 'priceId'],
    [{}, 'priceId'],
    [{ priceId: PRICE_IDS.plus, guildId: 'not a server id!' }, 'guildId'],
  ])('rejects %j with 400 naming %s; Stripe is not called and nothing is written', async (body, field) => {
    const seen = stripe.requests.length;
    const before = tableCounts(s.services);
    const res = await s.api('/api/create-checkout-session', { method: 'POST', body });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(field);
    expect(stripe.requests.length).toBe(seen);
    expect(tableCounts(s.services)).toEqual(before);
  });

  it('passes on a Stripe refusal as 502 with its message', async () => {
    stripe.failNext(400, 'No such price: price_1RealPlus');
    const res = await s.api('/api/create-checkout-session', {
      method: 'POST',
      body: { priceId: PRICE_IDS.plus },
    });
    expect(res.status).toBe(502);
    expect(res.json.error).toContain('No such price');
  });

  it('works the same over /trpc for the pricing page', async () => {
    const res = await fetch(`${s.url}/trpc/billing.createCheckoutSession`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: { priceId: PRICE_IDS.pro } }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.data.json.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
  });
});

describe('POST /api/stripe/webhook', () => {
  it('a signed checkout.session.completed sets the plan of the server named in the metadata', async () => {
    const res = await deliver(
      completed('evt_1', { customer: 'cus_A', metadata: { guildId: '111111111111111111', plan: 'plus' } }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      received: true,
      applied: true,
      guildId: '111111111111111111',
      plan: 'plus',
    });
    expect(guildRow('111111111111111111')).toEqual({
      id: '111111111111111111',
      plan: 'plus',
      customer: 'cus_A',
    });
  });

  it('takes the server id from the Checkout custom field when the page had none', async () => {
    const res = await deliver(
      completed('evt_2', {
        customer: 'cus_B',
        metadata: { plan: 'pro' },
        custom_fields: [
          {
            key: 'discordserverid',
            type: 'numeric',
            label: { type: 'custom', custom: 'Discord server ID' },
            numeric: { value: '222222222222222222' },
            optional: false,
          },
        ],
      }),
    );
    expect(res.status).toBe(200);
    expect(guildRow('222222222222222222')).toEqual({
      id: '222222222222222222',
      plan: 'pro',
      customer: 'cus_B',
    });
  });

  it('an unpaid completion (delayed payment method) waits for async_payment_succeeded', async () => {
    const session = {
      customer: 'cus_C',
      payment_status: 'unpaid',
      metadata: { guildId: '555555555555555555', plan: 'pro' },
    };
    const pending = await deliver(completed('evt_4', session));
    expect(pending.status).toBe(200);
    expect(pending.json).toMatchObject({ received: true, applied: false });
    expect(guildRow('555555555555555555')).toBeUndefined();
    const paid = await deliver({
      ...completed('evt_5', { ...session, payment_status: 'paid' }),
      type: 'checkout.session.async_payment_succeeded',
    });
    expect(paid.status).toBe(200);
    expect(guildRow('555555555555555555')).toEqual({
      id: '555555555555555555',
      plan: 'pro',
      customer: 'cus_C',
    });
  });

  it('customer.subscription.deleted puts the server back on the free plan', async () => {
    const res = await deliver({
      id: 'evt_3',
      type: 'customer.subscription.deleted',
      data: {
        object: { id: 'sub_1', object: 'subscription', customer: 'cus_B', metadata: {}, status: 'canceled' },
      },
    });
    expect(res.status).toBe(200);
    expect(guildRow('222222222222222222')?.plan).toBe('free');
    expect(guildRow('111111111111111111')?.plan).toBe('plus');
  });

  it('customer.subscription.updated follows the price and status changed in Stripe', async () => {
    const updated = (id: string, status: string, price: string) => ({
      id,
      type: 'customer.subscription.updated',
      data: {
        object: {
          id: 'sub_A',
          object: 'subscription',
          customer: 'cus_A',
          metadata: {},
          status,
          items: {
            object: 'list',
            data: [{ id: 'si_1', object: 'subscription_item', price: { id: price } }],
          },
        },
      },
    });
    // Upgrade to Pro in the customer portal: takes effect at once.
    const up = await deliver(updated('evt_u1', 'active', 'price_1RealPro'));
    expect(up.json).toMatchObject({ applied: true, guildId: '111111111111111111', plan: 'pro' });
    expect(guildRow('111111111111111111')?.plan).toBe('pro');
    // A failed renewal being retried keeps the plan.
    const retrying = await deliver(updated('evt_u2', 'past_due', 'price_1RealPro'));
    expect(retrying.json).toMatchObject({ applied: false });
    expect(guildRow('111111111111111111')?.plan).toBe('pro');
    // Downgrade when its new period starts.
    await deliver(updated('evt_u3', 'active', 'price_1RealPlus'));
    expect(guildRow('111111111111111111')?.plan).toBe('plus');
    // Stripe gave up on payment: the server is back on Free, and another server is untouched.
    await deliver(updated('evt_u4', 'unpaid', 'price_1RealPlus'));
    expect(guildRow('111111111111111111')?.plan).toBe('free');
    expect(guildRow('555555555555555555')?.plan).toBe('pro');
    await deliver(updated('evt_u5', 'active', 'price_1RealPlus'));
    expect(guildRow('111111111111111111')?.plan).toBe('plus');
  });

  it.each([
    ['a signature made with another secret', { secret: 'whsec_someone_else' }],
    ['a body changed after signing', { tamper: true }],
    ['a garbage signature', { signature: 't=1,v1=deadbeef' }],
    ['no Stripe-Signature header', { signature: null }],
  ])('refuses %s with 400 and writes nothing', async (_what, opts) => {
    const before = tableCounts(s.services);
    const res = await deliver(
      completed('evt_bad', { customer: 'cus_X', metadata: { guildId: '333333333333333333', plan: 'plus' } }),
      opts,
    );
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/^Stripe-Signature: /);
    expect(tableCounts(s.services)).toEqual(before);
    expect(guildRow('333333333333333333')).toBeUndefined();
  });
});

describe('billing without Stripe configured', () => {
  let bare: TestServer;
  beforeAll(async () => {
    bare = await startTestServer();
  });
  afterAll(() => bare.close());

  it('checkout answers 503 naming the missing variable', async () => {
    const res = await bare.api('/api/create-checkout-session', {
      method: 'POST',
      body: { priceId: PRICE_IDS.plus },
    });
    expect(res.status).toBe(503);
    expect(res.json.error).toBe('billing not configured: STRIPE_SECRET_KEY is not set');
  });

  it('the webhook answers 503 naming STRIPE_WEBHOOK_SECRET and writes nothing', async () => {
    const before = tableCounts(bare.services);
    const payload = JSON.stringify(
      completed('evt_9', { metadata: { guildId: '444444444444444444', plan: 'pro' } }),
    );
    const res = await bare.api('/api/stripe/webhook', {
      method: 'POST',
      body: payload,
      headers: {
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
    });
    expect(res.status).toBe(503);
    expect(res.json.error).toContain('STRIPE_WEBHOOK_SECRET is not set');
    expect(tableCounts(bare.services)).toEqual(before);
  });
});
