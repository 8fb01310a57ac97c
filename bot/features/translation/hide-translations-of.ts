import { TRPCError } from '@trpc/server';
import { InteractionContextType, MessageFlags, SlashCommandBuilder } from 'discord.js';
import type { BotCommand } from '../../handlers';

const ACTIONS = ['hide', 'show', 'list', 'clear'] as const;

/**
 * /hide-translations-of member:@someone [action:hide|show|list|clear] (issue 28): a member hides
 * the translations of certain people for themselves on this server (Translate Message skips them);
 * list shows whom they hide, clear empties it. Answered privately in their language.
 */
export const hideTranslationsOf: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('hide-translations-of')
    .setDescription('Hide the translations of a member for you (Translate Message), or list and undo')
    .setContexts(InteractionContextType.Guild)
    .addUserOption((o) => o.setName('member').setDescription('The member (for hide and show)'))
    .addStringOption((o) =>
      o
        .setName('action')
        .setDescription('hide (default), show again, list whom you hide, clear the list')
        .addChoices(...ACTIONS.map((a) => ({ name: a, value: a }))),
    ),
  async execute(ctx, interaction) {
    const say = (content: string) => interaction.reply({ content, flags: MessageFlags.Ephemeral });
    if (!interaction.inGuild()) return void (await say('❌ /hide-translations-of works in a server.'));
    const user = interaction.options.getUser('member');
    const action = interaction.options.getString('action') ?? (user ? 'hide' : 'list');
    if (!(ACTIONS as readonly string[]).includes(action))
      return void (await say(`❌ action: "${action}" is not a choice; use ${ACTIONS.join(', ')}.`));
    if (user && (action === 'hide' || action === 'show')) {
      // Discord resolves a member only when the user is in this server.
      if (!interaction.options.getMember('member'))
        return void (await say(`❌ member: ${user.username} is not a member of this server.`));
      if (user.bot && action === 'hide')
        return void (await say(
          `❌ member: ${user.username} is a bot; only members' messages can be hidden.`,
        ));
    }
    try {
      const answer = await ctx.caller.translation.bot.hideTranslationsOf({
        guildId: interaction.guildId,
        userId: interaction.user.id,
        action: action as (typeof ACTIONS)[number],
        authorId: action === 'hide' || action === 'show' ? user?.id : undefined,
        locale: interaction.locale ?? null,
      });
      await interaction.reply({ ...answer, flags: MessageFlags.Ephemeral, allowedMentions: { parse: [] } });
    } catch (err) {
      if (!(err instanceof TRPCError) || err.code !== 'BAD_REQUEST') throw err;
      await say(`❌ ${err.message}`);
    }
  },
};
