import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../db/client';
import { DECK } from '../../src/server/features/learning/deck';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { buttonLabels, pressButton } from './community-interactions';
import { type BotHarness, startBotHarness } from './harness';

let h: BotHarness;
/** The server's clock runs this far ahead of real time (streak days, question expiry). */
let ahead = 0;
beforeAll(async () => {
  h = await startBotHarness({ overrides: { clock: () => new Date(Date.now() + ahead) } });
  // Language learning's dashboard is a Plus capability.
  await setGuildPlan(h.server.services, h.guild.id, 'plus');
});
afterAll(async () => {
  await h?.close();
});

const EPHEMERAL = 64;
const UPDATE_MESSAGE = 7;
const where = () => ({ member: h.ben, channel: h.channel('general') });
const slash = (name: string, options: { name: string; value: string }[] = [], who = where()) =>
  h.fake.interactionAnswer(
    h.fake.slash(
      name,
      options.map((o) => ({ ...o, type: 3 })),
      who,
    ),
  );
const progressRow = async () =>
  (await rawGet(
    h.server.services.db,
    sql`select * from learner_progress where guild_id = ${h.guild.id} and user_id = ${h.ben.user.id}`,
  )) as Record<string, unknown> | undefined;

/** The Spanish answer of a quiz's English prompt, from the deck. */
function rightAnswer(content: string): string {
  const prompt = /How do you say \*\*(.+?)\*\* \(English\) in Spanish\?/.exec(content)?.[1];
  const word = DECK.find((w) => w.text.en === prompt);
  if (!word) throw new Error(`no deck word for the prompt in: ${content}`);
  return word.text.es;
}

