import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { botConfig } from '../../../../db/schema';
import { findLanguage, languageName } from '../../../common/languages';
import {
  announcementPosts,
  pendingAnnouncements,
  recordAnnouncementResults,
} from '../announcements/delivery';
import { contextFor, conversationKey, rememberMessage } from './conversation';
import {
  leaveGuild,
  removeChannel,
  syncGuilds,
  syncRoles,
  updateGuild,
  upsertChannel,
} from '../guilds/sync';
import { languageChoices, memberLanguage, setMemberLanguage } from '../translation/members';
import { forgetCopy, recordCopies } from './copies';
import { planDelete, planEdit, planThread } from './edits';
import { recordModerationOutcome } from '../moderation/actions';
import { moderateEdit, onMemberMessage } from '../moderation/flow';
import { logChannelOf, reportPermissionProblem } from '../../core/permission-reports';
import { planFlagRetraction, planFlagTranslation } from '../translation/reactions';
import { planSingleEdit } from '../single-channel/single-channel';
import { explainTranslationFailure } from '../translation/failures';
import { usageNotice } from '../usage/notices';
import { translateVoiceForMember } from '../translation/voice-messages';
import { forgetWebhook, saveWebhook } from './webhooks';
import { botGuildProcedure, botProcedure, router } from '../../core/trpc';
import { readTranslationSettings } from '../../translation/settings';

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
const roleSchema = z.object({
  id,
  name: z.string(),
  color: z.number().int(),
  position: z.number().int(),
  managed: z.boolean(),
  assignable: z.boolean(),
});
/** A voice message's audio attachment (message flag IS_VOICE_MESSAGE), as the bot passes it. */
const voiceMessageSchema = z.object({
  url: z.url(),
  contentType: z.string().nullable(),
  size: z.number().int().min(0),
});
const attachmentSchema = z.object({
  name: z.string(),
  url: z.string(),
  size: z.number().int().min(0).optional(),
  contentType: z.string().nullable().optional(),
});
/** A rich embed as Discord sends it (the bot leaves link previews out). */
const embedSchema = z.object({
  title: z.string().max(256).nullable().optional(),
  description: z.string().max(4096).nullable().optional(),
  url: z.string().nullable().optional(),
  color: z.number().int().nullable().optional(),
  timestamp: z.string().nullable().optional(),
  author: z
    .object({
      name: z.string(),
      url: z.string().nullable().optional(),
      icon_url: z.string().nullable().optional(),
    })
    .nullable()
    .optional(),
  footer: z.object({ text: z.string(), icon_url: z.string().nullable().optional() }).nullable().optional(),
  image: z.object({ url: z.string() }).nullable().optional(),
  thumbnail: z.object({ url: z.string() }).nullable().optional(),
  fields: z
    .array(
      z.object({
        name: z.string().max(256),
        value: z.string().max(1024),
        inline: z.boolean().nullable().optional(),
      }),
    )
    .max(25)
    .optional(),
});
const messageSchema = z.object({
  channelId: id,
  parentChannelId: id.nullable().optional(),
  messageId: id,
  authorId: id,
  authorName: z.string(),
  avatarUrl: z.string().nullable().optional(),
  content: z.string(),
  attachments: z.array(attachmentSchema).max(10).default([]),
  /** The server's boost tier (its upload limit). */
  premiumTier: z.number().int().min(0).max(3).nullable().optional(),
  replyToMessageId: id.nullable().optional(),
  /** A voice message's audio attachment (message flag IS_VOICE_MESSAGE). */
  voiceMessage: voiceMessageSchema.nullable().optional(),
  /** Rich embeds, sticker names, a forwarded message's snapshot, a native poll (mirror copies carry them). */
  embeds: z.array(embedSchema).max(10).optional(),
  stickers: z.array(z.string().max(64)).max(3).optional(),
  forward: z
    .object({
      content: z.string().max(4000),
      attachments: z.array(attachmentSchema).max(10),
      embeds: z.array(embedSchema).max(10),
      stickers: z.array(z.string().max(64)).max(3),
    })
    .nullable()
    .optional(),
  poll: z
    .object({ question: z.string().max(300), answers: z.array(z.string().max(120)).max(10) })
    .nullable()
    .optional(),
});
/** A new member message also carries what moderation needs to know about it. */
const memberMessageSchema = messageSchema.extend({
  mentions: z.number().int().min(0).default(0),
  exempt: z.boolean().default(false),
  locale: z.string().nullable().optional(),
});
const copySchema = z.object({
  copyMessageId: id,
  copyChannelId: id,
  language: z.string(),
  kind: z.enum(['webhook', 'reply', 'reaction']),
});

