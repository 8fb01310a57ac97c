import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot } from '../../bot/client';
import { type FakeMember, type Json, makeMember, type RecordedCall } from '../fakes/discord';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { buttonLabels, pressButton } from './community-interactions';
import { type BotHarness, eventually, startBotHarness } from './harness';

/**
 * Polls in Discord, end to end with the real discord.js client against the fake Discord: the bot
 * posts a poll with buttons, members vote (and change their minds), the message follows, the
 * poll closes on time, early or at deletion, even across a restart.
 */

let h: BotHarness;
/** Members whose language no poll of these tests holds. */
const kenji = makeMember('kenji', 'ja');
const yui = makeMember('yui', 'ja');
/** Moves the server's clock (the restart test jumps past endsAt). */
let offsetMs = 0;
beforeAll(async () => {
  h = await startBotHarness({
    overrides: { clock: () => new Date(Date.now() + offsetMs) },
    prepare: (guild) => guild.members.push(kenji, yui),
  });
  await setGuildPlan(h.server.services, h.guild.id, 'plus');
});
afterAll(async () => {
  await h?.close();
});

const general = () => h.channel('general');
const postsIn = (channelId: string): RecordedCall[] =>
  h.fake.calls.filter((c) => c.method === 'POST' && c.path === `/channels/${channelId}/messages`);
const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  h.server.api(`${path}${path.includes('?') ? '&' : '?'}guildId=${h.guild.id}`, { admin: true, ...init });

async function createPoll(body: Record<string, unknown>) {
  const before = postsIn(general().id).length;
  const res = await api('/api/polls', {
    method: 'POST',
    body: {
      channelId: general().id,
      question: {
        en: 'Best board game?',
        es: '¿El mejor juego de mesa?',
        fr: 'Le meilleur jeu de société ?',
      },
      options: [
        { text: { en: 'Chess', es: 'Ajedrez', fr: 'Échecs' } },
        { text: { en: 'Go', es: 'Go', fr: 'Go' } },
        { text: { en: 'Checkers', es: 'Damas', fr: 'Dames' } },
      ],
      createdBy: 'admin',
      ...body,
    },
  });
  expect(res.status).toBe(201);
  const post = await eventually(() => postsIn(general().id)[before]);
  await eventually(async () => (await apiPoll(res.json.id))?.delivery === 'posted');
  const message = h.fake.rest.messages.get(lastMessageId(post));
  if (!message) throw new Error('the posted poll is not in the fake');
  return { id: res.json.id as number, message };
}

/** The id the fake gave the bot's post (the call's answer is stored in rest.messages). */
function lastMessageId(post: RecordedCall): string {
  const found = [...h.fake.rest.messages.values()].find(
    (m) => m.channel_id === general().id && m.content === post.body?.content && m.author?.bot,
  );
  return found?.id;
}

async function apiPoll(id: number): Promise<Json | undefined> {
  const list = (await api('/api/polls')).json as Json[];
  return list.find((p) => p.id === id);
}

async function mustPoll(id: number): Promise<Json> {
  const found = await apiPoll(id);
  if (!found) throw new Error(`poll ${id} is not listed`);
  return found;
}

const who = (member: FakeMember) => ({ member, channel: general() });

async function press(message: Json, label: string, member: FakeMember): Promise<string> {
  const i = pressButton(h.fake, message, label, who(member));
  const answer = await h.fake.interactionAnswer(i);
  expect(answer.flags).toBe(64); // ephemeral
  return answer.content;
}

/** The message's latest content as the bot last wrote it (posts and edits). */
const current = (messageId: string) => h.fake.rest.messages.get(messageId) as Json;
const edits = (messageId: string) =>
  h.fake.calls.filter((c) => c.method === 'PATCH' && c.path.endsWith(`/messages/${messageId}`));

