import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rawAll, rawRun } from '../../db/client';
import type { ServerEvents } from '../../src/server/core/server-events';
import { createCallerFactory, publicProcedure, router } from '../../src/server/core/trpc';
import { QuotaExceededError, RateLimitedError } from '../../src/server/core/translator';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { startTestServer, type TestServer } from '../helpers/server';
import { geminiEnv, manualClock, seedUsage } from './helpers';

let fake: FakeProvider;
let s: TestServer;
const t = manualClock('2026-03-10T12:00:00Z');
const notices: ServerEvents['usage:threshold'][0][] = [];

beforeAll(async () => {
  fake = await startFakeGemini();
  s = await startTestServer({
    env: geminiEnv(fake.url),
    overrides: { clock: t.clock, translatorOptions: { baseDelayMs: 5 } },
    guilds: ['g-rate', 'g-new', 'g-err', 'g-logs', 'g-quota', 'g-upgrade'],
  });
  s.services.events.on('usage:threshold', (n) => notices.push(n));
});
afterAll(async () => {
  await s.close();
  await fake.close();
});
beforeEach(() => {
  notices.length = 0;
});

const translate = (guildId: string, text: string, extra: Record<string, string> = {}) =>
  s.services.translator.translate({
    text,
    targets: ['es'],
    source: 'en',
    origin: 'mirror',
    guildId,
    ...extra,
  });
const logs = async (guildId: string) =>
  (await rawAll(
    s.services.db,
    sql`select * from translation_logs where guild_id = ${guildId} order by id`,
  )) as Record<string, unknown>[];

describe('translation logs', () => {
  it('one row per delivered translation with languages, length, latency, outcome and origin, never the text', async () => {
    await s.services.translator.translate({
      text: 'Meet at the north gate',
      targets: ['es', 'fr', 'de'],
      source: 'en',
      origin: 'context-menu',
      guildId: 'g-logs',
      channelId: 'c-1',
      userId: 'u-1',
      username: 'ana',
    });
    const rows = await logs('g-logs');
    expect(rows.map((r) => r.target_language)).toEqual(['es', 'fr', 'de']);
    for (const r of rows) {
      expect(r).toMatchObject({
        guild_id: 'g-logs',
        channel_id: 'c-1',
        user_id: 'u-1',
        username: 'ana',
        source_language: 'en',
        characters: 'Meet at the north gate'.length,
        outcome: 'ok',
        source: 'context-menu',
      });
      expect(typeof r.latency_ms).toBe('number');
      expect(JSON.stringify(r)).not.toContain('north gate');
    }
  });

  it('a failed provider call is logged as error and counts nothing against the allowance', async () => {
    fake.queue({ text: 'nope' }, { text: 'still nope' });
    await expect(translate('g-err', 'This will fail twice')).rejects.toThrow(/no usable answer for es/);
    expect((await logs('g-err')).map((r) => r.outcome)).toEqual(['error']);
    const usage = await s.api('/api/usage?guildId=g-err', { admin: true });
    expect(usage.json.used).toBe(0);
  });
});

