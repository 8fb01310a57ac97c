import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawAll, rawRun } from '../../db/client';
import { type FakeDeepL, startFakeDeepL } from '../fakes/deepl';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Issue 28: Analytics shows which provider served each share. The operator's Gemini (the fake, on
 * loopback) with DeepL as its fallback (the fake speaking DeepL's wire format), and a server with
 * its own DeepL key: real translations through the engine, then GET /api/analytics and the
 * providers export name each lane and its role, with translations, characters and errors.
 */

const SECRET = Buffer.alloc(32, 7).toString('base64');
const DEEPL_KEY = 'deepl-test-key:fx';
let s: TestServer;
let gemini: FakeProvider;
let deepl: FakeDeepL;

beforeAll(async () => {
  gemini = await startFakeGemini();
  deepl = await startFakeDeepL(DEEPL_KEY);
  s = await startTestServer({
    env: {
      GEMINI_API_KEY: 'operator-key',
      GEMINI_BASE_URL: gemini.url,
      GEMINI_MODEL: 'gemini-test',
      DEEPL_API_KEY: DEEPL_KEY,
      DEEPL_SERVER_URL: deepl.url,
      TRANSLATION_FALLBACK: 'deepl',
      PROVIDER_KEY_SECRET: SECRET,
      PROVIDER_KEY_PRIVATE_URLS: 'true',
    },
    // No retries and no breaker memory between the steps: each call reaches the lane it is meant to.
    overrides: {
      translatorOptions: { attempts: 1, baseDelayMs: 1, batchWindowMs: 0, breakerThreshold: 1_000 },
    },
    guilds: [
      { id: 'ap-pro', plan: 'pro' },
      { id: 'ap-own', plan: 'pro' },
      { id: 'ap-empty', plan: 'pro' },
      { id: 'ap-free', plan: 'free' },
    ],
  });
});
afterAll(async () => {
  await s?.close();
  await Promise.all([gemini?.close(), deepl?.close()]);
});

let n = 0;
/** A new text each time (a cached one would make no provider call); `chars` long. */
const translate = (guildId: string, chars = 30) =>
  s.services.translator.translate({
    text: `Good morning ${++n} `.padEnd(chars, 'x'),
    source: 'en',
    targets: ['de'],
    origin: 'context-menu',
    guildId,
  });

const analytics = async (guildId: string) => {
  const res = await s.api(`/api/analytics?guildId=${guildId}`, { admin: true });
  expect(res.status).toBe(200);
  return res.json.providers as Array<Record<string, unknown>>;
};

describe('Analytics: which provider served each share', () => {
  it('the operator’s provider, its fallback while the first is down, and errors on the lane asked first', async () => {
    expect((await translate('ap-pro', 40)).provider).toBe('gemini:gemini-test');
    expect((await translate('ap-pro', 40)).provider).toBe('gemini:gemini-test');
    expect((await translate('ap-pro', 40)).provider).toBe('gemini:gemini-test');
    gemini.respondWith(() => ({ status: 503 }));
    try {
      expect((await translate('ap-pro', 25)).provider).toBe('deepl:deepl');
      deepl.down(503);
      await expect(translate('ap-pro')).rejects.toThrow();
    } finally {
      gemini.reset();
      deepl.reset();
    }
    const rows = await analytics('ap-pro');
    expect(rows).toEqual([
      {
        lane: 'gemini:gemini-test',
        role: 'primary',
        name: 'Gemini · gemini-test',
        translations: 3,
        characters: 120,
        errors: 1,
        share: 75,
      },
      {
        lane: 'deepl:deepl',
        role: 'fallback',
        name: 'DeepL',
        translations: 1,
        characters: 25,
        errors: 0,
        share: 25,
      },
    ]);

    // The export carries the same figures, by name and role.
    const today = new Date().toISOString().slice(0, 10);
    const json = await s.api(`/api/exports/providers?guildId=ap-pro&from=${today}&to=${today}&format=json`, {
      admin: true,
    });
    expect(json.status).toBe(200);
    expect(json.json.rows).toEqual(
      rows.map((r) => ({
        provider: r.lane,
        name: r.name,
        role: r.role,
        translations: r.translations,
        characters: r.characters,
        errors: r.errors,
        share: r.share,
      })),
    );
    const csv = await s.api(`/api/exports/providers?guildId=ap-pro&from=${today}&to=${today}&format=csv`, {
      admin: true,
    });
    expect(csv.text.split('\n')[0].trim()).toBe('provider,name,role,translations,characters,errors,share');
    expect(csv.text).toContain('deepl:deepl,DeepL,fallback,1,25,0,25');
  });

  it('a server’s own key is shown as its own, apart from the operator’s provider', async () => {
    const put = await s.api('/api/provider-key?guildId=ap-own', {
      method: 'PUT',
      admin: true,
      body: { provider: 'deepl', key: DEEPL_KEY },
    });
    expect(put.status).toBe(200);
    expect((await translate('ap-own', 20)).provider).toBe('own:deepl:deepl');
    expect((await translate('ap-own', 20)).provider).toBe('own:deepl:deepl');
    expect(await analytics('ap-own')).toEqual([
      {
        lane: 'own:deepl:deepl',
        role: 'own',
        name: 'DeepL',
        translations: 2,
        characters: 40,
        errors: 0,
        share: 100,
      },
    ]);
  });

  it('a server without translations gets an empty list; the export outside the plan is refused, nothing written', async () => {
    expect(await analytics('ap-empty')).toEqual([]);
    const today = new Date().toISOString().slice(0, 10);
    const refused = await s.api(
      `/api/exports/providers?guildId=ap-free&from=${today}&to=${today}&format=json`,
      {
        admin: true,
      },
    );
    expect(refused.status).toBe(403);
    const bad = await s.api(`/api/exports/providers?guildId=ap-pro&from=${today}&to=nope&format=json`, {
      admin: true,
    });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/to/);
  });
});