describe('a poll created in the dashboard', () => {
  let poll: { id: number; message: Json };
  beforeAll(async () => {
    poll = await createPoll({});
  });

  it('is posted in its channel in the server language, one button per option and "Show in my language"', () => {
    expect(poll.message.content).toContain('Best board game?');
    expect(poll.message.content).toContain('**1.** Chess');
    expect(buttonLabels(poll.message)).toEqual(['1. Chess', '2. Go', '3. Checkers', 'Show in my language']);
  });

  it('counts votes with a confirmation in each member language; a second press changes or takes back', async () => {
    expect(await press(poll.message, '1. Chess', h.ana)).toContain('Tu voto por **Ajedrez**');
    expect(await press(poll.message, '1. Chess', h.ben)).toContain('Your vote for **Chess** is counted');
    expect(await press(poll.message, '2. Go', h.ben)).toContain('Your vote is now **Go**');
    expect(await press(poll.message, '3. Checkers', h.chloe)).toContain('Ton vote pour **Dames** est compté');
    expect(await press(poll.message, '3. Checkers', h.chloe)).toContain('Ton vote pour **Dames** est retiré');

    const listed = await mustPoll(poll.id);
    expect(listed.votes).toEqual({ 'opt-1': [h.ana.user.id], 'opt-2': [h.ben.user.id], 'opt-3': [] });
    // The message follows, in few edits (debounced), to the final counts.
    await eventually(() => current(poll.message.id).content.includes('2 votes · one choice per member'));
    const text = current(poll.message.id).content;
    expect(text).toMatch(/\*\*1\.\*\* Chess\n`█████░░░░░` 1 vote · 50%/);
    expect(text).toMatch(/\*\*3\.\*\* Checkers\n`░░░░░░░░░░` 0 votes · 0%/);
    expect(edits(poll.message.id).length).toBeLessThan(5);
  });

  it('two options pressed at the same moment leave one vote on a one-choice poll', async () => {
    const [first, second] = await Promise.all([
      h.fake.interactionAnswer(pressButton(h.fake, poll.message, '1. Chess', who(h.chloe))),
      h.fake.interactionAnswer(pressButton(h.fake, poll.message, '3. Checkers', who(h.chloe))),
    ]);
    expect([first.content, second.content].join('\n')).toContain('Ton vote');
    const votes = (await mustPoll(poll.id)).votes as Record<string, string[]>;
    expect(
      Object.values(votes)
        .flat()
        .filter((u) => u === h.chloe.user.id),
    ).toHaveLength(1);
    // Taken back, so the counts the next tests read stay as they were.
    const kept = votes['opt-1'].includes(h.chloe.user.id) ? '1. Chess' : '3. Checkers';
    expect(await press(poll.message, kept, h.chloe)).toContain('est retiré');
  });

  it('"Show in my language" answers privately in the member language', async () => {
    const text = await press(poll.message, 'Show in my language', h.chloe);
    expect(text).toContain('Le meilleur jeu de société ?');
    expect(text).toContain('**1.** Échecs');
    expect(text).toContain('1 vote');
  });

  it('"Show in my language" translates a language the poll lacks once, on demand, and keeps it', async () => {
    const calls = h.gemini.requests.length;
    const text = await press(poll.message, 'Show in my language', kenji);
    // The fake provider's translation of each text: "[ja] …".
    expect(text).toContain('📊 **[ja] Best board game?**');
    expect(text).toContain('**1.** [ja] Chess');
    expect(text).toContain('**3.** [ja] Checkers');
    expect(h.gemini.requests.length).toBeGreaterThan(calls);
    const stored = await mustPoll(poll.id);
    expect(stored.question.ja).toBe('[ja] Best board game?');
    expect(stored.options.map((o: Json) => o.text.ja)).toEqual(['[ja] Chess', '[ja] Go', '[ja] Checkers']);
    // The stored languages are untouched, and the next Japanese member reads the kept translation.
    expect(stored.question.fr).toBe('Le meilleur jeu de société ?');
    const after = h.gemini.requests.length;
    expect(await press(poll.message, 'Show in my language', yui)).toContain('📊 **[ja] Best board game?**');
    expect(h.gemini.requests.length).toBe(after);
  });

  it('Close in the dashboard: final results, buttons disabled, a late press hears "closed"', async () => {
    const res = await api(`/api/polls/${poll.id}/close`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(res.json.active).toBe(false);
    await eventually(() => current(poll.message.id).content.includes('Closed: final results'));
    const buttons = current(poll.message.id).components.flatMap((r: Json) => r.components);
    expect(
      buttons.filter((b: Json) => b.label !== 'Show in my language').every((b: Json) => b.disabled),
    ).toBe(true);
    expect(await press(poll.message, '1. Chess', h.ben)).toContain('This poll is closed');
    expect((await mustPoll(poll.id)).votes['opt-1']).toEqual([h.ana.user.id]);
  });

  it('Delete removes its Discord message; its buttons then say "closed"', async () => {
    const res = await api(`/api/polls/${poll.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    await h.fake.waitForCall(
      (c) => c.method === 'DELETE' && c.path === `/channels/${general().id}/messages/${poll.message.id}`,
    );
    await eventually(async () => (await apiPoll(poll.id)) === undefined);
    expect(await press(poll.message, '2. Go', h.ana)).toContain('Esta encuesta está cerrada');
  });
});

describe('a multiple-choice poll', () => {
  it('counts several options per member, each toggled on its own', async () => {
    const poll = await createPoll({ allowMultiple: true });
    await press(poll.message, '1. Chess', h.ana);
    await press(poll.message, '2. Go', h.ana);
    await press(poll.message, '3. Checkers', h.ana);
    expect(await press(poll.message, '3. Checkers', h.ana)).toContain('retirado');
    await press(poll.message, '2. Go', h.ben);
    const listed = await mustPoll(poll.id);
    expect(listed.votes).toEqual({
      'opt-1': [h.ana.user.id],
      'opt-2': [h.ana.user.id, h.ben.user.id],
      'opt-3': [],
    });
    await eventually(() => current(poll.message.id).content.includes('several choices allowed'));
    await eventually(() =>
      /\*\*2\.\*\* Go\n`███████░░░` 2 votes · 67%/.test(current(poll.message.id).content),
    );
  });
});

describe('closing on time', () => {
  it('closes at endsAt: the message shows the results and the dashboard says closed', async () => {
    const poll = await createPoll({ endsAt: new Date(Date.now() + offsetMs + 1200).toISOString() });
    await press(poll.message, '2. Go', h.chloe);
    await eventually(() => current(poll.message.id).content.includes('Closed: final results'), 8000);
    expect(current(poll.message.id).content).toMatch(/\*\*2\.\*\* Go\n`██████████` 1 vote · 100%/);
    expect((await mustPoll(poll.id)).active).toBe(false);
  });

  it('survives a restart: a poll that ended while the bot was away closes when it is back, queued posts go out', async () => {
    const poll = await createPoll({ endsAt: new Date(Date.now() + offsetMs + 3_600_000).toISOString() });
    await h.bot.stop();
    // While the bot is away: an hour passes, and a new poll is created (queued).
    offsetMs += 3_600_000 + 1000;
    const queued = await api('/api/polls', {
      method: 'POST',
      body: {
        channelId: general().id,
        question: { en: 'Queued?' },
        options: [{ text: { en: 'Yes' } }, { text: { en: 'No' } }],
        createdBy: 'admin',
      },
    });
    expect(queued.json.delivery).toBe('queued');
    const bot = await startBot(h.server.services, { retries: 0 });
    if (!bot) throw new Error('bot did not restart');
    h.bot = bot;
    await bot.ready;
    await eventually(() => current(poll.message.id).content.includes('Closed: final results'));
    expect((await mustPoll(poll.id)).active).toBe(false);
    await eventually(async () => (await apiPoll(queued.json.id))?.delivery === 'posted');
    expect(postsIn(general().id).some((c) => c.body?.content.includes('Queued?'))).toBe(true);
  });
});

describe('/poll create', () => {
  const slash = (member: FakeMember, options: Json[]) =>
    h.fake.interactionAnswer(h.fake.slash('poll', [{ name: 'create', type: 1, options }], who(member)));

  it('posts a poll written in the admin language, translated for the server', async () => {
    const before = postsIn(general().id).length;
    const answer = await slash(h.ana, [
      { name: 'question', type: 3, value: '¿Pizza o sushi?' },
      { name: 'options', type: 3, value: 'Pizza | Sushi' },
      { name: 'minutes', type: 4, value: 60 },
    ]);
    expect(answer.content).toContain('Tu encuesta está publicada');
    const post = await eventually(() => postsIn(general().id)[before]);
    // The server speaks English: the Spanish question went through the engine.
    expect(post.body?.content).toContain('[en] ¿Pizza o sushi?');
    expect(post.body?.components.flatMap((r: Json) => r.components).length).toBe(3);
  });

  it('answers bad input with a clear message and stores nothing', async () => {
    const before = await tableCounts(h.server.services);
    const tooMany = await slash(h.ben, [
      { name: 'question', type: 3, value: 'Pick' },
      { name: 'options', type: 3, value: Array.from({ length: 11 }, (_, i) => `o${i}`).join('|') },
    ]);
    expect(tooMany.content).toContain('at most 10 options');
    const tooLong = await slash(h.ben, [
      { name: 'question', type: 3, value: 'Pick' },
      { name: 'options', type: 3, value: `short | ${'x'.repeat(81)}` },
    ]);
    expect(tooLong.content).toContain('at most 80 characters');
    const one = await slash(h.ben, [
      { name: 'question', type: 3, value: 'Pick' },
      { name: 'options', type: 3, value: 'only one' },
    ]);
    expect(one.content).toContain('at least 2');
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('on the Free plan it names the plan that unlocks polls, in the member language', async () => {
    await setGuildPlan(h.server.services, h.guild.id, 'free');
    try {
      const answer = await slash(h.ana, [
        { name: 'question', type: 3, value: '¿Sí?' },
        { name: 'options', type: 3, value: 'Sí | No' },
      ]);
      expect(answer.content).toContain('requiere el plan Plus');
    } finally {
      await setGuildPlan(h.server.services, h.guild.id, 'plus');
    }
  });
});
