import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Phrase } from '../../src/common/phrases';
import { phraseIn, untranslatedMark } from '../../src/server/translation/phrases';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { type Engine, geminiEnv, makeEngine } from './helpers';

/**
 * Issue 27: the bot's own words in a language its phrase table lacks are translated once through
 * the provider (the engine, against the fake Gemini), kept, and reused; with the provider down the
 * member reads English with a line saying so.
 */

let fake: FakeProvider;
let e: Engine;
beforeAll(async () => {
  fake = await startFakeGemini();
  e = await makeEngine(geminiEnv(fake.url), { options: { attempts: 1 } });
});
afterAll(async () => {
  await e.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const WELCOME: Phrase = {
  en: 'Hello {name}, your messages are translated again.',
  es: 'Hola {name}, otra vez.',
};

describe('phrases outside the table', () => {
  it('a language of the table is answered from it, without the provider', async () => {
    expect(await phraseIn(e.translator, WELCOME, 'es', { name: 'Ana' })).toBe('Hola Ana, otra vez.');
    expect(await phraseIn(e.translator, WELCOME, 'en', { name: 'Ann' })).toBe(
      'Hello Ann, your messages are translated again.',
    );
    expect(fake.requests).toHaveLength(0);
  });

  it('Swahili: translated once with its {name} slot kept, then reused for the next member', async () => {
    const first = await phraseIn(e.translator, WELCOME, 'sw', { name: 'Amani' });
    expect(first).toBe('[sw] Hello Amani, your messages are translated again.');
    expect(fake.requests).toHaveLength(1);
    // The slot travelled as inline code (kept byte for byte), never the member's name.
    expect(fake.requests[0].prompt).not.toContain('Amani');
    const second = await phraseIn(e.translator, WELCOME, 'sw', { name: 'Baraka' });
    expect(second).toBe('[sw] Hello Baraka, your messages are translated again.');
    expect(fake.requests).toHaveLength(1);
  });

  it('the provider down: English with a line saying so, and nothing kept (asked again next time)', async () => {
    fake.respondWith(() => ({ status: 503 }));
    const down = await phraseIn(e.translator, WELCOME, 'yo', { name: 'Ade' });
    expect(down).toBe(`Hello Ade, your messages are translated again.${untranslatedMark('yo')}`);
    fake.reset();
    expect(await phraseIn(e.translator, WELCOME, 'yo', { name: 'Ade' })).toBe(
      '[yo] Hello Ade, your messages are translated again.',
    );
    expect(fake.requests).toHaveLength(1);
  });
});
