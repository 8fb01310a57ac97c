import { ChannelType, Events, Routes } from 'discord.js';
import { reportFailure } from '../../discord';
import { defineEvent } from '../../handlers';
import { tagIdsIn, tagNamesOf } from './forum-post';

/**
 * A post of a linked forum renamed or retagged (THREAD_UPDATE, issue 28): the matching post in
 * each other forum gets the title in its language and the tags matched by name (a tag that forum
 * does not have is left out), through Modify Channel (PATCH /channels/{thread}: name,
 * applied_tags). Archiving, locking and other changes are not carried. The server answers nothing
 * for a copy post, so the THREAD_UPDATE of the bot's own change ends there. discord.js reports a
 * thread's update only when it knew the thread (every active one is in its cache).
 */
export default defineEvent(Events.ThreadUpdate, async (ctx, before, thread) => {
  const forum = thread.parent;
  if (!thread.parentId || forum?.type !== ChannelType.GuildForum || !thread.ownerId) return;
  if (thread.ownerId === ctx.client.user?.id) return;
  const titleChanged = before.name !== thread.name;
  const was = [...before.appliedTags].sort().join();
  const tagsChanged = was !== [...thread.appliedTags].sort().join();
  if (!titleChanged && !tagsChanged) return;
  const { posts, failed } = await ctx.caller.channels.bot.mirrorPostUpdate({
    guildId: thread.guildId,
    threadId: thread.id,
    parentChannelId: thread.parentId,
    authorId: thread.ownerId,
    title: thread.name,
    titleChanged,
    tags: tagNamesOf(forum.availableTags, thread.appliedTags),
    tagsChanged,
  });
  if (failed) console.warn(`Forum post ${thread.id} renamed; its title not translated now: ${failed}`);
  for (const p of posts) {
    const body = {
      ...(p.name !== undefined ? { name: p.name } : {}),
      ...(p.tags !== undefined ? { applied_tags: tagIdsIn(ctx.client, p.channelId, p.tags) } : {}),
    };
    if (Object.keys(body).length === 0) continue;
    try {
      await ctx.client.rest.patch(Routes.channel(p.threadId), { body });
    } catch (err) {
      await reportFailure(ctx, thread.guildId, p.channelId, 'update forum post', err);
    }
  }
});
