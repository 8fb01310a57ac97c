import { type CurrentMemberProfile, installCurrentMemberRoute, installMemberSearchRoute } from './members';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FakeAttachments } from './attachments';
import { FakeGateway } from './gateway';
import { FakeOAuth } from './oauth';
import {
  BOT_USER,
  CommandType,
  channelPayload,
  type FakeChannel,
  type FakeGuild,
  type FakeMember,
  type FakeRole,
  type FakeUser,
  guildPayload,
  InteractionType,
  rolePayload,
  interactionPayload,
  type Json,
  type MessageInput,
  memberPayload,
  type UserInstallContext,
  messagePayload,
  snowflake,
  withBotMember,
} from './payloads';
import { FakeRest, type RecordedCall } from './rest';

/** The application's client secret the fake expects at its token endpoint. */
export const FAKE_CLIENT_SECRET = 'fake-client-secret';

export type { OAuthAccount, OAuthGuild } from './oauth';
export * from './payloads';
export type { RecordedCall } from './rest';
export type { FakeUpload } from './uploads';

/**
 * Who uses a command, and where. `userInstall`: through the user-installed app (a DM, a group DM,
 * or a server without the bot) instead of the server install.
 */
export interface InteractionWho {
  member: FakeMember;
  channel: FakeChannel;
  guildId?: string;
  userInstall?: UserInstallContext;
}

/**
 * A fake Discord on loopback that the real discord.js client logs into: REST under /api/v10
 * and the gateway websocket on the same port. Tests drive it like Discord would (dispatching
 * gateway events) and read what the bot sent (recorded REST calls).
 */
export interface FakeDiscord {
  /** Give this to the bot as DISCORD_API_URL. */
  apiUrl: string;
  token: string;
  botUser: FakeUser;
  applicationId: string;
  guilds: FakeGuild[];
  rest: FakeRest;
  gateway: FakeGateway;
  /** Login with Discord: the consent page, token and identity endpoints (DISCORD_CLIENT_ID = applicationId). */
  oauth: FakeOAuth;
  /** Attachment bytes served on loopback (voice messages). */
  attachments: FakeAttachments;
  calls: RecordedCall[];
  dispatch(t: string, d: Json): number;
  /** A member (or bot, or webhook) writes a message: MESSAGE_CREATE. */
  sendMessage(input: Omit<MessageInput, 'guildId'> & { guildId?: string }): Json;
  /** From now on, messages posted through webhooks (the bot's copies included) reach the gateway as MESSAGE_CREATE, as on Discord. */
  echoWebhookPosts(on: boolean): void;
  editMessage(message: Json, content: string): Json;
  deleteMessage(message: Json): void;
  /** emoji: a Unicode emoji, or a custom one written <:name:id>. */
  react(message: Json, user: FakeUser, emoji: string, added?: boolean): void;
  /** A role's name, place or permissions change (Server Settings → Roles): GUILD_ROLE_UPDATE. */
  updateRole(guildId: string, role: FakeRole): void;
  /** A member joins the server: GUILD_MEMBER_ADD (the member is added to the guild's list). */
  memberJoin(member: FakeMember, guildId?: string): void;
  /** A slash command: INTERACTION_CREATE type 2, command type 1. Returns the interaction. */
  /** `resolved`: the users, members, channels the options name, as Discord sends them (resolvedMembers()). */
  slash(name: string, options: Json[], who: InteractionWho, resolved?: Json): Json;
  autocomplete(
    name: string,
    option: string,
    value: string,
    who: { member: FakeMember; channel: FakeChannel; guildId?: string },
  ): Json;
  /** A message context menu command (Apps > name) on a message. */
  contextMenu(name: string, target: Json, who: InteractionWho): Json;
  /** Every REST call answering this interaction: callback, followups, edits of @original. */
  interactionCalls(interaction: Json): RecordedCall[];
  /** Waits for the interaction's final visible answer (callback with content, or edit of @original). */
  interactionAnswer(interaction: Json, timeoutMs?: number): Promise<Json>;
  createThread(parent: FakeChannel, starter: Json | null, name: string): FakeChannel;
  waitForCall(pred: (c: RecordedCall) => boolean, timeoutMs?: number): Promise<RecordedCall>;
  /** The bot's own profile per server, as Modify Current Member set it (members.ts). */
  profiles: Map<string, CurrentMemberProfile>;
  close(): Promise<void>;
}

export function makeMember(username: string, locale = 'en-US', extra: Partial<FakeUser> = {}): FakeMember {
  return {
    user: { id: snowflake(), username, global_name: `${username} G.`, avatar: 'a1b2c3d4e5f6', ...extra },
    locale,
  };
}

