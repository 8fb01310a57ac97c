import { type ButtonInteraction, MessageFlags, PermissionFlagsBits, SlashCommandBuilder } from 'discord.js';
import { POLL_SHOW_PREFIX, POLL_VOTE_PREFIX } from '../../../src/server/features/polls/render';
import type { BotContext } from '../../context';
import { deliverPoll } from './jobs';
import type { BotCommand } from '../../handlers';

/** "a | b | c", or one per line: the options of /poll create. */
export function splitOptions(raw: string): string[] {
  return raw
    .split(/[|\n]/)
    .map((o) => o.trim())
    .filter((o) => o !== '');
}

/** /poll create: an admin asks in their own language; the poll is translated and posted here. */
export const poll: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('poll')
    .setDescription('Multilingual polls')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageGuild)
    .addSubcommand((s) =>
      s
        .setName('create')
        .setDescription('Post a poll here; members vote with buttons, each in their language')
        .addStringOption((o) =>
          o
            .setName('question')
            .setDescription('The question, in your language')
            .setRequired(true)
            .setMaxLength(300),
        )
        .addStringOption((o) =>
          o
            .setName('options')
            .setDescription('2 to 10 options separated by | (e.g. Pizza | Sushi | Tacos)')
            .setRequired(true)
            .setMaxLength(1000),
        )
        .addBooleanOption((o) => o.setName('multiple').setDescription('Members may choose several options'))
        .addIntegerOption((o) =>
          o
            .setName('minutes')
            .setDescription('Close the poll after this many minutes')
            .setMinValue(1)
            .setMaxValue(43200),
        ),
    ),
  async execute(ctx, interaction) {
    if (!interaction.inGuild()) {
      await interaction.reply({
        content: 'Polls live in servers: run /poll create in a server channel.',
        flags: MessageFlags.Ephemeral,
      });
      return;
    }
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    const made = await ctx.caller.polls.bot.createFromDiscord({
      guildId: interaction.guildId,
      channelId: interaction.channelId,
      userId: interaction.user.id,
      username: interaction.user.username,
      locale: interaction.locale ?? null,
      question: interaction.options.getString('question', true),
      options: splitOptions(interaction.options.getString('options', true)),
      allowMultiple: interaction.options.getBoolean('multiple') ?? false,
      minutes: interaction.options.getInteger('minutes'),
    });
    if (!made.ok) {
      await interaction.editReply({ content: made.message });
      return;
    }
    const outcome = await deliverPoll(ctx, interaction.guildId, made.id);
    await interaction.editReply({
      content:
        outcome.kind === 'posted'
          ? made.said.posted
          : made.said.notPosted.replace('{reason}', outcome.kind === 'failed' ? outcome.error : 'unknown'),
    });
  },
};

/** A poll's buttons: poll:vote:<pollId>:<optionId> counts a vote, poll:show:<pollId> shows it translated. */
export async function handlePollButton(ctx: BotContext, interaction: ButtonInteraction): Promise<boolean> {
  const vote = new RegExp(`^${POLL_VOTE_PREFIX}:(\\d{1,12}):(opt-\\d{1,15})$`).exec(interaction.customId);
  const show = new RegExp(`^${POLL_SHOW_PREFIX}:(\\d{1,12})$`).exec(interaction.customId);
  if ((!vote && !show) || !interaction.inGuild()) return false;
  const who = {
    guildId: interaction.guildId,
    userId: interaction.user.id,
    locale: interaction.locale ?? null,
  };
  const answer = vote
    ? await ctx.caller.polls.bot.vote({ ...who, pollId: Number(vote[1]), optionId: vote[2] ?? '' })
    : await ctx.caller.polls.bot.show({ ...who, pollId: Number(show?.[1]) });
  await interaction.reply({
    content: answer.text,
    flags: MessageFlags.Ephemeral,
    allowedMentions: { parse: [] },
  });
  return true;
}
