import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcements } from '../../db/schema';
import { CHANNEL_TYPE, seedChannels } from '../helpers/guilds';
import { recordingTranslator } from '../helpers/recording-translator';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

let now = new Date('2026-05-04T09:00:00Z');
const clock = () => now;
const rec = recordingTranslator();
let s: TestServer;
let bare: TestServer;

const valid = {
  guildId: '555',
  createdBy: 'admin',
  originalText: 'Server maintenance tonight at 22:00 UTC.',
  originalLanguage: 'en',
  targetChannels: [
    { language: 'es', channelId: '9001' },
    { language: 'fr', channelId: '9002' },
    { language: 'de', channelId: '9003' },
  ],
};

const create = (server: TestServer, body: unknown) =>
  server.api('/api/announcements?guildId=555', { method: 'POST', admin: true, body });

beforeAll(async () => {
  const guilds = [
    { id: '555', plan: 'plus' as const },
    { id: '556', plan: 'plus' as const },
  ];
  s = await startTestServer({ overrides: { translator: rec.translator, clock }, guilds });
  bare = await startTestServer({ guilds });
  // The channels the bot synced: three text channels and a voice channel in 555, one in 556.
  for (const server of [s, bare]) {
    await seedChannels(server.services, '555', [
      '9001',
      '9002',
      '9003',
      { id: '9005', name: 'lounge', type: CHANNEL_TYPE.voice },
    ]);
    await seedChannels(server.services, '556', ['9004']);
  }
});
afterAll(async () => {
  await s.close();
  await bare.close();
});

describe('POST /api/announcements', () => {
  it('stores an untranslated draft without a translation provider, naming the languages it lacks', async () => {
    const res = await create(bare, valid);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: 'draft', translations: {}, untranslated: ['es', 'fr', 'de'] });
    expect(res.json.translationError).toContain('translation provider not configured');
    const list = await bare.api('/api/announcements?guildId=555', { admin: true });
    expect(list.json[0].untranslated).toEqual(['es', 'fr', 'de']);
    // Translate now without a provider: 503, nothing changes.
    const now503 = await bare.api(`/api/announcements/${res.json.id}/translate?guildId=555`, {
      method: 'POST',
      admin: true,
    });
    expect(now503.status).toBe(503);
    expect(now503.json.error).toContain('translation provider not configured');
    // Post Now without a provider or a bot: queued, still untranslated (posted in the original).
    const post = await bare.api(`/api/announcements/${res.json.id}/post?guildId=555`, {
      method: 'POST',
      admin: true,
    });
    expect(post.status).toBe(200);
    expect(post.json).toMatchObject({
      delivery: 'queued',
      status: 'draft',
      untranslated: ['es', 'fr', 'de'],
    });
  });

  it('Translate now fills in only the missing languages', async () => {
    const res = await create(s, valid);
    await s.services.db
      .update(announcements)
      .set({ translations: { es: 'hola' } })
      .where(eq(announcements.id, res.json.id))
      .run();
    rec.calls.length = 0;
    const done = await s.api(`/api/announcements/${res.json.id}/translate?guildId=555`, {
      method: 'POST',
      admin: true,
    });
    expect(done.status).toBe(200);
    expect(rec.calls.map((c) => c.targets)).toEqual([['fr', 'de']]);
    expect(done.json).toMatchObject({
      untranslated: [],
      translations: { es: 'hola', fr: `[fr] ${valid.originalText}` },
    });
    await s.api(`/api/announcements/${res.json.id}?guildId=555`, { method: 'DELETE', admin: true });
  });

  it('Translate now answers 400 for a bad id, 404 for an unknown or foreign one, 409 once posted, writing nothing', async () => {
    const created = await create(s, valid);
    const before = await tableCounts(s.services);
    const at = (id: string | number, guild = '555') =>
      s.api(`/api/announcements/${id}/translate?guildId=${guild}`, { method: 'POST', admin: true });
    expect((await at('abc')).status).toBe(400);
    expect((await at(99999)).status).toBe(404);
    expect((await at(created.json.id, '556')).status).toBe(404);
    expect((await s.api(`/api/announcements/${created.json.id}/translate`, { method: 'POST' })).status).toBe(
      401,
    );
    await s.services.db
      .update(announcements)
      .set({ status: 'posted' })
      .where(eq(announcements.id, created.json.id))
      .run();
    const posted = await at(created.json.id);
    expect(posted.status).toBe(409);
    expect(await tableCounts(s.services)).toEqual(before);
    await s.services.db.delete(announcements).where(eq(announcements.id, created.json.id)).run();
  });

  it('translates into every target language in ONE call and stores a draft', async () => {
    rec.calls.length = 0;
    const res = await create(s, valid);
    expect(res.status).toBe(201);
    expect(rec.calls).toHaveLength(1);
    expect(rec.calls[0]).toMatchObject({
      text: valid.originalText,
      targets: ['es', 'fr', 'de'],
      source: 'en',
      origin: 'announcement',
      guildId: '555',
    });
    expect(rec.calls[0].userId).toBeUndefined(); // an admin is not held by the per-member limit
    expect(res.json).toMatchObject({
      status: 'draft',
      createdBy: 'admin',
      originalLanguage: 'en',
      originalText: valid.originalText,
      targetChannels: valid.targetChannels,
      translations: {
        es: `[es] ${valid.originalText}`,
        fr: `[fr] ${valid.originalText}`,
        de: `[de] ${valid.originalText}`,
      },
      postResults: null,
      postedAt: null,
      createdAt: now.toISOString(),
    });
    expect(typeof res.json.id).toBe('number');
  });

  it.each([
    ['originalText', { originalText: '   ' }],
    ['originalText', { originalText: 'x'.repeat(2001) }],
    ['originalLanguage', { originalLanguage: 'English' }],
    ['targetChannels', { targetChannels: [] }],
    ['targetChannels.0.language', { targetChannels: [{ language: 'en', channelId: '9001' }] }],
    [
      'targetChannels.1.language',
      {
        targetChannels: [
          { language: 'es', channelId: '9001' },
          { language: 'es', channelId: '9002' },
        ],
      },
    ],
    ['targetChannels.0.channelId', { targetChannels: [{ language: 'es', channelId: '#general' }] }],
    [
      'targetChannels.1.channelId: 9004 is not a text channel of this server',
      {
        targetChannels: [
          { language: 'es', channelId: '9001' },
          { language: 'fr', channelId: '9004' },
        ],
      },
    ],
    [
      'targetChannels.0.channelId: 9005 (#lounge) is a voice channel, not a text channel',
      { targetChannels: [{ language: 'es', channelId: '9005' }] },
    ],
    ['createdBy', { createdBy: '' }],
  ])(
    'rejects bad input #%# with 400 naming %s, without calling the translator or writing',
    async (field, patch) => {
      rec.calls.length = 0;
      const before = await tableCounts(s.services);
      const res = await create(s, { ...valid, ...patch });
      expect(res.status).toBe(400);
      expect(res.json.error).toContain(field);
      expect(rec.calls).toHaveLength(0);
      expect(await tableCounts(s.services)).toEqual(before);
    },
  );

  it('accepts exactly 2000 characters (Discord limit)', async () => {
    const res = await create(s, {
      ...valid,
      originalText: 'y'.repeat(2000),
      targetChannels: [valid.targetChannels[0]],
    });
    expect(res.status).toBe(201);
    await s.api(`/api/announcements/${res.json.id}?guildId=555`, { method: 'DELETE', admin: true });
  });
});

