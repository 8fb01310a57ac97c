import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import type { Phrase } from '../../../common/phrases';
import { userAppUsage } from '../../../../db/schema';
import { NO_TEXT_TO_TRANSLATE, USER_APP_CAP } from '../../../common/translation/phrases';
import { VOICE_NO_AUDIO, VOICE_NO_PROVIDER, VOICE_NOTHING_HEARD } from '../../../common/voice/phrases';
import type { Translator } from '../../core/translator';
import { speakerFor } from '../../translation/phrases';
import { memberAnswer } from './answer';
import { explainTranslationFailure } from './failures';
import { memberLanguage } from './members';
import { transcribeVoice, type VoiceMessageRef, voiceAnswer } from './voice-messages';

/**
 * The user-installed app (issue 28): Translate Message and /translate used where the bot has no
 * server (a DM, a group DM, a server without the bot). No server means no plan and no server
 * allowance, so each user has a small daily allowance (USER_APP_DAILY_LIMIT), counted here per
 * user and UTC day; it is an abuse limit, not a plan. Counts only, never the text.
 */

const DAY_MS = 86_400_000;

export const utcDay = (at: Date) => Math.floor(at.getTime() / DAY_MS) * DAY_MS;

/**
 * Takes one of today's translations for the user: the new count, or null when the cap is reached
 * (one statement, so two requests at once can never pass the cap together).
 */
export async function takeUserTranslation(
  db: Db,
  userId: string,
  at: Date,
  cap: number,
): Promise<number | null> {
  const day = utcDay(at);
  const row = await db
    .insert(userAppUsage)
    .values({ userId, day, count: 1 })
    .onConflictDoUpdate({
      target: [userAppUsage.userId, userAppUsage.day],
      set: { count: sql`${userAppUsage.count} + 1` },
      setWhere: lt(userAppUsage.count, cap),
    })
    .returning({ count: userAppUsage.count })
    .get();
  return row ? Number(row.count) : null;
}

/** Gives back a translation taken for a call that failed (the provider did not answer). */
export async function returnUserTranslation(db: Db, userId: string, at: Date): Promise<void> {
  await db
    .update(userAppUsage)
    .set({ count: sql`${userAppUsage.count} - 1` })
    .where(and(eq(userAppUsage.userId, userId), eq(userAppUsage.day, utcDay(at))))
    .run();
}

/** Days older than yesterday are of no use: the bot's daily sweep may delete them. */
export async function pruneUserAppUsage(db: Db, at: Date): Promise<number> {
  const gone = await db
    .delete(userAppUsage)
    .where(lt(userAppUsage.day, utcDay(at) - DAY_MS))
    .returning({ userId: userAppUsage.userId })
    .all();
  return gone.length;
}

/**
 * A translation for a user where the bot has no server: into their /setlanguage, else their
 * Discord client's locale, else English (no server default, no server settings: plain tone, no
 * glossary, no conversation context). A voice message without text is transcribed and translated
 * as on a server with the bot (voice-messages.ts), counted as one translation. One of today's
 * allowance is taken first and given back when the provider fails. Every refusal is in the
 * user's language (the speaker: translation/phrases.ts).
 */
export async function translateForUser(
  deps: { db: Db; translator: Translator; at: Date; cap: number; publicUrl: string; discordApiUrl: string },
  input: {
    userId: string;
    username: string;
    locale: string | null;
    text: string;
    voiceMessage?: VoiceMessageRef | null;
  },
) {
  const { translator } = deps;
  const target = await memberLanguage(deps.db, input.userId, input.locale, 'en');
  const refuse = async (phrase: Phrase, kind?: string, vars?: Record<string, string | number>) => ({
    ok: false as const,
    message: (await speakerFor(translator, target.code, phrase))(phrase, vars),
    kind,
  });
  const voice = !input.text.trim() ? (input.voiceMessage ?? null) : null;
  if (!input.text.trim() && !voice) return refuse(NO_TEXT_TO_TRANSLATE);
  if (voice && !translator.provider) return refuse(VOICE_NO_PROVIDER, 'unavailable');
  if (voice && !(translator.audio && translator.translateAudio)) return refuse(VOICE_NO_AUDIO, 'unavailable');
  const taken = await takeUserTranslation(deps.db, input.userId, deps.at, deps.cap);
  if (taken === null) return refuse(USER_APP_CAP, 'cap', { limit: deps.cap, reset: '00:00' });
  try {
    if (voice) {
      const result = await transcribeVoice({
        db: deps.db,
        translator,
        discordApiUrl: deps.discordApiUrl,
        voice,
        targets: [target.code],
        origin: 'context-menu',
        userId: input.userId,
        username: input.username,
      });
      const answer = voiceAnswer(result, target);
      return answer ? { ...answer, usedToday: taken } : await refuse(VOICE_NOTHING_HEARD);
    }
    const result = await translator.translate({
      text: input.text,
      targets: [target.code],
      origin: 'context-menu',
      userId: input.userId,
      username: input.username,
    });
    return { ...memberAnswer(result, input.text, target), usedToday: taken };
  } catch (err) {
    await returnUserTranslation(deps.db, input.userId, deps.at);
    const e = explainTranslationFailure(err, deps.publicUrl);
    if (e.kind === 'failed') console.error('user-app translation failed:', err);
    return { ok: false as const, message: e.message, kind: e.kind };
  }
}
