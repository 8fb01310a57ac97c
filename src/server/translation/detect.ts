import { plainWords } from './protect';

/**
 * Local language detection with eld (its extra-small database: about 80 MB less memory than the
 * large one, same accuracy on short chat messages; measured in docs/translation.md). Short or
 * ambiguous text gives null: the provider then reports the source in its answer.
 */

export interface Detection {
  code: string;
  /** Relative gap between the best and the second-best score (0..1). */
  margin: number;
}

/** Below this many letters a message is too short to call (e.g. "ok", "lol", "merci"). */
export const MIN_LETTERS = 6;
/** Best and second-best must differ by at least this share (separates ru/uk/bg, hi/mr). */
export const MIN_MARGIN = 0.01;

type Eld = typeof import('eld/extrasmall')['eld'];
let loading: Promise<Eld> | null = null;

function detector(): Promise<Eld> {
  loading ??= import('eld/extrasmall').then((m) => m.eld);
  return loading;
}

/** Loads the detector's data now (the first detect() otherwise pays about 200 ms). */
export async function warmDetector(): Promise<void> {
  await detector();
}

export async function detectLanguage(text: string): Promise<Detection | null> {
  const words = plainWords(text);
  const letters = words.match(/\p{L}/gu)?.length ?? 0;
  if (letters < MIN_LETTERS) return null;
  const eld = await detector();
  const result = eld.detect(words);
  if (!result.language || !result.isReliable()) return null;
  const scores = Object.values(result.getScores()).sort((a, b) => b - a);
  const margin = scores.length > 1 && scores[0] > 0 ? (scores[0] - scores[1]) / scores[0] : 1;
  if (margin < MIN_MARGIN) return null;
  return { code: result.language, margin };
}
