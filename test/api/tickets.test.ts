import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawAll } from '../../db/client';
import { guilds } from '../../db/schema';
import { createCaller } from '../../src/server/app/router';
import { addTicketMessage, createTicket, type Ticket } from '../../src/server/features/tickets/tickets';
import { recordingTranslator } from '../helpers/recording-translator';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

let now = new Date('2026-06-01T08:00:00Z');
const clock = () => now;
const rec = recordingTranslator();
let s: TestServer;
let bare: TestServer;
let spanish: Ticket;
let french: Ticket;
let japanese: Ticket;
let foreign: Ticket;

async function open(server: TestServer, guildId: string, userLanguage: string, at: string, subject: string) {
  now = new Date(at);
  // Support tickets are an Ultimate capability.
  await server.services.db
    .insert(guilds)
    .values({ id: guildId, plan: 'ultimate' })
    .onConflictDoNothing()
    .run();
  return createTicket(server.services.db, server.services.translator, clock, {
    guildId,
    userId: `user-${userLanguage}`,
    userLanguage,
    subject,
    description: `${subject} (details)`,
    category: 'billing',
  });
}

beforeAll(async () => {
  s = await startTestServer({ overrides: { translator: rec.translator, clock } });
  bare = await startTestServer({ overrides: { clock } });
  spanish = await open(s, '777', 'es', '2026-06-01T08:00:00Z', 'No puedo pagar');
  french = await open(s, '777', 'fr', '2026-06-01T09:00:00Z', 'Le bot ne répond pas');
  japanese = await open(s, '777', 'ja', '2026-06-01T10:00:00Z', 'ロールがない');
  foreign = await open(s, '778', 'de', '2026-06-01T11:00:00Z', 'Hilfe');
  now = new Date('2026-06-02T12:00:00Z');
});
afterAll(async () => {
  await s.close();
  await bare.close();
});

const get = (id: number, guildId = '777') => s.api(`/api/tickets/${id}?guildId=${guildId}`, { admin: true });
const patch = (id: number, body: unknown) =>
  s.api(`/api/tickets/${id}?guildId=777`, { method: 'PATCH', admin: true, body });
const reply = (server: TestServer, id: number, body: unknown) =>
  server.api(`/api/tickets/${id}/messages?guildId=777`, { method: 'POST', admin: true, body });
const staff = (text: string) => ({
  userId: 'support-team',
  messageId: `${Date.now()}`,
  originalText: text,
  originalLanguage: 'en',
  isStaff: true,
});

describe('opening a ticket (service shared with the bot)', () => {
  it('keeps subject and description in the member language and the support language', () => {
    expect(spanish.subject).toEqual({ es: 'No puedo pagar', en: '[en] No puedo pagar' });
    expect(spanish.description).toEqual({
      es: 'No puedo pagar (details)',
      en: '[en] No puedo pagar (details)',
    });
    expect(spanish).toMatchObject({
      status: 'open',
      priority: 'medium',
      supportLanguage: 'en',
      userLanguage: 'es',
    });
  });
});

describe('GET /api/tickets', () => {
  it('lists the guild tickets newest first, without messages', async () => {
    const res = await s.api('/api/tickets?guildId=777', { admin: true });
    expect(res.status).toBe(200);
    expect(res.json.map((t: Ticket) => t.id)).toEqual([japanese.id, french.id, spanish.id]);
    expect(res.json[0]).not.toHaveProperty('messages');
    expect(res.json[0]).toMatchObject({
      userId: 'user-ja',
      userLanguage: 'ja',
      category: 'billing',
      status: 'open',
    });
  });

  it('filters by status; all and empty mean every status', async () => {
    await patch(french.id, { status: 'in_progress' });
    const inProgress = await s.api('/api/tickets?guildId=777&status=in_progress', { admin: true });
    expect(inProgress.json.map((t: Ticket) => t.id)).toEqual([french.id]);
    const closed = await s.api('/api/tickets?guildId=777&status=closed', { admin: true });
    expect(closed.json).toEqual([]);
    expect((await s.api('/api/tickets?guildId=777&status=all', { admin: true })).json).toHaveLength(3);
    expect((await s.api('/api/tickets?guildId=777&status=', { admin: true })).json).toHaveLength(3);
  });

  it('rejects an unknown status with 400 and needs credentials', async () => {
    const res = await s.api('/api/tickets?guildId=777&status=done', { admin: true });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain('status');
    expect((await s.api('/api/tickets?guildId=777')).status).toBe(401);
    expect((await s.api(`/api/tickets/${spanish.id}?guildId=777`)).status).toBe(401);
  });
});

