import type { Db } from '../../../../db/client';
import { type Speaker, speakerFor } from '../../translation/phrases';
import type { Translator } from '../../core/translator';
import { memberLanguageIn } from './members';

/**
 * The speaker of one reply to a member (issue 27): their language (members.ts) and the phrases of
 * the given sets in it, from the tables or translated once by the provider (translation/phrases.ts).
 */
export async function memberSpeaker(
  services: { db: Db; translator: Translator },
  guildId: string,
  userId: string,
  locale: string | null | undefined,
  ...sets: unknown[]
): Promise<Speaker> {
  const language = await memberLanguageIn(services.db, guildId, userId, locale);
  return speakerFor(services.translator, language, ...sets);
}
