import {
  DiscordAPIError,
  type RESTGetAPIGuildMemberResult,
  type RESTGetAPIGuildMembersSearchResult,
  Routes,
} from 'discord.js';
import { discordRest } from '../../core/discord-rest';
import type { Env } from '../../core/env';

/**
 * The staff member a dashboard claim names, asked of Discord (Get Guild Member, with the bot's
 * token; the product keeps no member list): a member of this server gives their name, anyone
 * else is refused with the reason. Both calls go through core/discord-rest.ts (the shared REST
 * proxy when the bot runs behind one).
 */

export type StaffMember = { ok: true; name: string } | { ok: false; problem: string };

/** The name the server shows for them: server nickname, else display name, else username. */
function nameOf(member: RESTGetAPIGuildMemberResult): string {
  return member.nick ?? member.user.global_name ?? member.user.username;
}

export async function staffMemberOf(env: Env, guildId: string, userId: string): Promise<StaffMember> {
  const rest = discordRest(env);
  if (!rest)
    return { ok: false, problem: `${userId} cannot be checked: the bot is not configured (DISCORD_TOKEN)` };
  try {
    const member = (await rest.get(Routes.guildMember(guildId, userId))) as RESTGetAPIGuildMemberResult;
    return { ok: true, name: nameOf(member) };
  } catch (err) {
    if (err instanceof DiscordAPIError && (err.status === 404 || err.status === 400))
      return { ok: false, problem: `${userId} is not a member of this server` };
    const reason = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      problem: `${userId} could not be checked with Discord right now (${reason}); try again`,
    };
  }
}

/** A member of the server as the claim picker lists them. */
export interface MemberMatch {
  id: string;
  name: string;
  /** Their picture on Discord's CDN (the server one, else their account's); null: Discord's default. */
  avatarUrl: string | null;
}

function avatarOf(guildId: string, member: RESTGetAPIGuildMemberResult): string | null {
  const id = member.user.id;
  if (member.avatar)
    return `https://cdn.discordapp.com/guilds/${guildId}/users/${id}/avatars/${member.avatar}.png?size=64`;
  if (member.user.avatar) return `https://cdn.discordapp.com/avatars/${id}/${member.user.avatar}.png?size=64`;
  return null;
}

export type MemberSearch = { ok: true; members: MemberMatch[] } | { ok: false; problem: string };

/**
 * The server's members whose username or server nickname starts with `query`, asked of Discord
 * (Search Guild Members, at most `limit`): only this server's members, bots left out (a bot claims
 * no ticket).
 */
export async function searchMembers(
  env: Env,
  guildId: string,
  query: string,
  limit: number,
): Promise<MemberSearch> {
  const rest = discordRest(env);
  if (!rest) return { ok: false, problem: 'members cannot be searched: the bot is not configured here' };
  try {
    const found = (await rest.get(Routes.guildMembersSearch(guildId), {
      query: new URLSearchParams({ query, limit: String(limit) }),
    })) as RESTGetAPIGuildMembersSearchResult;
    return {
      ok: true,
      members: found
        .filter((m) => !m.user.bot)
        .map((m) => ({ id: m.user.id, name: nameOf(m), avatarUrl: avatarOf(guildId, m) })),
    };
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    return {
      ok: false,
      problem: `Discord could not be asked for this server's members right now (${reason}); try again`,
    };
  }
}
