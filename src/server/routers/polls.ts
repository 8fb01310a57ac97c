import { TRPCError } from '@trpc/server';
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import {
  channelLinkChannels,
  channelLinks,
  type LangText,
  type PollOption,
  polls,
  pollVotes,
} from '../../../db/schema';
import { pollCreate } from '../../common/schemas/polls';
import { rowId } from '../../common/schemas/util';
import type { Services } from '../services';
import { ensureGuild } from '../services/guilds';
import type { Translator } from '../services/translation';
import { guildProcedure, requires, notFound, router } from '../trpc';

type Db = Services['db'];
type PollRow = typeof polls.$inferSelect;

/** A poll as the API answers it: votes per option (every option present), active false once endsAt passed. */
function toPoll(row: PollRow, votes: { pollId: number; optionId: string; userId: string }[], now: Date) {
  const byOption: Record<string, string[]> = Object.fromEntries(
    row.options.map((o) => [o.id, [] as string[]]),
  );
  for (const v of votes) if (v.pollId === row.id && byOption[v.optionId]) byOption[v.optionId].push(v.userId);
  const { messageId: _m, ...rest } = row;
  return { ...rest, votes: byOption, active: row.active && (row.endsAt === null || row.endsAt > now) };
}

export function readPolls(db: Db, guildId: string, now: Date, onlyId?: number) {
  const rows = db
    .select()
    .from(polls)
    .where(
      onlyId === undefined
        ? eq(polls.guildId, guildId)
        : and(eq(polls.guildId, guildId), eq(polls.id, onlyId)),
    )
    .orderBy(desc(polls.createdAt), desc(polls.id))
    .all();
  if (rows.length === 0) return [];
  const votes = db
    .select({ pollId: pollVotes.pollId, optionId: pollVotes.optionId, userId: pollVotes.userId })
    .from(pollVotes)
    .where(
      inArray(
        pollVotes.pollId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(pollVotes.createdAt))
    .all();
  return rows.map((r) => toPoll(r, votes, now));
}

/** The languages of the guild's linked channels: the audience a poll should speak to. */
export function linkedLanguages(db: Db, guildId: string): string[] {
  return db
    .selectDistinct({ language: channelLinkChannels.language })
    .from(channelLinkChannels)
    .innerJoin(channelLinks, eq(channelLinks.id, channelLinkChannels.linkId))
    .where(eq(channelLinks.guildId, guildId))
    .all()
    .map((r) => r.language)
    .sort();
}

/**
 * Fills the languages each text lacks among `languages`: one call per distinct text (all its
 * missing targets at once). All or nothing: when any call fails, the texts stay as given.
 */
async function fillLanguages(
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

/** Every procedure here needs the 'polls' capability of the plan table. */
const pollsProcedure = guildProcedure.use(requires('polls'));

export const pollsRouter = router({
  list: pollsProcedure.query(({ ctx }) => readPolls(ctx.db, ctx.guildId, ctx.clock())),

  create: pollsProcedure.input(pollCreate).mutation(async ({ ctx, input }) => {
    const now = ctx.clock();
    if (input.endsAt && input.endsAt <= now) {
      throw new TRPCError({ code: 'BAD_REQUEST', message: 'endsAt: must be in the future' });
    }
    const { question, options } = await fillLanguages(
      ctx.translator,
      ctx.guildId,
      linkedLanguages(ctx.db, ctx.guildId),
      input.question,
      input.options,
    );
    ensureGuild(ctx.db, ctx.guildId);
    const row = ctx.db
      .insert(polls)
      .values({
        guildId: ctx.guildId,
        channelId: input.channelId,
        question,
        options,
        allowMultiple: input.allowMultiple,
        endsAt: input.endsAt ?? null,
        createdBy: input.createdBy,
      })
      .returning()
      .get();
    return toPoll(row, [], now);
  }),

  delete: pollsProcedure.input(z.object({ id: rowId })).mutation(({ ctx, input }) => {
    const gone = ctx.db
      .delete(polls)
      .where(and(eq(polls.id, input.id), eq(polls.guildId, ctx.guildId)))
      .returning({ id: polls.id })
      .all();
    if (gone.length === 0) notFound('poll', input.id);
    return { id: input.id, deleted: true as const };
  }),
});