/** A server with an owner and named text channels (ids generated). */
export function makeGuild(name: string, channelNames: string[], members: FakeMember[] = []): FakeGuild {
  const id = snowflake();
  const owner = makeMember('owner');
  // Discord gives a bot its own managed role when it joins; roles below it are the ones it can give.
  const botRole = { id: snowflake(), name: 'Polyglot', position: 10, managed: true, color: 0x5865f2 };
  return {
    id,
    name,
    ownerId: owner.user.id,
    channels: channelNames.map((n, i) => ({ id: snowflake(), name: n, type: 0, position: i })),
    members: [owner, { user: BOT_USER, roles: [botRole.id] }, ...members],
    roles: [botRole],
  };
}

export async function startFakeDiscord(
  opts: {
    guilds?: FakeGuild[];
    token?: string;
    /** The shard count GET /gateway/bot recommends; each shard gets its servers by (id >> 22) % shards. */
    shards?: number;
    /**
     * session_start_limit.max_concurrency of GET /gateway/bot: how many shards may identify in the
     * same 5 s (Discord: 1 for most bots). Default: every shard at once. Not enforced; the
     * gateway's `identifyLog` shows when each shard identified.
     */
    maxConcurrency?: number;
  } = {},
): Promise<FakeDiscord> {
  const token = opts.token ?? 'fake-bot-token';
  const guilds = opts.guilds ?? [];
  // Discord counts the bot among each server's members (GUILD_CREATE, Get Guild Member).
  for (const g of guilds) g.members = withBotMember(g);
  const applicationId = BOT_USER.id;
  let gatewayUrl = '';
  // Channel id -> its server, for every REST call and message: an index instead of a scan of every
  // server's channels (seconds of CPU with 10,000 servers, bench:scale). Rebuilt when a lookup misses
  // (servers or channels added since); a hit is checked (a channel removed since is a miss).
  const channelGuild = new Map<string, FakeGuild>();
  const guildIdOf = (channelId: string): string | undefined => {
    const hit = channelGuild.get(channelId);
    if (hit?.channels.some((c) => c.id === channelId)) return hit.id;
    channelGuild.clear();
    for (const g of guilds)
      for (const c of g.channels) if (!channelGuild.has(c.id)) channelGuild.set(c.id, g);
    return channelGuild.get(channelId)?.id;
  };
  const rest = new FakeRest({
    token,
    botUser: BOT_USER,
    applicationId,
    gatewayUrl: () => gatewayUrl,
    shards: () => opts.shards ?? 1,
    maxConcurrency: () => opts.maxConcurrency,
    guildIdOf,
    emojiKnown: (id) => guilds.some((g) => g.emojis?.some((e) => e.id === id)),
  });
  // Get Guild Member (discord.js's guild.members.fetchMe/fetch): the member as Discord answers it,
  // without the interaction-only `permissions`.
  rest.addRoute('GET', /^\/guilds\/(\d+)\/members\/(\d+)$/, (m) => {
    const member = guilds.find((g) => g.id === m[1])?.members.find((x) => x.user.id === m[2]);
    if (!member) return [404, { message: 'Unknown Member', code: 10007 }];
    const { permissions: _p, ...payload } = memberPayload(member);
    return [200, payload];
  });
  const oauth = new FakeOAuth({ id: applicationId, secret: FAKE_CLIENT_SECRET });
  const attachments = new FakeAttachments();
  const server: Server = createServer((req, res) => {
    if (attachments.handle(req, res)) return;
    (oauth.handles(req) ? oauth.handle(req, res) : rest.handle(req, res)).catch((err) => {
      res.writeHead(500);
      res.end(String(err));
    });
  });
  // Longer than undici's keep-alive, so a reused connection is never closed under a request.
  server.keepAliveTimeout = 60_000;
  const gateway = new FakeGateway(server, { token, botUser: BOT_USER, applicationId, guilds: () => guilds });
  rest.reactions.onChange = (t, d) => gateway.dispatch(t, d);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  gatewayUrl = `ws://127.0.0.1:${port}`;
  attachments.setBase(`http://127.0.0.1:${port}`);
  gateway.setUrl(gatewayUrl);

  const defaultGuild = () => {
    if (!guilds[0]) throw new Error('fake discord: no guild');
    return guilds[0].id;
  };

  const interaction = (type: number, data: Json, who: InteractionWho) => {
    const payload = interactionPayload({
      applicationId,
      guildId: who.userInstall ? '' : (who.guildId ?? guildIdOf(who.channel.id) ?? defaultGuild()),
      channel: who.channel,
      member: who.member,
      type,
      data,
      userInstall: who.userInstall,
    });
    rest.interactionChannels.set(payload.token, who.channel.id);
    gateway.dispatch('INTERACTION_CREATE', payload);
    return payload;
  };

  const interactionCalls = (i: Json) => rest.calls.filter((c) => c.path.includes(`/${i.token}`));

  const fake: FakeDiscord = {
    apiUrl: `http://127.0.0.1:${port}/api`,
    token,
    botUser: BOT_USER,
    applicationId,
    guilds,
    rest,
    gateway,
    oauth,
    attachments,
    calls: rest.calls,
    dispatch: (t, d) => gateway.dispatch(t, d),
    echoWebhookPosts(on) {
      rest.onWebhookPost = on ? (msg) => gateway.dispatch('MESSAGE_CREATE', msg) : null;
    },
    sendMessage(input) {
      const guildId = input.guildId ?? guildIdOf(input.channelId);
      const msg = messagePayload({ ...input, guildId });
      rest.messages.set(msg.id, msg);
      gateway.dispatch('MESSAGE_CREATE', msg);
      return msg;
    },
    editMessage(message, content) {
      const updated: Json = { ...message, content, edited_timestamp: new Date().toISOString() };
      rest.messages.set(updated.id, updated);
      gateway.dispatch('MESSAGE_UPDATE', updated);
      return updated;
    },
    deleteMessage(message) {
      rest.messages.delete(message.id);
      gateway.dispatch('MESSAGE_DELETE', {
        id: message.id,
        channel_id: message.channel_id,
        guild_id: message.guild_id,
      });
    },
    react(message, user, emoji, added = true) {
      // Kept with the message (its GET answers the reactions) and sent to the gateway (reactions.ts).
      const e = emojiPayload(emoji);
      rest.reactions.set(message, user.id, { id: e.id, name: e.name, animated: e.animated }, added, true);
    },
    updateRole(guildId, role) {
      const guild = guilds.find((g) => g.id === guildId);
      if (!guild) throw new Error(`fake discord: no guild ${guildId}`);
      guild.roles = [...(guild.roles ?? []).filter((r) => r.id !== role.id), role];
      gateway.dispatch('GUILD_ROLE_UPDATE', { guild_id: guildId, role: rolePayload(role) });
    },
    memberJoin(member, guildId) {
      const id = guildId ?? defaultGuild();
      guilds.find((g) => g.id === id)?.members.push(member);
      gateway.dispatch('GUILD_MEMBER_ADD', { ...memberPayload(member), guild_id: id });
    },
    slash: (name, options, who, resolved) =>
      interaction(
        InteractionType.ApplicationCommand,
        { id: snowflake(), name, type: CommandType.ChatInput, options, ...(resolved ? { resolved } : {}) },
        who,
      ),
    autocomplete: (name, option, value, who) =>
      interaction(
        InteractionType.Autocomplete,
        {
          id: snowflake(),
          name,
          type: CommandType.ChatInput,
          options: [{ name: option, type: 3, value, focused: true }],
        },
        who,
      ),
    contextMenu: (name, target, who) =>
      interaction(
        InteractionType.ApplicationCommand,
        {
          id: snowflake(),
          name,
          type: CommandType.Message,
          target_id: target.id,
          resolved: { messages: { [target.id]: target } },
        },
        who,
      ),
    interactionCalls,
    async interactionAnswer(i, timeoutMs = 30_000) {
      const visible = (c: RecordedCall) =>
        c.path.includes(`/${i.token}`) &&
        ((c.path.endsWith('/callback') && c.body?.type !== 5 && c.body?.type !== 6) ||
          (c.method === 'PATCH' && c.path.endsWith('/messages/@original')) ||
          (c.method === 'POST' && c.path.startsWith('/webhooks/')));
      const call = await rest.waitForCall(visible, timeoutMs);
      return call.path.endsWith('/callback')
        ? { ...call.body?.data, callbackType: call.body?.type }
        : { ...call.body };
    },
    createThread(parent, starter, name) {
      const guildId = guildIdOf(parent.id) ?? defaultGuild();
      const thread: FakeChannel = { id: starter?.id ?? snowflake(), name, type: 11, parent_id: parent.id };
      guilds.find((g) => g.id === guildId)?.channels.push(thread);
      gateway.dispatch('THREAD_CREATE', {
        ...channelPayload(guildId, thread),
        owner_id: starter?.author?.id ?? null,
        newly_created: true,
        thread_metadata: {
          archived: false,
          auto_archive_duration: 1440,
          archive_timestamp: new Date().toISOString(),
          locked: false,
        },
        member_count: 1,
        message_count: 0,
      });
      return thread;
    },
    waitForCall: (pred, timeoutMs) => rest.waitForCall(pred, timeoutMs),
    profiles: new Map(),
    async close() {
      await gateway.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  fake.profiles = installCurrentMemberRoute(fake);
  installMemberSearchRoute(fake);
  return fake;
}

export { channelPayload, guildPayload };

/** A reaction's emoji as the gateway sends it: custom ones (<:name:id>) carry their id. */
function emojiPayload(emoji: string): Json {
  const custom = emoji.match(/^<(a?):(\w+):(\d+)>$/);
  if (!custom) return { id: null, name: emoji };
  return { id: custom[3], name: custom[2], animated: custom[1] === 'a' };
}
