import { Events, Routes } from 'discord.js';
import {
  deleteThroughWebhook,
  editThroughWebhook,
  isFromMember,
  NO_PINGS,
  reportFailure,
} from '../../discord';
import { carryOutModeration, moderationFacts } from '../moderation/actions';
import { mirrorInput } from './message-create';
import { defineEvent } from '../../handlers';
import { foreignAuthorOf } from './foreign-post';

/** A member edited a message: its copies get the new translation (or go, with it, when it breaks a rule). */
export default defineEvent(Events.MessageUpdate, async (ctx, old, updated) => {
  const message = updated.partial ? await updated.fetch() : updated;
  if (!message.inGuild()) return;
  // A bot's or webhook's post has copies only when it was allowed (foreign-post.ts): those follow.
  const foreign = !isFromMember(message);
  if (foreign && !foreignAuthorOf(ctx, message)) return;
  if (!old.partial && old.content === message.content) return; // embeds resolved, pins...: not an edit of the text
  const plan = await ctx.caller.channels.bot.mirrorEdit({
    ...mirrorInput(message),
    ...(await moderationFacts(message)),
    ...(foreign ? { exempt: true } : {}),
  });
  if (plan.moderation) await carryOutModeration(ctx, message, plan.moderation);
  if (plan.status === 'failed') {
    console.warn(`Edit of message ${message.id} not mirrored: ${plan.reason}`);
    return;
  }
  if (plan.status !== 'ok') return;
  // A long copy that needs fewer messages now: the extra ones go.
  const deletes: {
    channelId: string;
    threadId: string | null;
    messageId: string;
    webhook: { id: string; token: string } | null;
  }[] = 'deletes' in plan && Array.isArray(plan.deletes) ? plan.deletes : [];
  await Promise.all(
    deletes.map(async (d) => {
      try {
        if (d.webhook) await deleteThroughWebhook(ctx.client, d.webhook, d.messageId, d.threadId);
      } catch (err) {
        await reportFailure(ctx, message.guildId, d.channelId, 'delete message', err);
      }
    }),
  );
  await Promise.all(
    plan.edits.map(async (edit) => {
      try {
        if (edit.kind === 'webhook' && edit.webhook) {
          await editThroughWebhook(
            ctx.client,
            edit.webhook,
            edit.messageId,
            edit.threadId,
            edit.content,
            'embeds' in edit ? edit.embeds : undefined,
          );
        } else if (edit.kind === 'reply') {
          await ctx.client.rest.patch(Routes.channelMessage(edit.channelId, edit.messageId), {
            body: { content: edit.content, allowed_mentions: NO_PINGS },
          });
        }
      } catch (err) {
        await reportFailure(
          ctx,
          message.guildId,
          edit.channelId,
          edit.kind === 'reply' ? 'send message' : 'post through webhook',
          err,
        );
      }
    }),
  );
});
