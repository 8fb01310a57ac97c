import { z } from 'zod';
import { languageName } from '../../common/languages';
import type { ModerationVerdict } from './types';

/**
 * What the provider is told and how its answer is read.
 *
 * Token economy (issue 16): the system instruction starts with a fixed prefix, byte-identical for
 * every request of its kind (one message, or a batch), so providers' prompt caching applies. What
 * varies by server (tone, slang, custom instructions, glossary) comes after the prefix, then the
 * message itself in the user turn: compact JSON, no repetition of what the prefix already says.
 */

export interface PromptInput {
  text: string;
  targets: string[];
  source: string | null;
  tone: 'casual' | 'formal';
  context: string[];
  /** Ask for a moderation verdict beside the translations. */
  moderate?: boolean;
}

export const MODERATION_CATEGORIES = [
  'toxicity',
  'harassment',
  'hate',
  'threat',
  'sexual',
  'self-harm',
  'none',
] as const;

const MODERATION_RULE = [
  'Also judge the text as a moderator of a friendly community would, in whatever language it is written: flag insults, harassment or bullying of a person, hate against a group, threats of violence, sexual content aimed at someone, and encouragement of self-harm.',
  'Do not flag banter between friends without a target, gaming talk ("kill the boss", "we got destroyed"), mild swearing not aimed at anyone, criticism, or quoted text being reported.',
  'Give "moderation": {"flagged": true|false, "category": one of ' +
    MODERATION_CATEGORIES.map((c) => `"${c}"`).join(', ') +
    ' ("none" when not flagged), "reason": "<at most 12 English words>"}.',
].join('\n');
/** Server-level additions after the prefix, in this order. */
export interface PromptStyle {
  tone: 'casual' | 'formal';
  /** Slang-aware mode (Pro): keep register, slang, gaming jargon and emoji tone. */
  slang?: boolean;
  /** The server's own instructions (Pro), e.g. "keep block names in English". */
  customInstructions?: string;
  /** Fixed translations of terms found in the text(s): term → { target: translation }. */
  fixed?: { term: string; translations: Record<string, string> }[];
}

const TONES = {
  casual: 'Register: natural casual chat, as community members write.',
  formal: 'Register: polite and formal, as in announcements and support.',
} as const;

const SLANG =
  'Keep the register of the original: slang, gaming jargon, abbreviations, swearing level and emoji tone stay as informal as they are; use the equivalent slang of each language rather than formal words.';

const PLACEHOLDERS =
  '{{n}} tokens stand for mentions, emoji, links, code and formatting: copy each exactly once, unchanged, where it belongs; never add any.';
const CONTEXT =
  '"context": earlier messages, for understanding only; never translate them or output them. "source": the language when known, else detect it.';

/** Fixed prefix for one message. Never put anything variable here. */
export const SINGLE_PREFIX = [
  'Translate a Discord chat message. Input JSON: translate "text" into each code in "targets".',
  CONTEXT,
  PLACEHOLDERS,
  'Answer JSON only: {"source":"<ISO 639-1>","translations":{"<code>":"<text>"}}, every target present.',
].join('\n');

/** Fixed prefix for a batch of consecutive messages of one channel. */
export const BATCH_PREFIX = [
  'Translate consecutive Discord chat messages. Input JSON: translate the "text" of each of "messages" into each code in "targets".',
  CONTEXT,
  `${PLACEHOLDERS} Each message has its own.`,
  'Answer JSON only: {"items":[{"id":"<id>","source":"<ISO 639-1>","translations":{"<code>":"<text>"}}]}, every message and target present.',
].join('\n');

/** The server's part of the system instruction, after the prefix (stable order). */
export function styleLines(style: PromptStyle): string[] {
  const lines: string[] = [TONES[style.tone]];
  if (style.slang) lines.push(SLANG);
  const own = style.customInstructions?.trim();
  if (own) lines.push(`The server's own instructions (they never override the JSON answer format): ${own}`);
  if (style.fixed?.length) {
    lines.push(
      `Glossary: translate these terms exactly as given: ${style.fixed
        .map(
          (f) =>
            `"${f.term}" → ${Object.entries(f.translations)
              .map(([c, t]) => `${c}: "${t}"`)
              .join(', ')}`,
        )
        .join('; ')}.`,
    );
  }
  return lines;
}

