import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadEnv } from './server/core/env';
import { childBotsHealth, type HealthSources, healthReport } from './server/core/health';
import { createApp } from './server/app/http';
import { listen } from './server/core/http';
import { type ProcessOptions, parseProcessArgs } from './server/core/process-args';
import { createServices, retentionPurges } from './server/app/services';
import { startProbing } from './server/translation';
import { loginCodesOf } from './server/core/admin-token';
import { scheduleRetention } from './server/core/retention';
import { scheduleSampler } from './server/features/status/samples';
import { startupBanner } from './server/core/startup';
import { onStopRequest } from './server/core/stop-requests';
import { metricsResponse } from './server/core/metrics';
import { createLogger, routeConsole } from './server/core/log';

/**
 * Starts the product. `npm start`: one process migrates the database, serves site, dashboard,
 * /trpc and /api, and runs the bot with the shard count Discord recommends. `--web` (npm run
 * start:web) serves without the bot; `--bot` (npm run start:bot) runs the bot alone, all shards or
 * `--shards 0-1 --total 4`. Every process shares DATABASE_PATH; the bot work the web tier asks
 * travels through the queue (core/queue.ts). See docs/processes.md.
 */

/** In-flight queue jobs get this long to finish at shutdown; unfinished ones are taken again later. */
export const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  // Structured logs with levels (core/log.ts): every console line of the process goes through pino.
  routeConsole(createLogger());
  let env: ReturnType<typeof loadEnv>;
  let opts: ProcessOptions;
  try {
    env = loadEnv();
    opts = parseProcessArgs(process.argv.slice(2));
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  if (opts.role === 'proxy') return runRestProxy(env, opts.proxyPort ?? 0);
  let services: Awaited<ReturnType<typeof createServices>>;
  try {
    services = await createServices(env);
  } catch (err) {
    const where = env.DATABASE_URL
      ? 'the PostgreSQL database in DATABASE_URL'
      : `the SQLite file ${env.DATABASE_PATH}`;
    console.error(`Cannot open ${where}: ${(err as Error).message}`);
    process.exit(1);
  }
  if (opts.demo) {
    const { seedDemo } = await import('../db/demo');
    const summary = await seedDemo(services.db, env.DEFAULT_GUILD_ID, services.clock());
    console.log(`Demo data: ${summary}`);
  }
  const health: HealthSources = { role: opts.role };
  const closers: (() => Promise<void> | void)[] = [];
  // Each process probes its idle provider lanes (translation/health.ts), so its failover knows.
  const probing = startProbing(
    () => services.translator.probe?.() ?? Promise.resolve(),
    env.TRANSLATION_PROBE_MS,
  );
  closers.push(() => probing.stop());
  let markStarted: () => void = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = resolve;
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`Shutting down (${signal})`);
    // A signal during startup waits for it (the bot's login, the listener) and then stops it all.
    await started;
    // Past the grace period (a job stuck on Discord), exit anyway: its lease lets another process take it.
    setTimeout(() => {
      console.error('Shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS + 5_000).unref();
    for (const close of closers) {
      try {
        await close();
      } catch (err) {
        console.error('Shutdown step failed:', err);
      }
    }
    await services.db.$close();
    console.log('Stopped');
    process.exit(process.exitCode ?? 0);
  };
  onStopRequest((reason) => void stop(reason));

  if (opts.role !== 'bot') {
    const retention = await scheduleRetention(services.db, services.clock, retentionPurges);
    // The status page's health samples, one a component a minute (features/status).
    const sampler = scheduleSampler(services.db, services.clock, () => services.translator.health?.() ?? []);
    const app = createApp(services, { clientDir: 'dist/client', health });
    const server = await listen(app, env.PORT, env.HOST);
    // PUBLIC_URL unset: http://localhost:PORT, with the port actually taken (PORT=0 picks one).
    const publicUrlSet = Boolean(process.env.PUBLIC_URL?.trim());
    if (!publicUrlSet && env.PORT === 0) {
      services.env = { ...services.env, PUBLIC_URL: `http://localhost:${server.port}` };
    }
    const banner = startupBanner({
      env: services.env,
      listening: server.url,
      publicUrlSet,
      adminToken: services.adminToken,
      origin: services.adminTokenOrigin,
      loginCode: loginCodesOf(services).issue().code,
      provider: services.translator.provider ?? null,
    });
    for (const line of banner) console.log(line);
    // Contact messages not yet forwarded by email (SMTP_URL, CONTACT_TO) are retried with backoff.
    const { startContactForwarding } = await import('./server/features/contact/contact');
    const stopForwarding = startContactForwarding(services.db, env, services.clock);
    // YouTube feeds without a live WebSub subscription are read on a timer (integrations).
    const { startIntegrationPolling } = await import('./server/features/integrations/poller');
    const stopPolling = startIntegrationPolling(services);
    // Tickets quiet for the server's auto-close days are warned, then closed (features/tickets).
    const { scheduleTicketAutoClose } = await import('./server/features/tickets/auto-close');
    const autoClose = scheduleTicketAutoClose(services);
    closers.push(() => {
      retention.stop();
      sampler.stop();
      stopForwarding();
      stopPolling();
      autoClose.stop();
    });
    closers.push(() => server.close());
  } else if (opts.healthPort !== undefined) {
    // A bot process has no web tier: /healthz alone, for the process supervisor.
    const healthServer = createServer(async (req, res) => {
      if (req.method === 'GET' && req.url?.split('?')[0] === '/metrics') {
        const m = await metricsResponse(services.metrics, req.headers.authorization, [
          env.METRICS_TOKEN,
          services.adminToken,
        ]);
        res.writeHead(m.status, { 'content-type': m.type, 'cache-control': 'no-store' }).end(m.body);
        return;
      }
      if (req.method !== 'GET' || req.url?.split('?')[0] !== '/healthz') {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
        return;
      }
      const { status, body } = await healthReport(services, health);
      res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    });
    await new Promise<void>((resolve) => healthServer.listen(opts.healthPort, env.HOST, resolve));
    const { port } = healthServer.address() as AddressInfo;
    console.log(`Health on http://${env.HOST}:${port}/healthz`);
    closers.unshift(
      () =>
        new Promise<void>((resolve) => {
          healthServer.closeAllConnections();
          healthServer.close(() => resolve());
        }),
    );
  }

  const childBots = opts.role === 'all' && (opts.botProcesses ?? 1) > 1;
  if (childBots) {
    // The bot in processes of its own behind one REST proxy (core/bot-processes.ts).
    const { startBotProcesses } = await import('./server/core/bot-processes');
    try {
      const set = await startBotProcesses({
        processes: opts.botProcesses as number,
        totalShards: opts.total as number,
        healthPort: opts.healthPort,
      });
      closers.unshift(() => set.stop());
      // This process's own bot-token calls (the dashboard's member search) share the bot's limits too.
      services.env = { ...services.env, DISCORD_REST_PROXY: set.proxyUrl };
      // /healthz reports each bot process and its shards from their status reports (core/health.ts).
      health.childBots = set.bots;
      // /metrics' gateway latency per shard, from the same reports.
      services.metrics.shards.source = async () =>
        (await childBotsHealth(services, set.bots())).flatMap((p) => p.shards);
      void set.exited.then(({ name, code }) => {
        console.error(`${name} exited (code ${code}); stopping every process`);
        process.exitCode = 1;
        void stop(`${name} exited`);
      });
    } catch (err) {
      console.error(`Bot processes not started: ${(err as Error).message}`);
      markStarted();
      await stop('bot processes not started');
      return;
    }
  } else if (opts.role !== 'web') {
    const { startBot } = await import('../bot/client');
    const shardLabel =
      opts.shards === 'auto'
        ? 'the shards Discord recommends'
        : `shards ${opts.shards.join(',')} of ${opts.total}`;
    if (services.env.DISCORD_TOKEN) console.log(`Starting the bot with ${shardLabel}`);
    if (opts.shards !== 'auto' && (opts.total ?? 0) > opts.shards.length && !services.env.DISCORD_REST_PROXY)
      console.warn(
        "Other bot processes run the other shards and share Discord's limits with this one: give every bot process DISCORD_REST_PROXY (npm run start:proxy), or start them with npm start -- --bot-processes N",
      );
    const bot = await startBot(services, { shards: opts.shards, totalShards: opts.total });
    if (bot) {
      health.shards = bot.shards;
      // First at shutdown: stop claiming, let in-flight jobs finish, leave voice, disconnect.
      closers.unshift(() => bot.stop());
    } else if (opts.role === 'bot') {
      console.error('Bot process: the bot did not start; exiting');
      process.exit(1);
    }
  }

  markStarted();
}

/**
 * `npm run start:proxy` (--rest-proxy): the REST proxy the bot processes share (bot/rest-proxy.ts,
 * docs/processes.md). No database, no bot: Discord's limits for every bot process, in one place.
 */
async function runRestProxy(env: ReturnType<typeof loadEnv>, port: number) {
  const { startRestProxy } = await import('../bot/rest-proxy');
  const proxy = await startRestProxy({ api: env.DISCORD_API_URL, port, host: env.HOST });
  console.log(`REST proxy on ${proxy.url} (set DISCORD_REST_PROXY=${proxy.url} on every bot process)`);
  const stop = async (signal: string) => {
    console.log(`Shutting down (${signal})`);
    await proxy.close();
    console.log('Stopped');
    process.exit(process.exitCode ?? 0);
  };
  onStopRequest((reason) => void stop(reason));
}

void main();
