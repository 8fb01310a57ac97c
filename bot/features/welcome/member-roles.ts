import {
  type MessageReaction,
  type PartialMessageReaction,
  type PartialUser,
  Routes,
  type User,
} from 'discord.js';
import type { BotContext } from '../../context';
import { reportFailure } from '../../discord';

/**
 * Reaction roles (dashboard: Welcome & Roles): a member's reaction on a reaction-role message
 * gives the role of that emoji; taking the reaction off takes the role away. Called from the
 * reaction events beside the flag translations; bots are ignored.
 */
export async function applyReactionRole(
  ctx: BotContext,
  reaction: MessageReaction | PartialMessageReaction,
  user: User | PartialUser,
  change: 'add' | 'remove',
): Promise<void> {
  const guildId = reaction.message.guildId;
  if (user.bot || !guildId) return;
  const role = await ctx.caller.welcome.bot.reactionRole({
    guildId,
    messageId: reaction.message.id,
    emoji: { name: reaction.emoji.name, id: reaction.emoji.id },
  });
  if (!role) return;
  const route = Routes.guildMemberRole(guildId, user.id, role.roleId);
  const reason = `Reaction role: ${role.label}`;
  try {
    if (change === 'add') await ctx.client.rest.put(route, { reason });
    else await ctx.client.rest.delete(route, { reason });
  } catch (err) {
    await reportFailure(ctx, guildId, reaction.message.channelId, `${change} role`, err);
  }
}
