import { Events, type Guild, type GuildMember, PermissionsBitField } from 'discord.js';
import {
  type BotPermissionReport,
  channelNeeds,
  NEEDED_PERMISSIONS,
  PERMISSION_BITS,
} from '../../../src/common/guilds/permissions';
import type { BotContext } from '../../context';
import { defineEvent } from '../../handlers';
import { inGuildOrder } from './guild-order';

/** Channel types the bot checks: categories hold no messages, threads follow their parent. */
const SKIPPED_TYPES = new Set([4]);

/**
 * What the bot may not do on the server, from what Discord says: its member's permissions (its
 * roles and @everyone; Administrator allows all) and, per channel, `permissionsFor` (the
 * channel's overwrites). Null when Discord does not give the bot's own member.
 */
export function permissionReport(guild: Guild, me: GuildMember | null): BotPermissionReport | null {
  if (!me) return null;
  const onServer = me.permissions;
  const guildMissing = NEEDED_PERMISSIONS.filter((p) => !onServer.has(PERMISSION_BITS[p]));
  const channels: BotPermissionReport['channels'] = [];
  for (const channel of guild.channels.cache.values()) {
    if (channel.isThread() || SKIPPED_TYPES.has(channel.type)) continue;
    const here = channel.permissionsFor(me) ?? new PermissionsBitField();
    // Only what an overwrite takes away (what the roles lack is reported once, for the server).
    const taken = channelNeeds(channel.type).filter(
      (p) => onServer.has(PERMISSION_BITS[p]) && !here.has(PERMISSION_BITS[p]),
    );
    if (!taken.length) continue;
    // A channel the bot cannot see: every other permission there goes with it.
    channels.push({ id: channel.id, missing: taken.includes('ViewChannel') ? ['ViewChannel'] : taken });
  }
  const role = me.roles.botRole ?? me.roles.highest;
  return {
    role: role && role.id !== guild.id ? role.name : null,
    guild: guildMissing,
    channels,
  };
}

/** The bot's own member: from the gateway's cache, else asked of Discord (GET /guilds/{id}/members/{bot}). */
async function myMember(guild: Guild): Promise<GuildMember | null> {
  return guild.members.me ?? (await guild.members.fetchMe().catch(() => null));
}

/**
 * Computes these servers' reports and sends them in one call (guilds.bot.reportPermissions). Runs
 * inside a server's turn of inGuildOrder (the callers hold it), so a report never lands before
 * the sync of the server's row.
 */
export async function reportPermissions(ctx: BotContext, guilds: Guild[]): Promise<void> {
  const servers: { guildId: string; report: BotPermissionReport }[] = [];
  for (const guild of guilds) {
    if (!guild.client.guilds.cache.has(guild.id)) continue;
    const report = permissionReport(guild, await myMember(guild));
    if (report) servers.push({ guildId: guild.id, report });
  }
  if (servers.length) await ctx.caller.guilds.bot.reportPermissions({ servers });
}

/** The bot's own roles changed (given or taken by an admin): its permissions did. */
export default defineEvent(Events.GuildMemberUpdate, async (ctx, _old, member) => {
  if (member.id !== member.client.user.id) return;
  // In the server's turn, after any sync of its lists under way.
  await inGuildOrder([member.guild.id], () => reportPermissions(ctx, [member.guild]));
});
