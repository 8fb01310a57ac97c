import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, ne, or } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import {
  channelLinkChannels,
  channelLinks,
  type LangText,
  type PollOption,
  polls,
  pollVotes,
} from '../../../../db/schema';
import { guildDefaultLanguage } from '../translation/members';
import type { Translator } from '../../core/translator';
import { addPollTexts } from './rows';

/**
 * Multilingual polls: stored first (messageId null = not posted yet), posted and kept up to date by
 * the bot (bot/features/polls/jobs.ts), closed on time by the bot's scheduler.
 */

type PollRow = typeof polls.$inferSelect;
type VoteRow = { pollId: number; optionId: string; userId: string };

export function isOpen(row: Pick<PollRow, 'active' | 'endsAt' | 'deletedAt'>, now: Date): boolean {
  return row.active && row.deletedAt === null && (row.endsAt === null || row.endsAt > now);
}

/** A poll as the API answers it: votes per option (every option present), where its message stands. */
function toPoll(row: PollRow, votes: VoteRow[], now: Date) {
  const byOption: Record<string, string[]> = Object.fromEntries(
    row.options.map((o) => [o.id, [] as string[]]),
  );
  for (const v of votes) if (v.pollId === row.id && byOption[v.optionId]) byOption[v.optionId].push(v.userId);
  const { messageId, stale: _s, deletedAt: _d, ...rest } = row;
  const delivery = !row.channelId
    ? ('not posted' as const)
    : messageId
      ? ('posted' as const)
      : row.postError
        ? ('failed' as const)
        : ('queued' as const);
  return { ...rest, votes: byOption, active: isOpen(row, now), delivery };
}

export async function readPolls(db: Db, guildId: string, now: Date, onlyId?: number) {
  const rows = await db
    .select()
    .from(polls)
    .where(
      and(
        eq(polls.guildId, guildId),
        isNull(polls.deletedAt),
        onlyId === undefined ? undefined : eq(polls.id, onlyId),
      ),
    )
    .orderBy(desc(polls.createdAt), desc(polls.id))
    .all();
  if (rows.length === 0) return [];
  const votes = await readVotes(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toPoll(r, votes, now));
}

async function readVotes(db: Db, ids: number[]): Promise<VoteRow[]> {
  return await db
    .select({ pollId: pollVotes.pollId, optionId: pollVotes.optionId, userId: pollVotes.userId })
    .from(pollVotes)
    .where(inArray(pollVotes.pollId, ids))
    .orderBy(asc(pollVotes.createdAt))
    .all();
}

export async function pollRow(db: Db, guildId: string, id: number): Promise<PollRow | undefined> {
  return await db
    .select()
    .from(polls)
    .where(and(eq(polls.id, id), eq(polls.guildId, guildId)))
    .get();
}

/** The languages of the guild's linked channels: the audience a poll should speak to. */
export async function linkedLanguages(db: Db, guildId: string): Promise<string[]> {
  return (
    await db
      .selectDistinct({ language: channelLinkChannels.language })
      .from(channelLinkChannels)
      .innerJoin(channelLinks, eq(channelLinks.id, channelLinkChannels.linkId))
      .where(eq(channelLinks.guildId, guildId))
      .all()
  )
    .map((r) => r.language)
    .sort();
}

/** The server's languages: its default language and those of its linked channels. */
export async function serverLanguages(db: Db, guildId: string): Promise<string[]> {
  return [...new Set([await guildDefaultLanguage(db, guildId), ...(await linkedLanguages(db, guildId))])];
}

/**
 * Fills the languages each text lacks among `languages`: one call per distinct text (all its
 * missing targets at once). All or nothing: when any call fails, the texts stay as given.
 */
export async function fillLanguages(
  translator: Translator,
  guildId: string,
  languages: string[],
  question: LangText,
  options: PollOption[],
): Promise<{ question: LangText; options: PollOption[] }> {
  const maps = [question, ...options.map((o) => o.text)];
  const jobs = new Map<string, { text: string; source: string; targets: string[] }>();
  const plan = maps.map((map) => {
    const targets = languages.filter((l) => !(l in map));
    if (targets.length === 0) return null;
    const source = 'en' in map ? 'en' : Object.keys(map)[0];
    const key = JSON.stringify([source, map[source], targets]);
    if (!jobs.has(key)) jobs.set(key, { text: map[source], source, targets });
    return key;
  });
  if (jobs.size === 0) return { question, options };
  let results: Map<string, LangText>;
  try {
    const done = await Promise.all(
      [...jobs].map(async ([key, job]) => {
        const r = await translator.translate({ ...job, origin: 'poll', guildId });
        const out: LangText = {};
        for (const target of job.targets) {
          const text = r.translations[target] ?? (r.skipped.includes(target) ? job.text : undefined);
          if (text?.trim()) out[target] = text.trim();
        }
        return [key, out] as const;
      }),
    );
    results = new Map(done);
  } catch (err) {
    console.warn(`poll translation skipped for guild ${guildId}: ${(err as Error).message}`);
    return { question, options };
  }
  const filled = maps.map((map, i) => {
    const key = plan[i];
    return key ? { ...map, ...results.get(key) } : map;
  });
  return { question: filled[0], options: options.map((o, i) => ({ id: o.id, text: filled[i + 1] })) };
}

export type VoteResult =
  | { ok: false; reason: 'closed' | 'unknown option' }
  | { ok: true; action: 'added' | 'removed' | 'changed'; optionId: string; options: PollOption[] };