describe('/learn, /practice, /quiz, /progress', () => {
  it('/learn es starts Spanish at beginner level, cards in the member language (Discord locale en-US)', async () => {
    const answer = await slash('learn', [{ name: 'language', value: 'es' }]);
    expect(answer.flags).toBe(EPHEMERAL);
    expect(answer.content).toContain('You are now learning **Spanish**, starting at Beginner level');
    expect(answer.content).toContain('Cards are shown in English');
    expect(await progressRow()).toMatchObject({
      learning_language: 'es',
      native_language: 'en',
      difficulty_level: 'beginner',
    });
  });

  it('/practice shows the first word with the answer behind a spoiler; "I knew it" counts a correct answer', async () => {
    const card = await slash('practice');
    expect(card.flags).toBe(EPHEMERAL);
    expect(card.content).toContain('**hello** (English)\nIn Spanish: ||hola||');
    expect(buttonLabels(card)).toEqual(['I knew it', 'Not yet']);
    expect(await progressRow()).toMatchObject({
      words_learned: 1,
      flashcards_reviewed: 1,
      correct_answers: 0,
      practice_streak: 1,
    });
    const checked = await h.fake.interactionAnswer(pressButton(h.fake, card, 'I knew it', where()));
    expect(checked.callbackType).toBe(UPDATE_MESSAGE);
    expect(checked.content).toContain('counted as known');
    expect(checked.components).toEqual([]);
    expect(await progressRow()).toMatchObject({ correct_answers: 1 });
  });

  it('/quiz asks with four buttons; the right button says correct, a wrong one names the right answer', async () => {
    const q = await slash('quiz');
    expect(q.flags).toBe(EPHEMERAL);
    expect(q.content).toContain('(Beginner)');
    const labels = buttonLabels(q);
    expect(labels).toHaveLength(4);
    const right = rightAnswer(q.content);
    expect(labels).toContain(right);
    const ok = await h.fake.interactionAnswer(pressButton(h.fake, q, right, where()));
    expect(ok.callbackType).toBe(UPDATE_MESSAGE);
    expect(ok.content).toContain(`✅ Correct! The answer is **${right}**.`);

    const q2 = await slash('quiz');
    const right2 = rightAnswer(q2.content);
    const wrong = buttonLabels(q2).find((l) => l !== right2)!;
    const no = await h.fake.interactionAnswer(pressButton(h.fake, q2, wrong, where()));
    expect(no.content).toContain(`❌ Not quite: you chose ${wrong}. The right answer is **${right2}**.`);
    expect(await progressRow()).toMatchObject({ flashcards_reviewed: 3, correct_answers: 2 });
  });

  it('/progress shows the counts; the dashboard reads the same progress', async () => {
    const p = await slash('progress');
    expect(p.flags).toBe(EPHEMERAL);
    expect(p.content).toBe(
      [
        '📈 **Your Spanish progress**',
        'Level: Beginner',
        'Words learned: 1',
        'Practice streak: 1 day 🔥',
        'Flashcards reviewed: 3',
        'Correct answers: 2',
        'Accuracy: 67%',
      ].join('\n'),
    );
    const res = await h.server.api(`/api/language-learning/progress/${h.guild.id}/${h.ben.user.id}`, {
      admin: true,
    });
    expect(res.json).toMatchObject({
      learningLanguage: 'es',
      wordsLearned: 1,
      flashcardsReviewed: 3,
      correctAnswers: 2,
      accuracy: 67,
    });
  });

  it('/quiz difficulty:advanced asks an advanced word', async () => {
    const q = await slash('quiz', [{ name: 'difficulty', value: 'advanced' }]);
    expect(q.content).toContain('(Advanced)');
    const prompt = /How do you say \*\*(.+?)\*\*/.exec(q.content)?.[1];
    expect(DECK.find((w) => w.text.en === prompt)?.level).toBe('advanced');
  });

  it('an answered question cannot be answered again: a clear private message, nothing counted', async () => {
    const q = await slash('quiz');
    const right = rightAnswer(q.content);
    await h.fake.interactionAnswer(pressButton(h.fake, q, right, where()));
    const before = await progressRow();
    const again = await h.fake.interactionAnswer(pressButton(h.fake, q, right, where()));
    expect(again.callbackType).toBe(4);
    expect(again.flags).toBe(EPHEMERAL);
    expect(again.content).toContain('This question has expired');
    expect(await progressRow()).toEqual(before);
  });

  it('/learn autocomplete offers the languages of the table, the exact code first', async () => {
    const i = h.fake.autocomplete('learn', 'language', 'ja', where());
    const call = await h.fake.waitForCall((c) => c.path.includes(i.token) && c.path.endsWith('/callback'));
    expect(call.body?.data.choices.slice(0, 2)).toEqual([
      { name: 'Japanese · 日本語 (ja)', value: 'ja' },
      { name: 'Javanese · Basa Jawa (jv)', value: 'jv' },
    ]);
    expect(call.body?.data.choices.map((c: { value: string }) => c.value)).toContain('pa'); // Punjabi
  });
});