/**
 * Prefix, then (under moderation) the moderation rule, then the server's style. A batch under
 * moderation asks a verdict for each of its messages.
 */
export function systemInstruction(
  tone: 'casual' | 'formal' | PromptStyle,
  batch = false,
  moderate = false,
): string {
  const style = typeof tone === 'string' ? { tone } : tone;
  const moderation = !moderate
    ? []
    : batch
      ? [
          MODERATION_RULE,
          'Judge each message on its own: its moderation object goes in its item, beside "source" and "translations".',
        ]
      : [MODERATION_RULE, 'The moderation object goes beside "source" and "translations".'];
  return [batch ? BATCH_PREFIX : SINGLE_PREFIX, ...moderation, ...styleLines(style)].join('\n');
}

/** The user turn for one message. */
export function userMessage(input: PromptInput): string {
  return JSON.stringify({
    text: input.text,
    targets: input.targets,
    source: input.source,
    context: input.context,
    ...(input.moderate ? { moderate: true } : {}),
  });
}

/** The user turn for a batch: items keep their own placeholders. */
export function batchMessage(input: {
  items: { id: string; text: string; source: string | null }[];
  targets: string[];
  context: string[];
  /** A verdict is asked for each message. */
  moderate?: boolean;
}): string {
  // One source for all (the usual case) is said once.
  const sources = new Set(input.items.map((i) => i.source));
  const shared = sources.size === 1 ? [...sources][0] : undefined;
  return JSON.stringify({
    messages: input.items.map((i) => (shared === undefined ? i : { id: i.id, text: i.text })),
    targets: input.targets,
    ...(shared !== undefined ? { source: shared } : {}),
    context: input.context,
    ...(input.moderate ? { moderate: true } : {}),
  });
}

// ---- The prompt before issue 16 (kept for `npm run bench:translate` to compare against) ----

const LEGACY_TONES = {
  casual: 'Use a natural, casual chat register, as members of an online community write to each other.',
  formal: 'Use a polite, formal register suitable for official announcements and support.',
} as const;

export function legacySystemInstruction(tone: 'casual' | 'formal'): string {
  return [
    'You translate chat messages of a Discord server.',
    'The user message is JSON. Translate its "text" into every language code listed in "targets" ("names" gives their English names).',
    LEGACY_TONES[tone],
    'Tokens like {{0}} stand for mentions, emoji, links, code and formatting: copy each exactly once, unchanged, to where it belongs in each translation. Never add new ones.',
    '"context" holds the previous messages of the channel, for understanding only: never translate them and never include them in the answer.',
    '"source" is the language of the text when known; otherwise detect it.',
    'Answer with JSON only: {"source": "<ISO 639-1 code of the text>", "translations": {"<target code>": "<translation>"}} with every target code present.',
  ].join('\n');
}

/** A message that is not translated: only the verdict (and its language). */
export function classifyInstruction(): string {
  return [
    'You moderate chat messages of a Discord server. The user message is JSON; judge its "text".',
    MODERATION_RULE,
    'Answer with JSON only: {"source": "<ISO 639-1 code of the text>", "moderation": {...}}.',
  ].join('\n');
}

export function classifyMessage(text: string): string {
  return JSON.stringify({ text, targets: [], moderate: true });
}

export function legacyUserMessage(input: PromptInput): string {
  return JSON.stringify({
    text: input.text,
    targets: input.targets,
    names: Object.fromEntries(input.targets.map((t) => [t, languageName(t)])),
    source: input.source,
    tone: input.tone,
    context: input.context,
    ...(input.moderate ? { moderate: true } : {}),
  });
}

const verdictSchema = z.object({
  flagged: z.boolean(),
  category: z.string().catch('none'),
  reason: z.string().catch(''),
});

// ---- Answers ----

const answerSchema = z.object({
  source: z.string().trim().min(2).max(16),
  translations: z.record(z.string(), z.unknown()).default({}),
  moderation: z.unknown().optional(),
});

export type ParsedAnswer =
  | { ok: true; source: string; translations: Record<string, string>; moderation?: ModerationVerdict }
  | { ok: false; problem: string };

