import { Events, Routes } from 'discord.js';
import { editThroughWebhook, isFromMember, NO_PINGS, reportFailure } from '../discord';
import { carryOutModeration, moderationFacts } from '../moderation';
import { mirrorInput } from './message-create';
import { defineEvent } from './types';

/** A member edited a message: its copies get the new translation (or go, with it, when it breaks a rule). */
export default defineEvent(Events.MessageUpdate, async (ctx, old, updated) => {
  const message = updated.partial ? await updated.fetch() : updated;
  if (!message.inGuild() || !isFromMember(message)) return;
  if (!old.partial && old.content === message.content) return; // embeds resolved, pins...: not an edit of the text
  const plan = await ctx.caller.bot.mirrorEdit({ ...mirrorInput(message), ...moderationFacts(message) });
  if (plan.moderation) await carryOutModeration(ctx, message, plan.moderation);
  if (plan.status === 'failed') {
    console.warn(`Edit of message ${message.id} not mirrored: ${plan.reason}`);
    return;
  }
  if (plan.status !== 'ok') return;
  await Promise.all(
    plan.edits.map(async (edit) => {
      try {
        if (edit.kind === 'webhook' && edit.webhook) {
          await editThroughWebhook(ctx.client, edit.webhook, edit.messageId, edit.threadId, edit.content);
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
