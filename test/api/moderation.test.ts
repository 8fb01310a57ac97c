import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botCaller } from '../../bot/context';
import { guildChannels, guilds, moderationLogs } from '../../db/schema';
import { seedGuild } from '../helpers/guilds';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  for (const id of ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm-bad', 'm-other-server', 'm-empty'])
    await seedGuild(s.services, id);
  await s.services.db
    .insert(guildChannels)
    .values([
      { id: '555', guildId: 'm2', name: 'mod-log', type: 0 },
      { id: '556', guildId: 'm2', name: 'Lounge', type: 2 },
      { id: '557', guildId: 'm-other-server', name: 'their-log', type: 0 },
    ])
    .run();
});
afterAll(() => s.close());

const patch = (guildId: string, body: unknown) =>
  s.api(`/api/moderation/rules?guildId=${guildId}`, { method: 'PATCH', admin: true, body });
const get = (guildId: string) => s.api(`/api/moderation/rules?guildId=${guildId}`, { admin: true });

describe('moderation rules', () => {
  it('answers the defaults before anything is saved, and writes nothing on read', async () => {
    const before = await tableCounts(s.services);
    const res = await get('m1');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      spamDetection: true,
      contentFiltering: true,
      bannedWords: [],
      autoDelete: false,
      logChannelId: '',
      scamDetection: true,
    });
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('PATCH of one field changes only that field and GET shows it', async () => {
    const g = 'm2';
    expect((await patch(g, { autoDelete: true })).json.autoDelete).toBe(true);
    await patch(g, { spamDetection: false });
    await patch(g, { logChannelId: '555' });
    expect((await get(g)).json).toEqual({
      spamDetection: false,
      contentFiltering: true,
      bannedWords: [],
      autoDelete: true,
      logChannelId: '555',
      scamDetection: true,
    });
    await patch(g, { logChannelId: '' });
    expect((await get(g)).json.logChannelId).toBe('');
    expect((await get('m3')).json.autoDelete).toBe(false);
  });

  it('trims banned words, drops blanks and duplicates (ignoring case)', async () => {
    const g = 'm4';
    const res = await patch(g, { bannedWords: ['  scam ', 'Spam', '', 'spam', 'SCAM', '   ', 'free nitro'] });
    expect(res.status).toBe(200);
    expect((await get(g)).json.bannedWords).toEqual(['scam', 'Spam', 'free nitro']);
    await patch(g, { bannedWords: [] });
    expect((await get(g)).json.bannedWords).toEqual([]);
  });

  it('accepts 500 banned words and refuses 501', async () => {
    const words = Array.from({ length: 501 }, (_, i) => `word${i}`);
    expect((await patch('m5', { bannedWords: words.slice(0, 500) })).status).toBe(200);
    const before = await tableCounts(s.services);
    const res = await patch('m6', { bannedWords: words });
    expect(res.status).toBe(400);
    expect(res.json.error).toBe('bannedWords: at most 500 words');
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it.each([
    [{}, 'at least one'],
    [{ spamDetection: 'on' }, 'spamDetection'],
    [{ contentFiltering: 1 }, 'contentFiltering'],
    [{ autoDelete: null }, 'autoDelete'],
    [{ logChannelId: '#mod-log' }, 'logChannelId'],
    [{ bannedWords: 'scam' }, 'bannedWords'],
    [{ bannedWords: ['ok', 'x'.repeat(65)] }, 'bannedWords.1: must be at most 64 characters'],
    [{ bannedWords: [3] }, 'bannedWords.0'],
    [{ autoDelete: true, shouting: true }, 'unknown field shouting'],
    [{ scamDetection: 'yes' }, 'scamDetection'],
    [{ logChannelId: '999' }, 'logChannelId: 999 is not a text channel of this server'],
  ])('rejects %j with 400 naming %s and writes nothing', async (body, field) => {
    const before = await tableCounts(s.services);
    const res = await patch('m-bad', body);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(field);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('refuses a voice channel or another server’s channel as the log channel, writing nothing', async () => {
    for (const [channel, error] of [
      ['556', 'logChannelId: 556 (#Lounge) is a voice channel, not a text channel'],
      [
        '557',
        'logChannelId: 557 is not a text channel of this server (pick one from the list; the bot syncs channels while it is connected)',
      ],
    ]) {
      const before = await tableCounts(s.services);
      const res = await patch('m2', { logChannelId: channel, autoDelete: false });
      expect(res.status).toBe(400);
      expect(res.json.error).toBe(error);
      expect(await tableCounts(s.services)).toEqual(before);
    }
    expect((await get('m2')).json.autoDelete).toBe(true);
  });

  it('needs credentials', async () => {
    const before = await tableCounts(s.services);
    expect((await s.api('/api/moderation/rules')).status).toBe(401);
    expect(
      (await s.api('/api/moderation/rules', { method: 'PATCH', body: { autoDelete: true } })).status,
    ).toBe(401);
    expect((await s.api('/api/moderation/logs')).status).toBe(401);
    expect(await tableCounts(s.services)).toEqual(before);
  });
});

describe('moderation logs', () => {
  it('answers the guild’s 100 newest actions, newest first', async () => {
    const db = s.services.db;
    await db
      .insert(guilds)
      .values([{ id: 'm-logs' }, { id: 'm-other' }])
      .run();
    const base = Date.UTC(2026, 0, 1);
    await db
      .insert(moderationLogs)
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          guildId: 'm-logs',
          type: i % 2 ? ('spam' as const) : ('filter' as const),
          userId: `u${i}`,
          message: `message ${i}`,
          action: i % 2 ? 'deleted' : 'warned',
          timestamp: new Date(base + i * 60_000),
        })),
      )
      .run();
    await db
      .insert(moderationLogs)
      .values({
        guildId: 'm-other',
        type: 'spam',
        userId: 'x',
        message: 'elsewhere',
        action: 'deleted',
        timestamp: new Date(base + 10 ** 9),
      })
      .run();

    const res = await s.api('/api/moderation/logs?guildId=m-logs', { admin: true });
    expect(res.status).toBe(200);
    expect(res.json).toHaveLength(100);
    expect(res.json[0]).toEqual({
      id: expect.any(Number),
      type: 'spam',
      userId: 'u119',
      message: 'message 119',
      timestamp: new Date(base + 119 * 60_000).toISOString(),
      action: 'deleted',
      rule: '',
      language: '',
    });
    expect(res.json[99].userId).toBe('u20');
    expect(res.json.some((l: { message: string }) => l.message === 'elsewhere')).toBe(false);
    expect((await s.api('/api/moderation/logs?guildId=m-empty', { admin: true })).json).toEqual([]);
  });
});

