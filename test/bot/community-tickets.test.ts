import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../db/client';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { openDMs, submitModal } from './community-interactions';
import { type BotHarness, eventually, startBotHarness } from './harness';

const EPHEMERAL = 64;
const MODAL = 9;
const DEFERRED = 5;

interface Ticket {
  id: number;
  subject: Record<string, string>;
  description: Record<string, string>;
  userLanguage: string;
  supportLanguage: string;
  userId: string;
  category: string | null;
  status: string;
}

/** /ticket create as a member: the form opens, is sent with these fields, and the bot answers. */
async function openTicket(h: BotHarness, fields: Record<string, string>) {
  const who = { member: h.ana, channel: h.channel('general') };
  const command = h.fake.slash('ticket', [{ name: 'create', type: 1, options: [] }], who);
  const form = await h.fake.interactionAnswer(command);
  const submit = submitModal(h.fake, form.custom_id, fields, who);
  const answer = await h.fake.interactionAnswer(submit, 10_000);
  const deferred = h.fake.interactionCalls(submit).find((c) => c.path.endsWith('/callback'));
  return { form, answer, deferred };
}

const tickets = async (h: BotHarness): Promise<Ticket[]> =>
  (await h.server.api(`/api/tickets?guildId=${h.guild.id}`, { admin: true })).json;

const staffReply = (h: BotHarness, id: number, text: string) =>
  h.server.api(`/api/tickets/${id}/messages?guildId=${h.guild.id}`, {
    method: 'POST',
    admin: true,
    body: {
      userId: 'support-team',
      messageId: `${Date.now()}`,
      originalText: text,
      originalLanguage: 'en',
      isStaff: true,
    },
  });

const deliveredAt = async (h: BotHarness, messageId: number) =>
  (
    (await rawGet(
      h.server.services.db,
      sql`select delivered_at as d from ticket_messages where id = ${messageId}`,
    )) as { d: number | null }
  ).d;

