import { ChannelType, Events, Routes } from 'discord.js';
import { reportFailure } from '../../discord';
import { defineEvent } from '../../handlers';

/** A thread opened in a linked channel opens in every other channel of the link. */
export default defineEvent(Events.ThreadCreate, async (ctx, thread, newlyCreated) => {
  if (!newlyCreated || !thread.parentId || thread.ownerId === ctx.client.user?.id) return;
  // A forum post opens in the other forums with its first message (message-create.ts, forum-post.ts).
  if (thread.parent?.type === ChannelType.GuildForum) return;
  const guildId = thread.guildId;
  const targets = await ctx.caller.channels.bot.mirrorThread({
    guildId,
    id: thread.id,
    parentChannelId: thread.parentId,
    name: thread.name,
  });
  const created = await Promise.all(
    targets.map(async (t) => {
      try {
        const body = { name: thread.name, auto_archive_duration: thread.autoArchiveDuration ?? 1440 };
        const route = t.onMessageId
          ? Routes.threads(t.channelId, t.onMessageId)
          : Routes.threads(t.channelId);
        const made = (await ctx.client.rest.post(route, {
          body: t.onMessageId ? body : { ...body, type: ChannelType.PublicThread },
        })) as { id: string };
        return t.onMessageId
          ? null
          : {
              copyMessageId: made.id,
              copyChannelId: t.channelId,
              language: t.language,
              kind: 'webhook' as const,
            };
      } catch (err) {
        await reportFailure(ctx, guildId, t.channelId, 'create thread', err);
        return null;
      }
    }),
  );
  await ctx.caller.channels.bot.recordCopies({
    guildId,
    original: { messageId: thread.id, channelId: thread.parentId },
    copies: created.filter((c) => c !== null),
  });
});
