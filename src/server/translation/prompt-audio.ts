import { z } from 'zod';
import { languageName } from '../../common/languages';
import { answerSchema, readShape } from './answer';
import { TONES } from './prompt';

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
  const shaped = readShape(audioAnswerSchema, json);
  if (!shaped.ok) return shaped;
  return {
    ok: true,
    transcript: shaped.data.transcript.trim(),
    source: shaped.data.source.toLowerCase(),
    translations: shaped.translations,
  };
}
