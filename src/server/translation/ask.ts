import { parseAnswer, parseBatchAnswer } from './answer';
import { MissingTranslationsError } from './errors';
import { batchMessage, type PromptStyle, systemInstruction, userMessage } from './prompt';
import { legacySystemInstruction, legacyUserMessage } from './prompt-legacy';
import { protect, restore, restoreByPosition } from './protect';
import type { DirectInput, ProviderRequest, ProviderResponse } from './providers/types';
import type { ModerationVerdict } from '../core/translator';

/**
 * Asking the provider for one message or a micro-batch of messages (same channel, same targets):
 * one request; a malformed or partial answer (missing languages, lost placeholders, a glossary
 * term not translated as fixed) is asked again once, per message, for what is missing. What is
 * still missing then fails; a glossary miss after the second answer is logged and the answer kept;
 * placeholders broken in the second answer too are put back by position (restoreByPosition), so
 * the message is posted, never dropped. A batch whose messages need a moderation verdict carries
 * one per message in the same call.
 */

export type CallFn = (
  system: string,
  user: string,
  targets: string[],
  extra?: { ids?: string[]; moderation?: ProviderRequest['moderation']; input?: DirectInput },
) => Promise<ProviderResponse>;

export interface AskItem {
  text: string;
  source: string | null;
  targets: string[];
  /** Previous messages of the channel (a batch sends its first item's). */
  context: string[];
  /** Also ask for a moderation verdict (in the first call; a batch asks it for each of its messages). */
  moderate?: boolean;
}

/**
 * A server's glossary entry as the engine uses it: no translations = never translated; otherwise
 * fixed translations by language (the glossary capability's schema, src/common/glossary, gives
 * entries of this shape).
 */
export interface GlossaryEntry {
  term: string;
  translations: Record<string, string>;
}

/**
 * What a server adds to its prompt, read per call: its glossary and its style (slang, its own
 * instructions), each already gated by its plan. The glossary and translation-style capabilities
 * answer it; app/services.ts hands it in (the engine imports no capability).
 */
export interface ServerPromptSource {
  glossary(guildId: string): Promise<GlossaryEntry[]>;
  style(guildId: string): Promise<Required<Pick<PromptStyle, 'slang' | 'customInstructions'>>>;
}

export interface AskShared {
  style: Omit<PromptStyle, 'fixed'>;
  glossary: GlossaryEntry[];
  guildId?: string;
  /** The prompt of before issue 16 (benchmarks): one message per call, no glossary or style. */
  legacy?: boolean;
}

export interface AskUsage {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  cachedTokens: number;
}

export type AskOutcome =
  | {
      ok: true;
      translations: Record<string, string>;
      source: string | null;
      verdict?: ModerationVerdict;
      usage: AskUsage;
      /** The provider that answered ("name:model"; the last call's when asked twice). */
      served?: string;
    }
  | { ok: false; error: Error; usage: AskUsage };

const lower = (s: string) => s.toLocaleLowerCase();

/** Never-translate terms: glossary entries without translations. */
export const keepTerms = (glossary: GlossaryEntry[]) =>
  glossary.filter((g) => Object.keys(g.translations).length === 0).map((g) => g.term);

/** Fixed translations of the terms that occur in the text, for the asked targets. */
export function fixedFor(glossary: GlossaryEntry[], text: string, targets: string[]) {
  const t = lower(text);
  return glossary
    .filter((g) => Object.keys(g.translations).length && t.includes(lower(g.term)))
    .map((g) => ({
      term: g.term,
      translations: Object.fromEntries(
        targets.filter((c) => g.translations[c]).map((c) => [c, g.translations[c]]),
      ),
    }))
    .filter((f) => Object.keys(f.translations).length);
}

interface State {
  item: AskItem;
  masked: string;
  tokens: string[];
  fixed: ReturnType<typeof fixedFor>;
  got: Record<string, string>;
  remaining: string[];
  source: string | null;
  verdict?: ModerationVerdict;
  problem: string;
  usage: AskUsage;
  served?: string;
}

function take(state: State, answer: ReturnType<typeof parseAnswer>, lastRound: boolean, guildId?: string) {
  if (!answer.ok) {
    state.problem = answer.problem;
    return;
  }
  state.source ??= answer.source;
  state.verdict ??= answer.moderation;
  const still: string[] = [];
  for (const t of state.remaining) {
    const value = answer.translations[lower(t)];
    if (value === undefined) {
      still.push(t);
      state.problem = 'language missing from the answer';
      continue;
    }
    let restored = restore(value, state.tokens);
    if (!restored.ok && lastRound && value.trim()) {
      console.warn(
        `translation: guild ${guildId ?? '-'}: ${restored.problem} in ${t} after asking again; protected pieces put back by position`,
      );
      restored = { ok: true, text: restoreByPosition(value, state.tokens, state.masked) };
    }
    if (!restored.ok) {
      still.push(t);
      state.problem = restored.problem;
      continue;
    }
    const miss = state.fixed.find(
      (f) => f.translations[t] && !lower(restored.text).includes(lower(f.translations[t])),
    );
    if (miss && !lastRound) {
      still.push(t);
      state.problem = `glossary term "${miss.term}" not translated as "${miss.translations[t]}"`;
      continue;
    }
    if (miss) {
      console.warn(
        `glossary: guild ${guildId ?? '-'}: "${miss.term}" not translated as "${miss.translations[t]}" in ${t} after asking again; answer kept`,
      );
    }
    state.got[t] = restored.text;
  }
  state.remaining = still;
}

