import { count, eq } from 'drizzle-orm';
import { channelLinks, guildChannels, guilds } from '../../../../db/schema';
import { unknownChannelLabel } from '../../../common/guilds/names';
import { permissionLabel, whereToGrantChannel, whereToGrantRole } from '../../../common/guilds/permissions';
import { permissionGaps, type ServerGap } from '../guilds/permissions';
import { type ChecklistInput, DOCS, type SetupStep } from './checklist';

/** The checklist's steps read from the servers the bot is in: invite, commands, permissions, channel links. */

export async function inviteStep(i: ChecklistInput): Promise<SetupStep> {
  // A server the bot synced has its channels stored; the default server of a fresh install has none.
  const synced = await i.db
    .select({ n: count() })
    .from(guildChannels)
    .innerJoin(guilds, eq(guilds.id, guildChannels.guildId))
    .where(eq(guilds.present, true))
    .get();
  const inServers = i.bot.state === 'online' ? (i.bot.guilds ?? 0) : 0;
  // Without a bot token nothing has joined anything: stored channels are then sample data (--demo).
  const done = inServers > 0 || (i.bot.state !== 'not_configured' && (synced?.n ?? 0) > 0);
  return {
    key: 'invite',
    title: 'Invite the bot to a server',
    done,
    optional: false,
    summary: done
      ? inServers > 0
        ? `The bot is in ${inServers} server${inServers === 1 ? '' : 's'}.`
        : 'The bot has joined a server.'
      : 'The bot is in no server yet.',
    howTo: i.operator
      ? {
          env: i.inviteUrl ? [] : ['DISCORD_CLIENT_ID'],
          steps: i.inviteUrl
            ? ['Open the invite link, pick your server and authorize the bot.']
            : [
                "Set DISCORD_CLIENT_ID (the application's ID) and restart: the invite link appears here and on the site.",
              ],
          docs: [DOCS.discord],
        }
      : null,
    action: i.inviteUrl ? { label: 'Invite the bot', href: i.inviteUrl } : null,
  };
}

/** The bot registers its commands at start (bot/commands/register.ts); this reads what it found. */
export function commandsStep(i: ChecklistInput): SetupStep {
  const c = i.bot.commands;
  const where = c?.scope === 'guild' ? 'the development server only' : 'every server';
  const summary = !c
    ? i.bot.state === 'online'
      ? 'The bot is comparing its commands with Discord’s.'
      : 'The bot registers its commands (/setlanguage, Translate Message, …) once it connects.'
    : c.state === 'failed'
      ? `Discord did not take the bot’s commands: ${c.error ?? 'unknown error'}.`
      : `${c.count} commands registered for ${where}${c.changed ? ' at the last start' : ''}.`;
  return {
    key: 'commands',
    title: 'Register the bot’s commands',
    done: c?.state === 'registered',
    optional: false,
    summary,
    howTo: i.operator
      ? {
          env: ['DISCORD_COMMANDS_GUILD_ID'],
          steps: [
            'Nothing to run: at each start the bot compares its commands with Discord’s and registers them when they differ.',
            'Global commands can take up to an hour to appear in Discord. While developing, set DISCORD_COMMANDS_GUILD_ID to your test server’s id: they appear there at once.',
          ],
          docs: [DOCS.discord],
        }
      : null,
    action: null,
  };
}

/** #name, or what an unlisted channel is called (never a bare id). */
const channelLabel = (name: string | undefined, id: string) => (name ? `#${name}` : unknownChannelLabel(id));

/** One server's gaps in a sentence: what is missing, for which feature, and where to grant it. */
function describeGap(g: ServerGap): string {
  const parts: string[] = [];
  const onRole = [...new Set(g.features.flatMap((f) => f.guild))];
  if (onRole.length) {
    const features = g.features.filter((f) => f.guild.length).map((f) => f.feature.split(' (')[0]);
    parts.push(
      `the bot’s role lacks ${onRole.map(permissionLabel).join(', ')} (${features.join('; ')}): ${whereToGrantRole(g.role)}`,
    );
  }
  for (const f of g.features)
    for (const c of f.channels)
      parts.push(
        `${channelLabel(f.channelNames[c.id], c.id)} takes away ${c.missing.map(permissionLabel).join(', ')}: ${f.channelNames[c.id] ? whereToGrantChannel(f.channelNames[c.id], g.role) : `that channel → Edit Channel → Permissions → ${g.role ?? 'the bot’s role'}`}`,
      );
  return `${g.name}: ${parts.join('; ')}.`;
}

/** What the bot reported it may not do on its servers (bot/features/guilds/permissions.ts). */
export async function permissionsStep(i: ChecklistInput): Promise<SetupStep> {
  const { checked, gaps } = await permissionGaps(i.db);
  const shown = gaps.slice(0, 3);
  const summary =
    i.bot.state === 'not_configured'
      ? 'Checked once the bot is in a server: it reads its own roles and each channel’s permissions.'
      : checked === 0
        ? 'The bot checks its permissions once it is in a server.'
        : gaps.length === 0
          ? `The bot has every permission its features need in ${checked === 1 ? 'its server' : `all ${checked} servers`}.`
          : [
              ...shown.map(describeGap),
              ...(gaps.length > shown.length ? [`And ${gaps.length - shown.length} more servers.`] : []),
            ].join(' ');
  return {
    key: 'permissions',
    title: 'Give the bot the permissions its features need',
    done: i.bot.state !== 'not_configured' && checked > 0 && gaps.length === 0,
    optional: false,
    summary,
    howTo: null,
    action: null,
  };
}

export async function channelLinkStep(i: ChecklistInput): Promise<SetupStep> {
  const links = (await i.db.select({ n: count() }).from(channelLinks).get())?.n ?? 0;
  // Without a bot token no link carries a message: stored links are then sample data (--demo), or
  // links nothing runs. The step is not ticked for them.
  const noBot = i.bot.state === 'not_configured';
  return {
    key: 'channelLink',
    title: 'Link your first language channels',
    done: links > 0 && !noBot,
    optional: false,
    summary:
      links > 0 && noBot
        ? `${links} channel link${links === 1 ? ' is' : 's are'} stored (sample data with --demo), but no bot is connected to translate through ${links === 1 ? 'it' : 'them'}.`
        : links > 0
          ? `${links} channel link${links === 1 ? '' : 's'} set up.`
          : 'Link two channels (for example #general-en and #general-es) so conversations are translated.',
    howTo: null,
    action: { label: 'Open Channels', href: '/admin/channels' },
  };
}
