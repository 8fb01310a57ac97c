import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GLOSSARY_MAX_TERMS } from '../../src/common/glossary/schemas';
import { seedGuild } from '../helpers/guilds';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await seedGuild(s.services, 'gl-plus', { plan: 'plus' });
  await seedGuild(s.services, 'gl-free', { plan: 'free' });
  await seedGuild(s.services, 'gl-pro', { plan: 'pro' });
});
afterAll(() => s.close());

const path = (g: string) => `/api/translation/glossary?guildId=${g}`;

describe('server glossary API', () => {
  it('adds, lists, replaces and removes terms', async () => {
    const empty = await s.api(path('gl-plus'), { admin: true });
    expect(empty.json).toMatchObject({ terms: [], limits: { terms: GLOSSARY_MAX_TERMS } });
    const added = await s.api(path('gl-plus'), {
      method: 'POST',
      admin: true,
      body: { term: ' Minecraft ' },
    });
    expect(added.status).toBe(201);
    expect(added.json).toMatchObject({ term: 'Minecraft', translations: {} });
    const fixed = await s.api(path('gl-plus'), {
      method: 'POST',
      admin: true,
      body: { term: 'raid', translations: { es: 'incursión' } },
    });
    expect(fixed.status).toBe(201);
    const list = await s.api(path('gl-plus'), { admin: true });
    expect(list.json.terms.map((t: { term: string }) => t.term)).toEqual(['Minecraft', 'raid']);
    const del = await s.api(`/api/translation/glossary/${added.json.id}?guildId=gl-plus`, {
      method: 'DELETE',
      admin: true,
    });
    expect(del.status).toBe(200);
    const replaced = await s.api(path('gl-plus'), {
      method: 'PUT',
      admin: true,
      body: { terms: [{ term: 'Polyglot' }, { term: 'loot', translations: { fr: 'butin', de: 'Beute' } }] },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.json.terms.map((t: { term: string }) => t.term)).toEqual(['Polyglot', 'loot']);
  });

  it.each([
    [{ term: '' }, 'term: must not be empty'],
    [{ term: 'x'.repeat(61) }, 'term: must be at most 60 characters'],
    [{ term: '!!!' }, 'term: must contain a letter or a digit'],
    [{ term: 'raid', translations: { klingon: 'x' } }, 'translations.klingon: is not a language code'],
    [{ term: 'raid', translations: { es: '' } }, 'translations.es: must not be empty'],
    [
      { term: 'raid', translations: { es: 'y'.repeat(101) } },
      'translations.es: must be at most 100 characters',
    ],
  ])('POST %j is a 400 naming the entry, and writes nothing', async (body, message) => {
    const before = await tableCounts(s.services);
    const res = await s.api(path('gl-plus'), { method: 'POST', admin: true, body });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(message);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('PUT names each bad entry by its position; a duplicate term (any case) is named too', async () => {
    const before = await tableCounts(s.services);
    const res = await s.api(path('gl-plus'), {
      method: 'PUT',
      admin: true,
      body: {
        terms: [{ term: 'Boss' }, { term: '' }, { term: 'boss' }, { term: 'ok', translations: { zz: 'x' } }],
      },
    });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain('terms.1.term: must not be empty');
    expect(res.json.error).toContain('terms.3.translations.zz: is not a language code');
    const dup = await s.api(path('gl-plus'), {
      method: 'PUT',
      admin: true,
      body: { terms: [{ term: 'Boss' }, { term: 'Loot' }, { term: 'boss' }] },
    });
    expect(dup.status).toBe(400);
    expect(dup.json.error).toBe('terms.2.term: "boss" is already entry 0');
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('refuses more than the limit, and a term already there', async () => {
    const many = Array.from({ length: GLOSSARY_MAX_TERMS + 1 }, (_, i) => ({ term: `term${i}` }));
    const before = await tableCounts(s.services);
    const tooMany = await s.api(path('gl-pro'), { method: 'PUT', admin: true, body: { terms: many } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json.error).toContain(`terms: at most ${GLOSSARY_MAX_TERMS} terms`);
    expect(await tableCounts(s.services)).toEqual(before);
    await s.api(path('gl-pro'), {
      method: 'PUT',
      admin: true,
      body: { terms: many.slice(0, GLOSSARY_MAX_TERMS) },
    });
    const full = await s.api(path('gl-pro'), { method: 'POST', admin: true, body: { term: 'one more' } });
    expect(full.status).toBe(400);
    expect(full.json.error).toContain(`at most ${GLOSSARY_MAX_TERMS} terms`);
    const dup = await s.api(path('gl-plus'), { method: 'POST', admin: true, body: { term: 'POLYGLOT' } });
    expect(dup.status).toBe(409);
    const missing = await s.api('/api/translation/glossary/999999?guildId=gl-plus', {
      method: 'DELETE',
      admin: true,
    });
    expect(missing.status).toBe(404);
  });

  it('terms added at the same moment: one of a term in any case, and never past the limit', async () => {
    await seedGuild(s.services, 'gl-race', { plan: 'plus' });
    const add = (term: string) => s.api(path('gl-race'), { method: 'POST', admin: true, body: { term } });
    const same = await Promise.all(['Raid', 'raid', 'RAID', 'rAid', 'raiD'].map(add));
    expect(same.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const r of same.filter((r) => r.status === 409))
      expect(r.json.error).toMatch(/^term: ".+" is already/);

    const fill = Array.from({ length: GLOSSARY_MAX_TERMS - 2 }, (_, i) => ({ term: `word${i}` }));
    await s.api(path('gl-race'), {
      method: 'PUT',
      admin: true,
      body: { terms: [{ term: 'raid' }, ...fill] },
    });
    const burst = await Promise.all(['alpha', 'beta', 'gamma', 'delta'].map(add));
    expect(burst.map((r) => r.status).sort()).toEqual([201, 400, 400, 400]);
    for (const r of burst.filter((r) => r.status === 400))
      expect(r.json.error).toBe(
        `terms: the glossary holds at most ${GLOSSARY_MAX_TERMS} terms; remove one first`,
      );
    const list = await s.api(path('gl-race'), { admin: true });
    expect(list.json.terms).toHaveLength(GLOSSARY_MAX_TERMS);
  });

  it('is locked on Free with the plan named; nothing is written', async () => {
    const before = await tableCounts(s.services);
    const res = await s.api(path('gl-free'), { method: 'POST', admin: true, body: { term: 'Minecraft' } });
    expect(res.status).toBe(403);
    expect(res.json.locked).toEqual({ capability: 'glossary', plan: 'plus' });
    expect(res.json.error).toMatch(/Plus/);
    expect(await tableCounts(s.services)).toEqual(before);
  });
});

describe('translation style API (Pro)', () => {
  const style = (g: string, body?: unknown) =>
    s.api(
      `/api/translation/style?guildId=${g}`,
      body === undefined ? { admin: true } : { method: 'PATCH', admin: true, body },
    );

  it('saves custom instructions and the slang switch on Pro', async () => {
    expect((await style('gl-pro')).json).toEqual({ customInstructions: '', slang: false });
    const res = await style('gl-pro', { customInstructions: ' Keep block names in English. ', slang: true });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ customInstructions: 'Keep block names in English.', slang: true });
  });

  it.each([
    [{}, 'give customInstructions or slang'],
    [{ slang: 'yes' }, 'slang: must be true or false'],
    [{ customInstructions: 'x'.repeat(501) }, 'customInstructions: must be at most 500 characters'],
  ])('PATCH %j is a 400, writes nothing', async (body, message) => {
    const before = await tableCounts(s.services);
    const res = await style('gl-pro', body);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(message);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('is locked below Pro with the plan named', async () => {
    const before = await tableCounts(s.services);
    const res = await style('gl-plus', { slang: true });
    expect(res.status).toBe(403);
    expect(res.json.locked).toEqual({ capability: 'slang', plan: 'pro' });
    const own = await style('gl-plus', { customInstructions: 'hi' });
    expect(own.json.locked).toEqual({ capability: 'customInstructions', plan: 'pro' });
    expect(await tableCounts(s.services)).toEqual(before);
  });
});
