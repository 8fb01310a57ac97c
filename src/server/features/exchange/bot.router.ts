import { z } from 'zod';
import * as EXCHANGE_PHRASES from '../../../common/exchange/phrases';
import { type Speaker, speakerFor } from '../../translation/phrases';
import { findLanguage } from '../../../common/languages';
import {
  EXCHANGE_ALREADY_IN,
  EXCHANGE_JOINED,
  EXCHANGE_LEFT,
  EXCHANGE_NEXT,
  EXCHANGE_NO_PARTNER,
  EXCHANGE_NOT_IN,
  EXCHANGE_SAME_LANGUAGE,
  EXCHANGE_STATUS_PAIRED,
  EXCHANGE_STATUS_WAITING,
  EXCHANGE_THREAD,
  EXCHANGE_UNKNOWN_LANGUAGE,
} from '../../../common/exchange/phrases';
import { LOCKED } from '../../../common/billing/phrases';
import { CAPABILITIES, unlockingPlan } from '../../../common/plans';
import { exchangeJoinInput } from '../../../common/exchange/schemas';
import {
  activePairOf,
  joinExchange,
  leaveExchange,
  memberRow,
  nextPartner,
  partnerOf,
  touchMember,
} from './exchange';
import {
  endWork,
  matchedText,
  nativeName,
  pairWork,
  pendingExchangeWork,
  recordEndTold,
  recordThread,
  recordTold,
} from './delivery';
import { languageChoices } from '../translation/members';
import { hasCapability } from '../../core/plans';
import { memberLanguageIn } from '../translation/members';
import { botGuildProcedure, botProcedure, router } from '../../core/trpc';

const discordId = z.string().regex(/^\d{1,32}$/, 'must be a Discord id');
const member = z.object({ userId: discordId, locale: z.string().nullable(), username: z.string().max(100) });
const pairRef = z.object({ pairId: z.number().int().positive() });
const reason = z.string().max(300).nullable();

/** A Discord timestamp: each member's client shows it in their own language and time zone. */
const when = (d: Date) => `<t:${Math.floor(d.getTime() / 1000)}:R>`;

/** A language the member typed or picked: its code in the table, or null. */
function languageOf(value: string) {
  const v = value.trim();
  return findLanguage(v) ?? null;
}

type Answer = { ok: boolean; text: string; pairs: number[]; ended: number[] };

/** The plan notice in the member's language, or null when the server's plan includes exchange. */
async function locked(
  db: Parameters<typeof hasCapability>[0],
  guildId: string,
  s: Speaker,
): Promise<string | null> {
  if (await hasCapability(db, guildId, 'exchange')) return null;
  return s(LOCKED, {
    feature: CAPABILITIES.exchange.label,
    plan: unlockingPlan('exchange').name,
  });
}

