import type { Hono } from 'hono';
import { INDEXED_PAGES } from '../../common/pages';

/**
 * What search engines read (Lighthouse's SEO audits): /robots.txt (every indexed page allowed, the
 * dashboard, login and the APIs not, and where the sitemap is), /sitemap.xml of the public pages
 * (src/common/pages.ts, INDEXED_PAGES), and each public page's own meta description and canonical
 * link, written into the page the server sends. Absolute URLs come from PUBLIC_URL.
 */
export function mountSeo(app: Hono, publicUrl: string): void {
  const base = publicUrl.replace(/\/+$/, '');
  const robots = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /admin',
    'Disallow: /login',
    'Disallow: /api/',
    'Disallow: /trpc/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...Object.keys(INDEXED_PAGES).map((path) => `  <url><loc>${escapeXml(base + path)}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  const headers = { 'Cache-Control': 'public, max-age=3600' };
  app.get('/robots.txt', (c) => c.text(robots, 200, headers));
  app.get('/sitemap.xml', (c) =>
    c.body(sitemap, 200, { ...headers, 'Content-Type': 'application/xml; charset=utf-8' }),
  );
}

/**
 * Each indexed page (its prerendered HTML, else index.html) with its description and canonical
 * link in place (computed once; the path as the site spells it, no trailing slash). Other paths get
 * index.html as built.
 */
export function pageHtmlByPath(
  indexHtml: string,
  publicUrl: string,
  prerendered: ReadonlyMap<string, string> = new Map(),
): Map<string, string> {
  const base = publicUrl.replace(/\/+$/, '');
  const description = /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/;
  const pages = new Map<string, string>();
  for (const [path, text] of Object.entries(INDEXED_PAGES)) {
    const html = prerendered.get(path) ?? indexHtml;
    const head = `<meta name="description" content="${escapeXml(text)}" />\n    <link rel="canonical" href="${escapeXml(base + path)}" />`;
    pages.set(
      path,
      description.test(html)
        ? html.replace(description, () => head)
        : html.replace('</head>', () => `${head}\n  </head>`),
    );
  }
  return pages;
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
