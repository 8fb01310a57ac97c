import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { isPagePath } from '../../common/pages';
import { pageHtmlByPath } from './http-seo';

/** The built web client: its folder, index.html, and the public pages the build rendered. */
export interface BuiltClient {
  dir: string;
  indexHtml: string;
  /** Path ('/pricing') → the page with its content rendered (scripts/vite-prerender.ts). */
  prerendered: Map<string, string>;
}

/** The client built into `dir` (vite build), or null when it is not built. */
export function readClient(dir: string | null): BuiltClient | null {
  if (!dir || !existsSync(resolve(dir, 'index.html'))) return null;
  const prerendered = new Map<string, string>();
  const folder = resolve(dir, 'prerendered');
  if (existsSync(folder)) {
    for (const name of readdirSync(folder)) {
      if (!name.endsWith('.html')) continue;
      const path = name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`;
      prerendered.set(path, readFileSync(join(folder, name), 'utf8'));
    }
  }
  return { dir, indexHtml: readFileSync(resolve(dir, 'index.html'), 'utf8'), prerendered };
}

/**
 * A page's HTML and its brotli and gzip forms, each made the first time a browser asks for it and
 * kept (the prerendered pages, their critical CSS inlined, are 40–270 KB, 15–18 KB with brotli).
 * Compressing every page at start took about 0.5 s of CPU at each start of the web tier (`npm
 * start`, each product process a test starts), most of it for pages that process never served;
 * the first request for a page now pays its own, 60 to 80 ms. Brotli at quality 10, as the build's
 * own precompressed files: the default 11 took about 1.2 s of CPU per page for 2 % fewer bytes
 * (bench:api's profile).
 */
class Encoded {
  private brotli: Uint8Array<ArrayBuffer> | null = null;
  private gzipped: Uint8Array<ArrayBuffer> | null = null;
  constructor(readonly html: string) {}
  get br(): Uint8Array<ArrayBuffer> {
    this.brotli ??= new Uint8Array(
      brotliCompressSync(this.html, { params: { [constants.BROTLI_PARAM_QUALITY]: 10 } }),
    );
    return this.brotli;
  }
  get gzip(): Uint8Array<ArrayBuffer> {
    this.gzipped ??= new Uint8Array(gzipSync(this.html));
    return this.gzipped;
  }
}
/**
 * Pages already known in this process, by their HTML: another app built in the same process with
 * the same pages (the tests start one per file) reuses what was compressed. Bounded: an app's pages
 * differ only with PUBLIC_URL.
 */
const encodedPages = new Map<string, Encoded>();
const encode = (html: string): Encoded => {
  const known = encodedPages.get(html);
  if (known) return known;
  const page = new Encoded(html);
  if (encodedPages.size >= 64) encodedPages.clear();
  encodedPages.set(html, page);
  return page;
};

function sendPage(c: Context, page: Encoded, status: 200 | 404) {
  const accepts = c.req.header('accept-encoding') ?? '';
  const headers = {
    'Content-Type': 'text/html; charset=UTF-8',
    // The page is small and changes with each build: revalidated, never cached for long.
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
  };
  if (/\bbr\b/.test(accepts)) return c.body(page.br, status, { ...headers, 'Content-Encoding': 'br' });
  if (/\bgzip\b/.test(accepts)) return c.body(page.gzip, status, { ...headers, 'Content-Encoding': 'gzip' });
  return c.body(page.html, status, headers);
}

/**
 * The web client and everything no other route took. The site's pages (src/common/pages.ts) answer
 * with the app and 200; any other path answers 404: for a browser (GET/HEAD) the same app, whose
 * router then shows the site's 404 page; for other methods JSON { error }. /api and /trpc answer
 * their own JSON 404s before this (rest.ts, tRPC). The public pages the build rendered are sent with
 * their content (the client hydrates them); the others as the empty app.
 */
export function mountPages(app: Hono, client: BuiltClient | null, publicUrl: string): void {
  const notFound = (method: string, path: string) => ({ error: `no such path: ${method} ${path}` });
  // Each public page with its own description and canonical link (http-seo.ts); the others as built.
  const pages = new Map<string, Encoded>();
  if (client) {
    for (const [path, html] of pageHtmlByPath(client.indexHtml, publicUrl, client.prerendered))
      pages.set(path, encode(html));
  }
  const app404 = client ? encode(client.indexHtml) : null;
  const pageFor = (path: string) =>
    pages.get((path.length > 1 ? path.replace(/\/$/, '') : path).toLowerCase()) ?? app404;
  if (client) {
    // Before the static files: '/' would otherwise be index.html as built.
    app.get('/', (c) => sendPage(c, pageFor('/') as Encoded, 200));
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    // The build writes .br and .gz beside each asset; browsers that accept them get them.
    app.use('*', serveStatic({ root: client.dir, precompressed: true }));
    // A missing asset is a 404 (never the page, which would be cached for a year as a script).
    app.all('/assets/*', (c) => c.text('Not found', 404, { 'Cache-Control': 'no-store' }));
  }
  app.all('*', (c) => {
    const method = c.req.method;
    if (method !== 'GET' && method !== 'HEAD') return c.json(notFound(method, c.req.path), 404);
    const status = isPagePath(c.req.path) ? 200 : 404;
    const page = status === 200 ? pageFor(c.req.path) : app404;
    if (!page) {
      return status === 404
        ? c.text(`No such page: ${c.req.path}`, 404)
        : c.text('The web client is not built. Run `npm run build` (npm start does this for you).', 503);
    }
    return sendPage(c, page, status);
  });
}