describe('GET /api/tickets/:id', () => {
  it('gives the ticket with its conversation oldest first', async () => {
    now = new Date('2026-06-02T12:00:00Z');
    await addTicketMessage(s.services.db, s.services.translator, clock, spanish, {
      userId: 'user-es',
      messageId: 'm-1',
      originalText: 'Hola, sigo sin poder pagar',
      originalLanguage: 'es',
      isStaff: false,
    });
    now = new Date('2026-06-02T12:05:00Z');
    await reply(s, spanish.id, staff('We are looking into it'));
    const res = await get(spanish.id);
    expect(res.status).toBe(200);
    expect(res.json.subject).toEqual({ es: 'No puedo pagar', en: '[en] No puedo pagar' });
    expect(res.json.messages).toHaveLength(2);
    expect(res.json.messages[0]).toMatchObject({
      userId: 'user-es',
      isStaff: false,
      originalLanguage: 'es',
      translations: { es: 'Hola, sigo sin poder pagar', en: '[en] Hola, sigo sin poder pagar' },
      translated: true,
      createdAt: '2026-06-02T12:00:00.000Z',
    });
    expect(res.json.messages[1]).toMatchObject({
      isStaff: true,
      translations: { es: '[es] We are looking into it' },
    });
  });

  it('answers 404 for an unknown id or another guild ticket, 400 for a bad id', async () => {
    expect((await get(99999)).status).toBe(404);
    const other = await get(foreign.id);
    expect(other.status).toBe(404);
    expect(other.json.error).toContain(`ticket ${foreign.id}`);
    expect((await get(foreign.id, '778')).status).toBe(200);
    const bad = await s.api('/api/tickets/abc?guildId=777', { admin: true });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toContain('id');
  });
});

describe('PATCH /api/tickets/:id', () => {
  it('resolved sets resolvedAt to now, or to the time given; leaving resolved clears it', async () => {
    now = new Date('2026-06-03T10:00:00Z');
    const resolved = await patch(japanese.id, { status: 'resolved' });
    expect(resolved.status).toBe(200);
    expect(resolved.json).toMatchObject({ status: 'resolved', resolvedAt: '2026-06-03T10:00:00.000Z' });
    const given = await patch(japanese.id, { status: 'resolved', resolvedAt: '2026-06-03T09:30:00.000Z' });
    expect(given.json.resolvedAt).toBe('2026-06-03T09:30:00.000Z');
    const reopened = await patch(japanese.id, { status: 'open' });
    expect(reopened.json).toMatchObject({ status: 'open', resolvedAt: null });
    const closed = await patch(japanese.id, { status: 'closed' });
    expect(closed.json.status).toBe('closed');
    expect((await get(japanese.id)).json).toMatchObject({ status: 'closed', resolvedAt: null });
  });

  it('takes a Date for resolvedAt from in-process and /trpc callers', async () => {
    const caller = createCaller({ ...s.services, actor: { kind: 'admin', via: 'token' }, clientIp: 'test' });
    const at = new Date('2026-06-04T08:15:00Z');
    const updated = await caller.tickets.update({
      guildId: '777',
      id: japanese.id,
      status: 'resolved',
      resolvedAt: at,
    });
    expect(updated.resolvedAt).toEqual(at);
    const closed = await caller.tickets.update({ guildId: '777', id: japanese.id, status: 'closed' });
    expect(closed.resolvedAt).toBeNull();
  });

  it('two admins closing at the same moment: closed once, announced once to the member', async () => {
    const ticket = await open(s, '777', 'de', '2026-06-05T08:00:00Z', 'Doppelt geschlossen');
    // Through the dashboard's procedure in-process (as /trpc runs it), without HTTP's own pacing.
    const caller = createCaller({ ...s.services, actor: { kind: 'admin', via: 'token' }, clientIp: 'test' });
    const close = () => caller.tickets.update({ guildId: '777', id: ticket.id, status: 'closed' });
    // A warm pool (as in production): each request has its connection at once.
    await Promise.all([1, 2, 3].map(() => caller.tickets.get({ guildId: '777', id: ticket.id })));
    const answers = await Promise.all([close(), close(), close()]);
    expect(answers.map((a) => a.status)).toEqual(['closed', 'closed', 'closed']);
    const notes = await rawAll<{ text: string }>(
      s.services.db,
      sql`select original_text as text from ticket_messages where ticket_id = ${ticket.id} and kind = 'status'`,
    );
    expect(notes).toHaveLength(1);
  });

  it('changes the priority alone', async () => {
    const res = await patch(spanish.id, { priority: 'urgent' });
    expect(res.json).toMatchObject({ priority: 'urgent', status: 'open' });
  });

  it.each([
    ['status', { status: 'done' }],
    ['priority', { priority: 'critical' }],
    ['resolvedAt', { status: 'resolved', resolvedAt: 'yesterday' }],
    ['resolvedAt', { status: 'open', resolvedAt: '2026-06-03T09:30:00Z' }],
    ['at least one', {}],
  ])('rejects a bad %s with 400 and changes nothing', async (field, body) => {
    const before = (await get(french.id)).json;
    const res = await patch(french.id, body);
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(field);
    expect((await get(french.id)).json).toEqual(before);
  });

  it('answers 404 for another guild ticket and 401 without credentials', async () => {
    expect((await patch(foreign.id, { status: 'closed' })).status).toBe(404);
    const anon = await s.api(`/api/tickets/${spanish.id}?guildId=777`, {
      method: 'PATCH',
      body: { status: 'closed' },
    });
    expect(anon.status).toBe(401);
  });
});

