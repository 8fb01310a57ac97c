import { z } from 'zod';
import { conversationKey, rememberUnlessOptedOut } from './conversation';
import { forgetCopy, recordCopies } from './copies';
import { planDelete, planPostDelete, planThread } from './edits';
import { reactionTargets } from './reactions';
import { forgetWebhook, saveWebhook } from './webhooks';
import { noteForeignPost } from './foreign-authors';
import { planPostUpdate } from './forum-posts';
import type { MemberMessagePass, PlanShape } from './member-messages';
import { memberMessageSchema, messageSchema } from './message-schemas';
import { botGuildProcedure, botProcedure, router } from '../../core/trpc';
import {
  countUntranslated,
  UNTRANSLATED_REASONS,
  type UntranslatedReason,
  untranslatedReason,
} from '../translation/untranslated';
import { id } from '../../core/bot-message';
import { countSkippedTrivial } from '../translation/skipped';
import { withReadScope } from '../../../../db/read-scope';

const copySchema = z.object({
  copyMessageId: id,
  copyChannelId: id,
  language: z.string(),
  kind: z.enum(['webhook', 'reply', 'reaction']),
});

/**
 * The bot's mirror procedures: a member's message in, its copies out, edits, deletes, threads,
 * webhooks. In-process only, reached as channels.bot.*. A member's message runs through the
 * member-message pass handed in (member-messages.ts: moderation's, given by the composition root).
 */
export function channelsBotRouter<
  Plan extends PlanShape,
  EditPlan extends object,
  Action extends { delete: boolean },
