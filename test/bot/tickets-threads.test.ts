import { Events } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot } from '../../bot/client';
import { updateTicketSettings } from '../../src/server/features/tickets/settings';
import type { Json } from '../fakes/discord';
import { type FakeThreads, installThreads } from '../fakes/discord/threads';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { openDMs, pressButton, submitModal } from './community-interactions';
import { type BotHarness, eventually, handled, startBotHarness } from './harness';

/**
 * A whole support conversation between a Spanish-speaking member and English-speaking staff:
 * the real discord.js client against the fake Discord (with threads), the real server and a
 * fake Gemini that answers "[code] text".
 */

interface Message {
  id: number;
  isStaff: boolean;
  kind: string;
  originalText: string;
  originalLanguage: string;
  translations: Record<string, string>;
  deliveredAt: string | null;
  deliveryError: string | null;
}
interface Ticket {
  id: number;
  status: string;
  channelId: string | null;
  messages: Message[];
}

let h: BotHarness;
let threads: FakeThreads;
let ticketId = 0;
let threadId = '';
let openingMessage: Json;

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  h.server.api(`${path}${path.includes('?') ? '&' : '?'}guildId=${h.guild.id}`, { admin: true, ...init });
const ticket = async (id = ticketId): Promise<Ticket> => (await api(`/api/tickets/${id}`)).json;
const reply = (text: string, id = ticketId) =>
  api(`/api/tickets/${id}/messages`, {
    method: 'POST',
    body: {
      userId: 'support-team',
      messageId: `d${Date.now()}`,
      originalText: text,
      originalLanguage: 'en',
      isStaff: true,
    },
  });
const postedIn = (channelId: string, pattern: RegExp) =>
  h.fake.waitForCall(
    (c) =>
      c.method === 'POST' &&
      c.path === `/channels/${channelId}/messages` &&
      pattern.test(c.body?.content ?? ''),
  );

async function openTicket(
  member = h.ana,
  fields = { subject: 'No puedo entrar', description: 'Mi cuenta no funciona.' },
) {
  const who = { member, channel: h.channel('general') };
  const command = h.fake.slash('ticket', [{ name: 'create', type: 1, options: [] }], who);
  const form = await h.fake.interactionAnswer(command);
  if (!form.custom_id) return { answer: form };
  const submit = submitModal(h.fake, form.custom_id, fields, who);
  return { answer: await h.fake.interactionAnswer(submit, 10_000) };
}

beforeAll(async () => {
  h = await startBotHarness();
  threads = installThreads(h.fake);
  await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
});
afterAll(async () => {
  await h?.close();
});

