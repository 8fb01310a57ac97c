import { z } from 'zod';
import { languageName } from '../../../common/languages';

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
}

const TONES = {
  casual: 'Use a natural, casual chat register, as members of an online community write to each other.',
  formal: 'Use a polite, formal register suitable for official announcements and support.',
} as const;

export function systemInstruction(tone: 'casual' | 'formal'): string {
  return [
    'You translate chat messages of a Discord server.',
    'The user message is JSON. Translate its "text" into every language code listed in "targets" ("names" gives their English names).',
    TONES[tone],
    'Tokens like {{0}} stand for mentions, emoji, links, code and formatting: copy each exactly once, unchanged, to where it belongs in each translation. Never add new ones.',
    '"context" holds the previous messages of the channel, for understanding only: never translate them and never include them in the answer.',
    '"source" is the language of the text when known; otherwise detect it.',
    'Answer with JSON only: {"source": "<ISO 639-1 code of the text>", "translations": {"<target code>": "<translation>"}} with every target code present.',
  ].join('\n');
}

export function userMessage(input: PromptInput): string {
  return JSON.stringify({
    text: input.text,
    targets: input.targets,
    names: Object.fromEntries(input.targets.map((t) => [t, languageName(t)])),
    source: input.source,
    tone: input.tone,
    context: input.context,
  });
}

const answerSchema = z.object({
  source: z.string().trim().min(2).max(16),
  translations: z.record(z.string(), z.unknown()),
});

export type ParsedAnswer =
  | { ok: true; source: string; translations: Record<string, string> }
  | { ok: false; problem: string };

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
  return { ok: true, source: parsed.data.source.toLowerCase(), translations };
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
