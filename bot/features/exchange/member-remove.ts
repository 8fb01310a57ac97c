import { Events } from 'discord.js';
import { deliverChanges } from './jobs';
import { defineEvent } from '../../handlers';

/**
 * A member left the server: they leave the language exchange (their pair ends, the partner is
 * told and may be matched again), so nobody is paired with someone who is gone.
 */
export default defineEvent(Events.GuildMemberRemove, async (ctx, member) => {
  if (member.user?.bot) return;
  const guildId = member.guild.id;
  const change = await ctx.caller.exchange.bot.memberGone({ guildId, userId: member.id });
  if (change.ended.length || change.pairs.length) await deliverChanges(ctx, guildId, change);
});
