import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawAll } from '../../db/client';
import { DECK } from '../../src/server/features/learning/deck';
import { deckRequestOf, fakeWord, flashcardResponder } from '../fakes/flashcards';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { buttonLabels, pressButton } from './community-interactions';
import { type BotHarness, startBotHarness } from './harness';

/** /learn in a language without a built-in deck: the provider writes its decks once; Plus only. */

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  h.gemini.respondWith(flashcardResponder());
  await setGuildPlan(h.server.services, h.guild.id, 'plus');
});
afterAll(async () => {
  await h?.close();
});

const EPHEMERAL = 64;
const slash = (name: string, options: { name: string; value: string }[], member = h.ben) =>
  h.fake.interactionAnswer(
    h.fake.slash(
      name,
      options.map((o) => ({ ...o, type: 3 })),
      { member, channel: h.channel('general') },
    ),
    20_000,
  );
const deckCalls = () => h.gemini.requests.filter((r) => deckRequestOf(r) !== null);
const decks = () =>
  rawAll<{ language: string; level: string }>(
    h.server.services.db,
    sql`select language, level from learning_decks order by language, level`,
  );

describe('/learn sw on Plus', () => {
  it('writes the Swahili decks with one provider call per level, then starts', async () => {
    const answer = await slash('learn', [{ name: 'language', value: 'sw' }]);
    expect(answer.content).toContain('You are now learning **Swahili**, starting at Beginner level');
    // Deferred (the decks take time): the deferral was ephemeral.
    const defer = await h.fake.waitForCall((c) => c.path.endsWith('/callback') && c.body?.type === 5);
    expect(defer.body?.data.flags).toBe(EPHEMERAL);
    const calls = deckCalls();
    expect(calls.map((c) => deckRequestOf(c)!.level).sort()).toEqual([
      'advanced',
      'beginner',
      'intermediate',
    ]);
    // Swahili is written in Latin letters: no reading asked for.
    expect(deckRequestOf(calls[0]!)!.targets.some((k) => k.endsWith('.reading'))).toBe(false);
    expect(await decks()).toEqual([
      { language: 'sw', level: 'advanced' },
      { language: 'sw', level: 'beginner' },
      { language: 'sw', level: 'intermediate' },
    ]);
  });

  it('/practice shows the generated word and its example sentence', async () => {
    const card = await slash('practice', []);
    expect(card.flags).toBe(EPHEMERAL);
    expect(card.content).toContain(`**hello** (English)\nIn Swahili: ||${fakeWord('hello', 'sw')}||`);
    expect(card.content).toContain(`Example: ||Sentence with ${fakeWord('hello', 'sw')}.||`);
  });

  it('/quiz asks in Swahili with four generated answers; the right one counts', async () => {
    const q = await slash('quiz', []);
    const prompt = /How do you say \*\*(.+?)\*\* \(English\) in Swahili\?/.exec(q.content)?.[1];
    expect(prompt).toBeTruthy();
    const right = fakeWord(prompt!, 'sw');
    const labels = buttonLabels(q);
    expect(labels).toHaveLength(4);
    expect(labels).toContain(right);
    const ok = await h.fake.interactionAnswer(
      pressButton(h.fake, q, right, { member: h.ben, channel: h.channel('general') }),
    );
    expect(ok.content).toContain(`✅ Correct! The answer is **${right}**.`);
  });

  it('a second member learning Swahili makes no provider call and is answered at once', async () => {
    const before = deckCalls().length;
    const answer = await slash('learn', [{ name: 'language', value: 'Swahili' }], h.chloe);
    expect(answer.callbackType).toBe(4);
    expect(answer.flags).toBe(EPHEMERAL);
    expect(answer.content).toContain('You are now learning **Swahili**');
    expect(deckCalls().length).toBe(before);
  });

  it('a language in another script gets readings (Thai)', async () => {
    const answer = await slash('learn', [{ name: 'language', value: 'th' }], h.ana);
    expect(answer.content).toContain('You are now learning **Thai**');
    const thai = deckCalls().filter((c) => deckRequestOf(c)!.language === 'th');
    expect(thai).toHaveLength(3);
    expect(deckRequestOf(thai[0]!)!.targets.filter((k) => k.endsWith('.reading'))).toHaveLength(
      DECK.filter((w) => w.level === deckRequestOf(thai[0]!)!.level).length,
    );
    const card = await slash('practice', [], h.ana);
    // Ana's language is Spanish: the prompt is in Spanish, the answer in Thai with its reading.
    expect(card.content).toContain(
      `**hola** (Spanish)\nIn Thai: ||${fakeWord('hello', 'th')} (${fakeWord('hello', 'th')}-read)||`,
    );
  });

  it('/learn autocomplete searches the whole table', async () => {
    const i = h.fake.autocomplete('learn', 'language', 'swa', {
      member: h.ben,
      channel: h.channel('general'),
    });
    const call = await h.fake.waitForCall((c) => c.path.includes(i.token) && c.path.endsWith('/callback'));
    expect(call.body?.data.choices).toEqual([{ name: 'Swahili · Kiswahili (sw)', value: 'sw' }]);
  });
});

describe('a deck the provider gets wrong', () => {
  it('is not kept: the member is told to try again and nothing is written', async () => {
    h.gemini.respondWith((req) =>
      deckRequestOf(req) ? { json: { source: 'en', translations: { 'hello.word': 'x' } } } : { text: 'ok' },
    );
    const before = await tableCounts(h.server.services);
    const answer = await slash('learn', [{ name: 'language', value: 'yo' }]);
    expect(answer.content).toContain('The flashcards for Yoruba could not be prepared just now');
    expect(await tableCounts(h.server.services)).toEqual(before);
    h.gemini.respondWith(flashcardResponder());
  });
});

describe('on Free', () => {
  it('every learning command answers the LOCKED notice naming Plus, privately, and writes nothing', async () => {
    await setGuildPlan(h.server.services, h.guild.id, 'free');
    const before = await tableCounts(h.server.services);
    const calls = h.gemini.requests.length;
    for (const [name, options] of [
      ['learn', [{ name: 'language', value: 'sw' }]],
      ['practice', []],
      ['quiz', []],
      ['progress', []],
    ] as const) {
      const answer = await slash(name, [...options]);
      expect(answer.callbackType, name).toBe(4);
      expect(answer.flags, name).toBe(EPHEMERAL);
      expect(answer.content, name).toBe(
        '🔒 Language learning needs the Plus plan on this server. A server admin can upgrade it in the dashboard.',
      );
    }
    expect(await tableCounts(h.server.services)).toEqual(before);
    expect(h.gemini.requests.length).toBe(calls);
    await setGuildPlan(h.server.services, h.guild.id, 'plus');
  });
});
