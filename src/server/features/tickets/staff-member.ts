import { DiscordAPIError, REST, type RESTGetAPIGuildMemberResult, Routes } from 'discord.js';
import type { Env } from '../../core/env';

/**
 * The staff member a dashboard claim names, asked of Discord (Get Guild Member, with the bot's
 * token; the product keeps no member list): a member of this server gives their name, anyone
 * else is refused with the reason.
 */

const rests = new Map<string, REST>();

function restFor(env: Env): REST | null {
  if (!env.DISCORD_TOKEN) return null;
  const key = `${env.DISCORD_API_URL}|${env.DISCORD_TOKEN}`;
  let rest = rests.get(key);
  if (!rest) {
    rest = new REST({ api: env.DISCORD_API_URL, retries: 1, timeout: 10_000 }).setToken(env.DISCORD_TOKEN);
    rests.set(key, rest);
  }
  return rest;
}

export type StaffMember = { ok: true; name: string } | { ok: false; problem: string };

/** The name the server shows for them: server nickname, else display name, else username. */
function nameOf(member: RESTGetAPIGuildMemberResult): string {
  return member.nick ?? member.user.global_name ?? member.user.username;
}

export async function staffMemberOf(env: Env, guildId: string, userId: string): Promise<StaffMember> {
  const rest = restFor(env);
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