function addUsage(states: State[], res: ProviderResponse) {
  if (res.unasked) return;
  const n = states.length;
  for (const s of states) {
    if (res.served) s.served = res.served;
    s.usage.calls += 1 / n;
    s.usage.inputTokens += res.inputTokens / n;
    s.usage.outputTokens += res.outputTokens / n;
    s.usage.cachedTokens += (res.cachedTokens ?? 0) / n;
  }
}

/** Translates every item (one call for all when several), each answered on its own. */
export async function askAll(call: CallFn, items: AskItem[], shared: AskShared): Promise<AskOutcome[]> {
  const keep = keepTerms(shared.glossary);
  const states: State[] = items.map((item) => {
    const { text: masked, tokens } = protect(item.text, keep);
    return {
      item,
      masked,
      tokens,
      fixed: fixedFor(shared.glossary, item.text, item.targets),
      got: {},
      remaining: item.targets,
      source: null,
      problem: '',
      usage: { calls: 0, inputTokens: 0, outputTokens: 0, cachedTokens: 0 },
    };
  });
  const failures = new Map<State, Error>();

  if (states.length > 1) {
    // First round: one call for the batch.
    const targets = [...new Set(states.flatMap((s) => s.remaining))];
    const ids = states.map((_, i) => String(i));
    const moderate = states.some((s) => s.item.moderate);
    const system = systemInstruction({ ...shared.style, fixed: mergeFixed(states) }, true, moderate);
    const user = batchMessage({
      items: states.map((s, i) => ({ id: ids[i], text: s.masked, source: s.item.source })),
      targets,
      context: states[0].item.context,
      moderate,
    });
    try {
      const res = await call(system, user, targets, {
        ids,
        moderation: moderate ? 'with-translations' : undefined,
        input: {
          items: states.map((s, i) => ({ id: ids[i], text: s.masked, source: s.item.source })),
          targets,
          tone: shared.style.tone,
          context: states[0].item.context,
        },
      });
      addUsage(states, res);
      const parsed = parseBatchAnswer(res.text);
      states.forEach((s, i) => {
        const answer = parsed.ok
          ? (parsed.items.get(ids[i]) ?? { ok: false as const, problem: 'message missing from the answer' })
          : { ok: false as const, problem: res.problem ?? parsed.problem };
        take(s, answer, false, shared.guildId);
      });
    } catch (err) {
      return states.map((s) => ({ ok: false, error: err as Error, usage: s.usage }));
    }
  }

  // One message (or what a batch left missing): one call each, at most twice in all.
  await Promise.all(
    states.map(async (s) => {
      const firstRound = states.length > 1 ? 1 : 0;
      for (let round = firstRound; round < 2 && s.remaining.length; round++) {
        // The verdict is asked once, in the first call (a repeat call only fills missing languages).
        const withVerdict = s.item.moderate === true && !s.verdict;
        const input = {
          text: s.masked,
          targets: s.remaining,
          source: s.item.source,
          tone: shared.style.tone,
          context: s.item.context,
          moderate: withVerdict,
        };
        const system = shared.legacy
          ? legacySystemInstruction(shared.style.tone)
          : systemInstruction({ ...shared.style, fixed: s.fixed }, false, withVerdict);
        const user = shared.legacy ? legacyUserMessage(input) : userMessage(input);
        try {
          const res = await call(system, user, s.remaining, {
            moderation: withVerdict ? 'with-translations' : undefined,
            input: {
              items: [{ text: s.masked, source: s.item.source }],
              targets: s.remaining,
              tone: shared.style.tone,
              context: s.item.context,
            },
          });
          addUsage([s], res);
          take(
            s,
            res.text ? parseAnswer(res.text) : { ok: false, problem: res.problem ?? 'empty answer' },
            round === 1,
            shared.guildId,
          );
        } catch (err) {
          failures.set(s, err as Error);
          return;
        }
      }
    }),
  );

  return states.map((s) => {
    const failure = failures.get(s);
    if (failure) return { ok: false, error: failure, usage: s.usage };
    if (s.remaining.length) {
      return {
        ok: false,
        error: new MissingTranslationsError(s.remaining, s.got, s.problem),
        usage: s.usage,
      };
    }
    return {
      ok: true,
      translations: s.got,
      source: s.source,
      verdict: s.verdict,
      usage: s.usage,
      served: s.served,
    };
  });
}

function mergeFixed(states: State[]) {
  const seen = new Map<string, { term: string; translations: Record<string, string> }>();
  for (const s of states) for (const f of s.fixed) seen.set(lower(f.term), f);
  return [...seen.values()];
}
