import { TRPCError } from '@trpc/server';
import { languageName } from '../../../common/languages';
import { MAX_LINE_DEPTH, VOICE_LINE_PHRASES, type VoiceLine, linePhrases } from '../../../common/voice/lines';
import * as VOICE_PHRASES from '../../../common/voice/phrases';
import type { Services } from '../../core/services';
import { type Speaker, speakerFor } from '../../translation/phrases';
import { memberLanguage } from '../translation/members';
import { memberSpeaker } from '../translation/speaker';

/**
 * Every reply of /voice in the member's language, through the speaker (translation/phrases.ts):
 * the phrase tables when they have the language, otherwise the voice phrases translated once by
 * the provider (one batched call, kept), English with the untranslated line when it is down.
 */

type Who = { guildId: string | null; userId: string; locale: string | null };

/** Language names as the reader says them ("español, japonés"), English names when ICU has none. */
export function languageNamesIn(codes: string[], language: string): string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language, 'en'], { type: 'language', fallback: 'none' });
  } catch {
    // Not a locale ICU knows: English names.
  }
  return codes.map((c) => names?.of(c) ?? languageName(c)).join(', ');
}

function depth(line: VoiceLine): number {
  const inner = Object.values(line.vars ?? {}).filter((v): v is VoiceLine => typeof v === 'object');
  return 1 + Math.max(0, ...inner.map(depth));
}

/** The blanks of a line, nested lines said first (as labels: the reply carries the one mark). */
function blanks(speak: Speaker, line: VoiceLine): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(line.vars ?? {}))
    out[k] = typeof v === 'object' ? speak.label(VOICE_LINE_PHRASES[v.phrase], blanks(speak, v)) : v;
  return out;
}

/** Says a line with a speaker that resolved its phrases. */
export const sayLine = (speak: Speaker, line: VoiceLine) =>
  speak(VOICE_LINE_PHRASES[line.phrase], blanks(speak, line));

/** One /voice reply: the member's language on the server (outside one: theirs, else their locale). */
export async function voiceReply(
  services: Pick<Services, 'db' | 'translator'>,
  who: Who,
  line: VoiceLine,
): Promise<string> {
  if (depth(line) > MAX_LINE_DEPTH) {
    throw new TRPCError({ code: 'BAD_REQUEST', message: `line: nests deeper than ${MAX_LINE_DEPTH} levels` });
  }
  const sets = [VOICE_PHRASES, ...linePhrases(line)];
  const speak = who.guildId
    ? await memberSpeaker(services, who.guildId, who.userId, who.locale, ...sets)
    : await speakerFor(
        services.translator,
        (await memberLanguage(services.db, who.userId, who.locale, 'en')).code,
        ...sets,
      );
  return sayLine(speak, line);
}
