import { type Message, Routes } from 'discord.js';
import type { BotContext } from '../../context';
import { parentOf, reportFailure } from '../../discord';
import { messageMember } from '../../message-members';

/**
 * A member's message earns XP (the rules live in services/xp.ts). A level-up is announced in the
 * member's language, where the admin chose (or in the same channel), and its role rewards given.
 * Only called for members' messages: never bots, webhooks or system messages.
 */
export async function earnXp(ctx: BotContext, message: Message<true>): Promise<void> {
  const result = await ctx.caller.xp.bot.message({
    guildId: message.guildId,
    channelId: message.channelId,
    parentChannelId: parentOf(message),
    userId: message.author.id,
    username: messageMember(message)?.displayName ?? message.author.displayName ?? message.author.username,
    locale: null,
  });
  const up = result.levelUp;
  if (!up) return;
  for (const roleId of up.roleIds) {
    try {
      await ctx.client.rest.put(Routes.guildMemberRole(message.guildId, message.author.id, roleId), {
        reason: 'Level reward',
      });
    } catch (err) {
      await reportFailure(ctx, message.guildId, message.channelId, 'give a level reward role', err);
    }
  }
  try {
    await ctx.client.rest.post(Routes.channelMessages(up.channelId), {
      body: { content: up.text, allowed_mentions: { parse: [], users: [message.author.id] } },
    });
  } catch (err) {
    await reportFailure(ctx, message.guildId, up.channelId, 'announce a level-up', err);
  }
}
