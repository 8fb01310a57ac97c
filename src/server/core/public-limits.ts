import type { Context as HonoContext, MiddlewareHandler } from 'hono';
import type { Services } from './services';
import { createUserLimiter } from './rate-limit';
import { isTrpcBatch, trpcPaths, trpcRequestError } from './trpc-http';

/**
 * Limits on what anyone may ask without logging in (docs/security.md, "Limits on public endpoints").
 */

/** Calls in one tRPC batch request; the client's httpBatchLink sends at most this many (maxItems). */
export const MAX_TRPC_BATCH = 10;

/**
 * Refuses a tRPC batch of more than MAX_TRPC_BATCH calls with 400 before anything is parsed or run
 * (one anonymous GET carrying 1,000 calls used to hold the process for the whole batch).
 */
export function capTrpcBatch(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    if (!isTrpcBatch(url)) return next();
    const calls = trpcPaths(url.pathname).length;
    if (calls <= MAX_TRPC_BATCH) return next();
    return trpcRequestError(
      'BAD_REQUEST',
      `batch: ${calls} calls in one request; at most ${MAX_TRPC_BATCH} are allowed, send the rest in another request`,
      { 'cache-control': 'no-store' },
    );
  };
}

/** GET /api/global-stats: requests per client address per minute, and how long one answer is reused. */
export const GLOBAL_STATS_PER_MINUTE = 60;
export const GLOBAL_STATS_CACHE_SECONDS = 10;

/**
 * GET /api/global-stats, the public figure: at most GLOBAL_STATS_PER_MINUTE requests per address
 * per minute (429 with Retry-After), and the procedure's answer (stats.global) is reused for
 * everyone for GLOBAL_STATS_CACHE_SECONDS (also sent as Cache-Control: public, max-age). The
 * limiter is this process's memory: a public read never costs a database write.
 */
export function limitGlobalStats(services: Services): MiddlewareHandler {
  const perAddress = createUserLimiter(60_000);
  let cached: { body: string; at: number } | null = null;
  const maxAge = (t: number, at: number) =>
    `public, max-age=${Math.max(0, GLOBAL_STATS_CACHE_SECONDS - Math.floor((t - at) / 1000))}`;
  return async (c: HonoContext, next) => {
    const clientIp = (c.get('clientIp' as never) as string | undefined) ?? 'unknown';
    const now = services.clock();
    const taken = perAddress.take(clientIp, GLOBAL_STATS_PER_MINUTE, now);
    if (!taken.ok) {
      c.header('Retry-After', String(taken.retryAfterSeconds));
      return c.json(
        {
          error: `too many requests for /api/global-stats from this address (at most ${GLOBAL_STATS_PER_MINUTE} a minute); try again in ${taken.retryAfterSeconds} s`,
        },
        429,
      );
    }
    const t = now.getTime();
    if (cached && t >= cached.at && t - cached.at < GLOBAL_STATS_CACHE_SECONDS * 1000) {
      return c.body(cached.body, 200, {
        'Content-Type': 'application/json',
        'Cache-Control': maxAge(t, cached.at),
      });
    }
    await next();
    if (c.res.status !== 200) return;
    cached = { body: await c.res.clone().text(), at: t };
    c.header('Cache-Control', maxAge(t, t));
  };
}
