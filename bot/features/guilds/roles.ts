import { Events, type Guild, PermissionFlagsBits, type Role } from 'discord.js';
import type { BotContext } from '../../context';
import { inGuildOrder } from './guild-order';
import { reportPermissions } from './permissions';
import { defineEvent } from '../../handlers';

/** Whether the bot can give the role: not managed, below its own highest role, with Manage Roles. */
function assignable(role: Role): boolean {
  const me = role.guild.members.me;
  if (role.managed || !me) return false;
  if (!me.permissions.has(PermissionFlagsBits.ManageRoles)) return false;
  return me.roles.highest.comparePositionTo(role) > 0;
}

/**
 * The guild's roles (without @everyone) into guild_roles, so pickers show names and colours.
 * Syncs of one server run one after another (with its whole sync on connecting, guild-order.ts),
 * each with the list as it is when it runs: two role events close together never let the older
 * list land last.
 */
export function syncRoles(ctx: BotContext, guild: Guild): Promise<void> {
  return inGuildOrder([guild.id], async () => {
    await ctx.caller.guilds.bot.syncRoles({ guildId: guild.id, roles: roleRows(guild) });
    // A role's permissions or place changed: so may the bot's own.
    await reportPermissions(ctx, [guild]);
  });
}

/** The guild's roles as guild_roles keeps them (@everyone, whose id is the guild's, left out). */
export function roleRows(guild: Guild) {
  return [...guild.roles.cache.values()]
    .filter((r) => r.id !== guild.id)
    .map((r) => ({
      id: r.id,
      name: r.name,
      color: r.colors?.primaryColor ?? r.color,
      position: r.rawPosition,
      managed: r.managed,
      assignable: assignable(r),
    }));
}

/** Any role change can move roles above or below the bot's: the whole list is synced again. */
export const roleCreate = defineEvent(Events.GuildRoleCreate, (ctx, role) => syncRoles(ctx, role.guild));
export const roleUpdate = defineEvent(Events.GuildRoleUpdate, (ctx, _old, role) =>
  syncRoles(ctx, role.guild),
);
export const roleDelete = defineEvent(Events.GuildRoleDelete, (ctx, role) => syncRoles(ctx, role.guild));
