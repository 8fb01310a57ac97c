import { Events, type Guild, PermissionFlagsBits, type Role } from 'discord.js';
import type { BotContext } from '../context';
import { defineEvent } from './types';

/** Whether the bot can give the role: not managed, below its own highest role, with Manage Roles. */
function assignable(role: Role): boolean {
  const me = role.guild.members.me;
  if (role.managed || !me) return false;
  if (!me.permissions.has(PermissionFlagsBits.ManageRoles)) return false;
  return me.roles.highest.comparePositionTo(role) > 0;
}

/** The guild's roles (without @everyone) into guild_roles, so pickers show names and colours. */
export async function syncRoles(ctx: BotContext, guild: Guild): Promise<void> {
  await ctx.caller.bot.syncRoles({
    guildId: guild.id,
    roles: [...guild.roles.cache.values()]
      .filter((r) => r.id !== guild.id)
      .map((r) => ({
        id: r.id,
        name: r.name,
        color: r.colors?.primaryColor ?? r.color,
        position: r.rawPosition,
        managed: r.managed,
        assignable: assignable(r),
      })),
  });
}

/** Any role change can move roles above or below the bot's: the whole list is synced again. */
export const roleCreate = defineEvent(Events.GuildRoleCreate, (ctx, role) => syncRoles(ctx, role.guild));
export const roleUpdate = defineEvent(Events.GuildRoleUpdate, (ctx, _old, role) =>
  syncRoles(ctx, role.guild),
);
export const roleDelete = defineEvent(Events.GuildRoleDelete, (ctx, role) => syncRoles(ctx, role.guild));
