/**
 * `npm run bench:caches` (issue 24): what discord.js keeps in memory for 1,000 medium servers
 * (BENCH_SERVERS; 30 text channels, 15 roles, 25 members each, as GUILD_CREATE sends them with the
 * members intent), each in a fresh process (node --expose-gc) of the real bot against the fake
 * Discord on loopback (the fake in the parent process, so the child's heap is the bot's alone), SQLite. Printed: the JS heap after a full GC once the bot is ready and every
 * server synced, minus the same process's heap before the bot started (the fake Discord's own
 * servers are already in it), and what the caches hold. Runs: discord.js's defaults; the bot's
 * caches before members were bounded ("members kept"); the bot's limits in discord.js's own
 * collections ("eager", before bot/lazy-collection.ts); the bot's (bot/client-caches.ts); and two
 * that only measure (the bot cannot run without them): roles not kept, channels not kept.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Options } from 'discord.js';
import { startBot } from '../bot/client';
import { openDb } from '../db/client';
import { loadEnv } from '../src/server/core/env';
import { createServices } from '../src/server/app/services';
import { startFakeDiscord } from '../test/fakes/discord';
import { CACHE_LIMITS } from '../bot/client-caches';
import { makeScaleGuilds } from './scale-guilds';

const SERVERS = Number(process.env.BENCH_SERVERS ?? 1000);
const SIZE = { channels: 30, roles: 15, members: 25 };

type Mode = 'default' | 'members-kept' | 'eager' | 'bounded' | 'no-roles' | 'no-channels';
/** discord.js's defaults; the bot's before members were bounded; the bot's (startBot's default); and what roles or channels cost. */
type Limits = Parameters<typeof Options.cacheWithLimits>[0];
const MAKE_CACHE: Record<Exclude<Mode, 'bounded'>, Limits> = {
  default: Options.DefaultMakeCacheSettings,
  'members-kept': { ...CACHE_LIMITS, GuildMemberManager: Infinity, UserManager: Infinity },
  // The bot's limits with discord.js's own caches (a Map each, empty or not): before LazyCollection.
  eager: CACHE_LIMITS,
  // discord.js's types leave these managers out of cacheWithLimits (it needs them); measured only.
  'no-roles': { ...CACHE_LIMITS, RoleManager: 0 } as Limits,
  'no-channels': { ...CACHE_LIMITS, ChannelManager: 0, GuildChannelManager: 0 } as Limits,
};

interface Sample {
  caches: string;
  heapMb: number;
  seconds: number;
  members: number;
  users: number;
  channels: number;
  roles: number;
}

function heap(): number {
  (globalThis as { gc?: () => void }).gc?.();
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

async function child(mode: Mode, apiUrl: string, token: string, guildId: string): Promise<Sample> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-caches-'));
  const env = loadEnv({
    DATABASE_PATH: join(dir, 'app.db'),
    DISCORD_TOKEN: token,
    DISCORD_API_URL: apiUrl,
    DEFAULT_GUILD_ID: guildId,
    ADMIN_TOKEN: 'bench-admin-token-0123456789',
  });
  const db = await openDb(env.DATABASE_PATH);
  const services = await createServices(env, { db });
  const before = heap();
  const started = performance.now();
  const bot = await startBot(services, {
    retries: 0,
    ...(mode === 'bounded' ? {} : { makeCache: Options.cacheWithLimits(MAKE_CACHE[mode]) }),
  });
  if (!bot) throw new Error('bot did not start');
  await bot.ready;
  const seconds = (performance.now() - started) / 1000;
  const after = heap();
  const c = bot.client;
  const sample: Sample = {
    caches: mode,
    heapMb: (after - before) / 1024 / 1024,
    seconds,
    members: c.guilds.cache.reduce((n, g) => n + g.members.cache.size, 0),
    users: c.users.cache.size,
    channels: c.channels.cache.size,
    roles: c.guilds.cache.reduce((n, g) => n + g.roles.cache.size, 0),
  };
  await bot.stop();
  await db.$close();
  rmSync(dir, { recursive: true, force: true });
  return sample;
}

if (process.argv[2] === 'child') {
  const [, , , mode, apiUrl, token, guildId] = process.argv as string[];
  console.log(
    JSON.stringify(await child(mode as Mode, apiUrl as string, token as string, guildId as string)),
  );
  process.exit(0);
}

const here = resolve(import.meta.dirname, '..');
const exec = promisify(execFile);
/** The fake Discord lives here, the bot alone in the child: the child's heap is the bot's own. */
const run = async (mode: string): Promise<Sample> => {
  const guilds = makeScaleGuilds(SERVERS, `caches-${mode}`, SIZE);
  const fake = await startFakeDiscord({ guilds, shards: 2 });
  try {
    const { stdout } = await exec(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        'tsx',
        'bench/caches.ts',
        'child',
        mode,
        fake.apiUrl,
        fake.token,
        guilds[0]!.id,
      ],
      { cwd: here, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    return JSON.parse(stdout.trim().split('\n').pop() as string) as Sample;
  } finally {
    await fake.close();
  }
};
console.log(
  `${SERVERS} servers of ${SIZE.channels} text channels, ${SIZE.roles} roles, ${SIZE.members} members; heap after ready minus before the bot started`,
);
for (const mode of ['default', 'members-kept', 'eager', 'bounded', 'no-roles', 'no-channels']) {
  const s = await run(mode);
  console.log(
    `  ${`${mode} caches`.padEnd(19)} ${s.heapMb.toFixed(1).padStart(6)} MB heap (${((s.heapMb * 1000) / SERVERS).toFixed(1)} MB per 1,000 servers)  cached: ${s.members} members, ${s.users} users, ${s.channels} channels, ${s.roles} roles  ready in ${s.seconds.toFixed(1)} s`,
  );
}
