import { ChannelType, type Client, type Message } from 'discord.js';

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
  return { title: thread.name.slice(0, 100), tags: tagNamesOf(forum.availableTags, thread.appliedTags) };
}

/**
 * Tag names as the ids of a forum's own tags: matched by name, case and surrounding spaces aside;
 * a name the forum has no tag for is left out (a new post's tags, and a retagged post's).
 */
export function tagIdsIn(client: Client, forumId: string, names: string[]): string[] {
  const forum = client.channels.cache.get(forumId);
  const tags = forum?.type === ChannelType.GuildForum ? forum.availableTags : [];
  const key = (name: string) => name.trim().toLowerCase();
  return names.flatMap((name) => {
    const tag = tags.find((t) => key(t.name) === key(name));
    return tag ? [tag.id] : [];
  });
}

/** A post's applied tags by name (the forum's tags the post carries). */
export function tagNamesOf(forumTags: { id: string; name: string }[], applied: string[]): string[] {
  return applied
    .flatMap((id) => {
      const tag = forumTags.find((t) => t.id === id);
      return tag ? [tag.name] : [];
    })
    .slice(0, 5);
}
