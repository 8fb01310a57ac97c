import type { MiddlewareHandler } from 'hono';
import { authenticate, clientIpOf } from './authenticate';
import type { Services } from './services';
import { createFailureCounter } from './rate-limit-credentials';
import { trpcCallsError } from './trpc-http';

/** A wrong Bearer value is refused with 429 after this many 401s in the window. */
export const BEARER_FAILURE_LIMIT = 10;
export const BEARER_FAILURE_MINUTES = 15;

/**
 * Who is asking, once per /api and /trpc request (the actor and address the procedures read).
 *
 * A Bearer value that is neither the admin token nor a live API key makes the request a visitor's:
 * public paths answer as they would without it. Where a credential was needed (the answer is 401)
 * the failure is counted against that value (a hash of it), and past BEARER_FAILURE_LIMIT in
 * BEARER_FAILURE_MINUTES the answer becomes 429 saying so, with Retry-After. The caller's address
 * is never counted here (the login form counts it: routers/auth.ts), so the right token and every
 * API key keep working from an address that sends junk, and behind a proxy nobody is locked out
 * for someone else.
 */
export function identifyCaller(services: Services): MiddlewareHandler {
  const failures = createFailureCounter({
    limit: BEARER_FAILURE_LIMIT,
    windowMs: BEARER_FAILURE_MINUTES * 60_000,
    clock: () => services.clock(),
  });
  return async (c, next) => {
    const clientIp = clientIpOf(services, c);
    const auth = await authenticate(services, c);
    c.set('actor' as never, auth.actor as never);
    c.set('clientIp' as never, clientIp as never);
    await next();
    if (!auth.failedBearer || c.res.status !== 401) return;
    const counted = failures.fail(auth.failedBearer);
    if (counted.ok) return;
    const wait = String(counted.retryAfterSeconds);
    const message =
      `authorization: this Bearer value is not the admin token or a live API key, and was refused ` +
      `${BEARER_FAILURE_LIMIT} times in ${BEARER_FAILURE_MINUTES} minutes; check the value you send, ` +
      `then try again in ${wait} s`;
    const headers = { 'retry-after': wait, 'cache-control': 'no-store' };
    const url = new URL(c.req.url);
    c.res = url.pathname.startsWith('/trpc')
      ? trpcCallsError(url, 'TOO_MANY_REQUESTS', message, headers)
      : new Response(JSON.stringify({ error: message }), {
          status: 429,
          headers: { 'content-type': 'application/json', ...headers },
        });
    // Hono carries the 401's headers over to the new answer; its length is not the new one's.
    c.res.headers.delete('content-length');
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
