import { z } from 'zod';
import { languageName } from '../../../common/languages';
import type { ModerationVerdict } from './types';

/**
 * What the provider is told (one request for all target languages) and how its answer is read.
 * The user message is JSON: { text, targets, names, source, tone, context }.
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

const TONES = {
  casual: 'Use a natural, casual chat register, as members of an online community write to each other.',
  formal: 'Use a polite, formal register suitable for official announcements and support.',
} as const;

export function systemInstruction(tone: 'casual' | 'formal', moderate = false): string {
  const lines = [
    'You translate chat messages of a Discord server.',
    'The user message is JSON. Translate its "text" into every language code listed in "targets" ("names" gives their English names).',
    TONES[tone],
    'Tokens like {{0}} stand for mentions, emoji, links, code and formatting: copy each exactly once, unchanged, to where it belongs in each translation. Never add new ones.',
    '"context" holds the previous messages of the channel, for understanding only: never translate them and never include them in the answer.',
    '"source" is the language of the text when known; otherwise detect it.',
    'Answer with JSON only: {"source": "<ISO 639-1 code of the text>", "translations": {"<target code>": "<translation>"}} with every target code present.',
  ];
  if (moderate) lines.push(MODERATION_RULE, 'The moderation object goes beside "source" and "translations".');
  return lines.join('\n');
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

export function userMessage(input: PromptInput): string {
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

/** Reads the model's text: JSON (a ```json fence tolerated), validated; keeps only non-empty strings. */
export function parseAnswer(raw: string): ParsedAnswer {
  const text = raw
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  if (!text) return { ok: false, problem: 'empty answer' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'answer is not JSON' };
  }
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
