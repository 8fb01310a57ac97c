import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../fakes/discord';
import { type FakeThreads, installThreads } from '../fakes/discord/threads';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { pressButton, submitModal } from './community-interactions';
import { type BotHarness, handled, startBotHarness } from './harness';

/**
 * The ticket panel end to end: staff set categories with intake questions in the dashboard and post
 * the panel; a Spanish-speaking member presses a category's button, reads the form in Spanish,
 * answers; the ticket opens in a private thread with the answers in Spanish and English; staff claim
 * it (the member is told in Spanish) and the dashboard shows the claim. The real discord.js client
 * against the fake Discord, the real server, a fake Gemini answering "[code] text".
 */

interface Ticket {
  id: number;
  category: string | null;
  claimedBy: string | null;
  intake: { question: string; answer: Record<string, string> }[];
  channelId: string | null;
}

let h: BotHarness;
let threads: FakeThreads;
let panel: Json;

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  h.server.api(`${path}${path.includes('?') ? '&' : '?'}guildId=${h.guild.id}`, { admin: true, ...init });
const tickets = async (): Promise<Ticket[]> => (await api('/api/tickets')).json;
const general = () => h.channel('general');
const asAna = () => ({ member: h.ana, channel: general() });

beforeAll(async () => {
  h = await startBotHarness();
  threads = installThreads(h.fake);
  // Ana is a member without staff permissions; Ben (every permission) is staff.
  h.ana.permissions = '0';
  await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
});
afterAll(async () => {
  await h?.close();
});

