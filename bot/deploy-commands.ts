/**
 * Registers the bot's application commands with Discord.
 *
 *   npm run deploy-commands                 # globally (every server; Discord may take a while to show them)
 *   npm run deploy-commands -- --guild ID   # one server only, at once (for development)
 *
 * The bot registers its commands by itself at start when they changed (bot/commands/register.ts);
 * this script is for registering without starting the bot. It reads DISCORD_TOKEN and
 * DISCORD_CLIENT_ID (the application id) from the environment or the .env file (as npm start does),
 * and DISCORD_API_URL when set (tests point it at the fake Discord).
 */
import { REST, Routes } from 'discord.js';
import { loadDotEnvFile, loadEnv } from '../src/server/core/env';
import { commandSetJson } from './commands/register';

export interface DeployOptions {
  token: string;
  applicationId: string;
  api: string;
  guildId?: string;
}

export async function deployCommands(opts: DeployOptions): Promise<{ scope: string; names: string[] }> {
  const rest = new REST({ api: opts.api, retries: 1 }).setToken(opts.token);
  const body = commandSetJson();
  const route = opts.guildId
    ? Routes.applicationGuildCommands(opts.applicationId, opts.guildId)
    : Routes.applicationCommands(opts.applicationId);
  const saved = (await rest.put(route, { body })) as { name: string }[];
  return {
    scope: opts.guildId ? `server ${opts.guildId}` : 'every server (global)',
    names: saved.map((c) => c.name),
  };
}

export function parseArgs(argv: string[]): { guildId?: string } {
  const i = argv.indexOf('--guild');
  if (i === -1) return {};
  const guildId = argv[i + 1];
  if (!guildId || !/^\d{1,32}$/.test(guildId))
    throw new Error('--guild needs a server id (digits), e.g. --guild 123456789012345678');
  return { guildId };
}

async function main() {
  loadDotEnvFile();
  const env = loadEnv();
  const missing = [
    !env.DISCORD_TOKEN && 'DISCORD_TOKEN',
    !env.DISCORD_CLIENT_ID && 'DISCORD_CLIENT_ID',
  ].filter(Boolean);
  if (missing.length) {
    console.error(`Cannot register commands: set ${missing.join(' and ')} (see docs/discord-setup.md)`);
    process.exit(1);
  }
  const { guildId } = parseArgs(process.argv.slice(2));
  const result = await deployCommands({
    token: env.DISCORD_TOKEN!,
    applicationId: env.DISCORD_CLIENT_ID!,
    api: env.DISCORD_API_URL,
    guildId,
  });
  console.log(`Registered ${result.names.length} commands for ${result.scope}: ${result.names.join(', ')}`);
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  main().catch((err) => {
    console.error(`Cannot register commands: ${(err as Error).message}`);
    process.exit(1);
  });
}
