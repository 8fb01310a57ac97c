import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pollTwitch } from '../../src/server/features/integrations/twitch-poll';
import { retryDueSubscriptions } from '../../src/server/features/integrations/twitch-retry';
import { type FakeTwitch, startFakeTwitch } from '../fakes/twitch';
import { seedChannels, setGuildPlan } from '../helpers/guilds';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * A failed EventSub subscription is made again with backoff (1, 5, 15 min, then hourly), driven by the
 * services' clock (moved by the test, shared with the fake Twitch's message timestamps); Helix is
 * polled meanwhile; a revocation by the streamer or a removed user is not retried.
 */

const SECRET = 'integrations-webhook-secret-0123';
const G = '7200';
const MIN = 60_000;
let now = new Date();
let s: TestServer;
let tw: FakeTwitch;
let linkId: number;
let broadcaster: string;

beforeAll(async () => {
  tw = await startFakeTwitch({ clientId: 'twitch-client', clientSecret: 'twitch-secret', now: () => now });
  s = await startTestServer({
    overrides: { clock: () => now },
    env: {
      TWITCH_CLIENT_ID: 'twitch-client',
      TWITCH_CLIENT_SECRET: 'twitch-secret',
      TWITCH_API_URL: tw.helixUrl,
      TWITCH_AUTH_URL: tw.authUrl,
      INTEGRATIONS_WEBHOOK_SECRET: SECRET,
      TWITCH_POLL_SECONDS: '120',
    },
  });
  await seedChannels(s.services, G, ['72001', '72002']);
  await setGuildPlan(s.services, G, 'ultimate');
  const link = await s.api(`/api/channels/links?guildId=${G}`, {
    method: 'POST',
    admin: true,
    body: {
      name: 'news',
      mode: 'mirror',
      channels: [
        { channelId: '72001', language: 'en' },
        { channelId: '72002', language: 'es' },
      ],
    },
  });
  linkId = (link.json as { id: number }).id;
  broadcaster = tw.user('cookingcat', 'CookingCat').id;
});
afterAll(async () => {
  await s?.close();
  await tw?.close();
});

type View = { delivery: string; retryAt: string | null; pushEnded: string | null; checkMinutes: number };
const entry = async () =>
  ((await s.api(`/api/integrations?guildId=${G}`, { admin: true })).json as { integrations: View[] })
    .integrations[0]!;
/** CookingCat's latest subscription at Twitch. */
const current = () => tw.subscriptions.filter((x) => x.condition.broadcaster_user_id === broadcaster).at(-1)!;
const creates = () => tw.helixCalls.filter((c) => c.method === 'POST').length;
/** Twitch ends the subscription with this reason (its status changes, then the revocation arrives). */
async function revoke(status: string) {
  const sub = current();
  sub.status = status;
  const { secret: _s, ...subscription } = sub;
  expect((await tw.send(sub, 'revocation', { subscription })).status).toBe(204);
}
const challenges = () => tw.deliveries.filter((d) => d.type === 'webhook_callback_verification');
/** The fake sends the challenge after answering the creation: waits until our answer to the n-th is in. */
const challengeAnswered = (n: number) =>
  vi.waitFor(
    () => {
      expect(challenges()).toHaveLength(n);
      return challenges().at(-1)!;
    },
    { timeout: 30_000, interval: 10 },
  );
const waitMs = (v: View) => Date.parse(v.retryAt!) - now.getTime();

