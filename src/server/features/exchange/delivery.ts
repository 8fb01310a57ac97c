import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { exchangeMembers, exchangePairs, guilds } from '../../../../db/schema';
import { findLanguage } from '../../../common/languages';
import * as EXCHANGE_PHRASES from '../../../common/exchange/phrases';
import { speakerFor } from '../../translation/phrases';
import type { Translator } from '../../core/translator';
import {
  EXCHANGE_MATCHED,
  EXCHANGE_PARTNER_GONE,
  EXCHANGE_PARTNER_NO_DM,
  EXCHANGE_STARTER,
  EXCHANGE_THREAD,
} from '../../../common/exchange/phrases';
import { exchangeChannelId } from './exchange';

/**
 * The Discord side of a pair, done by the bot after the rows are written: the private thread
 * (when the admin chose an exchange channel) with both members and a starter prompt in the
 * pair's two languages, then each member told privately in their own language. Each step is
 * recorded; whatever is not done yet is retried when the bot connects.
 */

type PairRow = typeof exchangePairs.$inferSelect;
export type Told = 'dm' | 'reply' | 'thread' | 'failed';

/** A language as it calls itself (Español, 日本語); an unknown code upper-cased. */
export const nativeName = (code: string) => findLanguage(code)?.native ?? code.toUpperCase();

const DAY = 86_400_000;
/** Ended pairs are kept this long (the privacy page's promise), then deleted. */
export const ENDED_PAIR_DAYS = 30;

async function pairRow(db: Db, guildId: string, pairId: number): Promise<PairRow | undefined> {
  return await db
    .select()
    .from(exchangePairs)
    .where(and(eq(exchangePairs.guildId, guildId), eq(exchangePairs.id, pairId)))
    .get();
}

async function membersOf(db: Db, guildId: string) {
  const rows = await db.select().from(exchangeMembers).where(eq(exchangeMembers.guildId, guildId)).all();
  return new Map(rows.map((m) => [m.userId, m]));
}

const serverName = async (db: Db, guildId: string) =>
  (await db.select({ name: guilds.name }).from(guilds).where(eq(guilds.id, guildId)).get())?.name ||
  'this server';

/** What a member is told of their new partner, in their language (with the thread when there is one). */
export async function matchedText(
  db: Db,
  translator: Translator,
  pair: PairRow,
  userId: string,
): Promise<string> {
  const members = await membersOf(db, pair.guildId);
  const s = await speakerFor(translator, members.get(userId)?.replyLanguage ?? 'en', EXCHANGE_PHRASES);
  const mine = pair.userA === userId ? pair.languageA : pair.languageB;
  const theirs = pair.userA === userId ? pair.languageB : pair.languageA;
  const partner = pair.userA === userId ? pair.userB : pair.userA;
  const text = s(EXCHANGE_MATCHED, {
    server: await serverName(db, pair.guildId),
    partner: `<@${partner}>`,
    learning: nativeName(theirs),
    native: nativeName(mine),
  });
  const lines = [text];
  if (pair.threadId) lines.push(s(EXCHANGE_THREAD, { thread: `<#${pair.threadId}>` }));
  const partnerTold = pair.userA === userId ? pair.toldB : pair.toldA;
  if (partnerTold === 'failed') lines.push(s(EXCHANGE_PARTNER_NO_DM, { partner: `<@${partner}>` }));
  return lines.join('\n');
}

/** The Discord work a new pair still needs; null when there is none (ended, done, unknown). */
export async function pairWork(db: Db, translator: Translator, guildId: string, pairId: number) {
  const pair = await pairRow(db, guildId, pairId);
  if (!pair || pair.endedAt || pair.deliveredAt) return null;
  const members = await membersOf(db, guildId);
  const channelId = await exchangeChannelId(db, guildId);
  const name = (id: string) => members.get(id)?.username || id;
  const starterIn = async (language: string) =>
    (await speakerFor(translator, language, EXCHANGE_PHRASES))(EXCHANGE_STARTER, {
      a: `<@${pair.userA}>`,
      b: `<@${pair.userB}>`,
      langA: nativeName(pair.languageA),
      langB: nativeName(pair.languageB),
    });
  // The thread is tried once per pair: threadChannelId records the attempt.
  const thread =
    channelId && !pair.threadChannelId
      ? {
          channelId,
          name: `${name(pair.userA)} ↔ ${name(pair.userB)}`.slice(0, 100),
          starter: [...new Set([await starterIn(pair.languageA), await starterIn(pair.languageB)])].join(
            '\n\n',
          ),
          userIds: [pair.userA, pair.userB],
        }
      : null;
  const untold = (
    [
      [pair.userA, pair.toldA],
      [pair.userB, pair.toldB],
    ] as const
  )
    .filter(([, told]) => told === null)
    .map(([userId]) => userId);
  const notices: { userId: string; text: string }[] = [];
  for (const userId of untold)
    notices.push({ userId, text: await matchedText(db, translator, pair, userId) });
  return { pairId, thread, threadId: pair.threadId, notices };
}