describe('POST /api/tickets/:id/messages', () => {
  it('stores a staff reply translated into the member language in one call and tells the bot', async () => {
    const events: unknown[] = [];
    s.services.events.on('ticket:reply', (e) => events.push(e));
    rec.calls.length = 0;
    const res = await reply(s, french.id, staff('Please reinvite the bot'));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      ticketId: french.id,
      userId: 'support-team',
      isStaff: true,
      originalLanguage: 'en',
      translations: { en: 'Please reinvite the bot', fr: '[fr] Please reinvite the bot' },
      translated: true,
    });
    expect(rec.calls).toHaveLength(1);
    expect(rec.calls[0]).toMatchObject({ targets: ['fr'], source: 'en', origin: 'ticket', guildId: '777' });
    expect(rec.calls[0].userId).toBeUndefined(); // support is never held by the per-member limit
    expect(events).toEqual([{ guildId: '777', ticketId: french.id, messageId: res.json.id }]);
  });

  it('translates a member message into the support language and does not notify the bot', async () => {
    const events: unknown[] = [];
    s.services.events.on('ticket:reply', (e) => events.push(e));
    const res = await reply(s, french.id, {
      userId: 'user-fr',
      messageId: 'm-77',
      originalText: 'Merci !',
      originalLanguage: 'fr',
      isStaff: false,
    });
    expect(res.status).toBe(201);
    expect(res.json.translations).toEqual({ fr: 'Merci !', en: '[en] Merci !' });
    expect(rec.calls.at(-1)).toMatchObject({
      targets: ['en'],
      source: 'fr',
      origin: 'ticket',
      userId: 'user-fr',
    });
    expect(events).toEqual([]);
  });

  it('stores the original with translated=false when the translator fails, so support never stops', async () => {
    rec.state.fail = new Error('provider down');
    try {
      const res = await reply(s, french.id, staff('Still there?'));
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ translations: { en: 'Still there?' }, translated: false });
    } finally {
      rec.state.fail = null;
    }
    const messages = (await get(french.id)).json.messages;
    expect(messages.at(-1)).toMatchObject({ originalText: 'Still there?', translated: false });
  });

  it('works without any translation provider configured', async () => {
    const t = await open(bare, '777', 'es', '2026-06-01T08:00:00Z', 'Ayuda');
    expect(t.subject).toEqual({ es: 'Ayuda' });
    const res = await reply(bare, t.id, staff('Hello'));
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ translations: { en: 'Hello' }, translated: false });
  });

  it.each([
    ['originalText', { originalText: '   ' }],
    ['originalText', { originalText: 'z'.repeat(2001) }],
    ['originalLanguage', { originalLanguage: 'english' }],
    ['isStaff', { isStaff: 'yes' }],
    ['userId', { userId: '' }],
    ['messageId', { messageId: undefined }],
  ])('rejects a bad %s with 400 and writes nothing', async (field, change) => {
    rec.calls.length = 0;
    const before = await tableCounts(s.services);
    const res = await reply(s, french.id, { ...staff('Hi'), ...change });
    expect(res.status).toBe(400);
    expect(res.json.error).toContain(field);
    expect(rec.calls).toHaveLength(0);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('answers 404 for another guild ticket, writing nothing, and 401 without credentials', async () => {
    const before = await tableCounts(s.services);
    expect((await reply(s, foreign.id, staff('Hi'))).status).toBe(404);
    expect(await tableCounts(s.services)).toEqual(before);
    const anon = await s.api(`/api/tickets/${french.id}/messages?guildId=777`, {
      method: 'POST',
      body: staff('x'),
    });
    expect(anon.status).toBe(401);
  });
});
