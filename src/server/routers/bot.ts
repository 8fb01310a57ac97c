import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { botConfig } from '../../../db/schema';
import { findLanguage, languageName } from '../../common/languages';
import { leaveGuild, removeChannel, syncGuild, updateGuild, upsertChannel } from '../services/guild-sync';
import { contextFor, conversationKey, rememberMessage } from '../services/conversation';
import { forgetCopy, recordCopies } from '../services/message-copies';
import { languageChoices, memberLanguage, setMemberLanguage } from '../services/members';
import {
  announcementPosts,
  pendingAnnouncements,
  recordAnnouncementResults,
} from '../services/announcement-delivery';
import { planDelete, planEdit, planMirror, planThread } from '../services/mirror';
import { planFlagRetraction, planFlagTranslation } from '../services/reactions';
import { planSingle, planSingleEdit } from '../services/single-channel';
import { usageNotice } from '../services/usage-notices';
import { logChannelOf, reportPermissionProblem } from '../services/permission-reports';
import { explainTranslationFailure } from '../services/translation-failures';
import { forgetWebhook, saveWebhook } from '../services/webhooks';
import { botGuildProcedure, botProcedure, router } from '../trpc';
import { readTranslationSettings } from './translation';

/**
 * Procedures only the bot calls (in-process, never over HTTP). bot/ turns Discord events into
 * these calls and their results into Discord messages; the rules live here and in services.
 */

const id = z.string().regex(/^\d{1,32}$/, 'must be a Discord id');
const channelSchema = z.object({
  id,
  name: z.string(),
  type: z.number().int(),
  parentId: id.nullable(),
  position: z.number().int(),
});
const guildInfo = z.object({ id, name: z.string(), icon: z.string().nullable() });
const messageSchema = z.object({
  channelId: id,
  parentChannelId: id.nullable().optional(),
  messageId: id,
  authorId: id,
  authorName: z.string(),
  avatarUrl: z.string().nullable().optional(),
  content: z.string(),
  attachments: z.array(z.object({ name: z.string(), url: z.string() })).default([]),
  replyToMessageId: id.nullable().optional(),
});
const copySchema = z.object({
  copyMessageId: id,
  copyChannelId: id,
  language: z.string(),
  kind: z.enum(['webhook', 'reply', 'reaction']),
});

function defaultLanguage(db: Parameters<typeof readTranslationSettings>[0], guildId: string): string {
  return db.select().from(botConfig).where(eq(botConfig.guildId, guildId)).get()?.defaultLanguage ?? 'en';
}

