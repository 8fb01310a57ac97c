import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { Services } from './services';

/** HSTS (only when PUBLIC_URL is https): half a year, this host only (the operator's other hosts are theirs). */
export const HSTS_VALUE = 'max-age=15552000';

/**
 * The CSP hash of each inline <script> of a page ('sha256-...'), computed from the HTML actually
 * served: the theme script of index.html is allowed by its hash, never by 'unsafe-inline'. A page
 * with no inline script gives [].
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    // Scripts from files are 'self'; data blocks (type="application/json") never run.
    if (/\bsrc\s*=/i.test(m[1] ?? '') || /\btype\s*=\s*"application\/json"/i.test(m[1] ?? '')) continue;
    hashes.add(
      `'sha256-${createHash('sha256')
        .update(m[2] ?? '', 'utf8')
        .digest('base64')}'`,
    );
  }
  return [...hashes];
}

/**
 * Headers on every answer: a Content-Security-Policy whose scripts are our own files plus the
 * hashes of the served inline scripts (styles keep 'unsafe-inline': Mantine sets style attributes
 * and injects its CSS variables at run time), no framing at all (X-Frame-Options DENY matches
 * frame-ancestors 'none'), and Strict-Transport-Security only when PUBLIC_URL is https (over plain
 * http, on localhost, it would pin a host that has no TLS).
 *
 * The set is hono's secureHeaders, read once at start. Served by node (@hono/node-server), the
 * headers go on node's response before the route runs, where node merges them with the route's
 * own when it writes the head: setting them on the answer afterwards, as secureHeaders does, made
 * every response build a fetch Headers object, a few percent of an API read's CPU (bench:api).
 * No route sets any of these headers itself. Elsewhere (app.request) secureHeaders runs as is.
 */
export function securityHeaders(services: Services, scriptHashes: string[]): MiddlewareHandler[] {
  const library = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", ...scriptHashes],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'https://cdn.discordapp.com'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    strictTransportSecurity: false,
  });
  let headers: [string, string][] | null = null;
  const read = headersOf(library).then((list) => {
    headers = list;
    return list;
  });
  const hsts = () => services.env.PUBLIC_URL.startsWith('https:');
  return [
    async (c, next) => {
      const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
      if (!outgoing || typeof outgoing.setHeader !== 'function') {
        await library(c, next);
        if (hsts()) c.header('Strict-Transport-Security', HSTS_VALUE);
        return;
      }
      for (const [name, value] of headers ?? (await read)) outgoing.setHeader(name, value);
      if (hsts()) outgoing.setHeader('Strict-Transport-Security', HSTS_VALUE);
      await next();
    },
  ];
}

/** The headers a secureHeaders middleware sets, read from one answer of a bare app. */
async function headersOf(middleware: MiddlewareHandler): Promise<[string, string][]> {
  const app = new Hono();
  app.use('*', middleware);
  app.get('/', (c) => c.body(null, 204));
  return [...(await app.request('/')).headers.entries()];
}
