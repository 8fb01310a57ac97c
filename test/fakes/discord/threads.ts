import type { FakeDiscord } from '.';
import { channelPayload, type FakeChannel, type FakeGuild, type Json, snowflake } from './payloads';

/**
 * Threads and channels the bot creates, as Discord keeps them: POST /channels/{id}/threads
 * (public or private), a thread started from a message (POST /channels/{id}/messages/{id}/threads), thread members, PATCH /channels/{id} (archived, locked, name, a forum post's
 * applied_tags; each change dispatched as THREAD_UPDATE, as Discord does), GET of a thread
 * (archived ones are not in GUILD_CREATE), POST /guilds/{id}/channels, and Discord's refusal to
 * post in an archived thread. `install` adds these routes to a fake Discord (once per fake).
 */
export interface FakeThreads {
  /** Thread id -> its state (also in the guild's channel list, type 11 or 12). */
  threads: Map<string, FakeThread>;
  /** Channels the bot created (POST /guilds/{id}/channels). */
  created: FakeChannel[];
  /** Removes a thread as if deleted on Discord (the bot can no longer see it). */
  remove(threadId: string): void;
}

export interface FakeThread {
  channel: FakeChannel;
  guildId: string;
  members: Set<string>;
  invitable: boolean;
}

const installed = new WeakMap<FakeDiscord, FakeThreads>();

function guildOf(fake: FakeDiscord, channelId: string): FakeGuild | undefined {
  return fake.guilds.find((g) => g.channels.some((c) => c.id === channelId));
}

