import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guilds, voiceSessions } from '../../db/schema';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

let s: TestServer;
const ids: Record<string, number> = {};

async function session(
  name: string,
  guildId: string,
  status: 'active' | 'ended' | 'error',
  startedAt: string,
) {
  await s.services.db.insert(guilds).values({ id: guildId }).onConflictDoNothing().run();
  ids[name] = (
    await s.services.db
      .insert(voiceSessions)
      .values({
        guildId,
        channelId: '123456789012345678',
        sourceLanguage: 'en',
        targetLanguage: 'es',
        status,
        charactersProcessed: 1200,
        durationSeconds: status === 'active' ? 0 : 600,
        startedAt: new Date(startedAt),
        endedAt: status === 'active' ? null : new Date(new Date(startedAt).getTime() + 600_000),
      })
      .returning()
      .get()
  ).id;
}

beforeAll(async () => {
  s = await startTestServer({
    guilds: [
      { id: '999', plan: 'pro' },
      { id: '998', plan: 'pro' },
      { id: 'default', plan: 'pro' },
    ],
  });
  await session('old', '999', 'ended', '2026-07-01T10:00:00Z');
  await session('broken', '999', 'error', '2026-07-02T10:00:00Z');
  await session('live1', '999', 'active', '2026-07-03T10:00:00Z');
  await session('live2', '999', 'active', '2026-07-03T11:00:00Z');
  await session('elsewhere', '998', 'active', '2026-07-03T12:00:00Z');
  await session('mine', 'default', 'active', '2026-07-03T12:00:00Z');
});
afterAll(() => s.close());

const api = (path: string) => s.api(path, { admin: true });
const end = (id: number | string, body: unknown, query = '?guildId=999') =>
  s.api(`/api/voice-translation/sessions/${id}${query}`, { method: 'PATCH', admin: true, body });

describe('GET sessions and active sessions', () => {
  it('lists the guild sessions newest first', async () => {
    const res = await api('/api/voice-translation/sessions/999');
    expect(res.status).toBe(200);
    expect(res.json.map((x: { id: number }) => x.id)).toEqual([ids.live2, ids.live1, ids.broken, ids.old]);
    expect(res.json[3]).toMatchObject({ status: 'ended', durationSeconds: 600, charactersProcessed: 1200 });
  });

  it('lists the active sessions only', async () => {
    const res = await api('/api/voice-translation/sessions/999/active');
    expect(res.json.map((x: { id: number }) => x.id)).toEqual([ids.live2, ids.live1]);
    const mine = await api('/api/voice-translation/sessions/default/active');
    expect(mine.json.map((x: { id: number }) => x.id)).toEqual([ids.mine]);
    // A server the bot is not in: the same 403 as one the caller may not manage.
    expect((await api('/api/voice-translation/sessions/12345/active')).status).toBe(403);
  });

  it('needs credentials and a well-formed id', async () => {
    expect((await s.api('/api/voice-translation/sessions/999')).status).toBe(401);
    expect((await s.api('/api/voice-translation/sessions/999/active')).status).toBe(401);
    const bad = await api('/api/voice-translation/sessions/not%20valid');
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('id');
  });
});

describe('PATCH /api/voice-translation/sessions/:sessionId', () => {
  it('ends an active session with its duration and tells the bot', async () => {
    const events: unknown[] = [];
    s.services.events.on('voice:ended', (e) => events.push(e));
    const res = await end(ids.live1, { status: 'ended', endedAt: '2026-07-03T10:02:05.600Z' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: ids.live1,
      status: 'ended',
      endedAt: '2026-07-03T10:02:05.600Z',
      durationSeconds: 126, // 125.6 s rounded
    });
    expect(events).toEqual([{ guildId: '999', sessionId: ids.live1 }]);
    const active = await api('/api/voice-translation/sessions/999/active');
    expect(active.json.map((x: { id: number }) => x.id)).toEqual([ids.live2]);
  });

  it('answers 409 for a session that is not active', async () => {
    const again = await end(ids.live1, { status: 'ended', endedAt: '2026-07-03T10:05:00Z' });
    expect(again.status).toBe(409);
    expect(again.json.error).toContain('not active');
    expect((await end(ids.broken, { status: 'ended', endedAt: '2026-07-03T10:05:00Z' })).status).toBe(409);
  });

  it.each([
    ['endedAt', { status: 'ended', endedAt: '2026-07-03T10:59:59Z' }], // before it started
    ['endedAt', { status: 'ended', endedAt: 'soon' }],
    ['endedAt', { status: 'ended' }],
    ['status', { status: 'paused', endedAt: '2026-07-03T12:00:00Z' }],
  ])('rejects a bad %s with 400 and changes nothing', async (field, body) => {
    const before = await tableCounts(s.services);
    const res = await end(ids.live2, body);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(field);
    expect(await tableCounts(s.services)).toEqual(before);
    const active = await api('/api/voice-translation/sessions/999/active');
    expect(active.json.map((x: { id: number }) => x.id)).toEqual([ids.live2]);
  });

  it('answers 404 for an unknown session or another guild, 400 for a bad id, 401 without credentials', async () => {
    const body = { status: 'ended', endedAt: '2026-07-03T13:00:00Z' };
    expect((await end(99999, body)).status).toBe(404);
    expect((await end(ids.elsewhere, body, '?guildId=999')).status).toBe(404);
    const bad = await end('x1', body);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('sessionId');
    const anon = await s.api(`/api/voice-translation/sessions/${ids.live2}`, { method: 'PATCH', body });
    expect(anon.status).toBe(401);
  });
});
