import type { FakeDiscord } from '.';
import { type FakeGuild, type FakeRole, memberPayload, snowflake, userPayload } from './payloads';

/**
 * What moderation needs of the fake Discord: DM channels (POST /users/@me/channels, with members
 * whose DMs are closed answering 50007 on send), member timeouts (PATCH /guilds/:g/members/:u
 * with communication_disabled_until), and a server whose @everyone is a plain member while the
 * bot and moderators get roles.
 */

/** VIEW_CHANNEL | SEND_MESSAGES | READ_MESSAGE_HISTORY | ADD_REACTIONS | EMBED_LINKS | ATTACH_FILES */
export const MEMBER_PERMISSIONS = String(
  (1n << 10n) | (1n << 11n) | (1n << 16n) | (1n << 6n) | (1n << 14n) | (1n << 15n),
);
/** MEMBER_PERMISSIONS + MANAGE_MESSAGES */
export const MODERATOR_PERMISSIONS = String(BigInt(MEMBER_PERMISSIONS) | (1n << 13n));

const role = (id: string, name: string, permissions: string, position: number): FakeRole => ({
  id,
  name,
  position,
  permissions,
});

/**
 * Makes @everyone a plain member, gives the bot an Administrator role and creates a Moderators
 * role (Manage Messages). Call before the fake starts (the bot reads roles from GUILD_CREATE).
 * Returns the moderators' role id.
 */
export function withMemberRoles(guild: FakeGuild): { moderatorRole: string; botRole: string } {
  const moderatorRole = snowflake();
  const botRole = snowflake();
  guild.everyonePermissions = MEMBER_PERMISSIONS;
  guild.roles = [
    ...(guild.roles ?? []),
    role(moderatorRole, 'Moderators', MODERATOR_PERMISSIONS, 1),
    role(botRole, 'Polyglot', '8', 2),
  ];
  for (const m of guild.members) if (m.user.bot) m.roles = [...(m.roles ?? []), botRole];
  return { moderatorRole, botRole };
}

export interface ModerationFake {
  /** DM channel id -> the user it talks to. */
  dmChannels: Map<string, string>;
  /** Users whose DMs are closed (sending answers 403 code 50007). */
  closedDms: Set<string>;
  /** Messages sent in DMs: user id -> contents. */
  dms(userId: string): string[];
  /** Timeouts set: `${guildId}:${userId}` -> ISO time until which the member cannot write. */
  timeouts: Map<string, string>;
}

export function installModerationRoutes(fake: FakeDiscord): ModerationFake {
  const dmChannels = new Map<string, string>();
  const closedDms = new Set<string>();
  const timeouts = new Map<string, string>();
  const userOf = (id: string) =>
    fake.guilds.flatMap((g) => g.members).find((m) => m.user.id === id)?.user ?? {
      id,
      username: `user${id.slice(-4)}`,
    };
  fake.rest.addRoute('POST', /^\/users\/@me\/channels$/, (_m, body) => {
    const userId = String(body?.recipient_id ?? '');
    const existing = [...dmChannels].find(([, u]) => u === userId)?.[0];
    const id = existing ?? snowflake();
    dmChannels.set(id, userId);
    return [200, { id, type: 1, flags: 0, last_message_id: null, recipients: [userPayload(userOf(userId))] }];
  });
  fake.rest.fail({
    method: 'POST',
    path: { test: (p: string) => isClosedDm(p) } as unknown as RegExp,
    status: 403,
    body: { message: 'Cannot send messages to this user', code: 50007 },
  });
  function isClosedDm(path: string): boolean {
    const m = /^\/channels\/(\d+)\/messages$/.exec(path);
    return Boolean(m && closedDms.has(dmChannels.get(m[1]) ?? ''));
  }
  fake.rest.addRoute('PATCH', /^\/guilds\/(\d+)\/members\/(\d+)$/, (m, body) => {
    const member = fake.guilds.find((g) => g.id === m[1])?.members.find((x) => x.user.id === m[2]);
    if (!member) return [404, { message: 'Unknown Member', code: 10007 }];
    const until = body?.communication_disabled_until ?? null;
    if (until) timeouts.set(`${m[1]}:${m[2]}`, until);
    else timeouts.delete(`${m[1]}:${m[2]}`);
    // Modify Guild Member answers a GuildMemberResponse: no `permissions` field.
    const { permissions: _not, ...payload } = memberPayload(member);
    return [200, { ...payload, communication_disabled_until: until }];
  });
  return {
    dmChannels,
    closedDms,
    timeouts,
    dms(userId) {
      const ids = [...dmChannels].filter(([, u]) => u === userId).map(([c]) => c);
      return fake.rest.calls
        .filter(
          (c) =>
            c.method === 'POST' && ids.some((id) => c.path === `/channels/${id}/messages`) && c.status < 300,
        )
        .map((c) => String(c.body?.content ?? ''));
    },
  };
}