describe('the ticket panel', () => {
  it('staff save categories with intake questions; bad categories are refused with the reason and nothing saved', async () => {
    const bad = [
      [{ categories: [{ name: '', questions: [] }] }, 'must not be empty'],
      [{ categories: [{ name: 'Billing', questions: ['a', 'b', 'c', 'd'] }] }, 'at most 3 questions'],
      [{ categories: [{ name: 'Billing', questions: ['x'.repeat(46)] }] }, 'at most 45 characters'],
      [
        {
          categories: [
            { name: 'Billing', questions: [] },
            { name: 'billing', questions: [] },
          ],
        },
        'different name',
      ],
      [{ categories: Array.from({ length: 6 }, (_, i) => ({ name: `C${i}`, questions: [] })) }, 'at most 5'],
    ] as const;
    for (const [body, message] of bad) {
      const res = await api('/api/ticket-settings', { method: 'PATCH', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.text).toContain(message);
    }
    expect((await api('/api/ticket-settings')).json.categories).toEqual([]);
    const ok = await api('/api/ticket-settings', {
      method: 'PATCH',
      body: {
        categories: [
          { name: 'Billing', questions: ['Which invoice?', 'What did you expect?'] },
          { name: 'Bug', questions: [] },
        ],
      },
    });
    expect(ok.status).toBe(200);
    expect(ok.json.categories).toHaveLength(2);
  });

  it('posting the panel in a channel that is not one of this server (or missing) answers 400 and queues nothing', async () => {
    const before = await tableCounts(h.server.services);
    for (const body of [{ channelId: '123456789012345678' }, {}, { channelId: 'abc' }]) {
      const res = await api('/api/ticket-panel', { method: 'POST', body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.text).toMatch(/channelId/);
    }
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('the panel is posted in the channel with a button per category (Discord message payload)', async () => {
    const res = await api('/api/ticket-panel', { method: 'POST', body: { channelId: general().id } });
    expect(res.status).toBe(202);
    const call = await h.fake.waitForCall(
      (c) =>
        c.method === 'POST' &&
        c.path === `/channels/${general().id}/messages` &&
        /Need help\?/.test(c.body?.content ?? ''),
    );
    const buttons = call.body?.components?.[0]?.components;
    expect(buttons.map((b: Json) => [b.label, b.custom_id])).toEqual([
      ['Billing', 'ticketopen:Billing'],
      ['Bug', 'ticketopen:Bug'],
    ]);
    panel = call.body!;
  });

  it('a button of a category removed since tells the member in Spanish and opens nothing', async () => {
    const before = (await tickets()).length;
    const stale = {
      ...panel,
      components: [
        { type: 1, components: [{ type: 2, style: 1, label: 'Old', custom_id: 'ticketopen:Old' }] },
      ],
    };
    const press = pressButton(h.fake, stale, 'Old', asAna());
    const answer = await h.fake.interactionAnswer(press);
    expect(answer.content).toContain('La categoría **Old** ya no existe');
    expect((await tickets()).length).toBe(before);
  });

  it('a category button opens the form in Spanish with its questions translated; the ticket opens with the answers in both languages', async () => {
    const press = pressButton(h.fake, panel, 'Billing', asAna());
    const form = await h.fake.interactionAnswer(press);
    expect(form.callbackType).toBe(9);
    expect(form.custom_id).toBe('ticket:create:Billing');
    expect(form.title).toBe('Abrir un ticket de soporte');
    const labels = form.components.map((c: Json) => c.label);
    expect(labels).toEqual([
      'Asunto',
      '¿Con qué necesitas ayuda?',
      '[es] Which invoice?',
      '[es] What did you expect?',
    ]);
    const submit = submitModal(
      h.fake,
      form.custom_id,
      {
        subject: 'Factura duplicada',
        description: 'Me cobraron dos veces.',
        q0: 'La de noviembre',
        q1: 'Un solo cobro',
      },
      asAna(),
    );
    const answer = await h.fake.interactionAnswer(submit, 10_000);
    const [t] = await tickets();
    expect(answer.content).toContain(`El ticket **#${t!.id}** está abierto`);
    expect(t!.category).toBe('Billing');
    expect(t!.intake).toEqual([
      { question: 'Which invoice?', answer: { es: 'La de noviembre', en: '[en] La de noviembre' } },
      { question: 'What did you expect?', answer: { es: 'Un solo cobro', en: '[en] Un solo cobro' } },
    ]);
    const thread = [...threads.threads.values()].find((x) => x.channel.id === t!.channelId)!;
    const opening = await h.fake.waitForCall(
      (c) => c.method === 'POST' && c.path === `/channels/${thread.channel.id}/messages`,
    );
    expect(opening.body?.content).toContain('**Respuestas**\n- **Which invoice?** La de noviembre');
    expect(opening.body?.content).toContain('**Answers**\n- **Which invoice?** [en] La de noviembre');
    const buttons = opening.body?.components?.[0]?.components.map((b: Json) => b.custom_id);
    expect(buttons).toEqual([`ticketclose:${t!.id}`, `ticketclaim:${t!.id}`]);
  });

  it('a member pressing Claim (labelled in the support language: it is for staff) is refused in Spanish; staff claim it, the member is told in Spanish, the dashboard shows the claim', async () => {
    const [t] = await tickets();
    const threadId = t!.channelId!;
    const opening = h.fake.calls.find(
      (c) => c.method === 'POST' && c.path === `/channels/${threadId}/messages` && c.body?.components?.length,
    )!.body!;
    const inThread = (member = h.ana) => ({ member, channel: { ...general(), id: threadId } });
    const refused = await h.fake.interactionAnswer(pressButton(h.fake, opening, 'Claim', inThread()));
    expect(refused.content).toBe('Solo el equipo de soporte puede reclamar un ticket.');
    expect((await tickets())[0]!.claimedBy).toBeNull();

    const staff = await h.fake.interactionAnswer(pressButton(h.fake, opening, 'Claim', inThread(h.ben)));
    expect(staff.content).toContain(`You claimed ticket #${t!.id}`);
    const told = await h.fake.waitForCall(
      (c) =>
        c.method === 'POST' &&
        c.path === `/channels/${threadId}/messages` &&
        /se ocupa del ticket/.test(c.body?.content ?? ''),
    );
    expect(told.body?.content).toContain(
      `<@${h.ben.user.id}>, del equipo de soporte, se ocupa del ticket **#${t!.id}**`,
    );
    expect((await tickets())[0]!).toMatchObject({ claimedBy: h.ben.user.id, claimedByName: 'ben G.' });
  });

  it('the dashboard claim: another staff member is refused while Ben holds it; releasing and claiming work; bad input writes nothing', async () => {
    const [t] = await tickets();
    const before = await tableCounts(h.server.services);
    const other = await api(`/api/tickets/${t!.id}/claim`, {
      method: 'POST',
      body: { claim: true, staffId: h.chloe.user.id },
    });
    expect(other.status).toBe(409);
    expect(other.text).toContain('already claimed');
    // The staff member is asked of Discord (Get Guild Member): nobody of this server is refused.
    const stranger = await api(`/api/tickets/${t!.id}/claim`, {
      method: 'POST',
      body: { claim: true, staffId: '42' },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.json.error).toContain('staffId: 42 is not a member of this server');
    const noStaff = await api(`/api/tickets/${t!.id}/claim`, { method: 'POST', body: { claim: true } });
    expect(noStaff.status).toBe(400);
    expect(noStaff.text).toContain('staffId');
    const badId = await api(`/api/tickets/${t!.id}/claim`, {
      method: 'POST',
      body: { claim: true, staffId: 'ben' },
    });
    expect(badId.status).toBe(400);
    const unknown = await api('/api/tickets/999999/claim', { method: 'POST', body: { claim: false } });
    expect(unknown.status).toBe(404);
    expect(await tableCounts(h.server.services)).toEqual(before);

    const released = await api(`/api/tickets/${t!.id}/claim`, { method: 'POST', body: { claim: false } });
    expect(released.status).toBe(200);
    expect(released.json.claimedBy).toBeNull();
    await h.fake.waitForCall(
      (c) =>
        c.method === 'POST' &&
        c.path === `/channels/${t!.channelId}/messages` &&
        /vuelve a estar con todo el equipo/.test(c.body?.content ?? ''),
    );
    const unknownAfterRelease = await api(`/api/tickets/${t!.id}/claim`, {
      method: 'POST',
      body: { claim: true, staffId: '42' },
    });
    expect(unknownAfterRelease.status).toBe(400);
    expect((await tickets())[0]!.claimedBy).toBeNull();
    const claimed = await api(`/api/tickets/${t!.id}/claim`, {
      method: 'POST',
      body: { claim: true, staffId: h.chloe.user.id },
    });
    expect(claimed.status).toBe(200);
    expect(claimed.json).toMatchObject({ claimedBy: h.chloe.user.id, claimedByName: 'chloe G.' });
  });

  it('a Claim button naming a ticket of another server (or none) changes nothing', async () => {
    const before = await tableCounts(h.server.services);
    const fake = {
      content: '',
      components: [
        { type: 1, components: [{ type: 2, style: 2, label: 'Claim', custom_id: 'ticketclaim:999999' }] },
      ],
    };
    const done = handled(h, 'interactionCreate');
    const answer = await h.fake.interactionAnswer(
      pressButton(h.fake, fake, 'Claim', { member: h.ben, channel: general() }),
    );
    await done;
    expect(answer.content).toBe('Ticket #999999 not found.');
    expect(await tableCounts(h.server.services)).toEqual(before);
  });
});

describe('below Ultimate', () => {
  it('the panel button answers the plan notice in Spanish and the panel cannot be posted', async () => {
    await setGuildPlan(h.server.services, h.guild.id, 'plus');
    const answer = await h.fake.interactionAnswer(pressButton(h.fake, panel, 'Bug', asAna()));
    expect(answer.content).toMatch(/Ultimate/);
    const res = await api('/api/ticket-panel', { method: 'POST', body: { channelId: general().id } });
    expect(res.status).toBe(403);
    await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
  });
});
