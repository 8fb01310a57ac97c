import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { proxyRequests } from '@discordjs/proxy';
import { DefaultRestOptions, REST, type RESTOptions } from 'discord.js';

/**
 * One bot, one set of REST limits however many processes (issue 24). Discord's global limit (50
 * requests a second per bot token) and its per-route buckets belong to the bot; each bot process's
 * discord.js keeps its own limiter, so three processes together can send 150 a second and collect
 * global 429s. With several bot processes, every one of them sends its REST calls here
 * (DISCORD_REST_PROXY, bot/client.ts) and this process holds the only limiter.
 *
 * Made with the official @discordjs/proxy (`proxyRequests`: it queues each request on a
 * @discordjs/rest instance, forwarding the caller's Authorization header, and waits out limits and
 * 429s before Discord sees the request). Two instances, as Discord counts them: calls with the bot
 * token (the bot's 50/s) and calls without one (webhook executions, 50/s per IP address: the bot
 * processes on one machine share it too).
 */

/** Margin added to every wait for a limit's reset (bench:rest-proxy: 1 global 429 in 360 with 50 ms under load, 0 with this). */
export const WINDOW_MARGIN_MS = 250;

/**
 * Never more than `limit` requests sent in any `spanMs` (a sliding log of the last `limit` sends).
 * Discord counts its second from when requests reach it; @discordjs/rest starts its next window the
 * moment the last one ends when that one was not used up (its offset only follows a used-up one),
 * so the first requests of a window could land in Discord's previous second (bench:rest-proxy: 2
 * global 429s in 480 with the web's member search in the burst). With `spanMs` one second and
 * WINDOW_MARGIN_MS, no second of Discord's sees more than `limit` unless a request takes longer than
 * the margin to reach it. At saturation this is the pace @discordjs/rest keeps anyway (`limit` per
 * second and margin), so it should cost no throughput (not measured apart).
 */
export function spacedRequests(
  send: RESTOptions['makeRequest'],
  limit: number,
  spanMs: number,
): RESTOptions['makeRequest'] {
  const sent: number[] = [];
  let turn: Promise<void> = Promise.resolve();
  return async (url, init) => {
    let sending: ReturnType<typeof send> | undefined;
    const mine = turn.then(async () => {
      if (sent.length >= limit) {
        const due = (sent.shift() as number) + spanMs;
        // Node's timers count from the event loop's cached clock in whole milliseconds, so one can
        // fire up to a millisecond or so before `due` by performance.now(): wait again until it has passed.
        for (let wait = due - performance.now(); wait > 0; wait = due - performance.now())
          await sleep(Math.ceil(wait));
      }
      // A send that throws at once fails its own request, never the turn of the ones behind it.
      try {
        sending = send(url, init);
      } catch (err) {
        sending = Promise.reject(err);
      }
      // Its time is taken once the send has started, never before: a pause of the process between
      // the two (a garbage collection, 1.5 and 2 ms on loaded CI runs) then only delays the requests
      // behind it. Taken before, such a pause made the send later than its recorded time, and the
      // fifth after it left less than the span after it.
      sent.push(performance.now());
    });
    turn = mine;
    await mine;
    return sending as ReturnType<typeof send>;
  };
}

export interface RestProxyOptions {
  /** Where Discord is (DISCORD_API_URL). */
  api: string;
  port: number;
  host?: string;
  /** Discord's global limit per pool (50 a second); only benchmarks change it. */
  globalRequestsPerSecond?: number;
}

export interface RestProxy {
  /** The base URL bot processes point discord.js at (DISCORD_REST_PROXY). */
  url: string;
  /** Requests forwarded so far: with the bot token and without one. */
  forwarded(): { bot: number; ip: number };
  close(): Promise<void>;
}

export async function startRestProxy(opts: RestProxyOptions): Promise<RestProxy> {
  const perSecond = opts.globalRequestsPerSecond ?? 50;
  const rest = () =>
    new REST({
      version: '10',
      api: opts.api,
      globalRequestsPerSecond: perSecond,
      // Waits out a limit instead of answering 429 (the callers then never see one).
      rejectOnRateLimit: null,
      // A new second's window starts this much after the last one ended (discord.js: 50 ms): Discord
      // counts the second from when requests reach it, so a late request of the last window (a
      // busy event loop, a slow network) would otherwise land in Discord's next one.
      offset: WINDOW_MARGIN_MS,
      // The same margin on every window, used up or not (spacedRequests).
      makeRequest: spacedRequests(DefaultRestOptions.makeRequest, perSecond, 1000 + WINDOW_MARGIN_MS),
    });
  const botRest = rest();
  const ipRest = rest();
  const toBot = proxyRequests(botRest);
  const toIp = proxyRequests(ipRest);
  const counts = { bot: 0, ip: 0 };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' && req.url === '/healthz') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ ok: true, forwarded: counts }));
      return;
    }
    if (!req.url?.startsWith('/api/')) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"404: Not Found","code":0}');
      return;
    }
    const withToken = Boolean(req.headers.authorization);
    counts[withToken ? 'bot' : 'ip']++;
    await (withToken ? toBot : toIp)(req, res);
  };
  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error('REST proxy: request failed:', err);
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
  });
  // Longer than undici's keep-alive in the bot processes, so a reused connection is never closed under a request.
  server.keepAliveTimeout = 60_000;
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/api`,
    forwarded: () => ({ ...counts }),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      for (const r of [botRest, ipRest]) {
        r.clearHashSweeper();
        r.clearHandlerSweeper();
      }
    },
  };
}
