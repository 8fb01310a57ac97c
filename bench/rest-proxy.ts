/**
 * `npm run bench:rest-proxy` (issue 24): three bot processes under a burst against the fake Discord
 * enforcing Discord's global limit (50 requests a second per bot token: a 429 with `global: true`,
 * X-RateLimit-Global and Retry-After, test/fakes/discord/rate-limits.ts). Each process is a child
 * with a discord.js REST made as the bot makes it (bot/client.ts: 50 a second of its own) sending
 * BENCH_BURST (120) Create Message calls at once, once straight to Discord and once through the
 * shared REST proxy (bot/rest-proxy.ts, @discordjs/proxy). A fourth child is the web process:
 * BENCH_BURST dashboard member searches at once (features/tickets/staff-member.ts, through
 * core/discord-rest.ts as the web process makes them: straight to Discord, or through the proxy
 * when DISCORD_REST_PROXY is set), each on its own, the bots through the proxy and the web not (as
 * before the web's calls used it), then all through it. Printed: the global 429s Discord answered, the requests it saw,
 * and how long the burst took.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { REST, Routes } from 'discord.js';
import { PROXIED_TIMEOUT_MS } from '../bot/client';
import { startRestProxy } from '../bot/rest-proxy';
import { makeGuild, makeMember, startFakeDiscord } from '../test/fakes/discord';
import { enforceRateLimits } from '../test/fakes/discord/rate-limits';
import { loadEnv } from '../src/server/core/env';
import { searchMembers } from '../src/server/features/tickets/staff-member';

const PROCESSES = 3;
const BURST = Number(process.env.BENCH_BURST ?? 120);

if (process.argv[2] === 'web') {
  const [, , , api, token, guildId, proxy] = process.argv;
  const env = loadEnv({
    DISCORD_TOKEN: token,
    DISCORD_API_URL: api,
    ...(proxy === '-' ? {} : { DISCORD_REST_PROXY: proxy }),
  });
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: BURST }, () => searchMembers(env, guildId as string, 'mem', 10)),
  );
  const failed = results.filter((r) => !r.ok).length;
  console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, failed }));
  process.exit(0);
}

if (process.argv[2] === 'child') {
  const [, , , api, token, channelId, proxied] = process.argv;
  const rest = new REST({
    version: '10',
    api,
    retries: 3,
    globalRequestsPerSecond: 50,
    ...(proxied === '1' ? { timeout: PROXIED_TIMEOUT_MS } : {}),
  }).setToken(token as string);
  const started = performance.now();
  const results = await Promise.allSettled(
    Array.from({ length: BURST }, (_, i) =>
      rest.post(Routes.channelMessages(channelId as string), { body: { content: `burst ${i}` } }),
    ),
  );
  const failed = results.filter((r) => r.status === 'rejected').length;
  console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, failed }));
  process.exit(0);
}

const run = promisify(execFile);
const here = resolve(import.meta.dirname, '..');

/** `webProxied`: the web process through the proxy too (false: straight to Discord, as before issue 24's second part). */
async function burst(proxied: boolean, withWeb: boolean, webProxied = proxied) {
  const guild = makeGuild('Burst', ['general'], [makeMember('member1'), makeMember('member2')]);
  const fake = await startFakeDiscord({ guilds: [guild] });
  const stats = enforceRateLimits(fake);
  const proxy = proxied ? await startRestProxy({ api: fake.apiUrl, port: 0 }) : null;
  const api = proxy?.url ?? fake.apiUrl;
  const channelId = guild.channels[0]!.id;
  const started = performance.now();
  const bots = Array.from({ length: PROCESSES }, () =>
    run(
      process.execPath,
      ['--import', 'tsx', 'bench/rest-proxy.ts', 'child', api, fake.token, channelId, proxied ? '1' : '0'],
      { cwd: here },
    ),
  );
  // The web process: DISCORD_API_URL is Discord; DISCORD_REST_PROXY the proxy when there is one.
  const web = withWeb
    ? [
        run(
          process.execPath,
          [
            '--import',
            'tsx',
            'bench/rest-proxy.ts',
            'web',
            fake.apiUrl,
            fake.token,
            guild.id,
            webProxied && proxy ? proxy.url : '-',
          ],
          { cwd: here },
        ),
      ]
    : [];
  const outs = await Promise.all([...bots, ...web]);
  const seconds = (performance.now() - started) / 1000;
  const children = outs.map(
    (o) => JSON.parse(o.stdout.trim().split('\n').pop() as string) as { failed: number },
  );
  const posted = fake.calls.filter((c) => c.method === 'POST' && c.status === 200).length;
  const searched = fake.calls.filter((c) => c.path.endsWith('/members/search') && c.status === 200).length;
  await proxy?.close();
  await fake.close();
  return {
    global429: stats.botGlobal429,
    seen: stats.requests.get('bot') ?? 0,
    posted,
    searched,
    failed: children.reduce((n, c) => n + c.failed, 0),
    seconds,
  };
}

console.log(
  `${PROCESSES} bot processes, ${BURST} Create Message each at once, Discord's global limit 50/s per bot token`,
);
for (const withWeb of [false, true]) {
  if (withWeb)
    console.log(`and the web process's dashboard member search, ${BURST} at once, at the same moment`);
  const modes = withWeb
    ? ([
        [false, false, 'each process on its own'],
        [true, false, 'bots through the proxy, web not'],
        [true, true, 'all through the REST proxy'],
      ] as const)
    : ([
        [false, false, 'each process on its own'],
        [true, true, 'through the REST proxy'],
      ] as const);
  for (const [proxied, webProxied, label] of modes) {
    const r = await burst(proxied, withWeb, webProxied);
    console.log(
      `  ${label.padEnd(32)} global 429s: ${String(r.global429).padStart(4)}  requests Discord saw: ${r.seen}  posted: ${r.posted}${withWeb ? `  searched: ${r.searched}` : ''}  failed: ${r.failed}  burst took ${r.seconds.toFixed(1)} s`,
    );
  }
}
