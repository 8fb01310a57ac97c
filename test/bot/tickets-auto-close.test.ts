import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTicketAutoClose } from '../../src/server/features/tickets/auto-close';
import { createTicket } from '../../src/server/features/tickets/tickets';
import { installThreads } from '../fakes/discord/threads';
import { setGuildPlan } from '../helpers/guilds';
import { openDMs, submitModal } from './community-interactions';
import { type BotHarness, eventually, startBotHarness } from './harness';

/**
 * Auto-close of inactive tickets, end to end: the real discord.js client against the fake Discord
 * (with threads), the real server whose clock the test moves forward (no sleeps), the sweep the
 * server's schedule runs (runTicketAutoClose). Ana (Spanish) opens a ticket; with auto-close at 3
 * days she is warned in Spanish a day before, her reply cancels it, a staff reply cancels the next,
 * and the third warning ends in the close with its reason, the rating question and the transcript.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;
let offset = 0;
const clock = () => new Date(Date.now() + offset);

let h: BotHarness;
let ticketId = 0;
let threadId = '';
let opened = 0;

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  h.server.api(`${path}${path.includes('?') ? '&' : '?'}guildId=${h.guild.id}`, { admin: true, ...init });
const ticket = async (id = ticketId) => (await api(`/api/tickets/${id}`)).json;
/** Moves the server's clock to `ms` after the ticket opened. */
const at = (ms: number) => {
  offset = opened + ms - Date.now();
};
const sweep = () => runTicketAutoClose(h.server.services);
const postedIn = (channelId: string, pattern: RegExp, after: number) =>
  h.fake.waitForCall(
    (c) =>
      c.method === 'POST' &&
      c.path === `/channels/${channelId}/messages` &&
      pattern.test(c.body?.content ?? '') &&
      h.fake.calls.indexOf(c) >= after,
  );
const warning = (id: number) =>
  `⏳ El ticket #${id} lleva un tiempo sin actividad. Se cerrará automáticamente en 24 horas si nadie escribe aquí.\n-# ⏳ Ticket #${id} has had no activity for a while. It will be closed automatically in 24 hours unless someone writes here.`;

beforeAll(async () => {
  h = await startBotHarness({ overrides: { clock } });
  installThreads(h.fake);
  h.ana.permissions = '0';
  openDMs(h.fake, h.ana);
  await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
  const who = { member: h.ana, channel: h.channel('general') };
  const form = await h.fake.interactionAnswer(
    h.fake.slash('ticket', [{ name: 'create', type: 1, options: [] }], who),
  );
  await h.fake.interactionAnswer(
    submitModal(h.fake, form.custom_id, { subject: 'Sin respuesta', description: 'Nadie me contesta.' }, who),
    10_000,
  );
  const [t] = (await api('/api/tickets')).json;
  ticketId = t.id;
  threadId = t.channelId;
  opened = new Date(t.createdAt).getTime();
});
afterAll(async () => {
  await h?.close();
});

describe('auto-close of inactive tickets', () => {
  it('is off by default: a month of silence closes nothing', async () => {
    at(30 * DAY);
    expect(await sweep()).toEqual({ warned: [], closed: [] });
    expect((await ticket()).status).toBe('open');
    at(0);
  });

  it('at 3 days: nothing after one day; a day before the close the member is warned in Spanish, once', async () => {
    const saved = await api('/api/ticket-settings', { method: 'PATCH', body: { autoCloseDays: 3 } });
    expect(saved.status).toBe(200);
    at(1 * DAY);
    expect(await sweep()).toEqual({ warned: [], closed: [] });
    at(2 * DAY + HOUR);
    const mark = h.fake.calls.length;
    expect(await sweep()).toEqual({ warned: [ticketId], closed: [] });
    const told = await postedIn(threadId, /sin actividad/, mark);
    expect(told.body?.content).toBe(warning(ticketId));
    expect((await ticket()).autoCloseWarnedAt).not.toBeNull();
    // Sweeping again (or another web process sweeping) posts no second warning.
    expect(await sweep()).toEqual({ warned: [], closed: [] });
  });

  it("the member's reply cancels the warning: past the time, the ticket stays open", async () => {
    const before = (await ticket()).messages.length;
    h.fake.sendMessage({ channelId: threadId, author: h.ana.user, member: h.ana, content: 'Sigo aquí' });
    await eventually(async () => (await ticket()).messages.length > before);
    at(3 * DAY + 2 * HOUR);
    expect(await sweep()).toEqual({ warned: [], closed: [] });
    expect((await ticket()).status).toBe('open');
  });

  it('a staff reply cancels the next warning too; two sweeps at once warn once', async () => {
    at(4 * DAY + 2 * HOUR);
    const [a, b] = await Promise.all([sweep(), sweep()]);
    expect([...a.warned, ...b.warned]).toEqual([ticketId]);
    const reply = await api(`/api/tickets/${ticketId}/messages`, {
      method: 'POST',
      body: {
        userId: 'support-team',
        messageId: 'staff-1',
        originalText: 'Still on it',
        originalLanguage: 'en',
        isStaff: true,
      },
    });
    expect(reply.status).toBe(201);
    at(5 * DAY + 3 * HOUR);
    expect(await sweep()).toEqual({ warned: [], closed: [] });
    expect((await ticket()).status).toBe('open');
  });

  it('closed after the time with its reason in Spanish, then the rating question and the transcript by DM', async () => {
    at(6 * DAY + 3 * HOUR);
    expect(await sweep()).toEqual({ warned: [ticketId], closed: [] });
    at(7 * DAY + 4 * HOUR);
    const mark = h.fake.calls.length;
    expect(await sweep()).toEqual({ warned: [], closed: [ticketId] });
    const told = await postedIn(threadId, /está cerrado/, mark);
    expect(told.body?.content).toBe(
      `🔒 El ticket #${ticketId} está cerrado. Motivo: cerrado tras 3 días sin actividad\nEste hilo queda bloqueado.\n-# 🔒 Ticket #${ticketId} is closed. Reason: closed after 3 days without activity\n-# This thread is now locked.`,
    );
    await postedIn(threadId, /Puntúalo de 1/, mark);
    const dm = openDMs(h.fake, h.ana);
    const sent = await h.fake.waitForCall(
      (c) => c.method === 'POST' && c.path === `/channels/${dm}/messages` && c.files.length > 0,
    );
    expect(sent.files[0]!.bytes.toString('utf8')).toContain(
      'Close reason: closed after 3 days without activity',
    );
    const closed = await ticket();
    expect(closed).toMatchObject({ status: 'closed', closeReason: 'closed after 3 days without activity' });
    expect(await sweep()).toEqual({ warned: [], closed: [] });
  });

  it('below Ultimate nothing is warned or closed', async () => {
    const quiet = await createTicket(h.server.services.db, h.server.services.translator, clock, {
      guildId: h.guild.id,
      userId: h.ana.user.id,
      userLanguage: 'es',
      subject: 'Otro',
      description: 'Otro más',
    });
    await setGuildPlan(h.server.services, h.guild.id, 'pro');
    offset += 10 * DAY;
    expect(await sweep()).toEqual({ warned: [], closed: [] });
    expect((await ticket(quiet.id)).autoCloseWarnedAt ?? null).toBeNull();
    await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
    expect(await sweep()).toEqual({ warned: [quiet.id], closed: [] });
  });
});
