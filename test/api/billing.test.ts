import { sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet, rawRun } from '../../db/client';
import { PRICE_IDS } from '../../src/common/plans';
import { createCaller } from '../../src/server/app/router';
import { UPGRADES_UNAVAILABLE } from '../../src/server/features/billing/router';
import { type FakeStripe, startFakeStripe } from '../fakes/stripe';
import { seedGuild } from '../helpers/guilds';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer, tableCounts } from '../helpers/server';

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
    guilds: ['123456789012345678', '223456789012345678'],
  });
});
afterAll(async () => {
  await s.close();
  await stripe.close();
});

async function guildRow(id: string) {
  return (await rawGet(
    s.services.db,
    sql`select id, plan, stripe_customer_id as customer from guilds where id = ${id}`,
  )) as { id: string; plan: string; customer: string | null } | undefined;
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

const GUILD = '123456789012345678';
const OTHER = '223456789012345678';
const checkout = (body: unknown, headers: Record<string, string> = {}) =>
  s.api('/api/create-checkout-session', {
    method: 'POST',
    admin: !('authorization' in headers),
    body,
    headers,
  });

describe('POST /api/create-checkout-session', () => {
  it('asks Stripe for a subscription checkout of the real price for the server, returning to its plan card', async () => {
    const seen = stripe.requests.length;
    const before = await tableCounts(s.services);
    const res = await checkout({ priceId: PRICE_IDS.plus, guildId: GUILD });
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
      success_url: `${s.url}/admin/settings?guildId=${GUILD}&checkout=success#plan`,
      cancel_url: `${s.url}/admin/settings?guildId=${GUILD}&checkout=cancelled#plan`,
      client_reference_id: GUILD,
      'metadata[guildId]': GUILD,
      'metadata[plan]': 'plus',
      'metadata[requestedBy]': 'operator',
      'subscription_data[metadata][guildId]': GUILD,
    });
    expect(Object.keys(req.form).some((k) => k.startsWith('custom_fields'))).toBe(false);
    expect(res.json).toEqual({
      url: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/),
    });
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('anonymous visitors get 401 and Stripe is not called; a server the bot is not in gets 403', async () => {
    const seen = stripe.requests.length;
    const anon = await s.api('/api/create-checkout-session', {
      method: 'POST',
      body: { priceId: PRICE_IDS.pro },
    });
    expect(anon.status).toBe(401);
    const unknown = await checkout({ priceId: PRICE_IDS.pro, guildId: '999999999999999999' });
    expect(unknown.status).toBe(403);
    expect(stripe.requests.length).toBe(seen);
  });

  it.each([
    [{ priceId: 'price_free', guildId: GUILD }, 'priceId'],
    [{ priceId: 'price_ultimate_monthly', guildId: GUILD }, 'priceId'],
    [{ guildId: GUILD }, 'priceId'],
    [{ priceId: PRICE_IDS.plus, guildId: 'not a server id!' }, 'guildId'],
  ])('rejects %j with 400 naming %s; Stripe is not called and nothing is written', async (body, field) => {
    const seen = stripe.requests.length;
    const before = await tableCounts(s.services);
    const res = await checkout(body);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(field);
    expect(stripe.requests.length).toBe(seen);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('passes on a Stripe refusal as 502 with its message', async () => {
    stripe.failNext(400, 'No such price: price_1RealPlus');
    const res = await checkout({ priceId: PRICE_IDS.plus, guildId: GUILD });
    expect(res.status).toBe(502);
    expect(res.json.error).toContain('No such price');
  });

  it('works the same over /trpc for the dashboard (session cookie of the operator)', async () => {
    const res = await fetch(`${s.url}/trpc/billing.createCheckoutSession`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TEST_ADMIN_TOKEN}` },
      body: JSON.stringify({ json: { priceId: PRICE_IDS.pro, guildId: OTHER } }),
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.data.json.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
  });

  it('is rate limited: past 10 checkouts in 10 minutes the caller gets 429 with Retry-After', async () => {
    const limited = await startTestServer({
      env: { STRIPE_SECRET_KEY: 'sk_test_fake_key', STRIPE_API_URL: stripe.url },
      guilds: [GUILD],
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        statuses.push(
          (
            await limited.api('/api/create-checkout-session', {
              method: 'POST',
              admin: true,
              body: { priceId: PRICE_IDS.plus, guildId: GUILD },
            })
          ).status,
        );
      }
      expect(statuses.slice(0, 10).every((x) => x === 200)).toBe(true);
      const last = await limited.api('/api/create-checkout-session', {
        method: 'POST',
        admin: true,
        body: { priceId: PRICE_IDS.plus, guildId: GUILD },
      });
      expect(last.status).toBe(429);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/billing/portal (Manage subscription)', () => {
  it('answers 409 while the server has no subscription, then opens the portal for its customer', async () => {
    const none = await s.api(`/api/billing/portal?guildId=${OTHER}`, { method: 'POST', admin: true });
    expect(none.status).toBe(409);
    expect(none.json.error).toMatch(/no subscription/);
    await rawRun(
      s.services.db,
      sql`update guilds set stripe_customer_id = ${'cus_portal1'} where id = ${OTHER}`,
    );
    const seen = stripe.requests.length;
    const res = await s.api(`/api/billing/portal?guildId=${OTHER}`, { method: 'POST', admin: true });
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    const req = stripe.requests[seen];
    expect(req.path).toBe('/v1/billing_portal/sessions');
    expect(req.form).toMatchObject({
      customer: 'cus_portal1',
      return_url: `${s.url}/admin/settings?guildId=${OTHER}&checkout=portal#plan`,
    });
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
    expect(await guildRow('111111111111111111')).toEqual({
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
    expect(await guildRow('222222222222222222')).toEqual({
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
    expect(await guildRow('555555555555555555')).toBeUndefined();
    const paid = await deliver({
      ...completed('evt_5', { ...session, payment_status: 'paid' }),
      type: 'checkout.session.async_payment_succeeded',
    });
    expect(paid.status).toBe(200);
    expect(await guildRow('555555555555555555')).toEqual({
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
    expect((await guildRow('222222222222222222'))?.plan).toBe('free');
    expect((await guildRow('111111111111111111'))?.plan).toBe('plus');
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
    expect((await guildRow('111111111111111111'))?.plan).toBe('pro');
    // A failed renewal being retried keeps the plan.
    const retrying = await deliver(updated('evt_u2', 'past_due', 'price_1RealPro'));
    expect(retrying.json).toMatchObject({ applied: false });
    expect((await guildRow('111111111111111111'))?.plan).toBe('pro');
    // Downgrade when its new period starts.
    await deliver(updated('evt_u3', 'active', 'price_1RealPlus'));
    expect((await guildRow('111111111111111111'))?.plan).toBe('plus');
    // Stripe gave up on payment: the server is back on Free, and another server is untouched.
    await deliver(updated('evt_u4', 'unpaid', 'price_1RealPlus'));
    expect((await guildRow('111111111111111111'))?.plan).toBe('free');
    expect((await guildRow('555555555555555555'))?.plan).toBe('pro');
    await deliver(updated('evt_u5', 'active', 'price_1RealPlus'));
    expect((await guildRow('111111111111111111'))?.plan).toBe('plus');
  });

  it('events arriving at the same moment: a resent one is applied once, the newest one wins', async () => {
    const g = '676767676767676767';
    const session = (plan: string) => ({
      customer: 'cus_S',
      payment_status: 'paid',
      metadata: { guildId: g, plan },
    });
    const first = { ...completed('evt_s1', session('pro')), created: 1763791000 };
    const twice = await Promise.all([deliver(first), deliver(first)]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect(twice.map((r) => r.json.applied).sort()).toEqual([false, true]);
    expect((await guildRow(g))?.plan).toBe('pro');
    const deleted = {
      id: 'evt_s3',
      created: 1763791200,
      type: 'customer.subscription.deleted',
      data: {
        object: { id: 'sub_S', object: 'subscription', customer: 'cus_S', metadata: {}, status: 'canceled' },
      },
    };
    const older = { ...completed('evt_s2', session('plus')), created: 1763791100 };
    const both = await Promise.all([deliver(deleted), deliver(older)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect((await guildRow(g))?.plan).toBe('free');
  });

  it('a resent event changes nothing: completed, then deleted, then the same completed again keeps Free', async () => {
    const g = '666666666666666666';
    const session = { customer: 'cus_R', payment_status: 'paid', metadata: { guildId: g, plan: 'pro' } };
    expect((await deliver({ ...completed('evt_r1', session), created: 1763790000 })).json.applied).toBe(true);
    expect((await guildRow(g))?.plan).toBe('pro');
    const deleted = {
      id: 'evt_r2',
      created: 1763790100,
      type: 'customer.subscription.deleted',
      data: {
        object: { id: 'sub_R', object: 'subscription', customer: 'cus_R', metadata: {}, status: 'canceled' },
      },
    };
    expect((await deliver(deleted)).json.applied).toBe(true);
    expect((await guildRow(g))?.plan).toBe('free');
    const before = await tableCounts(s.services);
    const resent = await deliver({ ...completed('evt_r1', session), created: 1763790000 });
    expect(resent.status).toBe(200);
    expect(resent.json).toMatchObject({ applied: false, reason: 'event already processed' });
    expect((await guildRow(g))?.plan).toBe('free');
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('an older event never overrides a newer state, even under a new id', async () => {
    const g = '777777777777777777';
    const session = { customer: 'cus_O', payment_status: 'paid', metadata: { guildId: g, plan: 'plus' } };
    await deliver({
      ...completed('evt_o2', { ...session, metadata: { guildId: g, plan: 'pro' } }),
      created: 1763800200,
    });
    expect((await guildRow(g))?.plan).toBe('pro');
    const late = await deliver({ ...completed('evt_o1', session), created: 1763800100 });
    expect(late.json).toMatchObject({ applied: false, reason: 'older than the state already applied' });
    expect((await guildRow(g))?.plan).toBe('pro');
  });

  it('a correctly signed body that is not JSON answers 400 and writes nothing', async () => {
    const before = await tableCounts(s.services);
    const payload = 'this is not json';
    const res = await s.api('/api/stripe/webhook', {
      method: 'POST',
      body: payload,
      headers: {
        'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('body: signed, but not a JSON event');
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it.each([
    ['a signature made with another secret', { secret: 'whsec_someone_else' }],
    ['a body changed after signing', { tamper: true }],
    ['a garbage signature', { signature: 't=1,v1=deadbeef' }],
    ['no Stripe-Signature header', { signature: null }],
  ])('refuses %s with 400 and writes nothing', async (_what, opts) => {
    const before = await tableCounts(s.services);
    const res = await deliver(
      completed('evt_bad', { customer: 'cus_X', metadata: { guildId: '333333333333333333', plan: 'plus' } }),
      opts,
    );
    expect(res.status).toBe(400);
    expect(res.json.error).toMatch(/^Stripe-Signature: /);
    expect(await tableCounts(s.services)).toEqual(before);
    expect(await guildRow('333333333333333333')).toBeUndefined();
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
      admin: true,
      body: { priceId: PRICE_IDS.plus },
    });
    expect(res.status).toBe(503);
    expect(res.json.error).toBe('billing not configured: STRIPE_SECRET_KEY is not set');
  });

  it("a server's own credentials read that upgrades are not offered here, never a setting's name", async () => {
    const guildId = bare.services.env.DEFAULT_GUILD_ID;
    await seedGuild(bare.services, guildId, { plan: 'ultimate' });
    const caller = createCaller({
      ...bare.services,
      actor: { kind: 'apiKey', guildId, keyId: 1 },
      clientIp: 'test',
    });
    const refused = await caller.billing.createCheckoutSession({ guildId, priceId: PRICE_IDS.plus }).then(
      () => ({ code: 'none', message: 'answered' }),
      (e: { code: string; message: string }) => e,
    );
    expect(refused).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: UPGRADES_UNAVAILABLE });
    expect(refused.message).not.toMatch(/STRIPE|_KEY|configured/);
    // A paid plan with no Stripe customer is a demo (or granted) plan, and says so.
    expect(await caller.billing.plan({ guildId })).toMatchObject({
      plan: 'ultimate',
      subscribed: false,
      demo: true,
    });
    const portal = await caller.billing.portal({ guildId }).then(
      () => ({ message: 'answered' }),
      (e: { message: string }) => e,
    );
    expect(portal.message).toContain('demo or granted plan');
  });

  it('the webhook answers 503 naming STRIPE_WEBHOOK_SECRET and writes nothing', async () => {
    const before = await tableCounts(bare.services);
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
    expect(await tableCounts(bare.services)).toEqual(before);
  });
});
