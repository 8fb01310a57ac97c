import {
  ChannelType,
  type ChatInputCommandInteraction,
  type GuildBasedChannel,
  MessageFlags,
  PermissionFlagsBits,
  SlashCommandBuilder,
} from 'discord.js';
import type { VoiceLine } from '../../../src/common/voice/lines';
import type { BotContext } from '../../context';
import { runSession, stopSession } from './session';
import type { BotCommand } from '../../handlers';

/** Needed in the voice channel to caption it. */
const NEEDED = [PermissionFlagsBits.ViewChannel, PermissionFlagsBits.Connect, PermissionFlagsBits.Speak];

/** Needed where captions go (the webhook is made in the channel, or in a thread's parent). */
const CAPTION_NEEDED = [
  PermissionFlagsBits.ViewChannel,
  PermissionFlagsBits.SendMessages,
  PermissionFlagsBits.ManageWebhooks,
];

/**
 * The captions: option: a text channel, or a thread (posted into through its parent's webhook).
 * undefined: not given; null: given but the bot may not post there.
 */
function captionOption(
  interaction: ChatInputCommandInteraction<'cached'>,
): { channelId: string; threadId: string | null; mention: string } | null | undefined {
  const picked = interaction.options.getChannel('captions');
  if (!picked) return undefined;
  const channel = interaction.guild.channels.cache.get(picked.id);
  const me = interaction.guild.members.me;
  const parent = channel?.isThread() ? channel.parent : channel;
  if (!channel || !parent || !me || !parent.permissionsFor(me).has(CAPTION_NEEDED)) return null;
  return channel.isThread()
    ? { channelId: parent.id, threadId: channel.id, mention: `<#${channel.id}>` }
    : { channelId: channel.id, threadId: null, mention: `<#${channel.id}>` };
}

/** The channel named in the option, else the voice channel the member is in, else where they typed. */
function channelOf(interaction: ChatInputCommandInteraction<'cached'>): GuildBasedChannel | null {
  const named = interaction.options.getChannel('channel');
  if (named) return interaction.guild.channels.cache.get(named.id) ?? null;
  return interaction.member.voice.channel ?? interaction.channel ?? null;
}

/**
 * A reply of /voice in the member's language (the server says it through the speaker). Every
 * /voice answer is deferred first: a language the tables lack may wait for the provider.
 */
async function text(ctx: BotContext, interaction: ChatInputCommandInteraction, line: VoiceLine) {
  const { content } = await ctx.caller.voice.bot.reply({
    guildId: interaction.guildId,
    userId: interaction.user.id,
    locale: interaction.locale,
    line,
  });
  return content;
}

async function start(ctx: BotContext, interaction: ChatInputCommandInteraction<'cached'>) {
  const channel = channelOf(interaction);
  const ephemeral = async (line: VoiceLine) =>
    await interaction.editReply({
      content: await text(ctx, interaction, line),
      allowedMentions: { parse: [] },
    });
  if (!channel?.isVoiceBased()) {
    const where = channel ? `<#${channel.id}>` : '—';
    await ephemeral({ phrase: 'VOICE_NOT_A_VOICE_CHANNEL', vars: { channel: where } });
    return;
  }
  const me = interaction.guild.members.me;
  if (!me || !channel.permissionsFor(me).has(NEEDED)) {
    await ephemeral({ phrase: 'VOICE_MISSING_PERMISSIONS', vars: { channel: `<#${channel.id}>` } });
    return;
  }
  const caption = captionOption(interaction);
  if (caption === null) {
    const picked = interaction.options.getChannel('captions');
    await ephemeral({
      phrase: 'VOICE_CAPTIONS_MISSING_PERMISSIONS',
      vars: { channel: picked ? `<#${picked.id}>` : '—' },
    });
    return;
  }
  // Whoever is in the channel first (the member cache is bounded: client-caches.ts), then the
  // server's members the bot has seen lately.
  const seen = new Map([...channel.members, ...interaction.guild.members.cache]);
  const members = [...seen.values()]
    .filter((m) => !m.user.bot)
    .slice(0, 5000)
    .map((m) => ({ userId: m.id, locale: null }));
  const started = await ctx.caller.voice.bot.start({
    guildId: interaction.guildId,
    channelId: channel.id,
    channelName: channel.name,
    languages: interaction.options.getString('languages'),
    userId: interaction.user.id,
    locale: interaction.locale,
    members,
    caption: caption ? { channelId: caption.channelId, threadId: caption.threadId } : undefined,
  });
  if (!started.ok) {
    await interaction.editReply({ content: started.message, allowedMentions: { parse: [] } });
    return;
  }
  // The bot says it listens before it does, in the channel's own chat.
  try {
    await channel.send({ content: started.announcement, allowedMentions: { parse: [] } });
  } catch (err) {
    console.warn(`voice: announcement in ${channel.id} not posted: ${(err as Error).message}`);
  }
  const joined = await runSession(ctx, interaction.guild, channel, started.session.id, started.minutesLeft);
  await interaction.editReply({
    content: joined.ok
      ? started.startedMessage
      : await text(ctx, interaction, {
          phrase: 'VOICE_CONNECT_FAILED',
          vars: { channel: `<#${channel.id}>`, reason: joined.reason },
        }),
    allowedMentions: { parse: [] },
  });
}

