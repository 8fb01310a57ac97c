import type { FakeDiscord } from '.';
import { channelPayload, type FakeChannel, type FakeMember, type Json, snowflake } from './payloads';
import { installThreads } from './threads';

/**
 * Forum channels (type 15) as Discord runs them: a post is a public thread (type 11) of the forum
 * whose first message has the thread's id. A member's new post is THREAD_CREATE (with its
 * applied_tags) then MESSAGE_CREATE; a webhook opens one by executing with `thread_name` (and
 * `applied_tags`), posts inside one with `thread_id`, and is refused (220001) with neither; a
 * tag id the forum does not have is refused too. The posts join the fake's threads (threads.ts), so
 * GET, PATCH (name, applied_tags: THREAD_UPDATE follows) and DELETE /channels/{id} work on them; a
 * member renaming a post or changing its tags is THREAD_UPDATE (editPost).
 */
export interface FakeForums {
  /** A member opens a post in a forum: its title, first message and tags (ids of the forum's). */
  post(
    forum: FakeChannel,
    member: FakeMember,
    title: string,
    content: string,
    tagIds?: string[],
  ): { thread: FakeChannel; message: Json };
  /** A post deleted on Discord (by its author or a moderator): THREAD_DELETE. */
  deletePost(thread: FakeChannel): void;
  /** Its author renames a post or changes its tags (ids of the forum's) in Discord: THREAD_UPDATE. */
  editPost(thread: FakeChannel, change: { title?: string; tagIds?: string[] }): void;
}

const installed = new WeakMap<FakeDiscord, FakeForums>();

export function installForums(fake: FakeDiscord): FakeForums {
  const known = installed.get(fake);
  if (known) return known;
  const threads = installThreads(fake);
  const guildOf = (channelId: string) => fake.guilds.find((g) => g.channels.some((c) => c.id === channelId));

  const openPost = (forum: FakeChannel, title: string, tags: string[], ownerId: string): FakeChannel => {
    const guild = guildOf(forum.id)!;
    const thread: FakeChannel = {
      id: snowflake(),
      name: title,
      type: 11,
      parent_id: forum.id,
      applied_tags: tags,
      thread_metadata: {
        archived: false,
        locked: false,
        auto_archive_duration: 4320,
        archive_timestamp: new Date().toISOString(),
      },
    };
    guild.channels.push(thread);
    threads.threads.set(thread.id, {
      channel: thread,
      guildId: guild.id,
      members: new Set([ownerId]),
      invitable: true,
    });
    fake.dispatch('THREAD_CREATE', {
      ...channelPayload(guild.id, thread),
      owner_id: ownerId,
      newly_created: true,
      member_count: 1,
      message_count: 1,
      total_message_sent: 1,
    });
    return thread;
  };

  fake.rest.forumPost = (hook, body) => {
    const forum = guildOf(hook.channel_id)?.channels.find((c) => c.id === hook.channel_id);
    if (forum?.type !== 15) return null;
    if (!body?.thread_name)
      return [
        400,
        { message: 'Webhooks posted to forum channels must have a thread_name or thread_id', code: 220001 },
      ];
    const tags: string[] = body.applied_tags ?? [];
    if (tags.some((t) => !forum.available_tags?.some((a) => a.id === t)))
      return [
        400,
        {
          message: 'Invalid Form Body',
          code: 50035,
          errors: { applied_tags: { _errors: [{ code: 'TAG_INVALID', message: 'Unknown tag' }] } },
        },
      ];
    // A post a webhook opens is owned by the webhook.
    return openPost(forum, body.thread_name, tags, hook.id).id;
  };

  const state: FakeForums = {
    post(forum, member, title, content, tagIds = []) {
      const thread = openPost(forum, title, tagIds, member.user.id);
      const message = fake.sendMessage({
        id: thread.id,
        channelId: thread.id,
        author: member.user,
        member,
        content,
      });
      return { thread, message };
    },
    editPost(thread, change) {
      const guildId = guildOf(thread.id)!.id;
      if (change.title !== undefined) thread.name = change.title;
      if (change.tagIds !== undefined) thread.applied_tags = change.tagIds;
      fake.dispatch('THREAD_UPDATE', {
        ...channelPayload(guildId, thread),
        owner_id: threads.threads.get(thread.id)?.members.values().next().value,
        member_count: 1,
        message_count: 1,
        total_message_sent: 1,
      });
    },
    deletePost(thread) {
      const guildId = guildOf(thread.id)?.id;
      threads.remove(thread.id);
      fake.dispatch('THREAD_DELETE', {
        id: thread.id,
        guild_id: guildId,
        parent_id: thread.parent_id,
        type: 11,
      });
    },
  };
  installed.set(fake, state);
  return state;
}
