import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawAll } from '../../db/client';
import { guildChannels } from '../../db/schema';
import { rateTicket } from '../../src/server/features/tickets/close';
import { createTicket, listTickets } from '../../src/server/features/tickets/tickets';
import { seedGuild, seedRoles } from '../helpers/guilds';
import { recordingTranslator } from '../helpers/recording-translator';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

/** Support Tickets settings, the stat cards' average response time, and the plan gate. */

const rec = recordingTranslator();
let s: TestServer;
let now = new Date('2026-06-30T12:00:00Z');
const clock = () => now;

beforeAll(async () => {
  s = await startTestServer({ overrides: { translator: rec.translator, clock } });
  await seedGuild(s.services, '901', { plan: 'ultimate' });
  await seedGuild(s.services, '902', { plan: 'pro' });
  await s.services.db
    .insert(guildChannels)
    .values([
      { id: '111', guildId: '901', name: 'support', type: 0 },
      { id: '112', guildId: '901', name: 'Voice', type: 2 },
      { id: '113', guildId: '902', name: 'elsewhere', type: 0 },
      { id: '114', guildId: '901', name: 'news', type: 5 },
    ])
    .run();
  // Any role of the server may be the support role, even one above the bot's (it gives none).
  await seedRoles(s.services, '901', [{ id: '222', name: 'Support', assignable: false }]);
  await seedRoles(s.services, '902', [{ id: '223', name: 'Their support' }]);
});
afterAll(() => s.close());

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  s.api(`${path}${path.includes('?') ? '&' : '?'}guildId=901`, { admin: true, ...init });

describe('GET/PATCH /api/ticket-settings', () => {
  it('starts with the default channel (created by the bot) and no support role', async () => {
    const res = await api('/api/ticket-settings');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      channelId: null,
      defaultChannelId: null,
      supportRoleId: null,
      supportLanguage: 'en',
      categories: [],
      autoCloseDays: null,
    });
  });

  it('takes a text channel of the server and a role id; null goes back to the default', async () => {
    const res = await api('/api/ticket-settings', {
      method: 'PATCH',
      body: { channelId: '111', supportRoleId: '222' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ channelId: '111', supportRoleId: '222' });
    const back = await api('/api/ticket-settings', { method: 'PATCH', body: { channelId: null } });
    expect(back.json).toMatchObject({ channelId: null, supportRoleId: '222' });
  });

  it('turns auto-close on with a number of days and off with null', async () => {
    const on = await api('/api/ticket-settings', { method: 'PATCH', body: { autoCloseDays: 7 } });
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({ autoCloseDays: 7, supportRoleId: '222' });
    expect((await api('/api/ticket-settings')).json.autoCloseDays).toBe(7);
    const off = await api('/api/ticket-settings', { method: 'PATCH', body: { autoCloseDays: null } });
    expect(off.json.autoCloseDays).toBeNull();
  });

  it.each([
    [
      { channelId: '112' },
      'channelId: 112 (#Voice) is a voice channel, not a text channel (private threads open only in text channels)',
    ],
    [{ channelId: '113' }, 'channelId: 113 is not a text channel of this server'],
    [
      { channelId: '114' },
      'channelId: 114 (#news) is an announcement channel, not a text channel (private threads open only in text channels)',
    ],
    [{ supportRoleId: '223' }, 'supportRoleId: 223 is not a role of this server'],
    [{ supportRoleId: '999' }, 'supportRoleId: 999 is not a role of this server'],
    [{ channelId: 'general' }, 'channelId: must be a Discord id'],
    [{ supportRoleId: '@support' }, 'supportRoleId: must be a Discord id'],
    [{}, 'give channelId, supportRoleId, categories or autoCloseDays'],
    [{ autoCloseDays: -3 }, 'autoCloseDays: must be a whole number of days from 1 to 90, or null (off)'],
    [{ autoCloseDays: 0 }, 'autoCloseDays: must be a whole number of days from 1 to 90, or null (off)'],
    [{ autoCloseDays: 91 }, 'autoCloseDays: must be a whole number of days from 1 to 90, or null (off)'],
    [{ autoCloseDays: 2.5 }, 'autoCloseDays: must be a whole number of days from 1 to 90, or null (off)'],
    [{ autoCloseDays: '7' }, 'autoCloseDays: must be a whole number of days from 1 to 90, or null (off)'],
  ])('refuses %j naming the problem and writes nothing', async (body, error) => {
    const before = await tableCounts(s.services);
    const snapshot = await rawAll(s.services.db, sql`select * from ticket_settings`);
    const res = await api('/api/ticket-settings', { method: 'PATCH', body });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(error);
    expect(await tableCounts(s.services)).toEqual(before);
    expect(await rawAll(s.services.db, sql`select * from ticket_settings`)).toEqual(snapshot);
  });
});

