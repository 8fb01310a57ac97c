import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { userAppUsage } from '../../../../db/schema';
import { USER_APP_CAP } from '../../../common/translation/phrases';
import type { Translator } from '../../translation';
import { phraseIn } from '../../translation/phrases';
import { memberAnswer } from './answer';
import { explainTranslationFailure } from './failures';
import { memberLanguage } from './members';

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
 * glossary, no conversation context). One of today's allowance is taken first and given back when
 * the provider fails.
 */
export async function translateForUser(
  deps: { db: Db; translator: Translator; at: Date; cap: number; publicUrl: string },
  input: { userId: string; username: string; locale: string | null; text: string },
) {
  const target = await memberLanguage(deps.db, input.userId, input.locale, 'en');
  if (!input.text.trim()) return { ok: false as const, message: 'There is no text to translate.' };
  const taken = await takeUserTranslation(deps.db, input.userId, deps.at, deps.cap);
  if (taken === null) {
    return {
      ok: false as const,
      message: await phraseIn(deps.translator, USER_APP_CAP, target.code, {
        limit: deps.cap,
        reset: '00:00',
      }),
    };
  }
  try {
    const result = await deps.translator.translate({
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
