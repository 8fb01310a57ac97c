import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureGuild } from '../../src/server/core/guilds';
import { createTicket, findTicket } from '../../src/server/features/tickets/tickets';
import type { Json } from '../fakes/discord';
import { type FakeThreads, installThreads } from '../fakes/discord/threads';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { openDMs, pressButton, submitModal } from './community-interactions';
import { interactionPayload, userPayload } from '../fakes/discord';
import { type BotHarness, eventually, handled, startBotHarness } from './harness';

/**
 * Closing a ticket with a reason and the member's rating, end to end: the real discord.js client
 * against the fake Discord (with threads), the real server, a fake Gemini answering "[code] text".
 * Ana (Spanish, no staff permission) opens a ticket; Ben (staff) closes it from the thread with a
 * reason; Ana reads it in Spanish and rates it; nobody else can rate it, nor twice, nor out of range.
 */

interface Ticket {
  id: number;
  status: string;
  channelId: string | null;
  closeReason: string | null;
  rating: number | null;
}

let h: BotHarness;
let threads: FakeThreads;
let ticketId = 0;
let threadId = '';
let opening: Json;
let question: Json;

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  h.server.api(`${path}${path.includes('?') ? '&' : '?'}guildId=${h.guild.id}`, { admin: true, ...init });
const ticket = async (id = ticketId): Promise<Ticket> => (await api(`/api/tickets/${id}`)).json;
const inThread = (member = h.ana) => ({ member, channel: { ...h.channel('general'), id: threadId } });
const postedIn = (channelId: string, pattern: RegExp, after = 0) =>
  h.fake.waitForCall(
    (c) =>
      c.method === 'POST' &&
      c.path === `/channels/${channelId}/messages` &&
      pattern.test(c.body?.content ?? '') &&
      h.fake.calls.indexOf(c) >= after,
  );
/** A message carrying one rating button with this custom id (a forged or stale press). */
const rateMessage = (customId: string): Json => ({
  content: '',
  components: [{ type: 1, components: [{ type: 2, style: 2, label: 'Rate', custom_id: customId }] }],
});

beforeAll(async () => {
  h = await startBotHarness();
  threads = installThreads(h.fake);
  h.ana.permissions = '0';
  // Ana accepts DMs (the transcript); the last test makes Discord refuse them.
  openDMs(h.fake, h.ana);
  await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
  const who = { member: h.ana, channel: h.channel('general') };
  const form = await h.fake.interactionAnswer(
    h.fake.slash('ticket', [{ name: 'create', type: 1, options: [] }], who),
  );
  const submit = submitModal(
    h.fake,
    form.custom_id,
    { subject: 'Cobro doble', description: 'Me cobraron dos veces.' },
    who,
  );
  await h.fake.interactionAnswer(submit, 10_000);
  const [t] = (await api('/api/tickets')).json as Ticket[];
  ticketId = t!.id;
  threadId = t!.channelId!;
  opening = (await postedIn(threadId, /Cobro doble/)).body!;
  h.fake.sendMessage({ channelId: threadId, author: h.ana.user, member: h.ana, content: 'Sigo esperando' });
  await eventually(async () => (await api(`/api/tickets/${ticketId}`)).json.messages.length > 0);
});
afterAll(async () => {
  await h?.close();
});

describe('closing with a reason', () => {
  it('staff pressing Close get a form for the reason; the member is told in Spanish with the reason translated, the reason is stored', async () => {
    const form = await h.fake.interactionAnswer(
      pressButton(h.fake, opening, 'Cerrar ticket', inThread(h.ben)),
    );
    expect(form.callbackType).toBe(9);
    expect(form.custom_id).toBe(`ticketclosereason:${ticketId}`);
    expect(form.components.map((c: Json) => c.label)).toEqual(['Reason (optional)']);
    const mark = h.fake.calls.length;
    const answer = await h.fake.interactionAnswer(
      submitModal(h.fake, form.custom_id, { reason: 'Refund issued' }, inThread(h.ben)),
      10_000,
    );
    expect(answer.content).toBe(`Closing ticket #${ticketId}…`);
    const told = await postedIn(threadId, /está cerrado/, mark);
    expect(told.body?.content).toBe(
      `🔒 El ticket #${ticketId} está cerrado. Motivo: [es] Refund issued\nEste hilo queda bloqueado.\n-# 🔒 Ticket #${ticketId} is closed. Reason: Refund issued\n-# This thread is now locked.`,
    );
    expect((await ticket()).closeReason).toBe('Refund issued');
    expect((await ticket()).status).toBe('closed');
  });

  it('the rating question follows in Spanish with five buttons, then the thread is locked and archived', async () => {
    question = (await postedIn(threadId, /Puntúalo de 1/)).body!;
    expect(question.content).toContain(`el ticket #${ticketId}`);
    const buttons = question.components[0].components.map((b: Json) => [b.label, b.custom_id]);
    expect(buttons).toEqual(
      [1, 2, 3, 4, 5].map((n) => [`${n} ★`, `ticketrate:${h.guild.id}:${ticketId}:${n}`]),
    );
    await eventually(() => threads.threads.get(threadId)!.channel.thread_metadata?.archived === true);
    expect(threads.threads.get(threadId)!.channel.thread_metadata?.locked).toBe(true);
  });
});

