import type { FakeDiscord } from '.';
import { type Json, memberPayload } from './payloads';

/**
 * Modify Current Member (PATCH /guilds/{guild.id}/members/@me), as Discord's description has it:
 * nick (at most 32 characters), avatar and banner (image data URIs, base64), bio (at most 190),
 * each null to reset. Answers the bot's member (PrivateGuildMemberResponse); what was set is kept
 * in `profiles` per server and announced as GUILD_MEMBER_UPDATE on the gateway. A malformed field answers 400 with Discord's error shape.
 */
export interface CurrentMemberProfile {
  nick: string | null;
  avatar: string | null;
  banner: string | null;
  bio: string | null;
}

const DATA_URI = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/;

export function installCurrentMemberRoute(fake: FakeDiscord): Map<string, CurrentMemberProfile> {
  const profiles = new Map<string, CurrentMemberProfile>();
  fake.rest.addRoute('PATCH', /^\/guilds\/(\d+)\/members\/@me$/, (m, body) => {
    const guild = fake.guilds.find((g) => g.id === m[1]);
    const me = guild?.members.find((x) => x.user.id === fake.botUser.id);
    if (!guild || !me) return [404, { message: 'Unknown Guild', code: 10004 }];
    const b = (body ?? {}) as Record<string, unknown>;
    const errors: Record<string, unknown> = {};
    const text = (key: string, max: number) => {
      const v = b[key];
      if (v !== undefined && v !== null && (typeof v !== 'string' || v.length > max))
        errors[key] = {
          _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: `Must be ${max} or fewer in length.` }],
        };
    };
    const image = (key: string) => {
      const v = b[key];
      if (v !== undefined && v !== null && (typeof v !== 'string' || !DATA_URI.test(v)))
        errors[key] = { _errors: [{ code: 'IMAGE_INVALID', message: 'Invalid image data' }] };
    };
    text('nick', 32);
    text('bio', 190);
    image('avatar');
    image('banner');
    if (Object.keys(errors).length) return [400, { message: 'Invalid Form Body', code: 50035, errors }];
    const prev = profiles.get(guild.id) ?? { nick: null, avatar: null, banner: null, bio: null };
    const next: CurrentMemberProfile = {
      nick: b.nick === undefined ? prev.nick : (b.nick as string | null) || null,
      avatar: b.avatar === undefined ? prev.avatar : ((b.avatar as string | null) ?? null),
      banner: b.banner === undefined ? prev.banner : ((b.banner as string | null) ?? null),
      bio: b.bio === undefined ? prev.bio : ((b.bio as string | null) ?? null),
    };
    profiles.set(guild.id, next);
    me.nick = next.nick;
    // Discord answers the avatar and banner as hashes of the stored images.
    const hash = (v: string | null) =>
      v ? `h${Buffer.from(v.slice(-24)).toString('hex').slice(0, 30)}` : null;
    const member = { ...memberPayload(me), avatar: hash(next.avatar), banner: hash(next.banner) };
    // Discord tells the gateway too (the bot's own member update is sent without the members intent).
    fake.gateway.dispatch('GUILD_MEMBER_UPDATE', { ...member, guild_id: guild.id });
    return [200, member];
  });
  return profiles;
}

/**
 * Search Guild Members (GET /guilds/{guild.id}/members/search?query=&limit=), as Discord's
 * description has it: `query` required (1 to 100 characters), `limit` 1 to 1000 (default 1); the
 * server's members whose username or server nickname starts with the query, case-insensitively,
 * as GuildMemberResponse objects. A malformed query answers 400 with Discord's error shape.
 */
export function installMemberSearchRoute(fake: FakeDiscord): void {
  fake.rest.addRoute('GET', /^\/guilds\/(\d+)\/members\/search$/, (m, _body, query) => {
    const guild = fake.guilds.find((g) => g.id === m[1]);
    if (!guild) return [404, { message: 'Unknown Guild', code: 10004 }];
    const errors: Record<string, unknown> = {};
    const wrong = (key: string, code: string, message: string) => {
      errors[key] = { _errors: [{ code, message }] };
    };
    const q = query.query;
    if (q === undefined) wrong('query', 'BASE_TYPE_REQUIRED', 'This field is required');
    else if (q.length < 1 || q.length > 100)
      wrong('query', 'BASE_TYPE_BAD_LENGTH', 'Must be between 1 and 100 in length.');
    const limit = query.limit === undefined ? 1 : Number(query.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      wrong('limit', 'NUMBER_TYPE_MAX', 'int value should be between 1 and 1000.');
    if (Object.keys(errors).length || q === undefined)
      return [400, { message: 'Invalid Form Body', code: 50035, errors }];
    const start = q.toLowerCase();
    const found = guild.members
      .filter((x) => [x.user.username, x.nick].some((n) => n?.toLowerCase().startsWith(start)))
      .slice(0, limit)
      .map((x) => {
        const { permissions: _p, ...payload } = memberPayload(x) as Record<string, unknown>;
        return payload as Json;
      });
    return [200, found];
  });
}
