import { count, eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { channelLinks, guildChannels, guilds } from '../../../../db/schema';
import type { Env } from '../../core/env';
import type { Actor } from '../../core/access';
import { isOperator as isOperatorActor } from '../../core/access';
import type { BotStatus } from '../guilds/bot-status';
import { permissionGaps, type ServerGap } from '../guilds/permissions';
import { unknownChannelLabel } from '../../../common/guilds/names';
import { permissionLabel, whereToGrantChannel, whereToGrantRole } from '../../../common/guilds/permissions';

/**
 * The operator's setup checklist (issue 14): each step a new installation needs before the bot
 * works, whether it is done (read from the running system, so it turns green by itself), and
 * what to do. Only the operator sees environment variable names and file paths; another admin
 * (a Discord login that manages a server) sees the same steps in plain words.
 */

/** The operator of the installation (admin token or its dashboard session), from services/access. */
export function isOperator(ctx: { actor: Actor }): boolean {
  return isOperatorActor(ctx.actor);
}

export type SetupStepKey =
  | 'bot'
  | 'provider'
  | 'login'
  | 'stripe'
  | 'invite'
  | 'commands'
  | 'permissions'
  | 'channelLink';

export interface SetupDoc {
  label: string;
  href: string;
}

export interface SetupStep {
  key: SetupStepKey;
  title: string;
  done: boolean;
  /** Optional steps (login, billing) do not keep the checklist open. */
  optional: boolean;
  /** What the state is, in plain words. */
  summary: string;
  /** Operator only: what to set and where. null for anyone else. */
  howTo: { env: string[]; steps: string[]; docs: SetupDoc[] } | null;
  /** A link the step can be completed with (the invite link, the Channels page). */
  action: { label: string; href: string } | null;
}

export interface SetupChecklist {
  operator: boolean;
  /** Every required step is done: the dashboard hides the checklist. */
  complete: boolean;
  steps: SetupStep[];
}

/** Setup documents the server serves to the operator (src/server/core/docs.ts). */
export const DOCS = {
  readme: { label: 'README: Configuration', href: '/docs/README.md' },
  // Rendered by the site (/setup); the raw file stays at /docs/discord-setup.md.
  discord: { label: 'Setup guide (docs/discord-setup.md)', href: '/setup' },
} as const;

export interface ChecklistInput {
  db: Db;
  env: Env;
  bot: BotStatus;
  provider: string | null;
  inviteUrl: string | null;
  operator: boolean;
  /** The last test translation from the checklist, when one failed (kept in memory). */
  providerError: string | null;
}

function botStep(i: ChecklistInput): SetupStep {
  const { bot } = i;
  const summary =
    bot.state === 'online'
      ? `Connected${bot.tag ? ` as ${bot.tag}` : ''}.`
      : bot.state === 'not_configured'
        ? 'The bot is not configured on this installation, so nothing reaches Discord yet.'
        : bot.state === 'connecting'
          ? 'The bot is connecting to Discord.'
          : `The bot is offline${bot.reason ? `: ${bot.reason}` : ''}.`;
  return {
    key: 'bot',
    title: 'Connect the bot',
    done: bot.state === 'online',
    optional: false,
    summary,
    howTo: i.operator
      ? {
          env: ['DISCORD_TOKEN'],
          steps: [
            'Create an application in the Discord Developer Portal and copy its bot token.',
            'Turn on the Message Content and Server Members intents on its Bot page.',
            'On its Installation page, tick Guild Install and User Install (members can then use Translate Message and /translate in DMs).',
            'Set DISCORD_TOKEN in the environment (or .env) and restart the server.',
          ],
          docs: [DOCS.discord, DOCS.readme],
        }
      : null,
    action: null,
  };
}

function providerStep(i: ChecklistInput): SetupStep {
  const done = i.provider !== null && i.providerError === null;
  return {
    key: 'provider',
    title: 'Choose a translation provider',
    done,
    optional: false,
    summary:
      i.provider === null
        ? 'No translation provider: announcements are saved untranslated and members get no translations.'
        : i.providerError
          ? `The last test translation failed: ${i.providerError}`
          : `Translations go through ${i.provider}.`,
    howTo: i.operator
      ? {
          env: ['GEMINI_API_KEY', 'OPENAI_BASE_URL', 'OPENAI_API_KEY', 'OPENAI_MODEL'],
          steps: [
            'Set GEMINI_API_KEY (Google AI Studio), or OPENAI_BASE_URL (with OPENAI_API_KEY and OPENAI_MODEL) for any OpenAI-compatible server such as OpenAI, Ollama or vLLM.',
            'Restart the server, then press Test translation.',
          ],
          docs: [DOCS.readme],
        }
      : null,
    action: null,
  };
}

function loginStep(i: ChecklistInput): SetupStep {
  const done = Boolean(i.env.DISCORD_CLIENT_ID && i.env.DISCORD_CLIENT_SECRET);
  return {
    key: 'login',
    title: 'Let server admins log in with Discord',
    done,
    optional: true,
    summary: done
      ? 'Login with Discord is configured.'
      : 'Only the admin token opens the dashboard; server admins cannot log in with Discord yet.',
    howTo: i.operator
      ? {
          env: ['DISCORD_CLIENT_ID', 'DISCORD_CLIENT_SECRET'],
          steps: [
            "Copy the application's ID and client secret from the Developer Portal (General Information, OAuth2).",
            "Add the dashboard's OAuth2 redirect URL that the README names, set both variables and restart.",
          ],
          docs: [DOCS.discord, DOCS.readme],
        }
      : null,
    action: null,
  };
}

function stripeStep(i: ChecklistInput): SetupStep {
  const done = Boolean(i.env.STRIPE_SECRET_KEY && i.env.STRIPE_WEBHOOK_SECRET);
  return {
    key: 'stripe',
    title: 'Take payments with Stripe',
    done,
    optional: true,
    summary: done
      ? 'Checkout and plan changes go through Stripe.'
      : 'Checkout is not available: the pricing page offers visitors a contact form instead.',
    howTo: i.operator
      ? {
          env: ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_PLUS', 'STRIPE_PRICE_PRO'],
          steps: [
            'Copy the secret key from the Stripe dashboard (Developers → API keys).',
            `Add a webhook endpoint ${i.env.PUBLIC_URL}/api/stripe/webhook and copy its signing secret.`,
            'Create the Plus and Pro prices and set their ids, then restart.',
          ],
          docs: [DOCS.readme],
        }
      : null,
    action: null,
  };
}

async function inviteStep(i: ChecklistInput): Promise<SetupStep> {
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
function commandsStep(i: ChecklistInput): SetupStep {
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
async function permissionsStep(i: ChecklistInput): Promise<SetupStep> {
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

async function channelLinkStep(i: ChecklistInput): Promise<SetupStep> {
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

export async function setupChecklist(i: ChecklistInput): Promise<SetupChecklist> {
  const steps = [
    botStep(i),
    providerStep(i),
    loginStep(i),
    stripeStep(i),
    await inviteStep(i),
    commandsStep(i),
    await permissionsStep(i),
    await channelLinkStep(i),
  ];
  return {
    operator: i.operator,
    complete: steps.every((s) => s.done || s.optional),
    steps,
  };
}

/** The last checklist test translation's failure per translator (memory only); null once one works. */
const providerErrors = new WeakMap<object, string>();

export function providerErrorOf(translator: object): string | null {
  return providerErrors.get(translator) ?? null;
}

export function recordProviderTest(translator: object, error: string | null): void {
  if (error === null) providerErrors.delete(translator);
  else providerErrors.set(translator, error);
}
