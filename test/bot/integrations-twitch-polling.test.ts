import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawAll } from '../../db/client';
import { loadEnv } from '../../src/server/core/env';
import { type Repeat, startIntegrationPolling } from '../../src/server/features/integrations/poller';
import type { RecordedRequest } from '../fakes/gemini';
import { type FakeTwitch, startFakeTwitch } from '../fakes/twitch';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { type BotHarness, startBotHarness } from './harness';

/**
 * Twitch go-live without EventSub (no INTEGRATIONS_WEBHOOK_SECRET: webhooks cannot be used): the
 * poller asks the fake Helix which broadcasters are live every TWITCH_POLL_SECONDS, batched 100 ids
 * per call with the app access token, and posts each stream once. Time is moved by hand: the poller
 * is given a repeat whose rounds the test runs and awaits, so no test sleeps.
 */

const POLL_SECONDS = 45;
let h: BotHarness;
let tw: FakeTwitch;
let linkId: number;
/** The rounds the poller registered, by their period. */
const repeats: { round: () => Promise<void>; ms: number }[] = [];
const manual: Repeat = (round, ms) => {
  const entry = { round, ms };
  repeats.push(entry);
  return () => repeats.splice(repeats.indexOf(entry), 1);
};
let stop: () => void;
/** Moves time on by `seconds`: every repeat whose period elapsed runs its round, awaited. */
let elapsed = 0;
async function advance(seconds: number) {
  const from = elapsed;
  elapsed += seconds * 1000;
  for (const r of repeats) {
    for (let n = Math.floor(from / r.ms) + 1; n * r.ms <= elapsed; n++) await r.round();
  }
}

beforeAll(async () => {
  tw = await startFakeTwitch({ clientId: 'twitch-client', clientSecret: 'twitch-secret' });
  h = await startBotHarness({
    env: {
      TWITCH_CLIENT_ID: 'twitch-client',
      TWITCH_CLIENT_SECRET: 'twitch-secret',
      TWITCH_API_URL: tw.helixUrl,
      TWITCH_AUTH_URL: tw.authUrl,
      TWITCH_POLL_SECONDS: String(POLL_SECONDS),
    },
  });
  await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
  ({ id: linkId } = await h.link('news', [
    ['news-en', 'en'],
    ['news-es', 'es'],
    ['news-fr', 'fr'],
  ]));
  stop = startIntegrationPolling(h.server.services, manual);
});
afterAll(async () => {
  stop?.();
  await h?.close();
  await tw?.close();
});

const add = (body: Record<string, unknown>) =>
  h.server.api(`/api/integrations?guildId=${h.guild.id}`, { method: 'POST', admin: true, body });
const postIn = (channel: string, needle: string) =>
  h.fake.waitForCall(
    (c) =>
      c.method === 'POST' &&
      c.path === `/channels/${h.channel(channel).id}/messages` &&
      String(c.body?.content ?? '').includes(needle),
    15_000,
  );
const callsAbout = (needle: string) =>
  h.gemini.requests.filter((r: RecordedRequest) => r.translation?.text.includes(needle));
const announcements = async () =>
  Number(
    (
      (await rawAll(
        h.server.services.db,
        sql`select count(*) as n from announcements where guild_id = ${h.guild.id}`,
      )) as { n: number }[]
    )[0]!.n,
  );
const streamCalls = () => tw.helixCalls.filter((c) => c.method === 'GET' && c.path.startsWith('/streams?'));

