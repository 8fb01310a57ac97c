import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../core/env';
import { deckRequest, needsReading, parseDeckAnswer } from './generated-decks';
import { wordsOfLevel } from './deck';
import { loadCards } from './practice';

const answer = (translations: Record<string, string>) => JSON.stringify({ source: 'en', translations });
const full = (language: string, reading: boolean) =>
  Object.fromEntries(
    wordsOfLevel('beginner').flatMap((w) => [
      [`${w.id}.word`, `${w.id}-${language}`],
      ...(reading ? [[`${w.id}.reading`, `${w.id}-r`]] : []),
      [`${w.id}.example`, `A sentence with ${w.id}.`],
    ]),
  );

describe('generated decks', () => {
  it('asks a reading only where the script is not Latin', () => {
    expect(needsReading('sw')).toBe(false);
    expect(needsReading('th')).toBe(true);
    expect(needsReading('am')).toBe(true);
    const th = deckRequest('th', 'beginner');
    expect(th.targets).toContain('hello.reading');
    expect(deckRequest('sw', 'beginner').targets).not.toContain('hello.reading');
    expect(th.words).toHaveLength(wordsOfLevel('beginner').length);
  });

  it('keeps a complete answer, cards in the deck order', () => {
    const cards = parseDeckAnswer('th', 'beginner', answer(full('th', true)));
    expect(cards[0]).toEqual({
      id: 'hello',
      word: 'hello-th',
      reading: 'hello-r',
      example: 'A sentence with hello.',
    });
    expect(cards.map((c) => c.id)).toEqual(wordsOfLevel('beginner').map((w) => w.id));
  });

  it('refuses a malformed or incomplete answer, naming what is wrong', () => {
    expect(() => parseDeckAnswer('sw', 'beginner', 'not json')).toThrow('not JSON');
    expect(() => parseDeckAnswer('sw', 'beginner', '{"source":"en"}')).toThrow('no translations');
    const missing = full('sw', false);
    delete missing['water.example'];
    expect(() => parseDeckAnswer('sw', 'beginner', answer(missing))).toThrow('"water"');
    const blank = { ...full('sw', false), 'cat.word': '  ' };
    expect(() => parseDeckAnswer('sw', 'beginner', answer(blank))).toThrow('"cat"');
    // A reading is required where the script needs one.
    expect(() => parseDeckAnswer('th', 'beginner', answer(full('th', false)))).toThrow('"hello"');
  });

  it('without a provider only the built-in languages have flashcards', async () => {
    const src = { db: null as never, env: loadEnv({}) };
    expect(await loadCards(src, 'sw')).toMatchObject({
      ok: false,
      message: expect.stringContaining('Flashcards for Swahili are not available here yet'),
    });
    const es = await loadCards(src, 'es');
    expect(Array.isArray(es) && es[0]).toMatchObject({ id: 'hello', word: 'hola' });
  });
});
