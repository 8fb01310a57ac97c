import {
  type ChatInputCommandInteraction,
  MessageFlags,
  SlashCommandBuilder,
  type SlashCommandStringOption,
} from 'discord.js';
import { deliverChanges } from './jobs';
import type { BotCommand } from '../../handlers';

/**
 * /exchange join native:<language> learning:<language>, leave, status, next: language exchange
 * partners (the Pro plan). Every answer is private and in the member's language; the rows are
 * written by the procedure, then the bot does the Discord side (thread, the partner's DM).
 */

const who = (interaction: ChatInputCommandInteraction & { guildId: string }) => ({
  guildId: interaction.guildId,
  userId: interaction.user.id,
  username: interaction.user.username,
  locale: interaction.locale ?? null,
});

const languageOption = (name: string, description: string) => (o: SlashCommandStringOption) =>
  o.setName(name).setDescription(description).setRequired(true).setAutocomplete(true).setMaxLength(100);

export const exchange: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('exchange')
    .setDescription('Language exchange: practise with a partner who learns your language')
    .addSubcommand((s) =>
      s
        .setName('join')
        .setDescription('Wait for a partner who speaks what you learn and learns what you speak')
        .addStringOption(languageOption('native', 'The language you speak natively (start typing to search)'))
        .addStringOption(
          languageOption('learning', 'The language you are learning (start typing to search)'),
        ),
    )
    .addSubcommand((s) => s.setName('leave').setDescription('Leave the language exchange (ends your pair)'))
    .addSubcommand((s) =>
      s.setName('status').setDescription('Your languages, and your partner or how long you have waited'),
    )
    .addSubcommand((s) =>
      s.setName('next').setDescription('End your current pair and wait for someone else'),
    ),
  async execute(ctx, interaction) {
    if (!interaction.inGuild()) {
      await interaction.reply({
        content: 'Language exchange belongs to a server: run /exchange in one.',
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    const sub = interaction.options.getSubcommand();
    if (sub === 'status') {
      const answer = await ctx.caller.exchange.bot.status(who(interaction));
      await interaction.reply({
        content: answer.text,
        flags: MessageFlags.Ephemeral,
        allowedMentions: { parse: [] },
      });
      return;
    }
    // The partner's DM and the thread may take a moment: answer within Discord's 3 s first.
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const answer =
      sub === 'join'
        ? await ctx.caller.exchange.bot.join({
            ...who(interaction),
            native: interaction.options.getString('native', true),
            learning: interaction.options.getString('learning', true),
          })
        : sub === 'next'
          ? await ctx.caller.exchange.bot.next(who(interaction))
          : { ...(await ctx.caller.exchange.bot.leave(who(interaction))), matchedPairId: null };
    if (!answer.ok) {
      await interaction.editReply({ content: answer.text, allowedMentions: { parse: [] } });
      return;
    }
    await deliverChanges(ctx, interaction.guildId, answer, interaction.user.id);
    const pairId = answer.matchedPairId;
    const matched = pairId
      ? await ctx.caller.exchange.bot.matched({
          guildId: interaction.guildId,
          pairId,
          userId: interaction.user.id,
        })
      : null;
    await interaction.editReply({
      content: matched ? `${answer.text}\n\n${matched}` : answer.text,
      allowedMentions: { parse: [] },
    });
    // Discord accepted the reply: the member who ran the command has been told of their pair.
    if (pairId && matched)
      await ctx.caller.exchange.bot.told({
        guildId: interaction.guildId,
        pairId,
        userId: interaction.user.id,
        how: 'reply',
        error: null,
      });
  },
  async autocomplete(ctx, interaction) {
    await interaction.respond(
      await ctx.caller.exchange.bot.choices({ query: interaction.options.getFocused().slice(0, 100) }),
    );
  },
};
