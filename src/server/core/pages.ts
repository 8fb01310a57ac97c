import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { isPagePath } from '../../common/pages';
import { pageHtmlByPath } from './http-seo';

/**
 * The web client and everything no other route took. The site's pages (src/common/pages.ts) answer
 * with the app and 200; any other path answers 404: for a browser (GET/HEAD) the same app, whose
 * router then shows the site's 404 page; for other methods JSON { error }. /api and /trpc answer
 * their own JSON 404s before this (rest.ts, tRPC).
 */
export function mountPages(
  app: Hono,
  client: { dir: string; indexHtml: string } | null,
  publicUrl: string,
): void {
  const notFound = (method: string, path: string) => ({ error: `no such path: ${method} ${path}` });
  // Each public page with its own description and canonical link (http-seo.ts); the others as built.
  const pageHtml = client ? pageHtmlByPath(client.indexHtml, publicUrl) : new Map<string, string>();
  const htmlFor = (path: string) =>
    pageHtml.get((path.length > 1 ? path.replace(/\/$/, '') : path).toLowerCase()) ?? client?.indexHtml ?? '';
  if (client) {
    // Before the static files: '/' would otherwise be index.html as built.
    app.get('/', (c) => c.html(htmlFor('/'), 200, { 'Cache-Control': 'no-cache' }));
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
    if (!client) {
      return status === 404
        ? c.text(`No such page: ${c.req.path}`, 404)
        : c.text('The web client is not built. Run `npm run build` (npm start does this for you).', 503);
    }
    // The page is small and changes with each build: revalidated, never cached for long.
    return c.html(htmlFor(c.req.path), status, { 'Cache-Control': 'no-cache' });
  });
}
