import { randomUUID } from 'node:crypto';
import type { Db } from '../../../../db/client';

/**
 * Questions waiting for an answer (quiz buttons, flashcard self-checks). They live in memory for
 * QUESTION_TTL_MS and are answered once; after a restart they are simply expired.
 */

export const QUESTION_TTL_MS = 15 * 60_000;
const MAX_PENDING = 10_000;

export interface PendingQuestion {
  guildId: string;
  userId: string;
  kind: 'card' | 'quiz';
  /** Answers as shown (quiz), or ['knew', 'again'] (flashcard). */
  options: string[];
  correct: number;
  issuedAt: number;
}

/** One book per database (per running server), so servers in one process do not share questions. */
const books = new WeakMap<Db, Map<string, PendingQuestion>>();

function bookOf(db: Db): Map<string, PendingQuestion> {
  let book = books.get(db);
  if (!book) {
    book = new Map();
    books.set(db, book);
  }
  return book;
}

/** Keeps a question; returns its id (20 hex characters, fits a button's custom id). */
export function rememberQuestion(db: Db, q: PendingQuestion): string {
  const book = bookOf(db);
  for (const [id, p] of book) {
    if (q.issuedAt - p.issuedAt > QUESTION_TTL_MS || book.size >= MAX_PENDING) book.delete(id);
    else break; // insertion order: the rest are newer
  }
  const id = randomUUID().replaceAll('-', '').slice(0, 20);
  book.set(id, q);
  return id;
}

/** The question of this server, or null when unknown, answered already or expired (then forgotten). */
export function findQuestion(db: Db, id: string, guildId: string, now: Date): PendingQuestion | null {
  const book = bookOf(db);
  const q = book.get(id);
  if (!q || q.guildId !== guildId) return null;
  if (now.getTime() - q.issuedAt > QUESTION_TTL_MS) {
    book.delete(id);
    return null;
  }
  return q;
}

export function forgetQuestion(db: Db, id: string): void {
  bookOf(db).delete(id);
}

export function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;
}

export function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.min(i, Math.floor(random() * (i + 1)));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
