import { z } from 'zod';
import { type Phrase, say } from '../phrases';
import * as VOICE_CONNECTION_PHRASES from './connection-phrases';
import * as VOICE_PHRASES from './phrases';

/**
 * A voice reply as data: a phrase of the voice capability by name, and its blanks (text, numbers,
 * or another line, e.g. a connection failure's reason). The bot builds lines; the server says them
 * in the member's language through the speaker (features/voice/replies.ts), so every reply of
 * /voice goes one way.
 */

export const VOICE_LINE_PHRASES: Record<string, Phrase> = { ...VOICE_PHRASES, ...VOICE_CONNECTION_PHRASES };

const names = Object.keys(VOICE_LINE_PHRASES) as [string, ...string[]];
export const voicePhraseName = z.enum(names, { error: 'must name a voice phrase' });

export interface VoiceLine {
  phrase: string;
  vars?: Record<string, string | number | VoiceLine>;
}

/** Lines nest at most this deep (a reply, its reason, the reason's close code). */
export const MAX_LINE_DEPTH = 3;

export const voiceLine: z.ZodType<VoiceLine> = z.lazy(() =>
  z.object({
    phrase: voicePhraseName,
    vars: z.record(z.string(), z.union([z.string().max(500), z.number(), voiceLine])).optional(),
  }),
);

/** The line for a Discord voice close code (null: no answer at all). */
export function closeLine(code: number | null): VoiceLine {
  if (code === null) return { phrase: 'VOICE_CLOSE_NONE' };
  const named = `VOICE_CLOSE_${code}`;
  return named in VOICE_CONNECTION_PHRASES
    ? { phrase: named }
    : { phrase: 'VOICE_CLOSE_OTHER', vars: { code } };
}

/** Every phrase a line uses (the speaker's set for it). */
export function linePhrases(line: VoiceLine, out: Phrase[] = []): Phrase[] {
  const phrase = VOICE_LINE_PHRASES[line.phrase];
  if (phrase) out.push(phrase);
  for (const v of Object.values(line.vars ?? {})) if (typeof v === 'object') linePhrases(v, out);
  return out;
}

/** The line in English (a session row's end reason, read on the dashboard). */
export function lineText(line: VoiceLine): string {
  const vars: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(line.vars ?? {})) vars[k] = typeof v === 'object' ? lineText(v) : v;
  return say(VOICE_LINE_PHRASES[line.phrase] ?? { en: line.phrase }, 'en', vars);
}