describe('the providers rollup', () => {
  /** The rollup's rows, and the same figures grouped from the logs themselves. */
  const kept = async () =>
    (
      await rawAll<Record<string, unknown>>(
        s.services.db,
        sql`select guild_id as "guildId", day, provider, outcome, count, characters from analytics_providers`,
      )
    )
      .map((r) =>
        JSON.stringify({
          ...r,
          day: Number(r.day),
          count: Number(r.count),
          characters: Number(r.characters),
        }),
      )
      .sort();
  const scanned = async () =>
    (
      await rawAll<Record<string, unknown>>(
        s.services.db,
        sql`select guild_id as "guildId", created_at / 86400000 * 86400000 as day, coalesce(provider, '') as provider,
              outcome, count(*) as count, sum(characters) as characters
            from translation_logs group by 1, 2, 3, 4`,
      )
    )
      .map((r) =>
        JSON.stringify({
          ...r,
          day: Number(r.day),
          count: Number(r.count),
          characters: Number(r.characters),
        }),
      )
      .sort();

  it('follows every insert, update and delete of a log, and the migration backfill rebuilds the same rows', async () => {
    const engine = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';
    // A log from before lanes were recorded counts under '' (named "Not recorded" on the screen).
    await rawRun(
      s.services.db,
      sql`insert into translation_logs (guild_id, source_language, target_language, characters, outcome, provider, created_at)
          values ('ap-empty', 'en', 'fr', 11, 'ok', null, ${Date.now()})`,
    );
    expect(await analytics('ap-empty')).toEqual([
      {
        lane: '',
        role: 'unrecorded',
        name: 'Not recorded',
        translations: 1,
        characters: 11,
        errors: 0,
        share: 100,
      },
    ]);
    expect((await kept()).length).toBeGreaterThan(3);
    expect(await kept()).toEqual(await scanned());
    await rawRun(
      s.services.db,
      sql`update translation_logs set provider = 'cache', characters = 5 where guild_id = 'ap-pro' and provider = 'deepl:deepl'`,
    );
    await rawRun(s.services.db, sql`delete from translation_logs where guild_id = 'ap-own'`);
    expect(await kept()).toEqual(await scanned());
    expect((await analytics('ap-pro')).find((r) => r.lane === 'cache')).toMatchObject({
      role: 'cache',
      name: 'Translation cache',
      translations: 1,
      characters: 5,
    });
    expect(await analytics('ap-own')).toEqual([]);

    const before = await kept();
    // The migration's number changes when migrations are merged; its name does not.
    const dir = new URL(
      engine === 'postgres' ? '../../migrations-pg/' : '../../migrations/',
      import.meta.url,
    );
    const file = readdirSync(dir).find((f) => f.endsWith('_analytics_providers.sql'));
    const migration = readFileSync(new URL(file ?? 'missing', dir), 'utf8');
    const backfill = migration.slice(migration.lastIndexOf('-- Backfill'));
    expect(backfill).toMatch(/^-- Backfill[\s\S]*INSERT INTO analytics_providers/);
    await rawRun(s.services.db, sql`delete from analytics_providers`);
    await rawRun(s.services.db, sql.raw(backfill));
    expect(await kept()).toEqual(before);
  });
});
