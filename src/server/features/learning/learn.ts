import type { Db } from '../../../../db/client';
import { learnerProgress } from '../../../../db/schema';
import { findLanguage, LANGUAGES, languageName } from '../../../common/languages';
import { DECK_LANGUAGES, type DeckLanguage, isDeckLanguage } from './deck';
import { asMember, findProgress, type Progress, type Refusal, refuse, save } from './progress';

/** /learn: the languages a member may learn (autocomplete, checks) and the row it starts or switches. */

export const deckList = () => DECK_LANGUAGES.map((c) => `${languageName(c)} (${c})`).join(', ');

/** Discord shows at most 25 autocomplete choices. */
const MAX_CHOICES = 25;

/** A code, English name or native name of the table ("es", "Spanish", "Español"). */
function resolveLanguage(input: string) {
  const q = input.trim().toLowerCase();
  return findLanguage(q) ?? LANGUAGES.find((l) => l.name.toLowerCase() === q || l.native.toLowerCase() === q);
}

/** The deck language cards are shown in for a member's language: itself, its base (pt-BR → pt), else English. */
export function cardLanguage(native: string): DeckLanguage {
  if (isDeckLanguage(native)) return native;
  const base = native.split('-')[0];
  return isDeckLanguage(base) ? base : 'en';
}

/** Autocomplete of /learn: the table's languages matching what was typed, best matches first. */
export function learnChoices(query: string): { name: string; value: string }[] {
  const q = query.trim().toLowerCase();
  const matches = LANGUAGES.filter(
    (l) =>
      !q ||
      l.code.toLowerCase().startsWith(q) ||
      l.name.toLowerCase().includes(q) ||
      l.native.toLowerCase().includes(q),
  );
  // The exact code first, then codes and names that begin with it, then names that contain it.
  const rank = (l: (typeof LANGUAGES)[number]) =>
    l.code.toLowerCase() === q
      ? 0
      : l.code.toLowerCase().startsWith(q) || l.name.toLowerCase().startsWith(q)
        ? 1
        : 2;
  return [...matches]
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, MAX_CHOICES)
    .map((l) => ({
      name: l.native === l.name ? `${l.name} (${l.code})` : `${l.name} · ${l.native} (${l.code})`,
      value: l.code,
    }));
}

export interface LearnPlan {
  ok: true;
  learning: string;
  native: string;
}

/** Checks a /learn request; writes nothing. */
export function planLearning(requested: string, native: string): LearnPlan | Refusal {
  const language = resolveLanguage(requested);
  if (!language) {
    return refuse(
      `"${requested.slice(0, 50)}" is not a language I know. Start typing in the language option to search the ${LANGUAGES.length} languages, for example Spanish (es) or Swahili (sw).`,
    );
  }
  if (cardLanguage(native) === language.code || native === language.code) {
    const why =
      isDeckLanguage(native) || native === language.code
        ? `${languageName(native)} is your language`
        : 'your cards would be in English';
    return refuse(
      `You cannot learn ${language.name} from ${language.name}: ${why}. Pick another language, or set yours with /setlanguage.`,
    );
  }
  return { ok: true, learning: language.code, native };
}

/** Starts learning, or switches language: a new language starts fresh at beginner, the streak carries on. */
export async function saveLearning(
  db: Db,
  at: Date,
  input: { guildId: string; userId: string; username: string },
  plan: LearnPlan,
): Promise<{ progress: Progress; previous: string | null }> {
  return await asMember(db, input.guildId, input.userId, () => saveLearningNow(db, at, input, plan));
}

async function saveLearningNow(
  db: Db,
  at: Date,
  input: { guildId: string; userId: string; username: string },
  plan: LearnPlan,
): Promise<{ progress: Progress; previous: string | null }> {
  const existing = await findProgress(db, input.guildId, input.userId);
  if (!existing) {
    const progress = await db
      .insert(learnerProgress)
      .values({
        guildId: input.guildId,
        userId: input.userId,
        username: input.username,
        learningLanguage: plan.learning,
        nativeLanguage: plan.native,
        difficultyLevel: 'beginner',
        createdAt: at,
      })
      .returning()
      .get();
    return { progress, previous: null };
  }
  if (existing.learningLanguage === plan.learning) {
    const progress = await save(db, existing.id, { username: input.username, nativeLanguage: plan.native });
    return { progress, previous: plan.learning };
  }
  const progress = await save(db, existing.id, {
    username: input.username,
    learningLanguage: plan.learning,
    nativeLanguage: plan.native,
    difficultyLevel: 'beginner',
    wordsLearned: 0,
    flashcardsReviewed: 0,
    correctAnswers: 0,
  });
  return { progress, previous: existing.learningLanguage };
}
