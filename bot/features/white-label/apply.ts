import { DiscordAPIError } from 'discord.js';
import type { BotContext } from '../../context';

/**
 * Queue job 'whiteLabel:apply': sends the server's white-label profile to Discord (Modify Current
 * Member, PATCH /guilds/{guild.id}/members/@me: nick, avatar, banner, bio; null resets each to the
 * bot's own) and records the outcome for the screen. A refusal (bad image, Discord's rules) is
 * recorded, not retried; a transient failure (Discord unreachable, 5xx) throws so the queue retries.
 */
export async function runWhiteLabelJob(ctx: BotContext, { guildId }: { guildId: string }): Promise<void> {
  const guild = ctx.client.guilds.cache.get(guildId);
  if (!guild) return;
  const profile = await ctx.caller.whiteLabel.bot.profile({ guildId });
  try {
    await guild.members.editMe({
      nick: profile.nick,
      avatar: profile.avatar,
      banner: profile.banner,
      bio: profile.bio,
    });
  } catch (err) {
    if (err instanceof DiscordAPIError && err.status < 500) {
      await ctx.caller.whiteLabel.bot.applied({ guildId, error: `Discord refused it: ${err.message}` });
      return;
    }
    throw err;
  }
  await ctx.caller.whiteLabel.bot.applied({ guildId, error: null });
}
