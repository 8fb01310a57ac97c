import * as MIRROR_PHRASES from '../../../common/channels/phrases';
import { MIRROR_NOT_TRANSLATED } from '../../../common/channels/phrases';
import type { Translator } from '../../core/translator';
import { type Speaker, speakerFor } from '../../translation/phrases';
import type { MessageExtras } from './extras';

/**
 * The mirror's own lines in a copy (issue 27): "Forwarded" above a forward, "Poll: vote in the
 * original message" under a poll's summary, and the mark of a copy left untranslated by its
 * author's choice (/translate-me off, issue 28). They are product text in the copy's channel
 * language, whatever it is: from the phrase table when it has the language, else translated by the
 * provider through the speaker (src/server/translation/phrases.ts): the mirror's phrases together,
 * one batched call per language the first time any of them is needed there, kept after, so each
 * (language, phrase) costs one call ever. A message that needs none of them asks for nothing. With
 * the provider down the line is English and the copy ends with the speaker's "(In English…)" mark.
 */

/** Whether a copy of this message shows one of the mirror's own lines. */
export function needsLabels(msg: MessageExtras, untranslated: boolean): boolean {
  return untranslated || Boolean(msg.forward || msg.poll);
}

/** A speaker of the mirror's lines per language (each language once; the provider asked only when `needed`). */
export async function labelsIn(
  translator: Translator,
  languages: string[],
  needed: boolean,
): Promise<Map<string, Speaker>> {
  const unique = [...new Set(languages)];
  const speakers = await Promise.all(
    unique.map((language) =>
      needed ? speakerFor(translator, language, MIRROR_PHRASES) : speakerFor(translator, language),
    ),
  );
  return new Map(unique.map((language, i) => [language, speakers[i]!]));
}

/** The line under a copy whose author turned translation off: it carries their words as written. */
export function untranslatedNote(speak: Speaker): string {
  return `-# 🔕 *${speak.label(MIRROR_NOT_TRANSLATED)}*`;
}