describe('bad input writes nothing', () => {
  it('/learn with an unknown language names the languages there are', async () => {
    const before = await tableCounts(h.server.services);
    const answer = await slash('learn', [{ name: 'language', value: 'klingon' }], {
      member: h.ana,
      channel: h.channel('general'),
    });
    expect(answer.flags).toBe(EPHEMERAL);
    expect(answer.content).toContain('"klingon" is not a language I know');
    expect(answer.content).toContain('Spanish (es)');
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('/learn of your own language says so', async () => {
    const before = await tableCounts(h.server.services);
    const answer = await slash('learn', [{ name: 'language', value: 'es' }], {
      member: h.ana,
      channel: h.channel('general'),
    });
    expect(answer.content).toContain('You cannot learn Spanish from Spanish');
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('/practice, /quiz and /progress before /learn point to /learn', async () => {
    const before = await tableCounts(h.server.services);
    for (const name of ['practice', 'quiz', 'progress']) {
      const answer = await slash(name, [], { member: h.chloe, channel: h.channel('general') });
      expect(answer.flags).toBe(EPHEMERAL);
      expect(answer.content).toContain('You are not learning a language yet. Start with /learn');
    }
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it("another member's quiz button is refused", async () => {
    const q = await slash('quiz');
    const before = await progressRow();
    const other = await h.fake.interactionAnswer(
      pressButton(h.fake, q, buttonLabels(q)[0]!, { member: h.ana, channel: h.channel('general') }),
    );
    expect(other.flags).toBe(EPHEMERAL);
    expect(other.content).toContain('belongs to another member');
    expect(await progressRow()).toEqual(before);
  });
});

describe('old buttons', () => {
  it('a button the bot no longer knows gets a private explanation', async () => {
    const old = {
      content: 'old message',
      components: [{ type: 1, components: [{ type: 2, label: 'Old', custom_id: 'vote:abc:1' }] }],
    };
    const answer = await h.fake.interactionAnswer(pressButton(h.fake, old, 'Old', where()));
    expect(answer.flags).toBe(EPHEMERAL);
    expect(answer.content).toContain('no longer in use');
  });
});

describe('time', () => {
  it('a quiz left unanswered for more than 15 minutes has expired and counts nothing', async () => {
    const q = await slash('quiz');
    const before = await progressRow();
    ahead += 16 * 60_000;
    const late = await h.fake.interactionAnswer(pressButton(h.fake, q, rightAnswer(q.content), where()));
    expect(late.flags).toBe(EPHEMERAL);
    expect(late.content).toContain('This question has expired');
    expect(await progressRow()).toEqual(before);
  });

  it('practising on the next UTC day grows the streak; a missed day shows it as 0 in /progress', async () => {
    const row = (await progressRow())!;
    const streak = row.practice_streak as number;
    const last = row.last_practiced_at as number;
    // Noon of the next UTC day after the last practice.
    ahead = Math.floor(last / 86_400_000 + 1) * 86_400_000 + 12 * 3_600_000 - Date.now();
    const card = await slash('practice');
    expect(card.content).toContain(`🔥 ${streak + 1}-day streak`);
    expect(await progressRow()).toMatchObject({ practice_streak: streak + 1 });
    ahead += 2 * 86_400_000;
    const p = await slash('progress');
    expect(p.content).toContain('Practice streak: 0 days\n');
  });
});

describe('npm run deploy-commands', () => {
  it('registers /learn (autocomplete), /practice, /quiz (difficulty choices), /progress and /ticket create', async () => {
    const { deployCommands } = await import('../../bot/deploy-commands');
    const saved = await deployCommands({
      token: h.fake.token,
      applicationId: h.fake.applicationId,
      api: h.fake.apiUrl,
      guildId: h.guild.id,
    });
    expect(saved.names).toEqual(expect.arrayContaining(['learn', 'practice', 'quiz', 'progress', 'ticket']));
    const byName = new Map(h.fake.rest.commands.get(h.guild.id)!.map((c) => [c.name, c]));
    expect(byName.get('learn')).toMatchObject({
      options: [{ name: 'language', type: 3, required: true, autocomplete: true }],
    });
    expect(byName.get('quiz')?.options[0]).toMatchObject({ name: 'difficulty', type: 3 });
    expect(byName.get('quiz')?.options[0].choices.map((c: { value: string }) => c.value)).toEqual([
      'beginner',
      'intermediate',
      'advanced',
    ]);
    expect(byName.get('ticket')).toMatchObject({ options: [{ name: 'create', type: 1 }] });
    expect(byName.get('practice')?.options ?? []).toEqual([]);
    expect(byName.get('progress')?.options ?? []).toEqual([]);
  });
});

describe('members whose language has no cards', () => {
  it('an Arabic speaker learning Spanish gets cards in English, and the row keeps Arabic as native language', async () => {
    const ana = { member: h.ana, channel: h.channel('general') };
    await slash('setlanguage', [{ name: 'language', value: 'ar' }], ana);
    const answer = await slash('learn', [{ name: 'language', value: 'Spanish' }], ana);
    expect(answer.content).toContain('You are now learning **Spanish**');
    expect(answer.content).toContain('Cards are shown in English.');
    const row = await rawGet(
      h.server.services.db,
      sql`select native_language as n from learner_progress where user_id = ${h.ana.user.id}`,
    );
    expect(row).toEqual({ n: 'ar' });
    const card = await slash('practice', [], ana);
    expect(card.content).toContain('**hello** (English)\nIn Spanish: ||hola||');
  });
});
