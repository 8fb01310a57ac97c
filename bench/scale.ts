/**
 * Scale benchmark (issue 17): the fake Discord with 10,000 servers over 8 shards (each server on
 * the shard `(guild_id >> 22) % 8`), against two topologies of the real product processes:
 *
 *   A  one process, as `npm start`: web tier and bot with every shard, on a new SQLite file
 *   B  a web process and two bot processes (`--bot --shards 0-3 --total 8`, `--shards 4-7`),
 *      on BENCH_DATABASE_URL (postgres://...), or a new SQLite file they share when unset
 *
 * For each: time to ready (every shard READY, and every server's guild sync done: its row in the
 * guilds table), the bot processes' memory per 1,000 servers (RSS and heap after a full GC, after
 * ready, against the same process before it logged in), and end-to-end mirror throughput (links in
 * servers spread over every shard, a burst of members' messages, counted as the webhook posts of
 * their copies arrive) with the fake Gemini as an instant provider. Compare the ratios of one run;
 * the machine's load moves the absolute figures.
 *
 *   npm run bench:scale
 *   npm run bench:scale -- --servers 2000 --links 100 --messages 2 --only A
 *   BENCH_DATABASE_URL=postgres://user:pw@127.0.0.1:5432/bench npm run bench:scale
 *
 * Flags: --servers N (10000), --shards N (8, even), --links N (servers with a mirror link, 200 or all),
 * --messages N (burst messages per linked server, 3), --linked N (channels per link, 2 to 4),
 * --channels N, --roles N, --members N (each server's text channels, roles and members besides the
 * bot: 5, 1 and 1, small servers; real ones are larger), --identify-concurrency N (GET /gateway/bot
 * says N shards may identify per 5 s, Discord's 1 for most bots; default every shard at once; the
 * fake does not refuse more, it counts them), --only A|B, --no-discord-limits (skip the second burst).
 * The burst runs twice: first with the fake answering everything (each process is bounded by
 * discord.js's own 50 requests a second for its webhook posts, as when each bot process has its own
 * address), then with the fake enforcing Discord's limits (5 posts per 2 s per webhook, 50/s per bot
 * token, 50/s per IP: every process here posts from one address, loopback, as on one machine).
 * BENCH_VERBOSE=1 prints the processes' output; BENCH_NODE_ARGS adds node flags to them
 * (e.g. BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' profiles each).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startFakeDiscord } from '../test/fakes/discord';
import { enforceRateLimits } from '../test/fakes/discord/rate-limits';
import { startFakeGemini } from '../test/fakes/gemini';
import { benchDatabase, checkDatabase } from './scale-db';
import { makeScaleGuilds } from './scale-guilds';
import {
  BENCH_ADMIN_TOKEN,
  createLinks,
  type MirrorResult,
  mirrorDriver,
  spreadServers,
} from './scale-mirror';
import { type ProductProcess, startProductProcess } from './scale-process';
import { waitForReady } from './scale-ready';
import { formatReport, type TopologyResult } from './scale-report';

const { values: flags } = parseArgs({
  options: {
    servers: { type: 'string', default: '10000' },
    shards: { type: 'string', default: '8' },
    links: { type: 'string' },
    messages: { type: 'string', default: '3' },
    linked: { type: 'string', default: '2' },
    channels: { type: 'string', default: '5' },
    roles: { type: 'string', default: '1' },
    members: { type: 'string', default: '1' },
    'identify-concurrency': { type: 'string' },
    only: { type: 'string' },
    'no-discord-limits': { type: 'boolean', default: false },
  },
});
const positive = (name: string, v: string | undefined, min = 1, max = Number.MAX_SAFE_INTEGER) => {
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name}: a whole number from ${min} to ${max}`);
  return n;
};
const SERVERS = positive('servers', flags.servers);
const SHARDS = positive('shards', flags.shards, 2, 64);
if (SHARDS % 2) throw new Error('--shards: an even number (topology B gives each bot process half)');
const LINKS = positive('links', flags.links ?? String(Math.min(200, SERVERS)), 1, SERVERS);
const MESSAGES = positive('messages', flags.messages);
const LINKED = positive('linked', flags.linked, 2, 4);
const SIZE = {
  channels: positive('channels', flags.channels, 5, 500),
  roles: positive('roles', flags.roles, 1, 250),
  members: positive('members', flags.members, 1, 10_000),
};
const IDENTIFY_CONCURRENCY =
  flags['identify-concurrency'] === undefined
    ? undefined
    : positive('identify-concurrency', flags['identify-concurrency'], 1, 64);
const ONLY = flags.only?.toUpperCase();
if (ONLY && ONLY !== 'A' && ONLY !== 'B') throw new Error('--only: A or B');

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

interface Topology {
  key: 'A' | 'B';
  name: string;
  /** Process label and arguments of src/main.ts; the web process (if separate) first. */
  processes: { label: string; args: string[]; bot: boolean; web: boolean }[];
  database: ReturnType<typeof benchDatabase>;
}

