import { createHash } from 'node:crypto';
import type { ApplicationCommand, Client, RESTPostAPIApplicationCommandsJSONBody } from 'discord.js';
import { COMMANDS } from './index';
import type { CommandsStatus } from '../../src/server/core/bot-status';
import type { BotCommand } from '../handlers';

/**
 * The bot registers its own application commands at start (issue 26): it reads what Discord has
 * (GET /applications/{id}/commands, or the development server's with DISCORD_COMMANDS_GUILD_ID)
 * and replaces the set (one bulk PUT) only when it differs from the bot's, so a restart with the
 * same commands writes nothing. Commands are compared with discord.js's ApplicationCommand#equals,
 * which knows Discord's defaults; the set's hash names the version in the log and the checklist.
 * What it found is the bot status's CommandsStatus (core/bot-status.ts).
 */

/**
 * The JSON Discord receives. Keys the builders leave undefined are dropped (they would never
 * compare equal with what Discord answers), and integration_types and contexts are stated: a
 * command that does not declare them is installed to a server ([0]) and used in servers only ([0]);
 * Translate Message and /translate declare both installs and every context (issue 28's
 * user-installed app, bot/features/translation/user-app.ts). Stated, they also never look changed
 * at the next start because Discord filled in a default.
 */
export function commandSetJson(commands: BotCommand[] = COMMANDS): RESTPostAPIApplicationCommandsJSONBody[] {
  return commands.map((c) => {
    const json = c.data.toJSON();
    return JSON.parse(
      JSON.stringify({
        ...json,
        integration_types: json.integration_types ?? [0],
        contexts: json.contexts ?? [0],
      }),
    ) as RESTPostAPIApplicationCommandsJSONBody;
  });
}

/** The set's identity: the same commands in any order hash alike. */
export function commandSetHash(body: RESTPostAPIApplicationCommandsJSONBody[]): string {
  const sorted = [...body].sort((a, b) =>
    `${a.type ?? 1}:${a.name}`.localeCompare(`${b.type ?? 1}:${b.name}`),
  );
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex').slice(0, 12);
}

/** Whether Discord's commands are exactly the bot's (same names and types, each equal). */
export function sameCommandSet(
  existing: Iterable<ApplicationCommand>,
  wanted: RESTPostAPIApplicationCommandsJSONBody[],
): boolean {
  const have = [...existing];
  if (have.length !== wanted.length) return false;
  return wanted.every((w) => {
    const match = have.find((c) => c.name === w.name && c.type === (w.type ?? 1));
    return match?.equals(w as Parameters<ApplicationCommand['equals']>[0], true) === true;
  });
}

/** Compares and, when they differ, registers. Never throws: a failure is reported in the result. */
export async function registerCommands(
  client: Client<true>,
  opts: { guildId?: string; commands?: BotCommand[]; at: () => Date },
): Promise<CommandsStatus> {
  const body = commandSetJson(opts.commands);
  const base = {
    scope: opts.guildId ? ('guild' as const) : ('global' as const),
    guildId: opts.guildId ?? null,
    hash: commandSetHash(body),
    count: body.length,
  };
  try {
    const manager = client.application.commands;
    const existing = opts.guildId
      ? await manager.fetch({ guildId: opts.guildId, withLocalizations: true })
      : await manager.fetch({ withLocalizations: true });
    const changed = !sameCommandSet(existing.values(), body);
    if (changed) {
      if (opts.guildId) await manager.set(body, opts.guildId);
      else await manager.set(body);
    }
    return { ...base, state: 'registered', changed, at: opts.at().toISOString(), error: null };
  } catch (err) {
    return {
      ...base,
      state: 'failed',
      changed: false,
      at: opts.at().toISOString(),
      error: (err as Error).message.slice(0, 500),
    };
  }
}