>(memberMessages: MemberMessagePass<Plan, EditPlan, Action>) {
  return router({
    // ---- Mirror mode ----
    /**
     * A member's message: the mirror copies to post, or the single-channel reply, or nothing; and
     * what moderation does about it (null when nothing).
     */
    onMessage: botGuildProcedure.input(memberMessageSchema).mutation(async ({ ctx, input }) =>
      withReadScope(async () => {
        const msg = { ...input, guildId: ctx.guildId };
        // Remembered first (in memory only), so messages translated at the same time see each other.
        await rememberUnlessOptedOut(ctx.db, ctx.conversation, ctx.guildId, msg);
        const { plan, moderation } = await memberMessages.onMemberMessage(
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
        // The bot marks a message it cannot translate now (the reason's reaction): counted per reason.
        if (plan.status === 'failed')
          await countUntranslated(ctx.db, ctx.guildId, untranslatedReason(plan.kind), 'marked', ctx.clock());
        if (plan.status === 'skipped' && plan.reason === 'trivial')
          await countSkippedTrivial(ctx.db, ctx.guildId, ctx.clock());
        return { ...plan, moderation };
      }),
    ),
    /**
     * A new try at a marked message (issue 24): its reply or copies only, no moderation (it was
     * moderated when it arrived) and not remembered again as context. A success counts as recovered.
     */
    retryMessage: botGuildProcedure
      .input(messageSchema.extend({ reason: z.enum(UNTRANSLATED_REASONS as [UntranslatedReason]) }))
      .mutation(async ({ ctx, input }) =>
        withReadScope(async () => {
          const { reason, ...rest } = input;
          const plan = await memberMessages.planTranslation(
            {
              db: ctx.db,
              publicUrl: ctx.env.PUBLIC_URL,
              discordApiUrl: ctx.env.DISCORD_API_URL,
              conversation: ctx.conversation,
            },
            ctx.translator,
            { ...rest, guildId: ctx.guildId },
          );
          if (plan.status === 'ok' || plan.status === 'reply')
            await countUntranslated(ctx.db, ctx.guildId, reason, 'recovered', ctx.clock());
          return plan;
        }),
      ),
    /**
     * A bot or webhook posted in a channel (issue 28): remembered for its link (the dashboard lists
     * it by name); answers whether an admin allowed its posts to be translated.
     */
    onForeignPost: botGuildProcedure
      .input(
        z.object({
          channelId: id,
          parentChannelId: id.nullable().optional(),
          authorId: id,
          kind: z.enum(['bot', 'webhook']),
          name: z.string().min(1).max(200),
        }),
      )
      .mutation(async ({ ctx, input }) =>
        withReadScope(
          async () => await noteForeignPost(ctx.db, { ...input, guildId: ctx.guildId }, ctx.clock()),
        ),
      ),
    /** An allowed bot's or webhook's post over the server's per-minute limit: marked ⏳ and counted. */
    foreignLimited: botGuildProcedure.input(z.object({ channelId: id })).mutation(async ({ ctx }) => {
      await countUntranslated(ctx.db, ctx.guildId, 'rate_limited', 'marked', ctx.clock());
    }),
    /** A channel's post queue was full (far past Discord's webhook limit): the copies were shed, the original marked. */
    markShed: botGuildProcedure.input(z.object({ channelId: id })).mutation(async ({ ctx }) => {
      await countUntranslated(ctx.db, ctx.guildId, 'queue_full', 'marked', ctx.clock());
    }),
    /** A shed message's copies were all posted on a later try: counted as recovered. */
    shedRecovered: botGuildProcedure.input(z.object({ channelId: id })).mutation(async ({ ctx }) => {
      await countUntranslated(ctx.db, ctx.guildId, 'queue_full', 'recovered', ctx.clock());
    }),

    /**
     * A member edited a message: the new text of its mirror copies or of its single-channel reply;
     * or, when the new text breaks a rule under autoDelete, nothing to edit and the copies to delete.
     */
    mirrorEdit: botGuildProcedure.input(memberMessageSchema).mutation(async ({ ctx, input }) =>
      withReadScope(async () => {
        // A voice message cannot be edited: its transcript is made once, when it is sent.
        const msg = { ...input, guildId: ctx.guildId, voiceMessage: null };
        const moderation = await memberMessages.moderateEdit(
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
        await rememberUnlessOptedOut(ctx.db, ctx.conversation, ctx.guildId, msg);
        const deps = { db: ctx.db, publicUrl: ctx.env.PUBLIC_URL, conversation: ctx.conversation };
        return { ...(await memberMessages.planTranslationEdit(deps, ctx.translator, msg)), moderation };
      }),
    ),
    mirrorDelete: botGuildProcedure
      .input(z.object({ messageId: id, channelId: id, parentChannelId: id.nullable().optional() }))
      .mutation(async ({ ctx, input }) => {
        ctx.conversation.forget(await conversationKey(ctx.db, ctx.guildId, input), input.messageId);
        return await planDelete(ctx.db, input);
      }),
    mirrorThread: botGuildProcedure
      .input(z.object({ id, parentChannelId: id, name: z.string() }))
      .query(async ({ ctx, input }) => await planThread(ctx.db, ctx.guildId, input)),
    /**
     * A member reacted on a message of a mirror link, or took a reaction off: the original and its
     * copies that the reaction shows on too (none for a flag, the translation trigger).
     */
    reactionTargets: botGuildProcedure
      .input(
        z.object({
          messageId: id,
          channelId: id,
          parentChannelId: id.nullable().optional(),
          emoji: z.string().min(1).max(100),
        }),
      )
      .query(async ({ ctx, input }) => await reactionTargets(ctx.db, ctx.guildId, input)),
    /** A post of a linked forum was deleted: the matching posts to delete. */
    mirrorPostDelete: botGuildProcedure
      .input(z.object({ threadId: id, parentChannelId: id }))
      .mutation(async ({ ctx, input }) => await planPostDelete(ctx.db, ctx.guildId, input)),
    /**
     * A post of a linked forum was renamed or retagged: the new title (translated) and tags of the
     * matching post in each other forum (none when the post is a copy: the bot's own updates stop here).
     */
    mirrorPostUpdate: botGuildProcedure
      .input(
        z.object({
          threadId: id,
          parentChannelId: id,
          authorId: id,
          title: z.string().min(1).max(100),
          titleChanged: z.boolean(),
          tags: z.array(z.string().max(20)).max(5),
          tagsChanged: z.boolean(),
        }),
      )
      .mutation(
        async ({ ctx, input }) =>
          await withReadScope(() =>
            planPostUpdate(ctx.db, ctx.translator, ctx.env.PUBLIC_URL, ctx.guildId, input),
          ),
      ),
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
  });
}
