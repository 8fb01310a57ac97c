import type { DifficultyLevel } from '../../../common/learning/schemas';
import { DECK, isDeckLanguage } from './deck';
import { type DeckSource, generatedCards } from './generated-decks';

/** One flashcard in the language learned: the built-in deck's word, or a generated one with reading and example. */
export interface Card {
  id: string;
  level: DifficultyLevel;
  word: string;
  reading?: string;
  example?: string;
}

/**
 * The cards of a language in teaching order (beginner, intermediate, advanced): the built-in deck
 * for its ten languages, else the provider's decks (written on first use, then kept).
 */
export async function cardsOf(src: DeckSource, language: string): Promise<Card[]> {
  if (isDeckLanguage(language))
    return DECK.map((w) => ({ id: w.id, level: w.level, word: w.text[language] }));
  const [beginner, intermediate, advanced] = await Promise.all(
    (['beginner', 'intermediate', 'advanced'] as const).map((level) => generatedCards(src, language, level)),
  );
  const byId = new Map([...beginner!, ...intermediate!, ...advanced!].map((c) => [c.id, c]));
  return DECK.flatMap((w) => {
    const c = byId.get(w.id);
    return c ? [{ id: w.id, level: w.level, word: c.word, reading: c.reading, example: c.example }] : [];
  });
}
