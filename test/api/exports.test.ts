import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationLogs, ticketMessages, tickets, translationLogs } from '../../db/schema';
import { createCaller } from '../../src/server/app/router';
import { EXPORT_PAGE_SIZE } from '../../src/server/features/exports/datasets';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';
import { insertLogs, SAMPLE_LOGS, SAMPLE_NOW } from '../helpers/translation-logs';

const PRO = '111';
const PLUS = '222';
const ULTIMATE = '333';
const OTHER_ULTIMATE = '444';
const bearer = (value: string) => ({ authorization: `Bearer ${value}` });
const ALL_TIME = 'from=2026-01-01&to=2026-03-18';
let s: TestServer;
let apiKey = '';

beforeAll(async () => {
  s = await startTestServer({
    overrides: { clock: () => SAMPLE_NOW },
    guilds: [
      { id: PRO, plan: 'pro' },
      { id: PLUS, plan: 'plus' },
      { id: ULTIMATE, plan: 'ultimate' },
      { id: OTHER_ULTIMATE, plan: 'ultimate' },
    ],
  });
  await insertLogs(s, PRO, SAMPLE_LOGS);
  await insertLogs(s, PLUS, SAMPLE_LOGS.slice(0, 2));
  const db = s.services.db;
  await db
    .insert(moderationLogs)
    .values([
      {
        guildId: PRO,
        type: 'filter',
        userId: 'u7',
        message: 'SECRET flagged words',
        action: 'deleted',
        rule: 'banned word',
        language: 'en',
        timestamp: new Date('2026-03-10T10:00:00Z'),
      },
      {
        guildId: PRO,
        type: 'spam',
        userId: 'u8',
        message: 'SECRET spam text',
        action: 'warned',
        rule: 'flood',
        language: '',
        timestamp: new Date('2026-03-19T00:00:00Z'), // the day after the range
      },
    ])
    .run();
  const ticket = await db
    .insert(tickets)
    .values({
      guildId: ULTIMATE,
      subject: { en: 'SECRET subject' },
      description: { en: 'SECRET description' },
      userLanguage: 'ja',
      userId: 'u9',
      category: 'billing, "refund"',
      createdAt: new Date('2026-03-12T09:00:00Z'),
      status: 'closed',
      claimedBy: '4242',
      rating: 4,
      closeReason: 'Refund issued',
    })
    .returning()
    .get();
  await db
    .insert(ticketMessages)
    .values({
      ticketId: ticket.id,
      messageId: 'm1',
      userId: 'u9',
      originalText: 'SECRET message',
      originalLanguage: 'ja',
      translations: { en: 'SECRET translated' },
    })
    .run();
  const made = await s.api(`/api/api-keys?guildId=${ULTIMATE}`, {
    method: 'POST',
    body: { name: 'exports' },
    admin: true,
  });
  expect(made.status).toBe(201);
  apiKey = made.json.key;
});
afterAll(() => s.close());