/**
 * A member pressed an option's button. One choice: pressing it adds the vote, pressing it again
 * removes it, pressing another moves the vote. Several choices: each button toggles its own vote.
 * The poll becomes stale (its message is edited, debounced, by the bot).
 */
export async function vote(
  db: Db,
  guildId: string,
  pollId: number,
  optionId: string,
  userId: string,
  now: Date,
): Promise<VoteResult> {
  return await db.$transaction(async (tx) => {
    // Presses of one member at the same moment: each sees the vote the one before left.
    await lockFor(tx, `poll-vote:${pollId}:${userId}`);
    const row = await pollRow(tx as unknown as Db, guildId, pollId);
    if (!row || !isOpen(row, now)) return { ok: false, reason: 'closed' } as const;
    if (!row.options.some((o) => o.id === optionId)) return { ok: false, reason: 'unknown option' } as const;
    const mine = (
      await tx
        .select({ optionId: pollVotes.optionId })
        .from(pollVotes)
        .where(and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, userId)))
        .all()
    ).map((v) => v.optionId);
    let action: 'added' | 'removed' | 'changed';
    const forMember = and(eq(pollVotes.pollId, pollId), eq(pollVotes.userId, userId));
    if (mine.includes(optionId)) {
      await tx
        .delete(pollVotes)
        .where(and(forMember, eq(pollVotes.optionId, optionId)))
        .run();
      action = 'removed';
    } else {
      action = 'added';
      if (!row.allowMultiple && mine.length > 0) {
        await tx.delete(pollVotes).where(forMember).run();
        action = 'changed';
      }
      await tx.insert(pollVotes).values({ pollId, optionId, userId, createdAt: now }).run();
    }
    await tx.update(polls).set({ stale: true }).where(eq(polls.id, pollId)).run();
    return { ok: true, action, optionId, options: row.options } as const;
  });
}

/** Closes the poll now (Close in the dashboard, or its endsAt passed). False when it was closed already. */
export async function closePoll(db: Db, guildId: string, id: number, now: Date): Promise<boolean> {
  const row = await pollRow(db, guildId, id);
  if (!row || row.deletedAt || row.closedAt) return false;
  // Closed once: the dashboard's Close and the end timer at the same moment, only one wins.
  const closed = await db
    .update(polls)
    .set({ active: false, closedAt: now, stale: row.messageId !== null })
    .where(and(eq(polls.id, id), isNull(polls.closedAt), isNull(polls.deletedAt)))
    .run();
  return closed.changes > 0;
}

/** Polls whose endsAt has passed and that are not closed yet: closes them, answers which. */
export async function closeDuePolls(db: Db, now: Date): Promise<{ guildId: string; id: number }[]> {
  const due = await db
    .select({ guildId: polls.guildId, id: polls.id })
    .from(polls)
    .where(
      and(isNull(polls.closedAt), isNull(polls.deletedAt), isNotNull(polls.endsAt), lte(polls.endsAt, now)),
    )
    .all();
  const closed: typeof due = [];
  for (const p of due) if (await closePoll(db, p.guildId, p.id, now)) closed.push(p);
  return closed;
}

/** When the next open poll ends (the bot's scheduler sleeps until then). */
export async function nextPollEnd(db: Db): Promise<Date | null> {
  const row = await db
    .select({ endsAt: polls.endsAt })
    .from(polls)
    .where(and(isNull(polls.closedAt), isNull(polls.deletedAt), isNotNull(polls.endsAt)))
    .orderBy(asc(polls.endsAt))
    .limit(1)
    .get();
  return row?.endsAt ?? null;
}

/** Work the bot owes Discord: posts still queued, messages to refresh, messages of deleted polls. */
export async function pendingPollWork(db: Db) {
  const rows = await db
    .select({
      guildId: polls.guildId,
      id: polls.id,
      messageId: polls.messageId,
      deletedAt: polls.deletedAt,
      stale: polls.stale,
    })
    .from(polls)
    .where(
      or(
        isNotNull(polls.deletedAt),
        eq(polls.stale, true),
        and(ne(polls.channelId, ''), isNull(polls.messageId), isNull(polls.postError)),
      ),
    )
    .all();
  return rows.map((r) => ({
    guildId: r.guildId,
    id: r.id,
    kind: r.deletedAt ? ('remove' as const) : r.messageId ? ('refresh' as const) : ('post' as const),
  }));
}

export async function readPollVotes(db: Db, id: number): Promise<VoteRow[]> {
  return await readVotes(db, [id]);
}

/** Whether every text of the poll exists in `language` (or its base language). */
function hasLanguage(row: Pick<PollRow, 'question' | 'options'>, language: string): boolean {
  const base = language.split('-')[0];
  return [row.question, ...row.options.map((o) => o.text)].every((t) => language in t || base in t);
}

/**
 * The poll with its texts in `language`: a language the poll does not hold yet is translated once
 * (one call per text, the engine's cache and batching) and stored in the poll, so every later
 * member of that language reads it from there. The texts are the admin's question and options,
 * already stored; a failed translation leaves the poll as it was (shown in English).
 */
export async function pollInLanguage(
  db: Db,
  translator: Translator,
  row: PollRow,
  language: string,
): Promise<PollRow> {
  if (hasLanguage(row, language)) return row;
  const filled = await fillLanguages(translator, row.guildId, [language], row.question, row.options);
  if (!hasLanguage(filled, language)) return row;
  await addPollTexts(db, row.guildId, row.id, filled.question, filled.options);
  return { ...row, question: filled.question, options: filled.options };
}
