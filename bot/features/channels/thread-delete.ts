import { ChannelType, Events, Routes } from 'discord.js';
import { reportFailure } from '../../discord';
import { defineEvent } from '../../handlers';

/** A post deleted in a linked forum: its matching post in each other forum goes too (issue 28). */
export default defineEvent(Events.ThreadDelete, async (ctx, thread) => {
  if (!thread.parentId || thread.parent?.type !== ChannelType.GuildForum) return;
  const posts = await ctx.caller.channels.bot.mirrorPostDelete({
    guildId: thread.guildId,
    threadId: thread.id,
    parentChannelId: thread.parentId,
  });
  for (const p of posts) {
    try {
      await ctx.client.rest.delete(Routes.channel(p.threadId));
    } catch (err) {
      await reportFailure(ctx, thread.guildId, p.channelId, 'delete forum post', err);
    }
  }
});
