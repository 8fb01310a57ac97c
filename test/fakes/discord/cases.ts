import type { FakeDiscord } from '.';
import { type FakeMember, type Json, memberPayload, userPayload } from './payloads';

/**
 * A member as Get Guild Member answers it (Discord's GuildMemberResponse): roles, no `permissions`
 * field (that one comes only with an interaction's member); permissions are computed from roles.
 */
export function guildMemberResponse(member: FakeMember): Json {
  const { permissions: _not, ...payload } = memberPayload(member);
  return payload;
}

/**
 * What moderation cases need of the fake Discord: fetching a member (404 Unknown Member when they
 * are not on the server), kicking (DELETE member), banning (PUT ban; the member leaves) and
 * unbanning (DELETE ban; 404 Unknown Ban when not banned). Like Discord, a user who is not on the
 * server can be banned by id; an id no account has answers 404 Unknown User. Get User answers
 * any member's or departed member's account. Timeouts are in moderation.ts.
 */
export interface CasesFake {
  /** `${guildId}:${userId}` of every banned user. */
  bans: Set<string>;
  /** `${guildId}:${userId}` of every kicked member. */
  kicked: string[];
  /** Ids no Discord account has: banning one answers 404 Unknown User (10013). */
  unknownUsers: Set<string>;
}

export function installCaseRoutes(fake: FakeDiscord): CasesFake {
  const bans = new Set<string>();
  const kicked: string[] = [];
  const unknownUsers = new Set<string>();
  const guildOf = (id: string) => fake.guilds.find((g) => g.id === id);
  /** Users who left a server (kicked, banned): Discord still knows their account (Get User). */
  const departed = new Map<string, Json>();
  const leave = (guildId: string, userId: string) => {
    const g = guildOf(guildId);
    const member = g?.members.find((m) => m.user.id === userId);
    if (member) departed.set(userId, userPayload(member.user));
    if (g) g.members = g.members.filter((m) => m.user.id !== userId);
  };
  fake.rest.addRoute('GET', /^\/users\/(\d+)$/, (m) => {
    const member = fake.guilds.flatMap((g) => g.members).find((x) => x.user.id === m[1]);
    const user = member ? userPayload(member.user) : departed.get(m[1]);
    return user ? [200, user] : [404, { message: 'Unknown User', code: 10013 }];
  });
  fake.rest.addRoute('GET', /^\/guilds\/(\d+)\/members\/(\d+)$/, (m) => {
    const member = guildOf(m[1])?.members.find((x) => x.user.id === m[2]);
    return member ? [200, guildMemberResponse(member)] : [404, { message: 'Unknown Member', code: 10007 }];
  });
  fake.rest.addRoute('DELETE', /^\/guilds\/(\d+)\/members\/(\d+)$/, (m) => {
    if (!guildOf(m[1])?.members.some((x) => x.user.id === m[2]))
      return [404, { message: 'Unknown Member', code: 10007 }];
    leave(m[1], m[2]);
    kicked.push(`${m[1]}:${m[2]}`);
    return [204, null];
  });
  fake.rest.addRoute('PUT', /^\/guilds\/(\d+)\/bans\/(\d+)$/, (m) => {
    if (unknownUsers.has(m[2])) return [404, { message: 'Unknown User', code: 10013 }];
    bans.add(`${m[1]}:${m[2]}`);
    leave(m[1], m[2]);
    return [204, null];
  });
  fake.rest.addRoute('DELETE', /^\/guilds\/(\d+)\/bans\/(\d+)$/, (m) =>
    bans.delete(`${m[1]}:${m[2]}`) ? [204, null] : [404, { message: 'Unknown Ban', code: 10026 }],
  );
  return { bans, kicked, unknownUsers };
}