describe('GET /api/ticket-stats', () => {
  it('averages the first staff reply of tickets opened in the last 30 days; announcements and later replies do not count', async () => {
    expect((await api('/api/ticket-stats')).json).toMatchObject({ total: 0, avgResponseMs: null });
    const open = async (at: string, userLanguage = 'es') => {
      now = new Date(at);
      return createTicket(s.services.db, s.services.translator, clock, {
        guildId: '901',
        userId: '300',
        userLanguage,
        subject: 'Ayuda',
        description: 'No funciona',
      });
    };
    const reply = async (id: number, at: string) => {
      now = new Date(at);
      const res = await api(`/api/tickets/${id}/messages`, {
        method: 'POST',
        body: {
          userId: 'support-team',
          messageId: `m${at}`,
          originalText: 'On it',
          originalLanguage: 'en',
          isStaff: true,
        },
      });
      expect(res.status).toBe(201);
    };
    const a = await open('2026-06-20T10:00:00Z');
    const b = await open('2026-06-21T10:00:00Z');
    const old = await open('2026-04-01T10:00:00Z');
    now = new Date('2026-06-20T10:30:00Z');
    // A status change is not a response.
    expect(
      (await api(`/api/tickets/${a.id}`, { method: 'PATCH', body: { status: 'in_progress' } })).status,
    ).toBe(200);
    await reply(a.id, '2026-06-20T11:00:00Z'); // 1 h
    await reply(a.id, '2026-06-20T15:00:00Z'); // a later reply: ignored
    await reply(b.id, '2026-06-21T13:00:00Z'); // 3 h
    await reply(old.id, '2026-04-05T10:00:00Z'); // opened more than 30 days ago
    now = new Date('2026-06-30T12:00:00Z');
    const stats = (await api('/api/ticket-stats')).json;
    expect(stats).toMatchObject({ total: 3, open: 2, inProgress: 1 });
    expect(stats.avgResponseMs).toBe(2 * 3_600_000);
    expect(stats).toMatchObject({ avgRating: null, rated: 0 });
  });

  it('averages the ratings of rated tickets (one decimal); an open ticket or a second rating is refused and not counted', async () => {
    const ids = (await listTickets(s.services.db, '901')).map((t) => t.id);
    expect(await rateTicket(s.services.db, '901', ids[0]!, '300', 5)).toMatchObject({ error: 'not closed' });
    for (const id of ids)
      expect((await api(`/api/tickets/${id}`, { method: 'PATCH', body: { status: 'closed' } })).status).toBe(
        200,
      );
    const ratings = [5, 4, 4];
    for (const [i, id] of ids.entries())
      expect(await rateTicket(s.services.db, '901', id, '300', ratings[i]!)).toMatchObject({ ok: true });
    expect(await rateTicket(s.services.db, '901', ids[0]!, '300', 1)).toMatchObject({
      error: 'already rated',
    });
    expect(await rateTicket(s.services.db, '902', ids[0]!, '300', 1)).toMatchObject({ error: 'not found' });
    expect((await api('/api/ticket-stats')).json).toMatchObject({ avgRating: 4.3, rated: 3, closed: 3 });
  });
});

describe('the plan gate', () => {
  it('below Ultimate every ticket path answers 403 naming the plan, and writes nothing', async () => {
    const before = await tableCounts(s.services);
    for (const [method, path, body] of [
      ['GET', '/api/tickets', undefined],
      ['GET', '/api/ticket-stats', undefined],
      ['PATCH', '/api/ticket-settings', { supportRoleId: '5' }],
    ] as const) {
      const res = await s.api(`${path}?guildId=902`, { method, admin: true, body });
      expect(res.status, path).toBe(403);
      expect(res.json.error).toContain('Support tickets needs the Ultimate plan');
      expect(res.json.locked).toEqual({ capability: 'tickets', plan: 'ultimate' });
    }
    expect(await tableCounts(s.services)).toEqual(before);
  });
});
