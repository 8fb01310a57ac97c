import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { findLanguage } from '../../../common/languages';
import {
  HIDDEN_SKIPPED,
  NO_TEXT_TO_TRANSLATE,
  OPTED_IN,
  OPTED_OUT,
} from '../../../common/translation/phrases';
import { id, voiceMessageSchema } from '../../core/bot-message';
import { botGuildProcedure, botProcedure, router } from '../../core/trpc';
import { contextFor } from '../../translation/conversation';
import { phraseIn } from '../../translation/phrases';
import { readTranslationSettings } from '../../translation/settings';
import { explainTranslationFailure } from '../translation/failures';
import {
  guildDefaultLanguage,
  languageChoices,
  memberLanguage,
  memberLanguageIn,
  setMemberLanguage,
} from '../translation/members';
import { planFlagRetraction, planFlagTranslation } from '../translation/reactions';
import { translateVoiceForMember } from '../translation/voice-messages';
import { memberAnswer } from './answer';
import { isHidden } from './hidden-authors';
import { answerHideCommand, HIDE_ACTIONS } from './hide-command';
import { setTranslated } from './opt-outs';
import { translateForUser } from './user-app';

/** The bot's translation procedures: members' languages, Translate Message, flag reactions. In-process only, reached as translation.bot.*. */
export const translationBotRouter = router({
  // ---- Members' languages ----
  setLanguage: botProcedure
    .input(z.object({ userId: id, language: z.string().trim().min(1, 'choose a language') }))
    .mutation(async ({ ctx, input }) => {
      const language = findLanguage(input.language);
      if (!language) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: `"${input.language}" is not a language I know. Start typing a language name and pick one from the list (for example "es" for Spanish).`,
        });
      }
      await setMemberLanguage(ctx.db, input.userId, language, ctx.clock());
      return { code: language.code, name: language.name, native: language.native };
    }),
  languageChoices: botProcedure
    .input(z.object({ query: z.string().max(100) }))
    .query(({ input }) => languageChoices(input.query)),

  /** The Translate Message context menu: the text in the member's language. */
  translateForMember: botGuildProcedure
    .input(
      z.object({
        userId: id,
        username: z.string(),
        locale: z.string().nullable(),
        channelId: id,
        /** The message translated (its conversation's earlier messages become context). */
        messageId: id.optional(),
        parentChannelId: id.nullable().optional(),
        /** The message's author: skipped when the member hid their translations (/hide-translations-of). */
        authorId: id.optional(),
        text: z.string(),
        voiceMessage: voiceMessageSchema.nullable().optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const target = await memberLanguage(
        ctx.db,
        input.userId,
        input.locale,
        await guildDefaultLanguage(ctx.db, ctx.guildId),
      );
      if (input.authorId && (await isHidden(ctx.db, ctx.guildId, input.userId, input.authorId))) {
        const message = await phraseIn(ctx.translator, HIDDEN_SKIPPED, target.code, {
          name: `<@${input.authorId}>`,
        });
        return { ok: false as const, message, kind: 'hidden' };
      }
      if (!input.text.trim() && input.voiceMessage) {
        return translateVoiceForMember(ctx, { ...input, voiceMessage: input.voiceMessage }, target);
      }
      if (!input.text.trim()) {
        return {
          ok: false as const,
          message: await phraseIn(ctx.translator, NO_TEXT_TO_TRANSLATE, target.code),
        };
      }
      const settings = await readTranslationSettings(ctx.db, ctx.guildId);
      try {
        const result = await ctx.translator.translate({
          text: input.text,
          targets: [target.code],
          tone: settings.translationTone,
          context: await contextFor(ctx.db, ctx.conversation, ctx.guildId, input),
          origin: 'context-menu',
          guildId: ctx.guildId,
          channelId: input.channelId,
          userId: input.userId,
          username: input.username,
        });
        return memberAnswer(result, input.text, target);
      } catch (err) {
        const e = explainTranslationFailure(err, ctx.env.PUBLIC_URL);
        if (e.kind === 'failed') console.error('translate message failed:', err);
        return { ok: false as const, message: e.message, kind: e.kind };
      }
    }),

  // ---- Flag reactions ----
  flagAdded: botGuildProcedure
    .input(
      z.object({
        channelId: id,
        parentChannelId: id.nullable().optional(),
        messageId: id,
        content: z.string(),
        emoji: z.string(),
        userId: id,
        username: z.string(),
      }),
    )
    .mutation(async ({ ctx, input }) =>
      planFlagTranslation(
        ctx.db,
        ctx.translator,
        ctx.env.PUBLIC_URL,
        { ...input, guildId: ctx.guildId },
        await contextFor(ctx.db, ctx.conversation, ctx.guildId, input),
      ),
    ),
  // ---- Opt-outs (issue 28) ----
  /** /translate-me on|off: the member's messages on this server are translated or not; the answer in their language. */
  setTranslated: botGuildProcedure
    .input(z.object({ userId: id, translated: z.boolean(), locale: z.string().nullable() }))
    .mutation(async ({ ctx, input }) => {
      await setTranslated(ctx.db, ctx.guildId, input.userId, input.translated);
      const language = await memberLanguageIn(ctx.db, ctx.guildId, input.userId, input.locale);
      // Outside the phrase table: translated once by the provider and kept (translation/phrases.ts).
      return { content: await phraseIn(ctx.translator, input.translated ? OPTED_IN : OPTED_OUT, language) };
    }),
  /** /hide-translations-of: hide or show a member's translations for the caller, list or clear; the answer in their language. */
  hideTranslationsOf: botGuildProcedure
    .input(
      z.object({
        userId: id,
        action: z.enum(HIDE_ACTIONS, { error: `action: choose one of ${HIDE_ACTIONS.join(', ')}` }),
        authorId: id.optional(),
        locale: z.string().nullable(),
      }),
    )
    .mutation(async ({ ctx, input }) =>
      answerHideCommand(ctx.db, ctx.translator, { ...input, guildId: ctx.guildId }),
    ),

  // ---- The user-installed app (issue 28) ----
  /** Translate Message or /translate where the bot has no server (DM, group DM, a server without it). */
  translateForUser: botProcedure
    .input(
      z.object({
        userId: id,
        username: z.string(),
        locale: z.string().nullable(),
        text: z.string(),
        /** A voice message without text: transcribed and translated under the user's allowance. */
        voiceMessage: voiceMessageSchema.nullable().optional(),
      }),
    )
    .mutation(async ({ ctx, input }) =>
      translateForUser(
        {
          db: ctx.db,
          translator: ctx.translator,
          at: ctx.clock(),
          cap: ctx.env.USER_APP_DAILY_LIMIT,
          publicUrl: ctx.env.PUBLIC_URL,
          discordApiUrl: ctx.env.DISCORD_API_URL,
        },
        input,
      ),
    ),
  flagRemoved: botProcedure
    .input(z.object({ messageId: id, emoji: z.string() }))
    .mutation(async ({ ctx, input }) => await planFlagRetraction(ctx.db, input.messageId, input.emoji)),
});
