import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
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
 */
export function securityHeaders(services: Services, scriptHashes: string[]): MiddlewareHandler[] {
  return [
    secureHeaders({
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
    }),
    async (c, next) => {
      await next();
      if (services.env.PUBLIC_URL.startsWith('https:')) c.header('Strict-Transport-Security', HSTS_VALUE);
    },
  ];
}