async function defaultLanguage(
  db: Parameters<typeof readTranslationSettings>[0],
  guildId: string,
): Promise<string> {
  return (
    (await db.select().from(botConfig).where(eq(botConfig.guildId, guildId)).get())?.defaultLanguage ?? 'en'
  );
}

export const botRouter = router({
  // ---- Guild sync ----
  /**
   * Servers the bot joined or (re)connected to, each with its whole channel and role lists: one
   * server at a join, hundreds at once on connecting (one transaction, a few statements).
   */
  syncGuilds: botProcedure
    .input(
      z.object({
        servers: z.array(
          z.object({ guild: guildInfo, channels: z.array(channelSchema), roles: z.array(roleSchema) }),
        ),
      }),
    )
    .mutation(async ({ ctx, input }) => await syncGuilds(ctx.db, input.servers)),
  updateGuild: botProcedure
    .input(guildInfo)
    .mutation(async ({ ctx, input }) => await updateGuild(ctx.db, input)),
  leaveGuild: botGuildProcedure.mutation(
    async ({ ctx }) => await leaveGuild(ctx.db, ctx.guildId, ctx.clock()),
  ),
  upsertChannel: botGuildProcedure
    .input(z.object({ channel: channelSchema }))
    .mutation(async ({ ctx, input }) => await upsertChannel(ctx.db, ctx.guildId, input.channel)),
  /** The guild's roles (at join, at connection and whenever a role changes). */
  syncRoles: botGuildProcedure
    .input(z.object({ roles: z.array(roleSchema) }))
    .mutation(async ({ ctx, input }) => await syncRoles(ctx.db, ctx.guildId, input.roles)),
  removeChannel: botProcedure
    .input(z.object({ channelId: id }))
    .mutation(async ({ ctx, input }) => await removeChannel(ctx.db, input.channelId)),

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
        text: z.string(),
        voiceMessage: voiceMessageSchema.nullable().optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const target = await memberLanguage(
        ctx.db,
        input.userId,
        input.locale,
        await defaultLanguage(ctx.db, ctx.guildId),
      );
      if (!input.text.trim() && input.voiceMessage) {
        return translateVoiceForMember(ctx, { ...input, voiceMessage: input.voiceMessage }, target);
      }
      if (!input.text.trim()) {
        return { ok: false as const, message: 'This message has no text to translate.' };
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
          transcript: null as string | null,
        };
      } catch (err) {
        const e = explainTranslationFailure(err, ctx.env.PUBLIC_URL);
        if (e.kind === 'failed') console.error('translate message failed:', err);
        return { ok: false as const, message: e.message, kind: e.kind };
      }
    }),

  // ---- Mirror mode ----
  /**
   * A member's message: the mirror copies to post, or the single-channel reply, or nothing; and
   * what moderation does about it (null when nothing).
   */
  onMessage: botGuildProcedure.input(memberMessageSchema).mutation(async ({ ctx, input }) => {
    const msg = { ...input, guildId: ctx.guildId };
    // Remembered first (in memory only), so messages translated at the same time see each other.
    await rememberMessage(ctx.db, ctx.conversation, ctx.guildId, msg);
    const { plan, moderation } = await onMemberMessage(
      {
        db: ctx.db,
        translator: ctx.translator,
        publicUrl: ctx.env.PUBLIC_URL,
        discordApiUrl: ctx.env.DISCORD_API_URL,
        state: ctx.moderation,
        clock: ctx.clock,
        conversation: ctx.conversation,
      },
      msg,
    );
    // A message moderation removes is no context for the next ones.
    if (moderation?.delete)
      ctx.conversation.forget(await conversationKey(ctx.db, ctx.guildId, msg), msg.messageId);
    return { ...plan, moderation };
  }),
  /** What Discord accepted of a moderation action; answers the log channel's report. */
  moderationOutcome: botGuildProcedure
    .input(
      z.object({
        logId: z.number().int().positive(),
        channelId: id,
        messageId: id,
        deleted: z.boolean().nullable(),
        deleteError: z.string().max(300).optional(),
        timedOut: z.boolean().nullable(),
        timeoutError: z.string().max(300).optional(),
        notified: z.enum(['dm', 'channel', 'none']),
      }),
    )
    .mutation(async ({ ctx, input }) => await recordModerationOutcome(ctx.db, ctx.guildId, input)),
  /**
   * A member edited a message: the new text of its mirror copies or of its single-channel reply;
   * or, when the new text breaks a rule under autoDelete, nothing to edit and the copies to delete.
   */
  mirrorEdit: botGuildProcedure.input(memberMessageSchema).mutation(async ({ ctx, input }) => {
    // A voice message cannot be edited: its transcript is made once, when it is sent.
    const msg = { ...input, guildId: ctx.guildId, voiceMessage: null };
    const moderation = await moderateEdit(
      {
        db: ctx.db,
        translator: ctx.translator,
        publicUrl: ctx.env.PUBLIC_URL,
        state: ctx.moderation,
        clock: ctx.clock,
      },
      msg,
    );
    if (moderation?.delete) {
      ctx.conversation.forget(await conversationKey(ctx.db, ctx.guildId, msg), msg.messageId);
      return { status: 'none' as const, moderation };
    }
    await rememberMessage(ctx.db, ctx.conversation, ctx.guildId, msg);
    const single = await planSingleEdit(ctx.db, ctx.translator, ctx.env.PUBLIC_URL, msg, ctx.conversation);
    if (single.status !== 'none') return { ...single, moderation };
    return {
      ...(await planEdit(ctx.db, ctx.translator, ctx.env.PUBLIC_URL, msg, ctx.conversation)),
      moderation,
    };
  }),
  mirrorDelete: botGuildProcedure
    .input(z.object({ messageId: id, channelId: id, parentChannelId: id.nullable().optional() }))
    .mutation(async ({ ctx, input }) => {
      ctx.conversation.forget(await conversationKey(ctx.db, ctx.guildId, input), input.messageId);
      return await planDelete(ctx.db, input);
    }),
  mirrorThread: botGuildProcedure
    .input(z.object({ id, parentChannelId: id, name: z.string() }))
    .query(async ({ ctx, input }) => await planThread(ctx.db, ctx.guildId, input)),
  recordCopies: botGuildProcedure
    .input(z.object({ original: z.object({ messageId: id, channelId: id }), copies: z.array(copySchema) }))
    .mutation(
      async ({ ctx, input }) => await recordCopies(ctx.db, ctx.guildId, input.original, input.copies),
    ),
  forgetCopy: botProcedure
    .input(z.object({ messageId: id }))
    .mutation(async ({ ctx, input }) => await forgetCopy(ctx.db, input.messageId)),

  // ---- Webhooks and permissions ----
  saveWebhook: botGuildProcedure
    .input(z.object({ channelId: id, webhook: z.object({ id, token: z.string().min(1) }) }))
    .mutation(
      async ({ ctx, input }) => await saveWebhook(ctx.db, ctx.guildId, input.channelId, input.webhook),
    ),
  forgetWebhook: botProcedure
    .input(z.object({ channelId: id }))
    .mutation(async ({ ctx, input }) => await forgetWebhook(ctx.db, input.channelId)),
  reportPermission: botGuildProcedure
    .input(z.object({ channelId: id, action: z.string(), error: z.string(), botUserId: z.string() }))
    .mutation(
      async ({ ctx, input }) =>
        await reportPermissionProblem(
          ctx.db,
          { guildId: ctx.guildId, channelId: input.channelId, action: input.action, error: input.error },
          input.botUserId,
          ctx.clock(),
        ),
    ),
  logChannel: botGuildProcedure.query(async ({ ctx }) => ({
    channelId: await logChannelOf(ctx.db, ctx.guildId),
  })),

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
  flagRemoved: botProcedure
    .input(z.object({ messageId: id, emoji: z.string() }))
    .mutation(async ({ ctx, input }) => await planFlagRetraction(ctx.db, input.messageId, input.emoji)),

  // ---- Announcements (Post Now) ----
  announcementPosts: botGuildProcedure
    .input(z.object({ id: z.number().int().positive() }))
    .query(async ({ ctx, input }) => await announcementPosts(ctx.db, ctx.guildId, input.id)),
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
    .mutation(
      async ({ ctx, input }) =>
        await recordAnnouncementResults(ctx.db, ctx.guildId, input.id, input.results, ctx.clock()),
    ),

  pendingAnnouncements: botProcedure.query(async ({ ctx }) => await pendingAnnouncements(ctx.db)),

  // ---- Connection (the header's bot status, the setup checklist) ----
  reportStatus: botProcedure
    .input(
      z.object({
        state: z.enum(['connecting', 'online', 'offline']),
        latencyMs: z.number().int().min(0).nullable().optional(),
        shard: z
          .object({ id: z.number().int().min(0), count: z.number().int().min(1) })
          .nullable()
          .optional(),
        tag: z.string().nullable().optional(),
        guilds: z.number().int().min(0).nullable().optional(),
        reason: z.string().max(500).nullable().optional(),
      }),
    )
    .mutation(({ ctx, input }) => ctx.botStatus.report(input, ctx.clock())),

  // ---- Usage ----
  usageNotice: botGuildProcedure
    .input(z.object({ threshold: z.number(), used: z.number(), allowance: z.number() }))
    .query(
      async ({ ctx, input }) =>
        await usageNotice(ctx.db, { ...input, guildId: ctx.guildId }, ctx.env.PUBLIC_URL, ctx.clock()),
    ),
});