describe('Twitch by polling Helix', () => {
  it('without a webhook secret Twitch is offered, and a broadcaster is followed with no EventSub subscription', async () => {
    const list = await h.server.api(`/api/integrations?guildId=${h.guild.id}`, { admin: true });
    expect(list.json).toMatchObject({ available: { twitch: true } });
    tw.user('cookingcat', 'CookingCat');
    tw.user('quietfox', 'QuietFox');
    // Already live when followed: that stream is not announced (EventSub would not have either).
    await tw.goLive('cookingcat', {
      title: 'Old stream',
      game: 'Chess',
      startedAt: new Date(Date.now() - 3_600_000),
    });
    for (const source of ['cookingcat', 'twitch.tv/QuietFox']) {
      const res = await add({ kind: 'twitch', source, linkId });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ delivery: 'polling' });
    }
    expect(tw.subscriptions).toEqual([]);
    expect(tw.helixCalls.some((c) => c.path.startsWith('/eventsub'))).toBe(false);
    // The configured interval, for Twitch; YouTube keeps its own.
    expect(repeats.map((r) => r.ms).sort((a, b) => a - b)).toEqual([POLL_SECONDS * 1000, 300_000]);
  });

  it('a round before the interval has passed asks nothing; at the interval one batched call is made', async () => {
    const before = streamCalls().length;
    await advance(POLL_SECONDS - 1);
    expect(streamCalls()).toHaveLength(before);
    await advance(1);
    const calls = streamCalls().slice(before);
    expect(calls).toHaveLength(1);
    const query = new URLSearchParams(calls[0]!.path.split('?')[1]);
    expect(query.getAll('user_id').sort()).toEqual(['41000000', '41000001']);
    expect(query.get('first')).toBe('100');
    expect(callsAbout('Old stream')).toHaveLength(0);
    expect(await announcements()).toBe(0);
  });

  it('a go-live is posted in every language channel with its title and game, one provider call', async () => {
    tw.goOffline('cookingcat');
    await tw.goLive('cookingcat', { title: 'Ramen night', game: 'Food & Drink' });
    await advance(POLL_SECONDS);
    const es = await postIn('news-es', 'Ramen night');
    await postIn('news-fr', 'Ramen night');
    await postIn('news-en', 'Ramen night');
    expect(es.body?.content).toContain(
      '[es] 🔴 **CookingCat** is live on Twitch: Ramen night (Food & Drink)',
    );
    expect(es.body?.content).toContain('https://www.twitch.tv/cookingcat');
    expect(callsAbout('Ramen night')).toHaveLength(1);
    expect(callsAbout('Ramen night')[0]!.translation!.targets.sort()).toEqual(['es', 'fr']);
  });

  it('the same stream is posted once however many rounds see it; the next stream is posted again', async () => {
    const before = await announcements();
    await advance(POLL_SECONDS * 3);
    expect(await announcements()).toBe(before);
    expect(callsAbout('Ramen night')).toHaveLength(1);
    tw.goOffline('cookingcat');
    await advance(POLL_SECONDS);
    await tw.goLive('cookingcat', { title: 'Dumplings', game: 'Food & Drink' });
    await advance(POLL_SECONDS);
    await postIn('news-es', 'Dumplings');
    expect(await announcements()).toBe(before + 1);
  });

  it('more than 100 followed broadcasters are asked in calls of 100', async () => {
    for (let i = 0; i < 99; i++) tw.user(`streamer_${i}`, `Streamer ${i}`);
    for (let i = 0; i < 99; i++) {
      expect((await add({ kind: 'twitch', source: `streamer_${i}`, linkId })).status).toBe(201);
    }
    await tw.goLive('streamer_98', { title: 'Speedrun', game: 'Celeste' });
    const before = streamCalls().length;
    await advance(POLL_SECONDS);
    const calls = streamCalls().slice(before);
    expect(calls.map((c) => new URLSearchParams(c.path.split('?')[1]).getAll('user_id').length)).toEqual([
      100, 1,
    ]);
    await postIn('news-fr', 'Speedrun');
  });

  it('a round Twitch refuses (credentials revoked) writes nothing and the next round works again', async () => {
    const before = await tableCounts(h.server.services);
    // The secret was rotated at Twitch: the token is revoked (Helix answers 401) and a new one refused.
    tw.revokeTokens();
    tw.setClientSecret('rotated-secret');
    await tw.goLive('quietfox', { title: 'Knitting', game: 'Art' });
    try {
      const calls = streamCalls().length;
      await advance(POLL_SECONDS);
      expect(streamCalls().length).toBe(calls + 1);
      expect(await tableCounts(h.server.services)).toEqual(before);
      expect(callsAbout('Knitting')).toHaveLength(0);
    } finally {
      tw.setClientSecret('twitch-secret');
    }
    await advance(POLL_SECONDS);
    await postIn('news-es', 'Knitting');
  });
});

describe('settings', () => {
  it('TWITCH_POLL_SECONDS and YOUTUBE_WEB_URL that are not valid are named at start', () => {
    for (const v of ['5', 'abc', '1.5', '-60']) {
      expect(() => loadEnv({ TWITCH_POLL_SECONDS: v }), v).toThrow(/TWITCH_POLL_SECONDS/);
    }
    expect(loadEnv({}).TWITCH_POLL_SECONDS).toBe(60);
    expect(() => loadEnv({ YOUTUBE_WEB_URL: 'not a url' })).toThrow(/YOUTUBE_WEB_URL/);
  });
});