describe('with a translator', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBotHarness();
    await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('/ticket create opens a form with subject, description and an optional category', async () => {
    const command = h.fake.slash('ticket', [{ name: 'create', type: 1, options: [] }], {
      member: h.ben,
      channel: h.channel('general'),
    });
    const form = await h.fake.interactionAnswer(command);
    expect(form.callbackType).toBe(MODAL);
    expect(form.title).toBe('Open a support ticket');
    const inputs = form.components.map(
      (c: { component: { custom_id: string; required: boolean } }) => c.component,
    );
    expect(inputs.map((i: { custom_id: string }) => i.custom_id)).toEqual([
      'subject',
      'description',
      'category',
    ]);
    expect(inputs.map((i: { required: boolean }) => i.required)).toEqual([true, true, false]);
  });

  it('the sent form stores a ticket in Spanish and English that GET /api/tickets shows; the member reads its number', async () => {
    const { answer, deferred } = await openTicket(h, {
      subject: 'No puedo entrar',
      description: 'Mi cuenta no funciona desde ayer.',
      category: 'cuenta',
    });
    expect(deferred?.body).toEqual({ type: DEFERRED, data: { flags: EPHEMERAL } });
    const [ticket] = await tickets(h);
    // No ticket thread could be opened here (the fake refuses to create #tickets): replies come by DM.
    expect(answer.content).toContain(`El ticket **#${ticket!.id}** está abierto`);
    expect(answer.content).toContain('por mensaje directo, en Español');
    expect(ticket).toMatchObject({
      userId: h.ana.user.id,
      userLanguage: 'es',
      supportLanguage: 'en',
      status: 'open',
      category: 'cuenta',
      subject: { es: 'No puedo entrar', en: '[en] No puedo entrar' },
      description: { es: 'Mi cuenta no funciona desde ayer.', en: '[en] Mi cuenta no funciona desde ayer.' },
    });
  });

  it('a staff reply posted through POST /api/tickets/:id/messages reaches the member by DM in Spanish, and is marked delivered', async () => {
    const dm = openDMs(h.fake, h.ana);
    const [ticket] = await tickets(h);
    const res = await staffReply(h, ticket!.id, 'We reset your password.');
    expect(res.status).toBe(201);
    const opened = await h.fake.waitForCall((c) => c.method === 'POST' && c.path === '/users/@me/channels');
    expect(opened.body).toEqual({ recipient_id: h.ana.user.id });
    const sent = await h.fake.waitForCall(
      (c) => c.method === 'POST' && c.path === `/channels/${dm}/messages`,
    );
    expect(sent.status).toBe(200);
    expect(sent.body?.content).toContain(`**Equipo de soporte** · #${ticket!.id} · No puedo entrar`);
    expect(sent.body?.content).toContain('\n[es] We reset your password.\n');
    expect(sent.body?.content).toContain(
      '-# Original (English), haz clic para verlo:\n||We reset your password.||',
    );
    await eventually(async () => (await deliveredAt(h, res.json.id)) !== null);
  });

  it('a DM that fails is reported in the log channel and the reply stays undelivered', async () => {
    const dm = openDMs(h.fake, h.ana);
    const modLog = h.channel('mod-log').id;
    const rules = await h.server.api(`/api/moderation/rules?guildId=${h.guild.id}`, {
      method: 'PATCH',
      admin: true,
      body: { logChannelId: modLog },
    });
    expect(rules.status).toBe(200);
    h.fake.rest.fail({
      method: 'POST',
      path: new RegExp(`^/channels/${dm}/messages$`),
      status: 403,
      body: { message: 'Cannot send messages to this user', code: 50007 },
      times: 1,
    });
    const [ticket] = await tickets(h);
    const res = await staffReply(h, ticket!.id, 'Did that help?');
    const report = await h.fake.waitForCall(
      (c) => c.method === 'POST' && c.path === `/channels/${modLog}/messages`,
    );
    expect(report.body?.content).toContain(
      `I could not deliver the support reply on ticket #${ticket!.id} to <@${h.ana.user.id}>`,
    );
    expect(report.body?.content).toContain('Cannot send messages to this user');
    expect(await deliveredAt(h, res.json.id)).toBeNull();
  });

  it("the tickets bot procedures are the bot's only: an admin over /trpc is refused and nothing is written", async () => {
    const before = await tableCounts(h.server.services);
    const res = await h.server.api('/trpc/tickets.bot.openTicket', {
      method: 'POST',
      admin: true,
      body: {
        json: { guildId: h.guild.id, userId: h.ana.user.id, locale: 'es-ES', subject: 'x', description: 'y' },
      },
    });
    expect(res.status).toBe(403);
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('a form with a blank subject gets a clear answer and writes nothing', async () => {
    const before = await tableCounts(h.server.services);
    const { answer } = await openTicket(h, { subject: '   ', description: 'Hola' });
    expect(answer.content).toContain('A ticket needs a subject and a description');
    expect(await tableCounts(h.server.services)).toEqual(before);
  });
});

describe('without a translator', () => {
  let h: BotHarness;
  beforeAll(async () => {
    h = await startBotHarness({ env: { GEMINI_API_KEY: '' } });
    await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
  });
  afterAll(async () => {
    await h?.close();
  });

  it('the ticket is stored as written, without a category when none was given', async () => {
    const { answer } = await openTicket(h, {
      subject: 'No puedo entrar',
      description: 'Mi cuenta no funciona.',
      category: '',
    });
    const [ticket] = await tickets(h);
    expect(answer.content).toContain(`El ticket **#${ticket!.id}** está abierto`);
    expect(ticket).toMatchObject({
      userLanguage: 'es',
      supportLanguage: 'en',
      category: null,
      subject: { es: 'No puedo entrar' },
      description: { es: 'Mi cuenta no funciona.' },
    });
    expect(Object.keys(ticket!.subject)).toEqual(['es']);
    expect(h.gemini.requests).toHaveLength(0);
  });

  it('a staff reply arrives in English with a note that it could not be translated', async () => {
    const dm = openDMs(h.fake, h.ana);
    const [ticket] = await tickets(h);
    const res = await staffReply(h, ticket!.id, 'We reset your password.');
    expect(res.status).toBe(201);
    const sent = await h.fake.waitForCall(
      (c) => c.method === 'POST' && c.path === `/channels/${dm}/messages`,
    );
    expect(sent.body?.content).toContain('\nWe reset your password.\n');
    expect(sent.body?.content).toContain('No se pudo traducir ahora; este es el original.');
    await eventually(async () => (await deliveredAt(h, res.json.id)) !== null);
  });
});