describe('monthly allowance (Free: 1,000)', () => {
  const g = 'g-quota';

  it('notices at exactly 75% and 90%, once each; the pause at 100%; GET /api/usage tells the state', async () => {
    await seedUsage(s.services.db, g, 748, t.clock());
    await translate(g, 'message 749');
    expect(notices).toEqual([]);
    await translate(g, 'message 750');
    expect(notices).toEqual([{ guildId: g, threshold: 75, used: 750, allowance: 1000 }]);
    await translate(g, 'message 751');
    expect(notices).toHaveLength(1);

    await seedUsage(s.services.db, g, 148, t.clock()); // 899
    await translate(g, 'message 900');
    expect(notices.map((n) => n.threshold)).toEqual([75, 90]);
    expect(notices[1]).toMatchObject({ used: 900 });

    const mid = await s.api(`/api/usage?guildId=${g}`, { admin: true });
    expect(mid.status).toBe(200);
    expect(mid.json).toEqual({
      plan: 'free',
      used: 900,
      allowance: 1000,
      percent: 90,
      paused: false,
      month: '2026-03',
      resetsAt: '2026-04-01T00:00:00.000Z',
    });

    await seedUsage(s.services.db, g, 99, t.clock()); // 999
    await translate(g, 'message 1000');
    expect(notices.map((n) => n.threshold)).toEqual([75, 90, 100]);
    const calls = fake.requests.length;
    const err = await translate(g, 'message 1001').catch((x) => x);
    expect(err).toBeInstanceOf(QuotaExceededError);
    expect(err.message).toBe(
      'monthly translation allowance used (1000 of 1000); translation is paused until 2026-04-01 or an upgrade',
    );
    expect(fake.requests).toHaveLength(calls);

    const paused = await s.api(`/api/usage?guildId=${g}`, { admin: true });
    expect(paused.json).toMatchObject({ used: 1000, percent: 100, paused: true });
    const rows = await rawAll(
      s.services.db,
      sql`select threshold from usage_notices where guild_id = ${g} order by threshold`,
    );
    expect(rows).toEqual([{ threshold: 75 }, { threshold: 90 }, { threshold: 100 }]);
  });

  it('resumes at the turn of the month (UTC), with fresh notices', async () => {
    t.set('2026-03-31T23:59:59Z');
    await expect(translate(g, 'still March')).rejects.toBeInstanceOf(QuotaExceededError);
    t.set('2026-04-01T00:00:00Z');
    const res = await translate(g, 'first of April');
    expect(res.translations.es).toBe('[es] first of April');
    const usage = await s.api(`/api/usage?guildId=${g}`, { admin: true });
    expect(usage.json).toMatchObject({
      used: 1,
      paused: false,
      month: '2026-04',
      resetsAt: '2026-05-01T00:00:00.000Z',
    });
    await seedUsage(s.services.db, g, 749, t.clock());
    await translate(g, 'April 751');
    expect(notices.map((n) => n.threshold)).toEqual([75]);
  });

  it('an upgrade lifts the pause at once; Pro is unlimited', async () => {
    const g2 = 'g-upgrade';
    await seedUsage(s.services.db, g2, 1000, t.clock());
    await expect(translate(g2, 'paused')).rejects.toBeInstanceOf(QuotaExceededError);
    await rawRun(s.services.db, sql`update guilds set plan = 'pro' where id = ${g2}`);
    await translate(g2, 'unpaused');
    const usage = await s.api(`/api/usage?guildId=${g2}`, { admin: true });
    expect(usage.json).toMatchObject({ plan: 'pro', used: 1001, allowance: null, percent: 0, paused: false });
  });
});

describe('per-member hourly limit', () => {
  it("follows the guild's rateLimitPerUser: the next message is refused, others are not, and the hour passes", async () => {
    const g = 'g-rate';
    const set = await s.api(`/api/translation/settings?guildId=${g}`, {
      method: 'PATCH',
      admin: true,
      body: { rateLimitPerUser: 10 },
    });
    expect(set.status).toBe(200);
    for (let i = 0; i < 10; i++) await translate(g, `chatty message ${i}`, { userId: 'u-chatty' });
    const err = await translate(g, 'one too many', { userId: 'u-chatty' }).catch((x) => x);
    expect(err).toBeInstanceOf(RateLimitedError);
    expect(err.message).toBe(
      'translation limit reached: 10 messages per hour per member on this server; try again in 60 min',
    );
    await translate(g, 'someone else', { userId: 'u-quiet' });
    t.advance(60 * 60_000);
    await translate(g, 'an hour later', { userId: 'u-chatty' });
  });

  it('reaches callers as 429 TOO_MANY_REQUESTS with the message, through the errorMapping middleware', async () => {
    const probe = router({
      go: publicProcedure.mutation(({ ctx }) =>
        ctx.translator.translate({
          text: 'limited',
          targets: ['es'],
          source: 'en',
          origin: 'cli',
          guildId: 'g-rate',
          userId: 'u-chatty2',
        }),
      ),
    });
    const caller = createCallerFactory(probe)({
      ...s.services,
      actor: { kind: 'bot' },
      clientIp: '127.0.0.1',
    });
    for (let i = 0; i < 10; i++) await caller.go();
    const err = await caller.go().catch((x) => x);
    expect(err.code).toBe('TOO_MANY_REQUESTS');
    expect(err.message).toMatch(/^translation limit reached: 10 messages per hour/);
  });
});

describe('GET /api/usage', () => {
  it('answers a guild with no translations yet, and needs admin credentials', async () => {
    const res = await s.api('/api/usage?guildId=g-new', { admin: true });
    expect(res.json).toMatchObject({ plan: 'free', used: 0, allowance: 1000, percent: 0, paused: false });
    const anon = await s.api('/api/usage?guildId=g-new');
    expect(anon.status).toBe(401);
    const bad = await s.api('/api/usage?guildId=bad%20id', { admin: true });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('guildId');
  });
});
