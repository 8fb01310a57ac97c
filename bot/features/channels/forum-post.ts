import { ChannelType, type Message } from 'discord.js';

/**
 * A forum post's first message (issue 28): in a forum, a post is a thread whose starter message has
 * the thread's id. That message carries the post's title and its tags by name, so each linked forum
 * opens its own post, the title translated and the tags matched by name (copy-queue.ts). Null for
 * any other message (a reply inside a post goes to the matching posts as a thread message does).
 */
export function forumPostOf(message: Message<true>): { title: string; tags: string[] } | null {
  const thread = message.channel;
  if (!thread.isThread() || message.id !== thread.id) return null;
  const forum = thread.parent;
  if (forum?.type !== ChannelType.GuildForum) return null;
  const tags = thread.appliedTags.flatMap((id) => {
    const tag = forum.availableTags.find((t) => t.id === id);
    return tag ? [tag.name] : [];
  });
  return { title: thread.name.slice(0, 100), tags: tags.slice(0, 5) };
}