describe('list, post, delete', () => {
  let first: number;
  let second: number;
  beforeAll(async () => {
    now = new Date('2026-05-04T10:00:00Z');
    first = (await create(s, { ...valid, originalText: 'First' })).json.id;
    now = new Date('2026-05-04T11:00:00Z');
    second = (await create(s, { ...valid, originalText: 'Second' })).json.id;
  });

  it('lists the guild announcements newest first, and only that guild', async () => {
    const res = await s.api('/api/announcements?guildId=555', { admin: true });
    expect(res.status).toBe(200);
    const texts = res.json.map((a: { originalText: string }) => a.originalText);
    expect(texts.slice(0, 2)).toEqual(['Second', 'First']);
    const other = await s.api('/api/announcements?guildId=556', { admin: true });
    expect(other.json).toEqual([]);
  });

  it('Post Now marks the request and tells the bot; the draft stays until delivered', async () => {
    const seen: unknown[] = [];
    s.services.events.on('announcement:post', (e) => seen.push(e));
    now = new Date('2026-05-04T12:00:00Z');
    const res = await s.api(`/api/announcements/${first}/post?guildId=555`, { method: 'POST', admin: true });
    expect(res.status).toBe(200);
    // No bot connected: queued, never "posted".
    expect(res.json).toMatchObject({
      id: first,
      status: 'draft',
      delivery: 'queued',
      postRequestedAt: now.toISOString(),
    });
    expect(seen).toEqual([{ guildId: '555', announcementId: first }]);
  });

  it('answers 409 for an announcement already posted, 404 for unknown or foreign ids, 400 for a bad id', async () => {
    await s.services.db
      .update(announcements)
      .set({ status: 'posted' })
      .where(eq(announcements.id, second))
      .run();
    const posted = await s.api(`/api/announcements/${second}/post?guildId=555`, {
      method: 'POST',
      admin: true,
    });
    expect(posted.status).toBe(409);
    expect(posted.json.error).toContain('already posted');
    const unknown = await s.api('/api/announcements/99999/post?guildId=555', { method: 'POST', admin: true });
    expect(unknown.status).toBe(404);
    const foreign = await s.api(`/api/announcements/${first}/post?guildId=556`, {
      method: 'POST',
      admin: true,
    });
    expect(foreign.status).toBe(404);
    const bad = await s.api('/api/announcements/abc/post?guildId=555', { method: 'POST', admin: true });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('id');
  });

  it('deletes, then answers 404 for the same id', async () => {
    const res = await s.api(`/api/announcements/${first}?guildId=555`, { method: 'DELETE', admin: true });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: first, deleted: true });
    const list = await s.api('/api/announcements?guildId=555', { admin: true });
    expect(list.json.map((a: { id: number }) => a.id)).not.toContain(first);
    const again = await s.api(`/api/announcements/${first}?guildId=555`, { method: 'DELETE', admin: true });
    expect(again.status).toBe(404);
  });

  it('needs credentials for every path', async () => {
    expect((await s.api('/api/announcements')).status).toBe(401);
    expect((await s.api('/api/announcements', { method: 'POST', body: valid })).status).toBe(401);
    expect((await s.api(`/api/announcements/${second}/post`, { method: 'POST' })).status).toBe(401);
    expect((await s.api(`/api/announcements/${second}`, { method: 'DELETE' })).status).toBe(401);
  });

  it('keeps announcements across a server restart', async () => {
    const dir = s.dir;
    await s.stop();
    const again = await startTestServer({ dir, overrides: { translator: rec.translator, clock } });
    try {
      const res = await again.api('/api/announcements?guildId=555', { admin: true });
      expect(res.json.map((a: { originalText: string }) => a.originalText)).toContain('Second');
      expect(res.json.find((a: { id: number }) => a.id === second).translations.es).toBe('[es] Second');
    } finally {
      await again.stop();
    }
  });
});