describe('EventSub subscription retry', () => {
  it('a revocation for failed notifications books a retry in 1 min; Helix is polled meanwhile', async () => {
    const res = await s.api(`/api/integrations?guildId=${G}`, {
      method: 'POST',
      admin: true,
      body: { kind: 'twitch', source: 'cookingcat', linkId },
    });
    expect(res.status).toBe(201);
    await challengeAnswered(1);
    expect(await entry()).toMatchObject({ delivery: 'push', retryAt: null, pushEnded: null });
    await revoke('notification_failures_exceeded');
    const v = await entry();
    expect(v).toMatchObject({ delivery: 'retrying', pushEnded: null, checkMinutes: 2 });
    expect(waitMs(v)).toBe(1 * MIN);
    // Not due yet: nothing is asked of Twitch.
    const before = creates();
    expect(await retryDueSubscriptions(s.services)).toBe(0);
    expect(creates()).toBe(before);
    // The poll covers the broadcaster meanwhile.
    await pollTwitch(s.services);
    expect(tw.helixCalls.at(-1)!.path).toContain(`/streams?user_id=${broadcaster}`);
  });

  it('when due the subscription is made again, verified with a signed challenge, and push is back', async () => {
    const old = current().id;
    now = new Date(now.getTime() + MIN);
    expect(await retryDueSubscriptions(s.services)).toBe(1);
    expect(tw.subscriptions.map((x) => x.id)).not.toContain(old);
    expect((await challengeAnswered(2)).status).toBe(200);
    expect(current()).toMatchObject({ status: 'enabled', condition: { broadcaster_user_id: broadcaster } });
    expect(await entry()).toMatchObject({ delivery: 'push', retryAt: null });
  });

  it('a verification that fails again, or a refused creation, waits longer each time (5, 15 min, hourly)', async () => {
    await revoke('webhook_callback_verification_failed');
    expect(waitMs(await entry())).toBe(1 * MIN);
    tw.breakVerification(true);
    now = new Date(now.getTime() + MIN);
    expect(await retryDueSubscriptions(s.services)).toBe(1);
    // The challenge came with a signature that does not match: refused, so never verified.
    expect((await challengeAnswered(3)).status).toBe(403);
    expect(current().status).toBe('webhook_callback_verification_failed');
    let v = await entry();
    expect(v.delivery).toBe('pending');
    expect(waitMs(v)).toBe(5 * MIN);
    now = new Date(now.getTime() + 5 * MIN);
    expect(await retryDueSubscriptions(s.services)).toBe(1);
    expect((await challengeAnswered(4)).status).toBe(403);
    expect(waitMs(await entry())).toBe(15 * MIN);
    // Twitch refuses the next creation (503): failed, retried in an hour, and hourly after that.
    tw.failCreates(1);
    now = new Date(now.getTime() + 15 * MIN);
    const before = creates();
    expect(await retryDueSubscriptions(s.services)).toBe(1);
    expect(creates()).toBe(before + 1);
    v = await entry();
    expect(v.delivery).toBe('retrying');
    expect(waitMs(v)).toBe(60 * MIN);
    tw.breakVerification(false);
    now = new Date(now.getTime() + 60 * MIN);
    expect(await retryDueSubscriptions(s.services)).toBe(1);
    expect((await challengeAnswered(5)).status).toBe(200);
    expect(current().status).toBe('enabled');
    expect(await entry()).toMatchObject({ delivery: 'push', retryAt: null });
  });

  it('a subscription Twitch refuses when the broadcaster is added, or never verifies, is retried in 1 min', async () => {
    tw.user('gardenhour', 'GardenHour');
    tw.failCreates(1);
    const refused = await s.api(`/api/integrations?guildId=${G}`, {
      method: 'POST',
      admin: true,
      body: { kind: 'twitch', source: 'gardenhour', linkId },
    });
    expect(refused.status).toBe(201);
    expect(refused.json).toMatchObject({ delivery: 'retrying', pushEnded: null });
    expect(Date.parse((refused.json as View).retryAt!) - now.getTime()).toBe(1 * MIN);
    tw.user('nightowl', 'NightOwl');
    tw.breakVerification(true);
    const n = challenges().length;
    const unverified = await s.api(`/api/integrations?guildId=${G}`, {
      method: 'POST',
      admin: true,
      body: { kind: 'twitch', source: 'nightowl', linkId },
    });
    expect((await challengeAnswered(n + 1)).status).toBe(403);
    tw.breakVerification(false);
    expect(unverified.json).toMatchObject({ delivery: 'pending' });
    expect(Date.parse((unverified.json as View).retryAt!) - now.getTime()).toBe(1 * MIN);
    // Both are due together a minute later: each is made again and verified.
    now = new Date(now.getTime() + MIN);
    expect(await retryDueSubscriptions(s.services)).toBe(2);
    await challengeAnswered(n + 3);
    const views = (
      (await s.api(`/api/integrations?guildId=${G}`, { admin: true })).json as { integrations: View[] }
    ).integrations;
    expect(views.slice(1).map((v) => v.delivery)).toEqual(['push', 'push']);
  });

  it.each(['authorization_revoked', 'user_removed'])(
    '%s is not retried, and the screen is told why',
    async (status) => {
      await revoke(status);
      expect(await entry()).toMatchObject({ delivery: 'polling', retryAt: null, pushEnded: status });
      const before = creates();
      now = new Date(now.getTime() + 3 * 60 * MIN);
      expect(await retryDueSubscriptions(s.services)).toBe(0);
      expect(creates()).toBe(before);
    },
  );
});
