import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKED } from '../../src/common/billing/phrases';
import { findLanguage, type Language } from '../../src/common/languages';
import type { Phrase } from '../../src/common/phrases';
import * as TICKET_PHRASES from '../../src/common/tickets/phrases';
import { setMemberLanguage } from '../../src/server/features/translation/members';
import { untranslatedMark } from '../../src/server/translation/phrases';
import type { FakeMember, Json } from '../fakes/discord';
import { installThreads } from '../fakes/discord/threads';
import { setGuildPlan } from '../helpers/guilds';
import { openDMs, pressButton, submitModal } from './community-interactions';
import { type BotHarness, eventually, startBotHarness, textsAskedInto } from './harness';

/**
 * Issue 29: tickets speak every member's language through the speaker. Ana reads Zulu, which no
 * ticket phrase table has (Zulu, not Swahili: test files of a worker share the kept translations,
 * and test/bot/phrases-any-language.test.ts counts the locked notice into Swahili): the panel's form and /ticket create's, the opening answer and thread, the claim, the close,
 * the rating question, the transcript's DM and the rating's answer reach her in Zulu from the
 * provider (the fake Gemini answers "[zu] " + the text), every ticket phrase asked once in a few
 * batched calls, and a second ticket costs no call more. With the provider down, Chloé (Yoruba)
 * reads English with the line saying so, and no error. The real discord.js client against the
 * fake Discord with threads, the real server.
 */

let h: BotHarness;
let panel: Json;

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  h.server.api(`${path}${path.includes('?') ? '&' : '?'}guildId=${h.guild.id}`, { admin: true, ...init });
const general = () => h.channel('general');
const inThread = (threadId: string, member: FakeMember) => ({
  member,
  channel: { ...general(), id: threadId },
});
const postedIn = (channelId: string, pattern: RegExp, after = 0) =>
  h.fake.waitForCall(
    (c) =>
      c.method === 'POST' &&
      c.path === `/channels/${channelId}/messages` &&
      pattern.test(c.body?.content ?? '') &&
      h.fake.calls.indexOf(c) >= after,
  );

/** Every text the provider was asked to put into `code`. */
const askedInto = (code: string) => textsAskedInto(h, code);
const callsInto = (code: string) =>
  h.gemini.requests.filter((r) => r.translation?.targets.includes(code)).length;

/** Every phrase of the tickets' modules (records opened), and the locked notice. */
function ticketPhrases(): Phrase[] {
  const out = new Set<Phrase>([LOCKED]);
  for (const v of Object.values(TICKET_PHRASES) as unknown[]) {
    if (typeof (v as Phrase).en === 'string') out.add(v as Phrase);
    else for (const p of Object.values(v as Record<string, Phrase>)) out.add(p);
  }
  return [...out];
}

beforeAll(async () => {
  h = await startBotHarness({ overrides: { translatorOptions: { attempts: 1 } } });
  installThreads(h.fake);
  h.ana.permissions = '0';
  h.chloe.permissions = '0';
  openDMs(h.fake, h.ana);
  openDMs(h.fake, h.chloe);
  await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
  const at = new Date();
  await setMemberLanguage(h.server.services.db, h.ana.user.id, findLanguage('zu') as Language, at);
  await setMemberLanguage(h.server.services.db, h.chloe.user.id, findLanguage('yo') as Language, at);
  const saved = await api('/api/ticket-settings', {
    method: 'PATCH',
    body: { categories: [{ name: 'Billing', questions: [] }] },
  });
  expect(saved.status).toBe(200);
  expect((await api('/api/ticket-panel', { method: 'POST', body: { channelId: general().id } })).status).toBe(
    202,
  );
  panel = (
    await h.fake.waitForCall(
      (c) => c.method === 'POST' && c.path === `/channels/${general().id}/messages` && !!c.body?.components,
    )
  ).body!;
});
afterAll(async () => {
  await h?.close();
});

/**
 * One ticket's whole life for `member`: the panel's form, the opening, staff (Ben) claiming, the
 * member closing, the rating question, the transcript's DM, the member's rating. Every text the
 * member read, in order.
 */