async function runTopology(t: Topology, dir: string): Promise<TopologyResult> {
  const tag = `${t.key}${Date.now().toString(36)}`;
  const guilds = makeScaleGuilds(SERVERS, tag, SIZE);
  const fake = await startFakeDiscord({ guilds, shards: SHARDS, maxConcurrency: IDENTIFY_CONCURRENCY });
  const gemini = await startFakeGemini();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? dir,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    ...t.database.env,
    ADMIN_TOKEN: BENCH_ADMIN_TOKEN,
    DEFAULT_GUILD_ID: guilds[0]!.id,
    DISCORD_TOKEN: fake.token,
    DISCORD_API_URL: fake.apiUrl,
    GEMINI_API_KEY: 'bench-gemini-key',
    GEMINI_BASE_URL: gemini.url,
  };
  const procs: ProductProcess[] = [];
  try {
    // A separate web process starts (and migrates the database) first; the bot processes together.
    let web = '';
    const separateWeb = t.processes.find((p) => p.web && !p.bot);
    if (separateWeb) {
      const p = startProductProcess(separateWeb.label, separateWeb.args, env);
      procs.push(p);
      web = (await p.line(/Listening on (\S+)/)).match[1]!;
    }
    const bots = t.processes
      .filter((p) => p.bot)
      .map((spec) => {
        const p = startProductProcess(spec.label, spec.args, env);
        procs.push(p);
        return p;
      });
    if (!web) web = (await bots[0]!.line(/Listening on (\S+)/)).match[1]!;
    const ready = await waitForReady({
      fake,
      bots,
      database: t.database,
      tag,
      servers: SERVERS,
      shards: SHARDS,
      maxConcurrency: IDENTIFY_CONCURRENCY,
    });
    const memory = await Promise.all(bots.map((p) => p.memory()));
    const webMemory = separateWeb ? await procs[0]!.memory() : null;

    // Mirror throughput: links in servers spread over every shard, webhooks made by a warm-up round.
    const linked = spreadServers(guilds, LINKS);
    await createLinks(web, linked, LINKED);
    const driver = mirrorDriver(fake, LINKED - 1);
    const mirror: MirrorResult[] = [];
    try {
      await driver.warmUp(linked, tag);
      mirror.push(await driver.burst(linked, MESSAGES, `${tag} free`));
      if (!flags['no-discord-limits']) {
        await new Promise((r) => setTimeout(r, 2100)); // fresh buckets and windows
        enforceRateLimits(fake);
        mirror.push(await driver.burst(linked, MESSAGES, `${tag} limited`));
      }
    } finally {
      driver.detach();
    }
    const exits = await Promise.all(procs.map((p) => p.stop()));
    return {
      key: t.key,
      name: t.name,
      database: t.database,
      processes: t.processes.map((p) => p.label),
      ready,
      memory: bots.map((p, i) => ({ label: p.label, servers: ready.perProcess[i]!.servers, ...memory[i]! })),
      webMemory: webMemory?.after ?? null,
      mirror,
      exits,
    };
  } finally {
    for (const p of procs)
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(procs.map((p) => p.exited));
    await fake.close();
    await gemini.close();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-scale-'));
  const half = SHARDS / 2;
  const topologies: Topology[] = [
    {
      key: 'A',
      name: `one process: web + bot, ${SHARDS} shards`,
      processes: [{ label: 'A all', args: [], bot: true, web: true }],
      // npm start's default: its own SQLite file.
      database: benchDatabase(dir, 'a', ''),
    },
    {
      key: 'B',
      name: `web process + 2 bot processes (shards 0-${half - 1}, ${half}-${SHARDS - 1} of ${SHARDS})`,
      processes: [
        { label: 'B web', args: ['--web'], bot: false, web: true },
        {
          label: 'B bot 1',
          args: ['--bot', '--shards', `0-${half - 1}`, '--total', String(SHARDS)],
          bot: true,
          web: false,
        },
        {
          label: 'B bot 2',
          args: ['--bot', '--shards', `${half}-${SHARDS - 1}`, '--total', String(SHARDS)],
          bot: true,
          web: false,
        },
      ],
      database: benchDatabase(dir, 'b'),
    },
  ].filter((t) => !ONLY || t.key === ONLY) as Topology[];

  console.log(
    `Scale benchmark: ${SERVERS.toLocaleString('en-US')} servers over ${SHARDS} shards on the fake Discord ` +
      `(each ${plural(SIZE.channels, 'channel')}, ${plural(SIZE.roles, 'role')}, ${plural(SIZE.members, 'member')} and the bot); ` +
      `${IDENTIFY_CONCURRENCY ? `identify: ${IDENTIFY_CONCURRENCY} shard(s) per 5 s; ` : ''}` +
      `mirror: ${LINKS} servers with a ${LINKED}-channel link, ${MESSAGES} messages each at once` +
      `; load average ${loadavg()[0]!.toFixed(1)}`,
  );
  for (const t of topologies) await checkDatabase(t.database);
  const results: TopologyResult[] = [];
  try {
    for (const t of topologies) {
      console.log(`\nTopology ${t.key}: ${t.name}; database: ${t.database.label}`);
      const r = await runTopology(t, dir);
      results.push(r);
      console.log(
        `  done: synced in ${(r.ready.syncedMs / 1000).toFixed(1)} s, ${r.mirror.map((m) => m.messagesPerSecond.toFixed(1)).join(' / ')} messages/s`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\n${formatReport(results, { servers: SERVERS, shards: SHARDS })}`);
  console.log(`load average at the end ${loadavg()[0]!.toFixed(1)}`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