/** The thread was opened (or Discord refused: error). */
export async function recordThread(
  db: Db,
  guildId: string,
  pairId: number,
  outcome: { channelId: string; threadId: string | null; error: string | null },
): Promise<void> {
  await db
    .update(exchangePairs)
    .set({ threadChannelId: outcome.channelId, threadId: outcome.threadId, deliveryError: outcome.error })
    .where(and(eq(exchangePairs.guildId, guildId), eq(exchangePairs.id, pairId)))
    .run();
}

/** How a member was told of the pair; once both are, the pair's delivery is done. */
export async function recordTold(
  db: Db,
  guildId: string,
  pairId: number,
  userId: string,
  how: Told,
  error: string | null,
  now: Date,
): Promise<void> {
  const pair = await pairRow(db, guildId, pairId);
  if (!pair) return;
  const patch = pair.userA === userId ? { toldA: how } : pair.userB === userId ? { toldB: how } : null;
  if (!patch) return;
  const toldA = 'toldA' in patch ? patch.toldA : pair.toldA;
  const toldB = 'toldB' in patch ? patch.toldB : pair.toldB;
  await db
    .update(exchangePairs)
    .set({
      ...patch,
      ...(error ? { deliveryError: error } : {}),
      ...(toldA && toldB ? { deliveredAt: now } : {}),
    })
    .where(eq(exchangePairs.id, pairId))
    .run();
}

/** An ended pair: the member left behind is told in their language; the thread is closed. */
export async function endWork(db: Db, translator: Translator, guildId: string, pairId: number) {
  const pair = await pairRow(db, guildId, pairId);
  if (!pair?.endedAt || !pair.endedBy || pair.endTold) return null;
  const stayer = pair.endedBy === pair.userA ? pair.userB : pair.userA;
  const told = stayer === pair.userA ? pair.toldA : pair.toldB;
  const member = (await membersOf(db, guildId)).get(stayer);
  return {
    pairId,
    userId: stayer,
    threadId: pair.threadId,
    // Never told of the pair (ended before delivery), or no longer in the exchange: nothing to say.
    text:
      told && told !== 'failed' && member
        ? (await speakerFor(translator, member.replyLanguage, EXCHANGE_PHRASES))(EXCHANGE_PARTNER_GONE, {
            partner: `<@${pair.endedBy}>`,
            server: await serverName(db, guildId),
          })
        : null,
  };
}

export async function recordEndTold(
  db: Db,
  guildId: string,
  pairId: number,
  how: 'dm' | 'failed',
): Promise<void> {
  await db
    .update(exchangePairs)
    .set({ endTold: how })
    .where(and(eq(exchangePairs.guildId, guildId), eq(exchangePairs.id, pairId)))
    .run();
}

/** Pairs with Discord work left (new pairs not delivered, ended pairs whose partner is not told), oldest first. */
export async function pendingExchangeWork(db: Db) {
  return (
    await db
      .select({ guildId: exchangePairs.guildId, pairId: exchangePairs.id, endedAt: exchangePairs.endedAt })
      .from(exchangePairs)
      .where(
        or(
          and(isNull(exchangePairs.endedAt), isNull(exchangePairs.deliveredAt)),
          and(
            isNotNull(exchangePairs.endedAt),
            isNotNull(exchangePairs.endedBy),
            isNull(exchangePairs.endTold),
          ),
        ),
      )
      .orderBy(exchangePairs.id)
      .all()
  ).map((r) => ({
    guildId: r.guildId,
    pairId: r.pairId,
    kind: r.endedAt ? ('end' as const) : ('start' as const),
  }));
}

/** Retention: ended pairs older than 30 days are deleted. */
export async function deleteOldPairs(db: Db, now: Date): Promise<number> {
  return (
    await db
      .delete(exchangePairs)
      .where(
        and(
          isNotNull(exchangePairs.endedAt),
          lt(exchangePairs.endedAt, new Date(now.getTime() - ENDED_PAIR_DAYS * DAY)),
        ),
      )
      .run()
  ).changes;
}