describe('a ticket conversation in a private thread', () => {
  it('/ticket create opens a private thread in a #tickets channel the bot creates, with the member and an opening message in Spanish and English', async () => {
    const { answer } = await openTicket();
    const created = await h.fake.waitForCall(
      (c) => c.method === 'POST' && /^\/guilds\/\d+\/channels$/.test(c.path),
    );
    expect(created.body?.name).toBe('tickets');
    const tickets = threads.created[0]!;
    const open = await h.fake.waitForCall(
      (c) => c.method === 'POST' && c.path === `/channels/${tickets.id}/threads`,
    );
    expect(open.body).toMatchObject({ type: 12, invitable: false });
    const [thread] = threads.threads.values();
    threadId = thread!.channel.id;
    expect(thread!.members.has(h.ana.user.id)).toBe(true);
    const list = (await api('/api/tickets')).json as Ticket[];
    ticketId = list[0]!.id;
    expect(list[0]!.channelId).toBe(threadId);
    expect(answer.content).toContain(`El ticket **#${ticketId}** está abierto: <#${threadId}>`);
    const opening = await postedIn(threadId, /No puedo entrar/);
    expect(opening.body?.content).toContain('**Asunto:** No puedo entrar');
    expect(opening.body?.content).toContain('**Subject:** [en] No puedo entrar');
    expect(opening.body?.allowed_mentions?.users).toEqual([h.ana.user.id]);
    const button = opening.body?.components?.[0]?.components?.[0];
    expect(button).toMatchObject({ label: 'Cerrar ticket', custom_id: `ticketclose:${ticketId}` });
    openingMessage = opening.body!;
  });

  it('what the member writes in the thread in Spanish shows in the dashboard in English with the original', async () => {
    const before = (await ticket()).messages.length;
    h.fake.sendMessage({
      channelId: threadId,
      author: h.ana.user,
      member: h.ana,
      content: 'Sigo sin poder entrar',
    });
    const t = await eventually(async () => {
      const x = await ticket();
      return x.messages.length > before ? x : null;
    });
    expect(t.messages.at(-1)).toMatchObject({
      isStaff: false,
      originalLanguage: 'es',
      originalText: 'Sigo sin poder entrar',
      translations: { en: '[en] Sigo sin poder entrar' },
    });
  });

  it('a staff reply from the dashboard is posted in the thread in Spanish with the English original collapsed, and marked delivered', async () => {
    const res = await reply('We reset your password.');
    expect(res.status).toBe(201);
    const sent = await postedIn(threadId, /We reset your password/);
    expect(sent.body?.content).toContain('\n[es] We reset your password.\n');
    expect(sent.body?.content).toContain(
      '-# Original (English), haz clic para verlo:\n||We reset your password.||',
    );
    await eventually(async () => (await ticket()).messages.find((m) => m.id === res.json.id)?.deliveredAt);
  });

  it('two replies reach the member in the order staff wrote them, when Discord refused the first for a moment', async () => {
    h.fake.rest.fail({
      method: 'POST',
      path: new RegExp(`^/channels/${threadId}/messages$`),
      status: 500,
      body: { message: 'Internal Server Error', code: 0 },
      times: 1,
    });
    const first = await reply('First, log out everywhere.');
    const second = await reply('Then log in again.');
    expect([first.status, second.status]).toEqual([201, 201]);
    await eventually(async () => {
      const messages = (await ticket()).messages;
      return [first.json.id, second.json.id].every((id) => messages.find((m) => m.id === id)?.deliveredAt);
    }, 15_000);
    const posted = h.fake.calls
      .filter((c) => c.method === 'POST' && c.path === `/channels/${threadId}/messages` && c.status === 200)
      .map((c) => String(c.body?.content ?? ''))
      .filter((text) => /log out everywhere|log in again/.test(text));
    expect(posted).toHaveLength(2);
    expect(posted[0]).toContain('[es] First, log out everywhere.');
    expect(posted[1]).toContain('[es] Then log in again.');
  });

  it('staff writing in the thread are recorded as staff, and the member reads them in Spanish', async () => {
    h.fake.sendMessage({
      channelId: threadId,
      author: h.ben.user,
      member: h.ben,
      content: 'Try logging in now',
    });
    const staff = await eventually(async () =>
      (await ticket()).messages.find((m) => m.originalText === 'Try logging in now'),
    );
    expect(staff).toMatchObject({
      isStaff: true,
      originalLanguage: 'en',
      translations: { es: '[es] Try logging in now' },
    });
    const sent = await postedIn(threadId, /\[es\] Try logging in now/);
    expect(sent.body?.content).not.toContain('Equipo de soporte');
  });

  it('a reply written while the bot is offline is queued, shown pending, and delivered when it reconnects', async () => {
    await h.bot.stop();
    const res = await reply('Are you still there?');
    expect(res.status).toBe(201);
    const queued = (await ticket()).messages.find((m) => m.id === res.json.id)!;
    expect(queued.deliveredAt).toBeNull();
    const bot = await startBot(h.server.services, { retries: 0 });
    if (!bot) throw new Error('bot did not restart');
    h.bot = bot;
    await bot.ready;
    const sent = await postedIn(threadId, /Are you still there/);
    expect(sent.body?.content).toContain('[es] Are you still there?');
    await eventually(async () => (await ticket()).messages.find((m) => m.id === res.json.id)?.deliveredAt);
  });

  it('closing announces it in Spanish, then locks and archives the thread; a reply to a closed ticket is refused and writes nothing', async () => {
    const res = await api(`/api/tickets/${ticketId}`, { method: 'PATCH', body: { status: 'closed' } });
    expect(res.status).toBe(200);
    await postedIn(threadId, new RegExp(`El ticket #${ticketId} está cerrado`));
    await h.fake.waitForCall(
      (c) => c.method === 'PATCH' && c.path === `/channels/${threadId}` && c.body?.archived === true,
    );
    expect(threads.threads.get(threadId)!.channel.thread_metadata).toMatchObject({
      archived: true,
      locked: true,
    });
    const status = await eventually(async () =>
      (await ticket()).messages.find((m) => m.kind === 'status' && m.deliveredAt),
    );
    expect(status.translations.es).toContain('está cerrado');
    const before = await tableCounts(h.server.services);
    const refused = await reply('One more thing');
    expect(refused.status).toBe(409);
    expect(refused.json.error).toContain('the ticket is closed');
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('reopening unarchives the thread and says so in Spanish', async () => {
    const res = await api(`/api/tickets/${ticketId}`, { method: 'PATCH', body: { status: 'open' } });
    expect(res.status).toBe(200);
    await postedIn(threadId, new RegExp(`El ticket #${ticketId} está abierto de nuevo`));
    expect(threads.threads.get(threadId)!.channel.thread_metadata).toMatchObject({
      archived: false,
      locked: false,
    });
  });

  it("the member closes their own ticket with the thread's button", async () => {
    const press = pressButton(h.fake, openingMessage, 'Cerrar ticket', {
      member: h.ana,
      channel: threads.threads.get(threadId)!.channel,
    });
    const answer = await h.fake.interactionAnswer(press);
    expect(answer.content).toBe(`Cerrando el ticket #${ticketId}…`);
    await eventually(async () => (await ticket()).status === 'closed');
    await eventually(() => threads.threads.get(threadId)!.channel.thread_metadata?.archived === true);
  });
});

describe('a double click on Close', () => {
  it('closes the ticket once: one closing answer, the second press told it is closed, one announcement', async () => {
    await api(`/api/tickets/${ticketId}`, { method: 'PATCH', body: { status: 'open' } });
    const notes = async () => (await ticket()).messages.filter((m) => m.kind === 'status').length;
    const before = await notes();
    const who = { member: h.ana, channel: threads.threads.get(threadId)!.channel };
    const presses = [1, 2].map(() => pressButton(h.fake, openingMessage, 'Cerrar ticket', who));
    const answers = await Promise.all(presses.map((p) => h.fake.interactionAnswer(p)));
    expect(answers.map((a) => a.content).sort()).toEqual([
      `Cerrando el ticket #${ticketId}…`,
      `El ticket #${ticketId} ya está cerrado.`,
    ]);
    expect(await notes()).toBe(before + 1);
  });
});

describe('bad input and lost threads', () => {
  it('an empty or whitespace reply, and one over 2000 characters, are refused naming the field; nothing is written', async () => {
    await api(`/api/tickets/${ticketId}`, { method: 'PATCH', body: { status: 'open' } });
    const before = await tableCounts(h.server.services);
    const blank = await reply('   ');
    expect(blank.status).toBe(400);
    expect(blank.json.error).toContain('originalText: must not be empty');
    const long = await reply('x'.repeat(2001));
    expect(long.status).toBe(400);
    expect(long.json.error).toContain('originalText: must be at most 2000 characters');
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('when the bot can no longer see the thread, the reply reaches the member by DM', async () => {
    const dm = openDMs(h.fake, h.ana);
    threads.remove(threadId);
    h.fake.dispatch('THREAD_DELETE', {
      id: threadId,
      guild_id: h.guild.id,
      parent_id: threads.created[0]!.id,
      type: 12,
    });
    const res = await reply('Sending this by DM');
    const sent = await postedIn(dm, /Sending this by DM/);
    expect(sent.body?.content).toContain('[es] Sending this by DM');
    await eventually(async () => (await ticket()).messages.find((m) => m.id === res.json.id)?.deliveredAt);
  });

  it('a message in a thread that is not a ticket is never stored', async () => {
    const before = await tableCounts(h.server.services);
    const other = h.fake.createThread(h.channel('general'), null, 'chat');
    const sent = [
      h.fake.sendMessage({ channelId: other.id, author: h.ana.user, member: h.ana, content: 'hola a todos' }),
      h.fake.sendMessage({
        channelId: h.channel('general').id,
        author: h.ana.user,
        member: h.ana,
        content: 'hola',
      }),
    ];
    // The bot has finished with both (every messageCreate handler, the tickets' one included).
    await Promise.all(sent.map((msg) => handled(h, Events.MessageCreate, (m) => m.id === msg.id)));
    expect((await tableCounts(h.server.services)).ticket_messages).toBe(before.ticket_messages);
  });

  it('on a server without Ultimate, /ticket create says so in Spanish and writes nothing', async () => {
    await setGuildPlan(h.server.services, h.guild.id, 'pro');
    const before = await tableCounts(h.server.services);
    const { answer } = await openTicket();
    expect(answer.content).toBe(
      '🔒 Support tickets requiere el plan Ultimate en este servidor. Un administrador puede mejorarlo en el panel.',
    );
    expect(await tableCounts(h.server.services)).toEqual(before);
    const dashboard = await api('/api/tickets');
    expect(dashboard.status).toBe(403);
    await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
  });
});

describe('first tickets at the same moment', () => {
  it('two members opening tickets at once on a server without a tickets channel: one #tickets is created', async () => {
    // An admin deleted #tickets: the next tickets need a new one.
    const old = threads.created[0]!;
    h.guild.channels = h.guild.channels.filter((c) => c.id !== old.id);
    h.fake.dispatch('CHANNEL_DELETE', { id: old.id, guild_id: h.guild.id, type: 0 });
    await eventually(() => !h.bot.client.channels.cache.has(old.id));
    await updateTicketSettings(h.server.services.db, h.guild.id, { channelId: null, defaultChannelId: null });
    const creates = () =>
      h.fake.calls.filter(
        (c) => c.method === 'POST' && /^\/guilds\/\d+\/channels$/.test(c.path) && c.body?.name === 'tickets',
      ).length;
    const before = creates();
    const [ana, ben] = await Promise.all([
      openTicket(h.ana, { subject: 'No veo el canal', description: 'No aparece.' }),
      openTicket(h.ben, { subject: 'Missing role', description: 'I lost my role.' }),
    ]);
    expect(ana.answer.content).toMatch(/<#\d+>/);
    expect(ben.answer.content).toMatch(/<#\d+>/);
    expect(creates()).toBe(before + 1);
  });
});