describe('the transcript', () => {
  it('reaches the member by DM when the ticket closes: a .txt and an .html page with both languages side by side, her text as written', async () => {
    const dm = openDMs(h.fake, h.ana);
    const sent = await h.fake.waitForCall(
      (c) => c.method === 'POST' && c.path === `/channels/${dm}/messages` && c.files.length > 0,
    );
    expect(sent.body?.content).toContain(`La transcripción de tu ticket #${ticketId}`);
    const [file, page] = sent.files;
    expect(file!.name).toBe(`ticket-${ticketId}-transcript.txt`);
    expect(page!.name).toBe(`ticket-${ticketId}-transcript.html`);
    const html = page!.bytes.toString('utf8');
    expect(html).toContain(
      '<td class="text" dir="auto" lang="es">Sigo esperando <span class="original">(original)</span></td><td class="text" dir="auto" lang="en">[en] Sigo esperando</td>',
    );
    expect(html).toContain('<strong>Close reason:</strong> <span dir="auto">Refund issued</span>');
    const text = file!.bytes.toString('utf8');
    expect(text).toContain(`Ticket #${ticketId}`);
    expect(text).toContain('  [es] Cobro doble\n  [en] [en] Cobro doble');
    expect(text).toMatch(/· Member\n {2}\[es\] Sigo esperando\n {2}\[en\] \[en\] Sigo esperando/);
    expect(text).toContain('Close reason: Refund issued');
  });
});