export const exchangeBotRouter = router({
  /** /exchange join: checks, then the member waits; new pairs' ids for the bot to deliver. */
  join: botGuildProcedure
    .input(member.extend(exchangeJoinInput.shape))
    .mutation(async ({ ctx, input }): Promise<Answer & { matchedPairId: number | null }> => {
      const language = await memberLanguageIn(ctx.db, ctx.guildId, input.userId, input.locale);
      const s = await speakerFor(ctx.translator, language, EXCHANGE_PHRASES, LOCKED);
      const refuse = (text: string) => ({ ok: false, text, pairs: [], ended: [], matchedPairId: null });
      const lockedText = await locked(ctx.db, ctx.guildId, s);
      if (lockedText) return refuse(lockedText);
      const native = languageOf(input.native);
      if (!native)
        return refuse(s(EXCHANGE_UNKNOWN_LANGUAGE, { field: 'native', value: input.native.slice(0, 50) }));
      const learning = languageOf(input.learning);
      if (!learning)
        return refuse(
          s(EXCHANGE_UNKNOWN_LANGUAGE, {
            field: 'learning',
            value: input.learning.slice(0, 50),
          }),
        );
      if (native.code === learning.code) return refuse(s(EXCHANGE_SAME_LANGUAGE));
      const result = await joinExchange(
        ctx.db,
        ctx.guildId,
        {
          userId: input.userId,
          username: input.username,
          native: native.code,
          learning: learning.code,
          replyLanguage: language,
        },
        ctx.clock(),
      );
      if (result.kind === 'already')
        return refuse(
          s(EXCHANGE_ALREADY_IN, {
            native: nativeName(result.member.nativeLanguage),
            learning: nativeName(result.member.learningLanguage),
          }),
        );
      const joined = s(EXCHANGE_JOINED, {
        native: native.native,
        learning: learning.native,
      });
      return {
        ok: true,
        text: joined,
        pairs: result.created,
        ended: [],
        matchedPairId: result.pair?.id ?? null,
      };
    }),

  /**
   * /exchange leave: the pair (if any) ends, the member is out; pairs made for others meanwhile.
   * Open on every plan, so a member can always take their languages back out.
   */
  leave: botGuildProcedure.input(member).mutation(async ({ ctx, input }): Promise<Answer> => {
    const language = await memberLanguageIn(ctx.db, ctx.guildId, input.userId, input.locale);
    const s = await speakerFor(ctx.translator, language, EXCHANGE_PHRASES, LOCKED);
    const result = await leaveExchange(ctx.db, ctx.guildId, input.userId, ctx.clock());
    if (result.kind === 'not in') return { ok: false, text: s(EXCHANGE_NOT_IN), pairs: [], ended: [] };
    return {
      ok: true,
      text: s(EXCHANGE_LEFT),
      pairs: result.created,
      ended: result.ended ? [result.ended.id] : [],
    };
  }),

  /** A member left the server: out of the exchange like /exchange leave (their partner waits again). */
  memberGone: botGuildProcedure.input(z.object({ userId: discordId })).mutation(async ({ ctx, input }) => {
    const result = await leaveExchange(ctx.db, ctx.guildId, input.userId, ctx.clock());
    if (result.kind === 'not in') return { pairs: [] as number[], ended: [] as number[] };
    return { pairs: result.created, ended: result.ended ? [result.ended.id] : [] };
  }),

  /** /exchange next: ends the pair, the member waits again and is matched with someone else if possible. */
  next: botGuildProcedure
    .input(member)
    .mutation(async ({ ctx, input }): Promise<Answer & { matchedPairId: number | null }> => {
      const language = await memberLanguageIn(ctx.db, ctx.guildId, input.userId, input.locale);
      const s = await speakerFor(ctx.translator, language, EXCHANGE_PHRASES, LOCKED);
      const none = { pairs: [], ended: [], matchedPairId: null };
      const lockedText = await locked(ctx.db, ctx.guildId, s);
      if (lockedText) return { ok: false, text: lockedText, ...none };
      await touchMember(ctx.db, ctx.guildId, input.userId, language, input.username);
      const result = await nextPartner(ctx.db, ctx.guildId, input.userId, ctx.clock());
      if (result.kind === 'not in') return { ok: false, text: s(EXCHANGE_NOT_IN), ...none };
      if (result.kind === 'waiting')
        return {
          ok: false,
          text: s(EXCHANGE_NO_PARTNER, { since: when(result.member.waitingSince) }),
          ...none,
        };
      return {
        ok: true,
        text: s(EXCHANGE_NEXT, { partner: `<@${partnerOf(result.ended, input.userId)}>` }),
        pairs: result.created,
        ended: [result.ended.id],
        matchedPairId: result.pair?.id ?? null,
      };
    }),

  /** /exchange status: waiting since, or the partner; the member's languages. */
  status: botGuildProcedure.input(member).query(async ({ ctx, input }) => {
    const language = await memberLanguageIn(ctx.db, ctx.guildId, input.userId, input.locale);
    const s = await speakerFor(ctx.translator, language, EXCHANGE_PHRASES, LOCKED);
    const lockedText = await locked(ctx.db, ctx.guildId, s);
    if (lockedText) return { ok: false, text: lockedText };
    const row = await memberRow(ctx.db, ctx.guildId, input.userId);
    if (!row) return { ok: false, text: s(EXCHANGE_NOT_IN) };
    const langs = { native: nativeName(row.nativeLanguage), learning: nativeName(row.learningLanguage) };
    const pair = await activePairOf(ctx.db, ctx.guildId, input.userId);
    if (!pair)
      return {
        ok: true,
        text: s(EXCHANGE_STATUS_WAITING, { since: when(row.waitingSince), ...langs }),
      };
    const text = s(EXCHANGE_STATUS_PAIRED, {
      partner: `<@${partnerOf(pair, input.userId)}>`,
      since: when(pair.createdAt),
      ...langs,
    });
    return {
      ok: true,
      text: pair.threadId ? `${text}\n${s(EXCHANGE_THREAD, { thread: `<#${pair.threadId}>` })}` : text,
    };
  }),

  /** Autocomplete for native: and learning: (the product's language table). */
  choices: botProcedure
    .input(z.object({ query: z.string().max(100) }))
    .query(({ input }) => languageChoices(input.query)),

  /** What the presser of a command reads about their new pair (their reply carries it). */
  matched: botGuildProcedure.input(pairRef.extend({ userId: discordId })).query(async ({ ctx, input }) => {
    const p = await activePairOf(ctx.db, ctx.guildId, input.userId);
    if (!p || p.id !== input.pairId) return null;
    return await matchedText(ctx.db, ctx.translator, p, input.userId);
  }),

  work: botGuildProcedure
    .input(pairRef)
    .query(async ({ ctx, input }) => await pairWork(ctx.db, ctx.translator, ctx.guildId, input.pairId)),

  threadOpened: botGuildProcedure
    .input(pairRef.extend({ channelId: discordId, threadId: discordId.nullable(), error: reason }))
    .mutation(async ({ ctx, input }) => {
      await recordThread(ctx.db, ctx.guildId, input.pairId, input);
      return { ok: true };
    }),

  told: botGuildProcedure
    .input(
      pairRef.extend({
        userId: discordId,
        how: z.enum(['dm', 'reply', 'thread', 'failed']),
        error: reason,
      }),
    )
    .mutation(async ({ ctx, input }) => {
      await recordTold(ctx.db, ctx.guildId, input.pairId, input.userId, input.how, input.error, ctx.clock());
      return { ok: true };
    }),

  endWork: botGuildProcedure
    .input(pairRef)
    .query(async ({ ctx, input }) => await endWork(ctx.db, ctx.translator, ctx.guildId, input.pairId)),

  endTold: botGuildProcedure
    .input(pairRef.extend({ how: z.enum(['dm', 'failed']) }))
    .mutation(async ({ ctx, input }) => {
      await recordEndTold(ctx.db, ctx.guildId, input.pairId, input.how);
      return { ok: true };
    }),

  /** On connect: pairs whose Discord work is not done. */
  pending: botProcedure.query(async ({ ctx }) => await pendingExchangeWork(ctx.db)),
});
