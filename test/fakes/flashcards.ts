/**
 * What the fake providers (gemini.ts, openai.ts) answer when the learning feature asks for a deck:
 * the request's JSON carries { task: 'flashcards', language, level, words: [{ id, english }], targets },
 * and a real model answers { source, translations: { "<id>.word", "<id>.reading"?, "<id>.example" } }.
 * The fake writes "<english>-<language>" as the word, "<english>-<language>-read" as the reading and
 * a sentence around the word, so tests can recognise every part. Other requests go to `otherwise`.
 */
import { type FakeReply, pseudoTranslate, type RecordedRequest, type Responder } from './gemini';

export interface DeckRequest {
  task: 'flashcards';
  language: string;
  level: string;
  words: { id: string; english: string }[];
  targets: string[];
}

export function deckRequestOf(req: RecordedRequest): DeckRequest | null {
  const t = req.translation as unknown as Partial<DeckRequest> | null;
  return t?.task === 'flashcards' ? (t as DeckRequest) : null;
}

export const fakeWord = (english: string, language: string) => `${english}-${language}`;

export function flashcardResponder(otherwise: Responder = pseudoTranslate): Responder {
  return (req): FakeReply | Promise<FakeReply> => {
    const deck = deckRequestOf(req);
    if (!deck) return otherwise(req);
    const english = new Map(deck.words.map((w) => [w.id, w.english]));
    const translations = Object.fromEntries(
      deck.targets.map((key) => {
        const [id, part] = key.split('.') as [string, string];
        const word = fakeWord(english.get(id) ?? id, deck.language);
        const text = part === 'word' ? word : part === 'reading' ? `${word}-read` : `Sentence with ${word}.`;
        return [key, text];
      }),
    );
    return { json: { source: 'en', translations } };
  };
}