describe('the rating', () => {
  it('staff pressing a rating are told only the member can; nothing is written', async () => {
    const done = handled(h, 'interactionCreate');
    const answer = await h.fake.interactionAnswer(pressButton(h.fake, question, '5 ★', inThread(h.ben)));
    await done;
    expect(answer.content).toBe(`Only the member who opened ticket #${ticketId} can rate it.`);
    expect((await ticket()).rating).toBeNull();
  });

  it('a rating out of range, a ticket of another server, an unknown ticket: refused, nothing written', async () => {
    await ensureGuild(h.server.services.db, '777000000000000001');
    const other = await createTicket(h.server.services.db, h.server.services.translator, () => new Date(), {
      guildId: '777000000000000001',
      userId: h.ana.user.id,
      userLanguage: 'es',
      subject: 'Otro',
      description: 'Otro servidor',
    });
    const before = await tableCounts(h.server.services);
    const cases = [
      [`ticketrate:${h.guild.id}:${ticketId}:9`, 'Una puntuación es un número entero del 1 al 5.'],
      [`ticketrate:${h.guild.id}:${ticketId}:0`, 'Una puntuación es un número entero del 1 al 5.'],
      // Another server's ticket, or none: not found, from the table in Ana's Spanish.
      [`ticketrate:${h.guild.id}:${other.id}:5`, `No se encontró el ticket #${other.id}.`],
      [`ticketrate:777000000000000001:${other.id}:5`, `No se encontró el ticket #${other.id}.`],
      [`ticketrate:${h.guild.id}:999999:5`, 'No se encontró el ticket #999999.'],
    ] as const;
    for (const [customId, message] of cases) {
      const done = handled(h, 'interactionCreate');
      const answer = await h.fake.interactionAnswer(
        pressButton(h.fake, rateMessage(customId), 'Rate', inThread()),
      );
      await done;
      expect(answer.content, customId).toBe(message);
    }
    expect((await ticket()).rating).toBeNull();
    expect((await findTicket(h.server.services.db, '777000000000000001', other.id))?.rating).toBeNull();
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('the member rates 4 in Spanish; a second press is refused and the 4 stays; the dashboard shows it and the average', async () => {
    const answer = await h.fake.interactionAnswer(pressButton(h.fake, question, '4 ★', inThread()));
    expect(answer.content).toBe(`¡Gracias! Has puntuado el ticket #${ticketId} con 4/5.`);
    expect((await ticket()).rating).toBe(4);
    const again = await h.fake.interactionAnswer(pressButton(h.fake, question, '1 ★', inThread()));
    expect(again.content).toBe(
      `El ticket #${ticketId} ya está puntuado (4/5); un ticket se puntúa una sola vez.`,
    );
    expect((await ticket()).rating).toBe(4);
    const stats = (await api('/api/ticket-stats')).json;
    expect(stats).toMatchObject({ avgRating: 4, rated: 1, closed: 1 });
  });
});

/** A member presses a button of the bot's DM (Discord sends no guild and no member then). */
function pressInDM(message: Json, label: string, dmId: string): Json {
  const button = message.components[0].components.find((b: Json) => b.label === label);
  const {
    guild_id: _g,
    member: _m,
    authorizing_integration_owners: _o,
    ...payload
  } = interactionPayload({
    applicationId: h.fake.applicationId,
    guildId: h.guild.id,
    channel: { ...h.channel('general'), id: dmId },
    member: h.ana,
    type: 3,
    data: { custom_id: button.custom_id, component_type: 2 },
  });
  const press: Json = {
    ...payload,
    user: userPayload(h.ana.user),
    channel: { id: dmId, type: 1 },
    context: 1,
    authorizing_integration_owners: { '1': h.ana.user.id },
    message: {
      id: String(Date.now()),
      channel_id: dmId,
      author: userPayload({ id: '900000000000000001', username: 'Polyglot', bot: true }),
      content: message.content,
      components: message.components,
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: [],
      pinned: false,
      type: 0,
      flags: 0,
    },
  };
  h.fake.rest.interactionChannels.set(press.token, dmId);
  h.fake.dispatch('INTERACTION_CREATE', press);
  return press;
}

describe('a ticket without a thread', () => {
  it('the close and the rating question reach the member by DM; her press there counts', async () => {
    const dm = openDMs(h.fake, h.ana);
    const t = await createTicket(h.server.services.db, h.server.services.translator, () => new Date(), {
      guildId: h.guild.id,
      userId: h.ana.user.id,
      userLanguage: 'es',
      subject: 'Sin hilo',
      description: 'Por DM',
    });
    const closed = await api(`/api/tickets/${t.id}`, { method: 'PATCH', body: { status: 'closed' } });
    expect(closed.status).toBe(200);
    const asked = await postedIn(dm, new RegExp(`ticket #${t.id}\\? Puntúalo`));
    const answer = await h.fake.interactionAnswer(pressInDM(asked.body!, '3 ★', dm));
    expect(answer.content).toBe(`¡Gracias! Has puntuado el ticket #${t.id} con 3/5.`);
    expect((await ticket(t.id)).rating).toBe(3);
  });
});

describe('the dashboard close', () => {
  it('bad input: a reason without closing, or over 500 characters, is refused naming closeReason; nothing written', async () => {
    const before = await tableCounts(h.server.services);
    const open = await api(`/api/tickets/${ticketId}`, {
      method: 'PATCH',
      body: { status: 'open', closeReason: 'why' },
    });
    expect(open.status).toBe(400);
    expect(open.json.error).toContain('closeReason: only with status closed');
    const long = await api(`/api/tickets/${ticketId}`, {
      method: 'PATCH',
      body: { status: 'closed', closeReason: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
    expect(long.json.error).toContain('closeReason: must be at most 500 characters');
    const wrongType = await api(`/api/tickets/${ticketId}`, {
      method: 'PATCH',
      body: { status: 'closed', closeReason: 5 },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.error).toContain('closeReason');
    expect(await tableCounts(h.server.services)).toEqual(before);
    expect((await ticket()).closeReason).toBe('Refund issued');
  });

  it('reopening clears the reason; closing from the dashboard with a reason tells the member in Spanish and asks no second rating', async () => {
    const reopened = await api(`/api/tickets/${ticketId}`, { method: 'PATCH', body: { status: 'open' } });
    expect(reopened.status).toBe(200);
    expect(reopened.json.closeReason).toBeNull();
    await postedIn(threadId, /abierto de nuevo/);
    const modLog = h.channel('mod-log').id;
    const rules = await api('/api/moderation/rules', { method: 'PATCH', body: { logChannelId: modLog } });
    expect(rules.status).toBe(200);
    h.fake.rest.fail({
      method: 'POST',
      path: new RegExp(`^/channels/${openDMs(h.fake, h.ana)}/messages$`),
      status: 403,
      body: { code: 50007, message: 'Cannot send messages to this user' },
    });
    const mark = h.fake.calls.length;
    const closed = await api(`/api/tickets/${ticketId}`, {
      method: 'PATCH',
      body: { status: 'closed', closeReason: 'Solved by email' },
    });
    expect(closed.status).toBe(200);
    expect(closed.json.closeReason).toBe('Solved by email');
    const told = await postedIn(threadId, /Motivo: \[es\] Solved by email/, mark);
    expect(told.body?.components ?? []).toEqual([]);
    await eventually(() => threads.threads.get(threadId)!.channel.thread_metadata?.archived === true);
    // The member's DMs refuse the transcript this time: noted in the log channel.
    await h.fake.waitForCall(
      (c) =>
        c.method === 'POST' &&
        c.path === `/channels/${modLog}/messages` &&
        c.body?.content?.includes(`transcript of ticket #${ticketId}`),
    );
    // Already rated: no question after this close.
    const asked = h.fake.calls
      .slice(mark)
      .filter((c) => c.path === `/channels/${threadId}/messages` && /Puntúalo/.test(c.body?.content ?? ''));
    expect(asked).toEqual([]);
  });
});