async function stop(ctx: BotContext, interaction: ChatInputCommandInteraction<'cached'>) {
  const channel = channelOf(interaction);
  const where = channel ? `<#${channel.id}>` : '—';
  const session = channel
    ? await ctx.caller.voice.bot.activeIn({ guildId: interaction.guildId, channelId: channel.id })
    : null;
  if (!session) {
    await interaction.editReply({
      content: await text(ctx, interaction, { phrase: 'VOICE_NO_SESSION', vars: { channel: where } }),
      allowedMentions: { parse: [] },
    });
    return;
  }
  await stopSession(ctx, session.id, {
    status: 'ended',
    reason: `stopped with /voice stop by ${interaction.user.username}`,
  });
  await interaction.editReply({
    content: await text(ctx, interaction, { phrase: 'VOICE_STOPPED', vars: { channel: where } }),
    allowedMentions: { parse: [] },
  });
}

/** /voice start [channel] [languages] and /voice stop [channel]: live captions of a voice channel. */
export const voice: BotCommand = {
  kind: 'slash',
  data: new SlashCommandBuilder()
    .setName('voice')
    .setDescription('Live captions of a voice channel, translated (Pro)')
    .setDefaultMemberPermissions(PermissionFlagsBits.ManageChannels)
    .addSubcommand((s) =>
      s
        .setName('start')
        .setDescription('Caption a voice channel in the server’s languages')
        .addChannelOption((o) =>
          o
            .setName('channel')
            .setDescription('The voice channel (default: the one you are in)')
            .addChannelTypes(ChannelType.GuildVoice, ChannelType.GuildStageVoice, ChannelType.GuildText),
        )
        .addStringOption((o) =>
          o
            .setName('languages')
            .setDescription('Caption languages, e.g. "es, fr, ja" (default: the members’ languages)')
            .setMaxLength(200),
        )
        .addChannelOption((o) =>
          o
            .setName('captions')
            .setDescription('A text channel or thread for the captions (default: the voice channel’s chat)')
            .addChannelTypes(
              ChannelType.GuildText,
              ChannelType.GuildAnnouncement,
              ChannelType.PublicThread,
              ChannelType.PrivateThread,
              ChannelType.AnnouncementThread,
            ),
        ),
    )
    .addSubcommand((s) =>
      s
        .setName('stop')
        .setDescription('End the live captions of a voice channel')
        .addChannelOption((o) =>
          o
            .setName('channel')
            .setDescription('The voice channel (default: the one you are in)')
            .addChannelTypes(ChannelType.GuildVoice, ChannelType.GuildStageVoice),
        ),
    ),
  async execute(ctx, interaction) {
    await interaction.deferReply({ flags: MessageFlags.Ephemeral });
    if (!interaction.inCachedGuild()) {
      await interaction.editReply({
        content: await text(ctx, interaction, { phrase: 'VOICE_SERVERS_ONLY' }),
      });
      return;
    }
    if (interaction.options.getSubcommand() === 'stop') await stop(ctx, interaction);
    else await start(ctx, interaction);
  },
};
