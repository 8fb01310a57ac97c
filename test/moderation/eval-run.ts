import { checkLocal, type FindingType } from '../../src/server/features/moderation/layers';
import { createModerationState } from '../../src/server/moderation/state';
import { EVAL_BANNED_WORDS, type EvalLabel, type EvalMessage } from './eval-set';

/**
 * Runs the local moderation layers (spam, banned words, scams; every layer on) over a labelled
 * set and counts, per category, what they caught and what they wrongly flagged.
 */

const PREDICTED: Record<FindingType, EvalLabel> = {
  spam: 'spam',
  filter: 'banned',
  scam: 'scam',
  toxicity: 'toxic',
};

export interface CategoryFigures {
  label: EvalLabel;
  messages: number;
  caught: number;
  /** Flagged as this category while labelled otherwise. */
  falsePositives: number;
  precision: number;
  recall: number;
}

export interface EvalFigures {
  categories: CategoryFigures[];
  clean: { messages: number; flagged: EvalMessage[] };
  missed: { message: EvalMessage; predicted: EvalLabel | null }[];
}

export function evaluateLocal(set: EvalMessage[], bannedWords = EVAL_BANNED_WORDS): EvalFigures {
  const state = createModerationState();
  const layers = { spam: true, words: true, scam: true, rules: { bannedWords } };
  const predictions: { message: EvalMessage; predicted: EvalLabel | null }[] = [];
  let now = Date.UTC(2026, 0, 1);
  set.forEach((message, i) => {
    const authorId = String(1000 + i);
    let finding = null;
    for (let n = 0; n < (message.repeat ?? 1); n++) {
      now += 500;
      finding = checkLocal(
        state,
        layers,
        { guildId: 'eval', authorId, content: message.text, mentions: message.mentions ?? 0 },
        now,
      );
    }
    // Members' windows never overlap: the next member writes a minute later.
    now += 60_000;
    predictions.push({ message, predicted: finding ? PREDICTED[finding.type] : null });
  });
  const labels: EvalLabel[] = ['banned', 'scam', 'spam', 'toxic'];
  const categories = labels.map((label) => {
    const of = predictions.filter((p) => p.message.label === label);
    const caught = of.filter((p) => p.predicted === label).length;
    const falsePositives = predictions.filter(
      (p) => p.predicted === label && p.message.label !== label,
    ).length;
    const flagged = caught + falsePositives;
    return {
      label,
      messages: of.length,
      caught,
      falsePositives,
      precision: flagged ? caught / flagged : 1,
      recall: of.length ? caught / of.length : 1,
    };
  });
  const clean = predictions.filter((p) => p.message.label === 'clean');
  return {
    categories,
    clean: { messages: clean.length, flagged: clean.filter((p) => p.predicted).map((p) => p.message) },
    missed: predictions.filter(
      (p) => p.message.label !== 'clean' && p.message.label !== 'toxic' && p.predicted !== p.message.label,
    ),
  };
}