describe('permission problems reported at the same moment', () => {
  it('are noted once, so the log channel hears about it once', async () => {
    const guildId = '565656565656565656';
    await seedGuild(s.services, guildId);
    const bot = botCaller(s.services);
    // A warm pool (as in production): each call has its connection at once.
    await Promise.all([1, 2, 3].map(() => bot.moderation.bot.logChannel({ guildId })));
    const report = () =>
      bot.moderation.bot.reportPermission({
        guildId,
        channelId: '575757575757575757',
        action: 'send messages',
        error: 'Missing Permissions',
        botUserId: '900000000000000001',
      });
    const reports = await Promise.all([report(), report(), report()]);
    expect(reports.map((r) => r.reported).sort()).toEqual([false, false, true]);
    const rows = await s.services.db
      .select()
      .from(moderationLogs)
      .where(eq(moderationLogs.guildId, guildId))
      .all();
    expect(rows).toHaveLength(1);
  });
});

describe('the AI layer skipped for messages at the same moment', () => {
  it('is noted once in the feed', async () => {
    const guildId = '585858585858585858';
    await seedGuild(s.services, guildId, { plan: 'plus' });
    const saved = await s.api(`/api/moderation/rules?guildId=${guildId}`, {
      method: 'PATCH',
      admin: true,
      body: { contentFiltering: true },
    });
    expect(saved.status).toBe(200);
    const bot = botCaller(s.services);
    await Promise.all([1, 2, 3].map(() => bot.moderation.bot.logChannel({ guildId })));
    const message = (n: number) =>
      bot.channels.bot.onMessage({
        guildId,
        channelId: '595959595959595959',
        messageId: `59595959595959500${n}`,
        authorId: `60606060606060600${n}`,
        authorName: `member ${n}`,
        content: `hello everyone, message number ${n}`,
      });
    await Promise.all([message(1), message(2), message(3)]);
    const notes = await s.services.db
      .select()
      .from(moderationLogs)
      .where(eq(moderationLogs.guildId, guildId))
      .all();
    expect(notes.map((n) => n.type)).toEqual(['notice']);
    expect(notes[0]?.message).toContain('AI moderation skipped');
  });
});