export const botRouter = router({
  // ---- Guild sync ----
  syncGuild: botProcedure
    .input(z.object({ guild: guildInfo, channels: z.array(channelSchema) }))
    .mutation(({ ctx, input }) => syncGuild(ctx.db, input.guild, input.channels)),
  updateGuild: botProcedure.input(guildInfo).mutation(({ ctx, input }) => updateGuild(ctx.db, input)),
  leaveGuild: botGuildProcedure.mutation(({ ctx }) => leaveGuild(ctx.db, ctx.guildId, ctx.clock())),
  upsertChannel: botGuildProcedure
    .input(z.object({ channel: channelSchema }))
    .mutation(({ ctx, input }) => upsertChannel(ctx.db, ctx.guildId, input.channel)),
  removeChannel: botProcedure
    .input(z.object({ channelId: id }))
    .mutation(({ ctx, input }) => removeChannel(ctx.db, input.channelId)),

  // ---- Members' languages ----
  setLanguage: botProcedure
    .input(z.object({ userId: id, language: z.string().trim().min(1, 'choose a language') }))
    .mutation(({ ctx, input }) => {
      const language = findLanguage(input.language);
      if (!language) {
        throw new TRPCError({
          code: 'BAD_REQUEST',
          message: `"${input.language}" is not a language I know. Start typing a language name and pick one from the list (for example "es" for Spanish).`,
        });
      }
      setMemberLanguage(ctx.db, input.userId, language, ctx.clock());
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
        text: z.string(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const target = memberLanguage(ctx.db, input.userId, input.locale, defaultLanguage(ctx.db, ctx.guildId));
      if (!input.text.trim()) {
        return { ok: false as const, message: 'This message has no text to translate.' };
      }
      const settings = readTranslationSettings(ctx.db, ctx.guildId);
      try {
        const result = await ctx.translator.translate({
          text: input.text,
          targets: [target.code],
          tone: settings.translationTone,
          context: contextFor(ctx.db, ctx.conversation, ctx.guildId, input),
          origin: 'context-menu',
          guildId: ctx.guildId,
          channelId: input.channelId,
          userId: input.userId,
          username: input.username,
        });
        const same = result.skipped.includes(target.code) || result.source === target.code;
        return {
          ok: true as const,
          text: result.translations[target.code] ?? input.text,
          source: result.source,
          sourceName: languageName(result.source),
          target: target.code,
          targetName: languageName(target.code),
          targetFrom: target.from,
          alreadyInTarget: same,
        };
      } catch (err) {
        const e = explainTranslationFailure(err, ctx.env.PUBLIC_URL);
        if (e.kind === 'failed') console.error('translate message failed:', err);
        return { ok: false as const, message: e.message, kind: e.kind };
      }
    }),

  // ---- Mirror mode ----
  /** A member's message: the mirror copies to post, or the single-channel reply, or nothing. */
  onMessage: botGuildProcedure.input(messageSchema).mutation(async ({ ctx, input }) => {
    const msg = { ...input, guildId: ctx.guildId };
    // Remembered first (in memory only), so messages translated at the same time see each other.
    rememberMessage(ctx.db, ctx.conversation, ctx.guildId, msg);
    const single = await planSingle(ctx.db, ctx.translator, ctx.env.PUBLIC_URL, msg, ctx.conversation);
    if (single.status !== 'none') return single;
    return planMirror(ctx.db, ctx.translator, ctx.env.PUBLIC_URL, msg, ctx.conversation);
  }),
  /** A member edited a message: the new text of its mirror copies or of its single-channel reply. */
  mirrorEdit: botGuildProcedure.input(messageSchema).mutation(async ({ ctx, input }) => {
    const msg = { ...input, guildId: ctx.guildId };
    rememberMessage(ctx.db, ctx.conversation, ctx.guildId, msg);
    const single = await planSingleEdit(ctx.db, ctx.translator, ctx.env.PUBLIC_URL, msg, ctx.conversation);
    if (single.status !== 'none') return single;
    return planEdit(ctx.db, ctx.translator, ctx.env.PUBLIC_URL, msg, ctx.conversation);
  }),
  mirrorDelete: botGuildProcedure
    .input(z.object({ messageId: id, channelId: id, parentChannelId: id.nullable().optional() }))
    .mutation(({ ctx, input }) => {
      ctx.conversation.forget(conversationKey(ctx.db, ctx.guildId, input), input.messageId);
      return planDelete(ctx.db, input);
    }),
  mirrorThread: botGuildProcedure
    .input(z.object({ id, parentChannelId: id, name: z.string() }))
    .query(({ ctx, input }) => planThread(ctx.db, ctx.guildId, input)),
  recordCopies: botGuildProcedure
    .input(z.object({ original: z.object({ messageId: id, channelId: id }), copies: z.array(copySchema) }))
    .mutation(({ ctx, input }) => recordCopies(ctx.db, ctx.guildId, input.original, input.copies)),
  forgetCopy: botProcedure
    .input(z.object({ messageId: id }))
    .mutation(({ ctx, input }) => forgetCopy(ctx.db, input.messageId)),

  // ---- Webhooks and permissions ----
  saveWebhook: botGuildProcedure
    .input(z.object({ channelId: id, webhook: z.object({ id, token: z.string().min(1) }) }))
    .mutation(({ ctx, input }) => saveWebhook(ctx.db, ctx.guildId, input.channelId, input.webhook)),
  forgetWebhook: botProcedure
    .input(z.object({ channelId: id }))
    .mutation(({ ctx, input }) => forgetWebhook(ctx.db, input.channelId)),
  reportPermission: botGuildProcedure
    .input(z.object({ channelId: id, action: z.string(), error: z.string(), botUserId: z.string() }))
    .mutation(({ ctx, input }) =>
      reportPermissionProblem(
        ctx.db,
        { guildId: ctx.guildId, channelId: input.channelId, action: input.action, error: input.error },
        input.botUserId,
        ctx.clock(),
      ),
    ),
  logChannel: botGuildProcedure.query(({ ctx }) => ({ channelId: logChannelOf(ctx.db, ctx.guildId) })),

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
    .mutation(({ ctx, input }) =>
      planFlagTranslation(
        ctx.db,
        ctx.translator,
        ctx.env.PUBLIC_URL,
        { ...input, guildId: ctx.guildId },
        contextFor(ctx.db, ctx.conversation, ctx.guildId, input),
      ),
    ),
  flagRemoved: botProcedure
    .input(z.object({ messageId: id, emoji: z.string() }))
    .mutation(({ ctx, input }) => planFlagRetraction(ctx.db, input.messageId, input.emoji)),

  // ---- Announcements (Post Now) ----
  announcementPosts: botGuildProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .query(({ ctx, input }) => announcementPosts(ctx.db, ctx.guildId, input.id)),
  announcementResults: botGuildProcedure
    .input(
      z.object({
        id: z.number().int().positive(),
        results: z.array(
          z.object({
            channelId: z.string(),
            language: z.string(),
            ok: z.boolean(),
            error: z.string().optional(),
            messageId: z.string().optional(),
          }),
        ),
      }),
    )
    .mutation(({ ctx, input }) =>
      recordAnnouncementResults(ctx.db, ctx.guildId, input.id, input.results, ctx.clock()),
    ),

  pendingAnnouncements: botProcedure.query(({ ctx }) => pendingAnnouncements(ctx.db)),

  // ---- Usage ----
  usageNotice: botGuildProcedure
    .input(z.object({ threshold: z.number(), used: z.number(), allowance: z.number() }))
    .query(({ ctx, input }) =>
      usageNotice(ctx.db, { ...input, guildId: ctx.guildId }, ctx.env.PUBLIC_URL, ctx.clock()),
    ),
});
