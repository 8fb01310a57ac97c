import { z } from 'zod';
import { LOCKED } from '../../../common/billing/phrases';
import * as POLL_PHRASES from '../../../common/polls/phrases';
import {
  POLL_CLOSED,
  POLL_NOT_POSTED,
  POLL_POSTED,
  VOTE_CHANGED,
  VOTE_REMOVED,
  VOTED,
} from '../../../common/polls/phrases';
import { speakerFor } from '../../translation/phrases';
import { CAPABILITIES, unlockingPlan } from '../../../common/plans';
import { pollCreate } from '../../../common/polls/schemas';
import { hasCapability } from '../../core/plans';
import {
  closeDuePolls,
  fillLanguages,
  isOpen,
  nextPollEnd,
  pendingPollWork,
  pollInLanguage,
  pollRow,
  readPollVotes,
  serverLanguages,
  vote,
} from './polls';
import { renderPoll, textIn } from './render';
import { deletePoll, insertPoll, markStale, recordPollPost, takeStale } from './rows';
import { guildDefaultLanguage, memberLanguageIn } from '../translation/members';
import { botGuildProcedure, botProcedure, router, zodMessage } from '../../core/trpc';

/** Poll procedures only the bot calls (in-process): what to post or edit, and the members' votes. */

const discordId = z.string().regex(/^\d{1,32}$/, 'must be a Discord id');
const pollRef = z.object({ id: z.number().int().positive() });
const member = z.object({ userId: discordId, locale: z.string().nullable() });

