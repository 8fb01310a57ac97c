import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ guilds: ['1111', '2222', 'g-bad'] });
});
afterAll(() => s.close());

describe('translation settings', () => {
  it('answers the spec defaults before anything is saved, and writes nothing on read', async () => {
    const before = await tableCounts(s.services);
    const res = await s.api('/api/translation/settings', { admin: true });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      autoDetect: true,
      translationTone: 'casual',
      contextPreservation: true,
      rateLimitPerUser: 50,
      skipTrivial: true,
    });
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('PATCH of one field changes only that field and GET shows it', async () => {
    const res = await s.api('/api/translation/settings', {
      method: 'PATCH',
      admin: true,
      body: { rateLimitPerUser: 120 },
    });
    expect(res.status).toBe(200);
    const again = await s.api('/api/translation/settings', { admin: true });
    expect(again.json).toMatchObject({ rateLimitPerUser: 120, translationTone: 'casual', autoDetect: true });
    await s.api('/api/translation/settings', {
      method: 'PATCH',
      admin: true,
      body: { translationTone: 'formal' },
    });
    const third = await s.api('/api/translation/settings', { admin: true });
    expect(third.json).toMatchObject({ rateLimitPerUser: 120, translationTone: 'formal' });
  });

  it.each([
    [{ rateLimitPerUser: 205 }, 'rateLimitPerUser'],
    [{ rateLimitPerUser: 15 }, 'rateLimitPerUser'],
    [{ rateLimitPerUser: 0 }, 'rateLimitPerUser'],
    [{ translationTone: 'angry' }, 'translationTone'],
    [{ autoDetect: 'yes' }, 'autoDetect'],
    [{}, 'at least one'],
  ])('rejects %j with 400 naming the problem and writes nothing', async (body, field) => {
    const before = await tableCounts(s.services);
    const res = await s.api('/api/translation/settings?guildId=g-bad', {
      method: 'PATCH',
      admin: true,
      body,
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(field);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it("stores the server's own short-chatter terms trimmed, lower-cased, duplicates collapsed", async () => {
    const res = await s.api('/api/translation/settings?guildId=2222', {
      method: 'PATCH',
      admin: true,
      body: { trivialTerms: [' Kekw ', 'pog', 'KEKW', 'ÓRALE'] },
    });
    expect(res.status).toBe(200);
    expect(res.json.trivialTerms).toEqual(['kekw', 'pog', 'órale']);
    const again = await s.api('/api/translation/settings?guildId=2222', { admin: true });
    expect(again.json).toMatchObject({ trivialTerms: ['kekw', 'pog', 'órale'], skipTrivial: true });
    const cleared = await s.api('/api/translation/settings?guildId=2222', {
      method: 'PATCH',
      admin: true,
      body: { trivialTerms: [] },
    });
    expect(cleared.json.trivialTerms).toEqual([]);
  });

  it.each([
    [{ trivialTerms: ['pog', 'gg ez'] }, 'trivialTerms: "gg ez" must be one word, without spaces'],
    [{ trivialTerms: ['pog', ''] }, 'trivialTerms: "" must be 1 to 32 characters'],
    [{ trivialTerms: ['a'.repeat(33)] }, `trivialTerms: "${'a'.repeat(33)}" must be 1 to 32 characters`],
    [{ trivialTerms: ['+1!'] }, 'trivialTerms: "+1!" must be letters and digits only'],
    [{ trivialTerms: ['42'] }, 'trivialTerms: "42" must contain a letter'],
    [
      { trivialTerms: Array.from({ length: 51 }, (_, i) => `t${i}`) },
      'trivialTerms: at most 50 terms (51 given)',
    ],
    [{ trivialTerms: 'pog' }, 'trivialTerms: must be a list of terms'],
    [{ trivialTerms: [7] }, 'trivialTerms'],
  ])(
    'rejects own terms %j with 400 naming the field and the term, and writes nothing',
    async (body, error) => {
      const before = await tableCounts(s.services);
      const res = await s.api('/api/translation/settings?guildId=g-bad', {
        method: 'PATCH',
        admin: true,
        body,
      });
      expect(res.status).toBe(400);
      expect(res.json.error).toContain(error);
      expect(await tableCounts(s.services)).toEqual(before);
      const now = await s.api('/api/translation/settings?guildId=g-bad', { admin: true });
      expect(now.json.trivialTerms).toEqual([]);
    },
  );

  it('rejects a body that is not JSON', async () => {
    const res = await s.api('/api/translation/settings', { method: 'PATCH', admin: true, body: '{nope' });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('body: not valid JSON');
  });

  it('takes any language of the table as the default language, and refuses a code it does not hold', async () => {
    const ok = await s.api('/api/config?guildId=1111', {
      method: 'PATCH',
      admin: true,
      body: { defaultLanguage: 'sw' },
    });
    expect(ok.status).toBe(200);
    expect((await s.api('/api/config?guildId=1111', { admin: true })).json.defaultLanguage).toBe('sw');
    const before = await tableCounts(s.services);
    for (const [defaultLanguage, error] of [
      ['xx', 'defaultLanguage: must be a language of the table, such as en, es or ja'],
      [7, 'defaultLanguage: must be a language code such as en, es or ja'],
    ] as const) {
      const bad = await s.api('/api/config?guildId=1111', {
        method: 'PATCH',
        admin: true,
        body: { defaultLanguage },
      });
      expect(bad.status).toBe(400);
      expect(bad.json.error).toBe(error);
    }
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('keeps each guild apart', async () => {
    await s.api('/api/config?guildId=1111', { method: 'PATCH', admin: true, body: { prefix: '!' } });
    const other = await s.api('/api/config?guildId=2222', { admin: true });
    expect(other.json.prefix).toBe('/');
    const mine = await s.api('/api/config?guildId=1111', { admin: true });
    expect(mine.json.prefix).toBe('!');
  });
});

describe('access', () => {
  it('needs credentials for admin paths', async () => {
    const res = await s.api('/api/translation/settings');
    expect(res.status).toBe(401);
    expect(res.json.error).toMatch(/login required/);
    const wrong = await s.api('/api/config', {
      headers: { authorization: 'Bearer wrong-token-wrong-token' },
    });
    expect(wrong.status).toBe(401);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await s.api('/api/nope', { admin: true });
    expect(res.status).toBe(404);
    expect(res.json.error).toContain('/api/nope');
  });
});
