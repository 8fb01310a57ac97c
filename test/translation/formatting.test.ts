import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MissingTranslationsError } from '../../src/server/translation';
import { protect, restore } from '../../src/server/translation/protect';
import { type FakeProvider, type RecordedRequest, startFakeGemini } from '../fakes/gemini';
import { type Engine, geminiEnv, makeEngine } from './helpers';

let fake: FakeProvider;
let e: Engine;
beforeAll(async () => {
  fake = await startFakeGemini();
  e = await makeEngine(geminiEnv(fake.url));
});
afterAll(async () => {
  await e.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const MESSAGE = [
  '# Raid tonight',
  '> **Hey** <@123456789012345678> and <@!42>, ping <@&998877665544332211> in <#111222333444555666>!',
  'Bring _potions_ and ~~swords~~ ||no spoilers|| <:pepe:123456789012345678> <a:dance:987654321098765432> 👋🏽 👨‍👩‍👧 🇯🇵 :wave:',
  'Guide: https://example.com/raid?x=1&y=2 and <https://example.org/no-embed>, run `npm start`:',
  '```js',
  'const boss = "dragon"; // keep me',
  '```',
  'Starts <t:1767225600:R> @everyone',
].join('\n');

/** Every piece the translation must keep byte for byte (markers one by one: the model may move them). */
const KEPT = [
  '# ',
  '> ',
  '**',
  '<@123456789012345678>',
  '<@!42>',
  '<@&998877665544332211>',
  '<#111222333444555666>',
  '_',
  '~~',
  '||',
  '<:pepe:123456789012345678>',
  '<a:dance:987654321098765432>',
  '👋🏽',
  '👨‍👩‍👧',
  '🇯🇵',
  ':wave:',
  'https://example.com/raid?x=1&y=2',
  '<https://example.org/no-embed>',
  '`npm start`',
  '```js\nconst boss = "dragon"; // keep me\n```',
  '<t:1767225600:R>',
  '@everyone',
];

/** A "translation" into a script of its own, the placeholders moved around as a real model would. */
const WORDS: Record<string, string[]> = {
  ja: ['今夜のレイド', 'みなさん', '持ってきて', 'ガイド', '開始'],
  ar: ['غارة الليلة', 'مرحبا', 'أحضروا', 'الدليل', 'يبدأ'],
};
function scriptTranslation(req: RecordedRequest) {
  const t = req.translation!;
  const placeholders = t.text.match(/\{\{\d+\}\}/g) ?? [];
  const translations = Object.fromEntries(
    t.targets.map((code) => {
      const words = WORDS[code];
      // Reverse the placeholder order (right-to-left, different word order) and interleave words.
      const body = [...placeholders].reverse().map((p, i) => `${words[i % words.length]} ${p}`);
      return [code, body.join(' ')];
    }),
  );
  return { json: { source: 'en', translations } };
}

describe('formatting protection', () => {
  it('the provider never sees the protected pieces, and every one comes back byte for byte (Japanese and Arabic)', async () => {
    fake.respondWith(scriptTranslation);
    const res = await e.translator.translate({
      text: MESSAGE,
      targets: ['ja', 'ar'],
      source: 'en',
      origin: 'mirror',
    });
    const sent = fake.requests[0].translation!.text;
    for (const piece of [
      '<@123456789012345678>',
      '<:pepe:123456789012345678>',
      'https://example.com',
      'dragon',
      '👋🏽',
    ]) {
      expect(sent).not.toContain(piece);
    }
    for (const code of ['ja', 'ar']) {
      const out = res.translations[code];
      for (const piece of KEPT) expect(out).toContain(piece);
      expect(out).toContain(WORDS[code][0]);
      expect(out).not.toMatch(/\{\{\d+\}\}/);
    }
  });

  it('round-trips every protected piece exactly when the provider returns the placeholders untouched', () => {
    const p = protect(MESSAGE);
    expect(p.tokens.length).toBeGreaterThan(20);
    const back = restore(p.text, p.tokens);
    expect(back).toEqual({ ok: true, text: MESSAGE });
  });

  it("keeps a user's own {{0}} literally", () => {
    const text = 'type {{0}} in the template, <@1> knows';
    const p = protect(text);
    expect(restore(p.text, p.tokens)).toEqual({ ok: true, text });
  });

  it('a lost placeholder makes the answer unusable: asked again once, and kept when the second answer is right', async () => {
    let n = 0;
    fake.respondWith((req) => {
      n += 1;
      const t = req.translation!;
      const es = n === 1 ? 'Hola a todos' : t.text.replace('Hello', 'Hola');
      return { json: { source: 'en', translations: { es } } };
    });
    const res = await e.translator.translate({
      text: 'Hello <@123456789>',
      targets: ['es'],
      source: 'en',
      origin: 'mirror',
    });
    expect(fake.requests).toHaveLength(2);
    expect(res.translations.es).toBe('Hola <@123456789>');
  });

  it('placeholders broken twice are put back by position: the message is delivered, never dropped', async () => {
    // Lost, repeated and invented placeholders, on both attempts.
    fake.respondWith(() => ({
      json: { source: 'en', translations: { es: 'Hola {{1}} de nuevo {{1}} amigos {{7}} mira' } },
    }));
    const res = await e.translator.translate({
      text: 'Hello <@123456789> again **friends** look https://example.com/x',
      targets: ['es'],
      source: 'en',
      origin: 'mirror',
    });
    expect(fake.requests).toHaveLength(2);
    const es = res.translations.es;
    // The model's words, every protected piece exactly once, nothing invented.
    expect(es).toMatch(/^Hola /);
    for (const piece of ['<@123456789>', 'https://example.com/x']) {
      expect(es.split(piece)).toHaveLength(2);
    }
    expect(es.match(/\*\*/g)).toHaveLength(2);
    expect(es).not.toMatch(/\{\{/);
    // The mention keeps its place near the start, the link near the end.
    expect(es.indexOf('<@123456789>')).toBeLessThan(es.indexOf('https://example.com/x'));
  });

  it('an empty answer twice still fails visibly, naming the language and the reason', async () => {
    fake.respondWith(() => ({ json: { source: 'en', translations: { es: '' } } }));
    const err = await e.translator
      .translate({ text: 'Hello again <@123456789>', targets: ['es'], source: 'en', origin: 'mirror' })
      .catch((x) => x);
    expect(err).toBeInstanceOf(MissingTranslationsError);
    expect(err.message).toMatch(/no usable answer for es \(language missing from the answer\)/);
    expect(fake.requests).toHaveLength(2);
  });
});

describe('malformed and partial answers', () => {
  it('malformed JSON is retried once, then the good answer is used', async () => {
    fake.queue({ text: '{"source": "en", "translations": {"es": "Hol' });
    const res = await e.translator.translate({
      text: 'Hello there friends',
      targets: ['es', 'fr'],
      source: 'en',
      origin: 'mirror',
    });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1].translation?.targets).toEqual(['es', 'fr']);
    expect(res.translations).toEqual({ es: '[es] Hello there friends', fr: '[fr] Hello there friends' });
  });

  it('malformed twice: a visible failure naming every missing language, no third call', async () => {
    fake.respondWith(() => ({ text: 'Sure! Here is your translation: Hola' }));
    const err = await e.translator
      .translate({ text: 'Good night everyone', targets: ['es', 'fr'], source: 'en', origin: 'mirror' })
      .catch((x) => x);
    expect(err).toBeInstanceOf(MissingTranslationsError);
    expect(err.missing).toEqual(['es', 'fr']);
    expect(err.message).toBe('translation provider gave no usable answer for es, fr (answer is not JSON)');
    expect(fake.requests).toHaveLength(2);
  });

  it('a partial answer asks again for the missing languages only', async () => {
    fake.queue({ json: { source: 'en', translations: { es: 'Buenas noches' } } });
    const res = await e.translator.translate({
      text: 'Good night all',
      targets: ['es', 'fr', 'de'],
      source: 'en',
      origin: 'mirror',
    });
    expect(fake.requests[1].translation?.targets).toEqual(['fr', 'de']);
    expect(res.translations).toEqual({
      es: 'Buenas noches',
      fr: '[fr] Good night all',
      de: '[de] Good night all',
    });
  });

  it('still partial after the retry: the error names what is missing and carries what arrived', async () => {
    fake.respondWith((req) => ({
      json: { source: 'en', translations: req.index === 0 ? { es: 'Hola' } : {} },
    }));
    const err = await e.translator
      .translate({ text: 'Hello partial world', targets: ['es', 'fr'], source: 'en', origin: 'mirror' })
      .catch((x) => x);
    expect(err).toBeInstanceOf(MissingTranslationsError);
    expect(err.missing).toEqual(['fr']);
    expect(err.partial).toEqual({ es: 'Hola' });
    expect(err.message).toMatch(/no usable answer for fr/);
  });

  it("an empty answer (Gemini's SAFETY stop) fails visibly with the reason", async () => {
    fake.respondWith(() => ({
      status: 200,
      body: { candidates: [{ content: { role: 'model', parts: [] }, finishReason: 'SAFETY', index: 0 }] },
    }));
    const err = await e.translator
      .translate({ text: 'Something the model refuses', targets: ['es'], source: 'en', origin: 'mirror' })
      .catch((x) => x);
    expect(err).toBeInstanceOf(MissingTranslationsError);
    expect(err.message).toBe('translation provider gave no usable answer for es (empty answer (SAFETY))');
    expect(fake.requests).toHaveLength(2);
  });
});