export const pollsBotRouter = router({
  /** What the bot owes Discord for this poll now: post it, refresh its message, remove it, or nothing. */
  work: botGuildProcedure.input(pollRef).mutation(async ({ ctx, input }) => {
    const row = await pollRow(ctx.db, ctx.guildId, input.id);
    if (!row) return null;
    if (row.deletedAt) {
      if (row.messageId)
        return { kind: 'remove' as const, channelId: row.channelId, messageId: row.messageId };
      await deletePoll(ctx.db, ctx.guildId, row.id);
      return null;
    }
    if (row.messageId) {
      // Taken (stale cleared) before the votes are read: a vote counted from here on marks the
      // poll stale again and is shown by the next refresh (cleared after reading, it was lost).
      if (!(await takeStale(ctx.db, row.id))) return null;
    } else if (!row.channelId || row.postError) return null;
    const message = renderPoll(
      row,
      await readPollVotes(ctx.db, row.id),
      await speakerFor(ctx.translator, await guildDefaultLanguage(ctx.db, ctx.guildId), POLL_PHRASES),
      ctx.clock(),
    );
    if (!row.messageId) return { kind: 'post' as const, channelId: row.channelId as string, message };
    return { kind: 'refresh' as const, channelId: row.channelId, messageId: row.messageId, message };
  }),

  /** The outcome of a post: its message id, or why Discord refused it. */
  posted: botGuildProcedure
    .input(pollRef.extend({ messageId: discordId.nullable(), error: z.string().max(300).nullable() }))
    .mutation(async ({ ctx, input }) => {
      await recordPollPost(ctx.db, ctx.guildId, input.id, input.messageId, input.error);
      return { ok: true as const };
    }),

  /** A refresh that Discord refused: the message stays stale, to be tried again. */
  refreshFailed: botGuildProcedure.input(pollRef).mutation(async ({ ctx, input }) => {
    await markStale(ctx.db, ctx.guildId, input.id);
    return { ok: true as const };
  }),

  /** A deleted poll's message is gone from Discord: the poll and its votes go too. */
  forget: botGuildProcedure.input(pollRef).mutation(async ({ ctx, input }) => {
    await deletePoll(ctx.db, ctx.guildId, input.id);
    return { ok: true as const };
  }),

  pending: botProcedure.query(async ({ ctx }) => await pendingPollWork(ctx.db)),
  closeDue: botProcedure.mutation(async ({ ctx }) => await closeDuePolls(ctx.db, ctx.clock())),
  nextEnd: botProcedure.query(async ({ ctx }) => await nextPollEnd(ctx.db)),

  /** A member pressed an option: the vote is counted (or taken back); the answer is in their language. */
  vote: botGuildProcedure
    .input(member.extend({ pollId: z.number().int().positive(), optionId: z.string().max(32) }))
    .mutation(async ({ ctx, input }) => {
      const language = await memberLanguageIn(ctx.db, ctx.guildId, input.userId, input.locale);
      const s = await speakerFor(ctx.translator, language, POLL_PHRASES, LOCKED);
      const result = await vote(ctx.db, ctx.guildId, input.pollId, input.optionId, input.userId, ctx.clock());
      if (!result.ok) return { ok: false as const, text: s(POLL_CLOSED) };
      const option = result.options.find((o) => o.id === result.optionId);
      const phrase = { added: VOTED, changed: VOTE_CHANGED, removed: VOTE_REMOVED }[result.action];
      await ctx.events.publish('polls:changed', {
        guildId: ctx.guildId,
        pollId: input.pollId,
        debounce: true,
      });
      return {
        ok: true as const,
        action: result.action,
        text: s(phrase, { option: option ? textIn(option.text, language) : result.optionId }),
      };
    }),

  /** "Show in my language": the poll as it stands, in the member's language. */
  show: botGuildProcedure
    .input(member.extend({ pollId: z.number().int().positive() }))
    .query(async ({ ctx, input }) => {
      const language = await memberLanguageIn(ctx.db, ctx.guildId, input.userId, input.locale);
      const s = await speakerFor(ctx.translator, language, POLL_PHRASES, LOCKED);
      const row = await pollRow(ctx.db, ctx.guildId, input.pollId);
      if (!row || row.deletedAt) return { ok: false as const, text: s(POLL_CLOSED) };
      // A language the poll does not hold yet is translated now, once, and kept in the poll.
      const shown = await pollInLanguage(ctx.db, ctx.translator, row, language);
      const message = renderPoll(shown, await readPollVotes(ctx.db, row.id), s, ctx.clock());
      return { ok: true as const, open: isOpen(row, ctx.clock()), text: message.content };
    }),

  /** /poll create: the question and options in the admin's language, translated for the others. */
  createFromDiscord: botGuildProcedure
    .input(
      member.extend({
        channelId: discordId,
        username: z.string().max(100),
        question: z.string(),
        options: z.array(z.string()),
        allowMultiple: z.boolean(),
        minutes: z.number().int().nullable(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const language = await memberLanguageIn(ctx.db, ctx.guildId, input.userId, input.locale);
      const s = await speakerFor(ctx.translator, language, POLL_PHRASES, LOCKED);
      if (!(await hasCapability(ctx.db, ctx.guildId, 'polls'))) {
        return {
          ok: false as const,
          message: s(LOCKED, {
            feature: CAPABILITIES.polls.label,
            plan: unlockingPlan('polls').name,
          }),
        };
      }
      if (input.minutes !== null && (input.minutes < 1 || input.minutes > 60 * 24 * 30)) {
        return {
          ok: false as const,
          message: '❌ duration: give the minutes the poll stays open, from 1 to 43200 (30 days).',
        };
      }
      const parsed = pollCreate.safeParse({
        channelId: input.channelId,
        question: { [language]: input.question },
        options: input.options.map((text) => ({ text: { [language]: text } })),
        allowMultiple: input.allowMultiple,
        createdBy: input.username || input.userId,
        endsAt: input.minutes ? new Date(ctx.clock().getTime() + input.minutes * 60_000) : null,
      });
      if (!parsed.success) return { ok: false as const, message: `❌ ${zodMessage(parsed.error)}` };
      const { question, options } = await fillLanguages(
        ctx.translator,
        ctx.guildId,
        await serverLanguages(ctx.db, ctx.guildId),
        parsed.data.question,
        parsed.data.options,
      );
      const row = await insertPoll(ctx.db, ctx.guildId, {
        ...parsed.data,
        question,
        options,
        endsAt: parsed.data.endsAt ?? null,
      });
      // What the bot says once it has posted the poll (it fills {reason} when Discord refused).
      const posted = s.label(POLL_POSTED, { channel: `<#${input.channelId}>` });
      const notPosted = s.label(POLL_NOT_POSTED);
      const mark = s.mark();
      const said = { posted: posted + mark, notPosted: notPosted + mark };
      return { ok: true as const, id: row.id, language, said };
    }),
});