async function ticketLife(member: FakeMember, subject: string): Promise<Record<string, string>> {
  const who = { member, channel: general() };
  const form = await h.fake.interactionAnswer(pressButton(h.fake, panel, 'Billing', who));
  expect(form.callbackType).toBe(9);
  const opened = await h.fake.interactionAnswer(
    submitModal(h.fake, form.custom_id, { subject, description: 'Nimelipishwa mara mbili.' }, who),
    60_000,
  );
  const id = Number(/#(\d+)/.exec(opened.content)?.[1]);
  const t = (await api(`/api/tickets/${id}`)).json as { id: number; channelId: string };
  const threadId = t.channelId;
  const opening = (await postedIn(threadId, new RegExp(subject))).body!;

  // Ben (staff, English) claims: the member is told in the thread.
  let mark = h.fake.calls.length;
  const claimed = await h.fake.interactionAnswer(
    pressButton(h.fake, opening, 'Claim', inThread(threadId, h.ben)),
  );
  expect(claimed.content).toContain(`You claimed ticket #${t.id}`);
  const claimNote = (await postedIn(threadId, new RegExp(`<@${h.ben.user.id}>`), mark)).body!;

  // The member closes it (the Close button, labelled in their language).
  mark = h.fake.calls.length;
  const closeLabel = opening.components[0].components[0].label as string;
  const closing = await h.fake.interactionAnswer(
    pressButton(h.fake, opening, closeLabel, inThread(threadId, member)),
  );
  const closeNote = (await postedIn(threadId, /🔒/, mark)).body!;
  const question = (
    await h.fake.waitForCall(
      (c) =>
        c.method === 'POST' &&
        c.path === `/channels/${threadId}/messages` &&
        h.fake.calls.indexOf(c) >= mark &&
        (c.body?.components?.[0]?.components?.length ?? 0) === 5,
    )
  ).body!;
  const dm = openDMs(h.fake, member);
  const transcript = (
    await h.fake.waitForCall(
      (c) =>
        c.method === 'POST' &&
        c.path === `/channels/${dm}/messages` &&
        c.files.length > 0 &&
        h.fake.calls.indexOf(c) >= mark,
    )
  ).body!;
  const rated = await h.fake.interactionAnswer(
    pressButton(h.fake, question, '4 ★', inThread(threadId, member)),
  );
  await eventually(async () => (await api(`/api/tickets/${t.id}`)).json.rating === 4);
  return {
    form: form.title,
    opened: opened.content,
    opening: opening.content,
    claim: claimNote.content,
    closing: closing.content,
    close: closeNote.content,
    question: question.content,
    transcript: transcript.content,
    rated: rated.content,
  };
}

describe('a Zulu member', () => {
  it('reads every step of a ticket in Zulu; every ticket phrase asked once, in a few batched calls', async () => {
    h.gemini.reset();
    const read = await ticketLife(h.ana, 'Malipo mara mbili');
    for (const [step, text] of Object.entries(read)) expect(text, step).toMatch(/\[zu\] /);
    expect(read.opened).toMatch(/^\[zu\] 🎫 Ticket \*\*#\d+\*\* is open: <#\d+>/);
    expect(read.opening).toContain(`[zu] <@${h.ana.user.id}>, this is your private support thread.`);
    expect(read.claim).toMatch(new RegExp(`^\\[zu\\] 🛡️ <@${h.ben.user.id}>`));
    expect(read.closing).toMatch(/^\[zu\] Closing ticket #\d+/);
    expect(read.close).toMatch(/^\[zu\] 🔒 Ticket #\d+ is closed/);
    expect(read.question).toMatch(/^\[zu\] ⭐ How did the support team do/);
    expect(read.transcript).toMatch(/^\[zu\] 📄 The transcript of your ticket/);
    // Neither English beneath a translated announcement nor the "In English" line: it was translated.
    for (const text of Object.values(read)) expect(text).not.toContain('(In English');
    expect(read.rated).toMatch(/^\[zu\] Thank you! You rated ticket #\d+ 4\/5\./);

    // Every phrase of the capability asked once, 16 to a call; the locked notice too, unless another
    // test file of this worker asked it in Zulu already (workers share the kept translations).
    const phrases = ticketPhrases();
    const texts = askedInto('zu');
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts.length).toBeGreaterThanOrEqual(phrases.length - 1);
    expect(texts.length).toBeLessThanOrEqual(phrases.length);
    // The form's few phrases first, alone (a form answers within Discord's 3 s), then the rest.
    expect(callsInto('zu')).toBeLessThanOrEqual(Math.ceil(texts.length / 16) + 1);

    // A second ticket, the same steps, and /ticket create's form: no call more into Zulu.
    const calls = callsInto('zu');
    const create = await h.fake.interactionAnswer(
      h.fake.slash('ticket', [{ name: 'create', type: 1, options: [] }], {
        member: h.ana,
        channel: general(),
      }),
    );
    expect(create.title).toBe('[zu] Open a support ticket');
    expect(create.components.map((c: Json) => c.label)).toEqual([
      '[zu] Subject',
      '[zu] What do you need help with?',
      '[zu] Category (optional)',
    ]);
    const again = await ticketLife(h.ana, 'Swali jingine');
    for (const [step, text] of Object.entries(again)) expect(text, step).toMatch(/\[zu\] /);
    expect(callsInto('zu')).toBe(calls);
  });
});

describe('the provider down', () => {
  it('a Yoruba member reads English with the untranslated line at each step, never an error', async () => {
    h.gemini.reset();
    h.gemini.respondWith(() => ({ status: 503, body: { error: { code: 503, message: 'overloaded' } } }));
    const mark = untranslatedMark('yo');
    const read = await ticketLife(h.chloe, 'Yoruba ticket');
    expect(read.opened).toMatch(/^🎫 Ticket \*\*#\d+\*\* is open: <#\d+>/);
    expect(read.form).toBe('Open a support ticket');
    const create = await h.fake.interactionAnswer(
      h.fake.slash('ticket', [{ name: 'create', type: 1, options: [] }], {
        member: h.chloe,
        channel: general(),
      }),
    );
    expect(create.title).toBe('Open a support ticket');
    for (const step of ['opened', 'opening', 'claim', 'closing', 'close', 'question', 'transcript', 'rated'])
      expect(read[step], step).toContain(mark);
    // English once (not English beneath English), then the line.
    expect(read.close).toMatch(/^🔒 Ticket #\d+ is closed\. This thread is now locked\.\n-# \(In English/);
  });
});
