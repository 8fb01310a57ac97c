import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/server';
import { DEEPL_KEY, GEMINI_KEY, laneProbeOptions, sampleMinutes, startLanes } from '../helpers/status-lanes';

/**
 * Issue 27: the status page per translation lane. The operator's Gemini (primary) and DeepL
 * (fallback) are probed every minute by the translator itself against fakes on loopback; DeepL is
 * down for ten minutes. /api/status shows one component per lane, DeepL's incident and Gemini's
 * full uptime, never a key or a provider URL; translation as a whole stayed up (Gemini answered),
 * so the overall figure is untouched by the fallback's outage.
 */
const MINUTE = 60_000;
const T0 = Date.parse('2026-07-01T08:00:00Z');
let now = new Date(T0);
let s: TestServer;
let lanes: Awaited<ReturnType<typeof startLanes>>;

beforeAll(async () => {
  lanes = await startLanes();
  s = await startTestServer({
    env: {
      ...lanes.env,
      PROVIDER_KEY_SECRET: Buffer.alloc(32, 7).toString('base64'),
      // The fakes listen on loopback.
      PROVIDER_KEY_PRIVATE_URLS: 'true',
    },
    overrides: { clock: () => now, translatorOptions: laneProbeOptions },
    guilds: [{ id: 'own-key-server', plan: 'plus' }],
  });
  // Minutes 0..59; DeepL answers 503 to everything in minutes 30..39.
  await sampleMinutes(s, lanes, {
    t0: T0,
    from: 0,
    to: 60,
    setNow: (d) => {
      now = d;
    },
    deeplDown: (m) => m >= 30 && m < 40,
  });
});
afterAll(async () => {
  await s?.close();
  await lanes?.close();
});

const at = (m: number) => new Date(T0 + m * MINUTE).toISOString();

describe('GET /api/status with two translation lanes', () => {
  it('one component per lane: the fallback’s incident, the primary’s uptime, the overall figure from translation as a whole', async () => {
    // Minutes 0..59 counted (minute 60's sample would be written at minute 61's start).
    now = new Date(T0 + 61 * MINUTE + 30_000);
    const res = await s.api('/api/status');
    expect(res.status).toBe(200);
    const rows = res.json.components as { id: string; name: string; current: string; uptime: object }[];
    expect(rows.map((c) => [c.id, c.name])).toEqual([
      ['web', 'Website, dashboard and API'],
      ['translation:primary:gemini', 'Translation — primary (Gemini)'],
      ['translation:fallback:deepl', 'Translation — fallback (DeepL)'],
    ]);
    const [, gemini, deepl] = rows;
    expect(gemini).toMatchObject({ current: 'up', uptime: { day: 100, week: 100, quarter: 100 } });
    // 50 of 60 minutes up; back up by minute 40.
    expect(deepl).toMatchObject({ current: 'up', uptime: { day: 83.333, week: 83.333, quarter: 83.333 } });
    expect(res.json.incidents).toEqual([
      {
        component: 'translation:fallback:deepl',
        name: 'Translation — fallback (DeepL)',
        start: at(30),
        end: at(40),
        minutes: 10,
      },
    ]);
    // Gemini served throughout: no outage of the product.
    expect(res.json.overall).toEqual({ day: 100, week: 100, quarter: 100 });
    // Never a key, a provider URL or a model.
    const text = JSON.stringify(res.json);
    for (const secret of [
      GEMINI_KEY,
      DEEPL_KEY,
      lanes.gemini.url,
      lanes.deepl.url,
      '127.0.0.1',
      'gemini-2.5',
    ])
      expect(text).not.toContain(secret);
  });

  it('both lanes down: each lane’s incident, and the overall figure counts the outage', async () => {
    // Minutes 60..69: Gemini answers 503 too while DeepL is down from minute 65.
    lanes.gemini.respondWith(() => ({ status: 503 }));
    try {
      await sampleMinutes(s, lanes, {
        t0: T0,
        from: 60,
        to: 70,
        setNow: (d) => {
          now = d;
        },
        deeplDown: (m) => m >= 65,
      });
    } finally {
      lanes.gemini.reset();
    }
    now = new Date(T0 + 71 * MINUTE + 30_000);
    const res = await s.api('/api/status');
    const byId = Object.fromEntries(res.json.components.map((c: { id: string }) => [c.id, c]));
    expect(byId['translation:primary:gemini'].current).toBe('down');
    expect(byId['translation:fallback:deepl'].current).toBe('down');
    expect(res.json.incidents.slice(0, 2)).toEqual([
      expect.objectContaining({
        component: 'translation:fallback:deepl',
        start: at(65),
        end: null,
        minutes: 5,
      }),
      expect.objectContaining({
        component: 'translation:primary:gemini',
        start: at(60),
        end: null,
        minutes: 10,
      }),
    ]);
    // Translation as a whole was down minutes 65..69: 5 of 70.
    expect(res.json.overall.day).toBe(92.857);
    // The lanes' own figures are not the product's: translation as a whole is not listed when lanes are known.
    expect(byId.provider).toBeUndefined();
  });

  it('a server’s own key is never a component: not sampled, not listed, not named', async () => {
    const saved = await s.api('/api/provider-key?guildId=own-key-server', {
      method: 'PUT',
      admin: true,
      body: { provider: 'deepl', key: DEEPL_KEY },
    });
    expect(saved.status).toBe(200);
    // The server's messages go through its own lane ("own:deepl:deepl" in the translation log).
    const done = await s.services.translator.translate({
      text: 'Good morning, friends',
      source: 'en',
      targets: ['de'],
      origin: 'context-menu',
      guildId: 'own-key-server',
    });
    expect(done.provider).toMatch(/^own:/);
    await sampleMinutes(s, lanes, {
      t0: T0,
      from: 70,
      to: 72,
      setNow: (d) => {
        now = d;
      },
      deeplDown: () => false,
    });
    now = new Date(T0 + 73 * MINUTE + 30_000);
    const res = await s.api('/api/status');
    expect(res.json.components.map((c: { id: string }) => c.id)).toEqual([
      'web',
      'translation:primary:gemini',
      'translation:fallback:deepl',
    ]);
    const text = JSON.stringify(res.json);
    expect(text).not.toContain('own:');
    expect(text).not.toContain('own-key-server');
    expect(text).not.toContain(DEEPL_KEY);
  });
});