describe('GET /api/exports/:dataset', () => {
  it('streams the translation log as CSV that parses to the same rows as the JSON export', async () => {
    const csv = await s.api(`/api/exports/translations?guildId=${PRO}&${ALL_TIME}&format=csv`, {
      admin: true,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="polyglot-${PRO}-translations-2026-01-01_2026-03-18.csv"`,
    );
    expect(csv.headers.get('x-export-rows')).toBe(String(SAMPLE_LOGS.length));
    expect(csv.text.startsWith('id,createdAt,channelId,userId,username,sourceLanguage,')).toBe(true);
    expect(csv.text.includes('\r\n')).toBe(true); // RFC 4180 line ends
    const records = parse(csv.text, { columns: true }) as Record<string, string>[];

    const json = await s.api(`/api/exports/translations?guildId=${PRO}&${ALL_TIME}&format=json`, {
      admin: true,
    });
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(json.json).toMatchObject({
      dataset: 'translations',
      guildId: PRO,
      from: '2026-01-01',
      to: '2026-03-18',
    });
    const rows = json.json.rows as Record<string, unknown>[];
    expect(rows).toHaveLength(SAMPLE_LOGS.length);
    // Oldest first; every column of the CSV carries the JSON's value (null is an empty field).
    expect(rows[0]).toMatchObject({
      userId: 'u5',
      username: 'Eve',
      sourceLanguage: 'en',
      targetLanguage: 'ja',
    });
    expect(rows[0].createdAt).toBe('2026-02-20T00:00:00.000Z');
    expect(records).toEqual(
      rows.map((r) =>
        Object.fromEntries(Object.entries(r).map(([k, v]) => [k, v === null ? '' : String(v)])),
      ),
    );
    expect(rows.filter((r) => r.outcome === 'error')).toHaveLength(1);
  });

  it('answers the figures of the analytics screen: daily series, language pairs, top translators', async () => {
    const screen = (await s.api(`/api/analytics?guildId=${PRO}`, { admin: true })).json;
    const daily = await s.api(`/api/exports/daily?guildId=${PRO}&from=2026-02-17&to=2026-03-18&format=json`, {
      admin: true,
    });
    expect(daily.json.rows).toEqual(screen.translationTrend);
    const pairs = await s.api(`/api/exports/language-pairs?guildId=${PRO}&${ALL_TIME}&format=json`, {
      admin: true,
    });
    expect(pairs.json.rows).toEqual(screen.languagePairs);
    const top = await s.api(`/api/exports/top-translators?guildId=${PRO}&${ALL_TIME}&format=json`, {
      admin: true,
    });
    expect(top.json.rows).toEqual(screen.topTranslators);
    expect(top.headers.get('x-export-rows')).toBe(String(screen.topTranslators.length));

    // A narrower range counts only its days: 16 March holds Bob's and u3's translations.
    const day = await s.api(`/api/exports/top-translators?guildId=${PRO}&from=2026-03-16&to=2026-03-16`, {
      admin: true,
    });
    expect(parse(day.text, { columns: true })).toEqual([
      { userId: 'u2', username: 'Bob', count: '1', accuracy: '100' },
      { userId: 'u3', username: 'u3', count: '1', accuracy: '100' },
    ]);
  });

  it('exports the moderation log of the range without the flagged text', async () => {
    const res = await s.api(`/api/exports/moderation?guildId=${PRO}&${ALL_TIME}&format=csv`, { admin: true });
    expect(res.status).toBe(200);
    expect(parse(res.text, { columns: true })).toEqual([
      {
        id: expect.any(String),
        timestamp: '2026-03-10T10:00:00.000Z',
        type: 'filter',
        userId: 'u7',
        action: 'deleted',
        rule: 'banned word',
        language: 'en',
      },
    ]);
    expect(res.text).not.toContain('SECRET');
  });

  it('exports ticket metadata over /api with an API key, never the members’ words', async () => {
    const res = await s.api(`/api/exports/tickets?from=2026-03-01&to=2026-03-31&format=csv`, {
      headers: bearer(apiKey),
    });
    expect(res.status).toBe(200);
    const [row] = parse(res.text, { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({
      createdAt: '2026-03-12T09:00:00.000Z',
      resolvedAt: '',
      status: 'closed',
      category: 'billing, "refund"', // quoted and its quotes doubled in the file, read back whole
      userId: 'u9',
      userLanguage: 'ja',
      messages: '1',
      claimedBy: '4242',
      rating: '4',
      closeReason: 'Refund issued',
    });
    expect(res.text).toContain('"billing, ""refund"""');
    expect(res.text).not.toContain('SECRET');
  });

  it('quotes commas, quotes and line breaks (RFC 4180) and defuses spreadsheet formulas', async () => {
    await s.services.db
      .insert(translationLogs)
      .values(
        ['Smith, "Jr"', 'two\nlines', '=HYPERLINK("x")'].map((username, i) => ({
          guildId: ULTIMATE,
          userId: `q${i}`,
          username,
          sourceLanguage: 'en',
          targetLanguage: 'fr',
          characters: 1,
          createdAt: new Date(`2026-03-0${i + 1}T00:00:00Z`),
        })),
      )
      .run();
    const res = await s.api(`/api/exports/translations?guildId=${ULTIMATE}&from=2026-03-01&to=2026-03-03`, {
      admin: true,
    });
    const names = (parse(res.text, { columns: true }) as Record<string, string>[]).map((r) => r.username);
    expect(names).toEqual(['Smith, "Jr"', 'two\nlines', `'=HYPERLINK("x")`]);
  });

  it('reads page after page: rows sharing one timestamp are neither lost nor repeated', async () => {
    const n = EXPORT_PAGE_SIZE * 2 + 7;
    const at = new Date('2026-01-05T12:00:00Z');
    const rows = Array.from({ length: n }, (_, i) => ({
      guildId: OTHER_ULTIMATE,
      userId: `m${i}`,
      sourceLanguage: 'en',
      targetLanguage: 'de',
      characters: 3,
      createdAt: i % 3 === 0 ? at : new Date(at.getTime() + i),
    }));
    for (let i = 0; i < n; i += 500)
      await s.services.db
        .insert(translationLogs)
        .values(rows.slice(i, i + 500))
        .run();
    const res = await s.api(
      `/api/exports/translations?guildId=${OTHER_ULTIMATE}&from=2026-01-05&to=2026-01-05&format=json`,
      {
        admin: true,
      },
    );
    const ids = (res.json.rows as { id: number }[]).map((r) => r.id);
    expect(ids).toHaveLength(n);
    expect(new Set(ids).size).toBe(n);
    const csv = await s.api(
      `/api/exports/translations?guildId=${OTHER_ULTIMATE}&from=2026-01-05&to=2026-01-05`,
      {
        admin: true,
      },
    );
    expect(parse(csv.text, { columns: true })).toHaveLength(n);
  });

  it('checks an export for the dashboard: rows and file name, what the download then holds', async () => {
    const caller = createCaller({ ...s.services, actor: { kind: 'admin', via: 'token' }, clientIp: 'test' });
    const checked = await caller.exports.check({
      guildId: PRO,
      dataset: 'moderation',
      from: '2026-01-01',
      to: '2026-03-18',
      format: 'json',
    });
    expect(checked).toEqual({
      guildId: PRO,
      dataset: 'moderation',
      format: 'json',
      from: '2026-01-01',
      to: '2026-03-18',
      rows: 1,
      fileName: `polyglot-${PRO}-moderation-2026-01-01_2026-03-18.json`,
    });
  });
});

describe('exports refuse bad input with a clear error and write nothing', () => {
  const cases: [string, string, number, RegExp][] = [
    ['a date that is not a date', `from=2026-13-01&to=2026-03-18`, 400, /from: not a day of the calendar/],
    ['a date in another shape', `from=18/03/2026&to=2026-03-18`, 400, /from: must be a date \(YYYY-MM-DD\)/],
    ['a missing end', `from=2026-03-01`, 400, /to: must be a date \(YYYY-MM-DD\)/],
    ['from after to', `from=2026-03-18&to=2026-03-01`, 400, /to: must not be before from \(2026-03-18\)/],
    [
      'a range too large',
      `from=2025-01-01&to=2026-03-18`,
      400,
      /to: the range is 442 days; an export covers at most 366/,
    ],
    ['an unknown format', `${ALL_TIME}&format=xlsx`, 400, /format: unknown format; use csv or json/],
  ];
  for (const [what, query, status, message] of cases) {
    it(`refuses ${what}`, async () => {
      const before = await tableCounts(s.services);
      const res = await s.api(`/api/exports/translations?guildId=${PRO}&${query}`, { admin: true });
      expect(res.status).toBe(status);
      expect(res.json.error).toMatch(message);
      expect(await tableCounts(s.services)).toEqual(before);
    });
  }

  it('refuses an unknown dataset, naming the ones there are', async () => {
    const res = await s.api(`/api/exports/messages?guildId=${PRO}&${ALL_TIME}`, { admin: true });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe(
      'dataset: unknown dataset; use one of daily, language-pairs, top-translators, providers, translations, moderation, tickets, cases',
    );
  });

  it('names Pro on a lower plan', async () => {
    const res = await s.api(`/api/exports/translations?guildId=${PLUS}&${ALL_TIME}`, { admin: true });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({
      error: 'Analytics with CSV and JSON exports needs the Pro plan; upgrade this server to use it',
      locked: { capability: 'analyticsExport', plan: 'pro' },
    });
  });

  it('names Ultimate for tickets on Pro (the export needs the screen too)', async () => {
    const res = await s.api(`/api/exports/tickets?guildId=${PRO}&${ALL_TIME}`, { admin: true });
    expect(res.status).toBe(403);
    expect(res.json.locked).toEqual({ capability: 'tickets', plan: 'ultimate' });
  });

  it("refuses another server's data to an API key", async () => {
    const res = await s.api(`/api/exports/translations?guildId=${OTHER_ULTIMATE}&${ALL_TIME}`, {
      headers: bearer(apiKey),
    });
    expect(res.status).toBe(403);
    expect(res.json.error).toBe('guildId: you may not manage this server, or the bot is not in it');
    expect(res.text).not.toContain('m1');
  });

  it('refuses a caller without credentials', async () => {
    const res = await s.api(`/api/exports/translations?guildId=${PRO}&${ALL_TIME}`);
    expect(res.status).toBe(401);
  });
});