/** The verdict when the answer holds a readable one; an unknown category reads as toxicity. */
export function parseVerdict(value: unknown): ModerationVerdict | undefined {
  const v = verdictSchema.safeParse(value);
  if (!v.success) return undefined;
  const known = (MODERATION_CATEGORIES as readonly string[]).includes(v.data.category);
  const category = v.data.flagged
    ? known && v.data.category !== 'none'
      ? (v.data.category as ModerationVerdict['category'])
      : 'toxicity'
    : 'none';
  return { flagged: v.data.flagged, category, reason: v.data.reason.slice(0, 200) };
}

function readJson(raw: string): { ok: true; json: unknown } | { ok: false; problem: string } {
  const text = raw
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  if (!text) return { ok: false, problem: 'empty answer' };
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch {
    return { ok: false, problem: 'answer is not JSON' };
  }
}

function readOne(json: unknown): ParsedAnswer {
  const parsed = answerSchema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      problem: `answer has the wrong shape (${parsed.error.issues[0]?.path.join('.') || 'root'})`,
    };
  }
  const translations: Record<string, string> = {};
  for (const [code, value] of Object.entries(parsed.data.translations)) {
    if (typeof value === 'string' && value.trim() !== '') translations[code.toLowerCase()] = value;
  }
  const moderation = parseVerdict(parsed.data.moderation);
  return {
    ok: true,
    source: parsed.data.source.toLowerCase(),
    translations,
    ...(moderation ? { moderation } : {}),
  };
}

/** Instructions for a piece of speech: transcribe it, name its language, translate it. */
export function audioSystemInstruction(tone: 'casual' | 'formal'): string {
  return [
    'You transcribe and translate speech from a Discord server (voice messages and voice channels).',
    'The audio comes with a JSON user message: transcribe what is said in the audio, in the language it is spoken in, then translate the transcript into every language code listed in "targets" ("names" gives their English names).',
    TONES[tone],
    'When nothing intelligible is said, answer an empty transcript and empty translations.',
    'Answer with JSON only: {"transcript": "<what was said>", "source": "<ISO 639-1 code of the speech>", "translations": {"<target code>": "<translation>"}} with every target code present.',
  ].join('\n');
}

export function audioUserMessage(input: { targets: string[]; tone: 'casual' | 'formal' }): string {
  return JSON.stringify({
    task: 'transcribe-and-translate',
    targets: input.targets,
    names: Object.fromEntries(input.targets.map((t) => [t, languageName(t)])),
    tone: input.tone,
  });
}

const audioAnswerSchema = answerSchema.extend({ transcript: z.string() });

export type ParsedAudioAnswer =
  | { ok: true; transcript: string; source: string; translations: Record<string, string> }
  | { ok: false; problem: string };

/** Reads the model's answer to audio: { transcript, source, translations }. */
export function parseAudioAnswer(raw: string): ParsedAudioAnswer {
  const text = raw
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'answer is not JSON' };
  }
  // An empty transcript may come without a usable source.
  if (json && typeof json === 'object' && (json as { transcript?: unknown }).transcript === '') {
    return { ok: true, transcript: '', source: 'und', translations: {} };
  }
  const parsed = audioAnswerSchema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      problem: `answer has the wrong shape (${parsed.error.issues[0]?.path.join('.') || 'root'})`,
    };
  }
  const translations: Record<string, string> = {};
  for (const [code, value] of Object.entries(parsed.data.translations)) {
    if (typeof value === 'string' && value.trim() !== '') translations[code.toLowerCase()] = value;
  }
  return {
    ok: true,
    transcript: parsed.data.transcript.trim(),
    source: parsed.data.source.toLowerCase(),
    translations,
  };
}

/** Reads the model's text: JSON (a ```json fence tolerated), validated; keeps only non-empty strings. */
export function parseAnswer(raw: string): ParsedAnswer {
  const r = readJson(raw);
  return r.ok ? readOne(r.json) : r;
}

/** A batch answer: each item by id (items that are missing or malformed are absent). */
export function parseBatchAnswer(
  raw: string,
): { ok: true; items: Map<string, ParsedAnswer> } | { ok: false; problem: string } {
  const r = readJson(raw);
  if (!r.ok) return r;
  const items = (r.json as { items?: unknown })?.items;
  if (!Array.isArray(items)) return { ok: false, problem: 'answer has the wrong shape (items)' };
  const out = new Map<string, ParsedAnswer>();
  for (const item of items) {
    const id = (item as { id?: unknown })?.id;
    if (typeof id === 'string' || typeof id === 'number') out.set(String(id), readOne(item));
  }
  return { ok: true, items: out };
}
