import { Events, Routes } from 'discord.js';
import { reportFailure } from '../../discord';
import { postOnceBody } from '../../nonce';
import { defineEvent } from '../../handlers';

/**
 * A member joined: the welcome message in their language (pinging only them) in the welcome
 * channel, then the auto-assign role, as set on the dashboard's Welcome & Roles page.
 */
export default defineEvent(Events.GuildMemberAdd, async (ctx, member) => {
  if (member.user.bot) return;
  const guildId = member.guild.id;
  // Discord does not tell a new member's client locale; /setlanguage or the server default decide.
  const plan = await ctx.caller.welcome.bot.welcomeFor({ guildId, userId: member.id, locale: null });
  if (plan.post) {
    try {
      await ctx.client.rest.post(Routes.channelMessages(plan.post.channelId), {
        // REST's own retries (a reset connection, a timeout) resend the same nonce: one welcome per join.
        body: {
          content: plan.post.content,
          allowed_mentions: { parse: [], users: [member.id] },
          ...postOnceBody('welcome', guildId, member.id, member.joinedTimestamp ?? 0, plan.post.channelId),
        },
      });
    } catch (err) {
      await reportFailure(ctx, guildId, plan.post.channelId, 'send message', err);
    }
  }
  if (plan.roleId) {
    try {
      await ctx.client.rest.put(Routes.guildMemberRole(guildId, member.id, plan.roleId), {
        reason: 'Welcome: auto-assign role',
      });
    } catch (err) {
      await reportFailure(ctx, guildId, plan.channelId ?? guildId, 'add role', err);
    }
  }
});