export function installThreads(fake: FakeDiscord): FakeThreads {
  const known = installed.get(fake);
  if (known) return known;
  const state: FakeThreads = {
    threads: new Map(),
    created: [],
    remove(threadId) {
      const t = state.threads.get(threadId);
      if (!t) return;
      state.threads.delete(threadId);
      const guild = fake.guilds.find((g) => g.id === t.guildId);
      if (guild) guild.channels = guild.channels.filter((c) => c.id !== threadId);
    },
  };
  const payload = (t: FakeThread): Json => ({
    ...channelPayload(t.guildId, t.channel),
    owner_id: fake.botUser.id,
    member_count: t.members.size,
    message_count: 0,
    total_message_sent: 0,
    ...(t.channel.type === 12 ? { invitable: t.invitable } : {}),
  });
  const unknownChannel: [number, Json] = [404, { message: 'Unknown Channel', code: 10003 }];

  fake.rest.addRoutes([
    [
      // Start Thread from Message: the thread's id is the message's; one thread per message.
      'POST',
      /^\/channels\/(\d+)\/messages\/(\d+)\/threads$/,
      (m, body) => {
        const guild = guildOf(fake, m[1]!);
        if (!guild) return unknownChannel;
        if (!fake.rest.messages.has(m[2]!)) return [404, { message: 'Unknown Message', code: 10008 }];
        if (state.threads.has(m[2]!))
          return [400, { message: 'A thread has already been created for this message', code: 160004 }];
        const channel: FakeChannel = {
          id: m[2]!,
          name: body?.name ?? 'thread',
          type: 11,
          parent_id: m[1],
          thread_metadata: {
            archived: false,
            locked: false,
            auto_archive_duration: body?.auto_archive_duration ?? 1440,
            archive_timestamp: new Date().toISOString(),
          },
        };
        guild.channels.push(channel);
        const t: FakeThread = {
          channel,
          guildId: guild.id,
          members: new Set([fake.botUser.id]),
          invitable: true,
        };
        state.threads.set(channel.id, t);
        return [201, payload(t)];
      },
    ],
    [
      'POST',
      /^\/channels\/(\d+)\/threads$/,
      (m, body) => {
        const guild = guildOf(fake, m[1]!);
        if (!guild) return unknownChannel;
        const channel: FakeChannel = {
          id: snowflake(),
          name: body?.name ?? 'thread',
          type: body?.type ?? 11,
          parent_id: m[1],
          thread_metadata: {
            archived: false,
            locked: false,
            auto_archive_duration: body?.auto_archive_duration ?? 1440,
            archive_timestamp: new Date().toISOString(),
            invitable: body?.invitable ?? true,
          },
        };
        guild.channels.push(channel);
        const t: FakeThread = {
          channel,
          guildId: guild.id,
          members: new Set([fake.botUser.id]),
          invitable: body?.invitable ?? true,
        };
        state.threads.set(channel.id, t);
        return [201, payload(t)];
      },
    ],
    [
      'PUT',
      /^\/channels\/(\d+)\/thread-members\/(\d+)$/,
      (m) => {
        const t = state.threads.get(m[1]!);
        if (!t) return unknownChannel;
        t.members.add(m[2]!);
        return [204, null];
      },
    ],
    [
      'GET',
      /^\/channels\/(\d+)$/,
      (m) => {
        const t = state.threads.get(m[1]!);
        return t ? [200, payload(t)] : unknownChannel;
      },
    ],
    [
      'PATCH',
      /^\/channels\/(\d+)$/,
      (m, body) => {
        const t = state.threads.get(m[1]!);
        if (!t) return unknownChannel;
        if (body?.applied_tags !== undefined) {
          // Only a forum's post has tags, and only the forum's own (Discord: 400 Invalid Form Body).
          const forum = guildOf(fake, t.channel.parent_id ?? '')?.channels.find(
            (c) => c.id === t.channel.parent_id,
          );
          const tags: string[] = body.applied_tags ?? [];
          if (forum?.type !== 15 || tags.some((id) => !forum.available_tags?.some((a) => a.id === id)))
            return [
              400,
              {
                message: 'Invalid Form Body',
                code: 50035,
                errors: { applied_tags: { _errors: [{ code: 'TAG_INVALID', message: 'Unknown tag' }] } },
              },
            ];
          t.channel.applied_tags = tags;
        }
        const meta = t.channel.thread_metadata!;
        if (body?.archived !== undefined) meta.archived = body.archived;
        if (body?.locked !== undefined) meta.locked = body.locked;
        if (body?.name !== undefined) t.channel.name = body.name;
        meta.archive_timestamp = new Date().toISOString();
        // Discord tells the gateway of every change to a thread, the bot's own included.
        fake.dispatch('THREAD_UPDATE', payload(t));
        return [200, payload(t)];
      },
    ],
    [
      'DELETE',
      /^\/channels\/(\d+)$/,
      (m) => {
        const t = state.threads.get(m[1]!);
        if (!t) return unknownChannel;
        state.remove(m[1]!);
        return [200, payload(t)];
      },
    ],
    [
      'POST',
      /^\/channels\/(\d+)\/messages$/,
      (m, body) => {
        const t = state.threads.get(m[1]!);
        if (!t) {
          // A thread that was removed: Discord answers Unknown Channel. Any other channel: as usual.
          if (/^\d+$/.test(m[1]!) && removedIds.has(m[1]!)) return unknownChannel;
          return fake.rest.createMessage(body, m[1]!, fake.botUser);
        }
        if (t.channel.thread_metadata?.archived) return [400, { message: 'Thread is archived', code: 50083 }];
        return fake.rest.createMessage(body, m[1]!, fake.botUser);
      },
    ],
    [
      'POST',
      /^\/guilds\/(\d+)\/channels$/,
      (m, body) => {
        const guild = fake.guilds.find((g) => g.id === m[1]);
        if (!guild) return [404, { message: 'Unknown Guild', code: 10004 }];
        const channel: FakeChannel = {
          id: snowflake(),
          name: body?.name ?? 'channel',
          type: body?.type ?? 0,
          position: guild.channels.length,
        };
        guild.channels.push(channel);
        state.created.push(channel);
        return [201, { ...channelPayload(guild.id, channel), topic: body?.topic ?? null }];
      },
    ],
  ]);
  const removedIds = new Set<string>();
  const remove = state.remove;
  state.remove = (threadId) => {
    removedIds.add(threadId);
    remove(threadId);
  };
  installed.set(fake, state);
  return state;
}
