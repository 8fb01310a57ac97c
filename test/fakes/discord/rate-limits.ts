import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FakeDiscord } from './index';

/**
 * Discord's rate-limit contract on the fake REST (docs/topics/rate-limits), switched on by a test
 * or a bench with `enforceRateLimits(fake)`; off, the fake answers everything as before.
 *  - Global: 50 requests a second per bot token; a request without an Authorization header
 *    counts against its IP address instead (a 429 with X-RateLimit-Global and Scope global).
 *  - Webhook executions (POST /webhooks/{id}/{token}): a bucket per webhook, 5 requests per 2 s
 *    as Discord's headers describe it; every answer carries X-RateLimit-Limit, -Remaining,
 *    -Reset, -Reset-After and -Bucket, and a post over the bucket is a 429 (Scope user) with
 *    Retry-After, which discord.js waits out and retries.
 *  - Reactions (PUT/DELETE /channels/{id}/messages/{id}/reactions/...): Discord's tight bucket,
 *    one request per channel every 250 ms (X-RateLimit-Limit 1), shared by a channel's reaction
 *    routes; over it, a 429 (Scope user) with Retry-After.
 * Interaction callbacks are bound by none, as on Discord.
 */
export interface RateLimitOptions {
  globalPerSecond?: number;
  webhookLimit?: number;
  webhookResetMs?: number;
  reactionLimit?: number;
  reactionResetMs?: number;
}

export interface RateLimitStats {
  /** 429s answered for a webhook's bucket. */
  webhook429: number;
  /** 429s answered for a global limit (bot token or IP). */
  global429: number;
  /** 429s answered for a channel's reaction bucket. */
  reaction429: number;
  /** Of those, for the bot token's. */
  botGlobal429: number;
  /** Requests seen per global pool ('bot' or 'ip:<address>'). */
  requests: Map<string, number>;
}

const WEBHOOK_BUCKET = 'fake0webhook0execute0bucket';
const REACTION_BUCKET = 'fake0reaction0bucket';

export function enforceRateLimits(fake: FakeDiscord, opts: RateLimitOptions = {}): RateLimitStats {
  const globalPerSecond = opts.globalPerSecond ?? 50;
  const webhookLimit = opts.webhookLimit ?? 5;
  const webhookResetMs = opts.webhookResetMs ?? 2000;
  const reactionLimit = opts.reactionLimit ?? 1;
  const reactionResetMs = opts.reactionResetMs ?? 250;
  const stats: RateLimitStats = {
    webhook429: 0,
    reaction429: 0,
    global429: 0,
    botGlobal429: 0,
    requests: new Map(),
  };
  const globals = new Map<string, { start: number; count: number }>();
  const buckets = new Map<string, { remaining: number; resetAt: number }>();
  const rest = fake.rest;
  const handle = rest.handle.bind(rest);

  const refuse = (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    retryMs: number,
    headers: Record<string, string>,
    global: boolean,
  ) => {
    req.resume();
    rest.calls.push({
      method: req.method ?? 'GET',
      path,
      query: {},
      body: null,
      files: [],
      status: 429,
      at: performance.now(),
    });
    res.writeHead(429, {
      'content-type': 'application/json',
      'retry-after': (retryMs / 1000).toFixed(3),
      ...headers,
    });
    res.end(JSON.stringify({ message: 'You are being rate limited.', retry_after: retryMs / 1000, global }));
  };

  rest.handle = async (req: IncomingMessage, res: ServerResponse) => {
    const now = Date.now();
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://fake').pathname).replace(
      /^\/api\/v\d+/,
      '',
    );
    if (path.startsWith('/interactions/')) return handle(req, res);
    const pool =
      req.headers.authorization === `Bot ${fake.token}` ? 'bot' : `ip:${req.socket.remoteAddress ?? '?'}`;
    stats.requests.set(pool, (stats.requests.get(pool) ?? 0) + 1);
    // "50 requests per second": a window of one second from the first request after the last one.
    let g = globals.get(pool);
    if (!g || now - g.start >= 1000) {
      g = { start: now, count: 0 };
      globals.set(pool, g);
    }
    if (g.count >= globalPerSecond) {
      stats.global429++;
      if (pool === 'bot') stats.botGlobal429++;
      return refuse(
        req,
        res,
        path,
        g.start + 1000 - now,
        { 'x-ratelimit-global': 'true', 'x-ratelimit-scope': 'global' },
        true,
      );
    }
    g.count++;
    const hook = req.method === 'POST' ? /^\/webhooks\/(\d+)\/([^/]+)$/.exec(path) : null;
    const reaction = /^\/channels\/(\d+)\/messages\/\d+\/reactions\//.exec(path);
    const bucket =
      hook && rest.webhooks.has(hook[1]!)
        ? { key: `${hook[1]}/${hook[2]}`, limit: webhookLimit, resetMs: webhookResetMs, name: WEBHOOK_BUCKET }
        : reaction
          ? {
              key: `reactions/${reaction[1]}`,
              limit: reactionLimit,
              resetMs: reactionResetMs,
              name: REACTION_BUCKET,
            }
          : null;
    if (bucket) {
      const { key, limit } = bucket;
      let b = buckets.get(key);
      if (!b || now >= b.resetAt) {
        b = { remaining: bucket.limit, resetAt: now + bucket.resetMs };
        buckets.set(key, b);
      }
      const resetAfter = (b.resetAt - now) / 1000;
      const headers = {
        'x-ratelimit-limit': String(limit),
        'x-ratelimit-remaining': String(Math.max(0, b.remaining - 1)),
        'x-ratelimit-reset': (b.resetAt / 1000).toFixed(3),
        'x-ratelimit-reset-after': resetAfter.toFixed(3),
        'x-ratelimit-bucket': bucket.name,
      };
      if (b.remaining <= 0) {
        if (reaction) stats.reaction429++;
        else stats.webhook429++;
        return refuse(
          req,
          res,
          path,
          b.resetAt - now,
          { ...headers, 'x-ratelimit-remaining': '0', 'x-ratelimit-scope': 'user' },
          false,
        );
      }
      b.remaining--;
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    }
    return handle(req, res);
  };
  return stats;
}
