import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEXED_PAGES } from '../../src/common/pages';
import { type Browser, launchBrowser, openPage, startWebServer } from '../helpers/browser';
import type { TestServer } from '../helpers/server';

/**
 * What search engines read: robots.txt, sitemap.xml and each public page's description and
 * canonical link, with absolute URLs from PUBLIC_URL (here another host than the server's own).
 */
const PUBLIC_URL = 'https://polyglot.example';
let s: TestServer;
let browser: Browser;
beforeAll(async () => {
  s = await startWebServer({ env: { PUBLIC_URL } });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

/** The contents of the page's meta descriptions and the addresses of its canonical links. */
const head = (html: string) => ({
  description: [...html.matchAll(/<meta\s+name="description"\s+content="([^"]*)"/g)].map((m) => m[1]),
  canonical: [...html.matchAll(/<link\s+rel="canonical"\s+href="([^"]*)"/g)].map((m) => m[1]),
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt allows the site, keeps crawlers out of the dashboard and the APIs, names the sitemap', async () => {
    const res = await fetch(`${s.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n').filter(Boolean);
    // Every line is a directive robots.txt knows, as Lighthouse's robots-txt audit requires.
    for (const line of lines) expect(line).toMatch(/^(User-agent|Allow|Disallow|Sitemap): \S+$/);
    expect(lines).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /login',
      'Disallow: /api/',
      'Disallow: /trpc/',
      `Sitemap: ${PUBLIC_URL}/sitemap.xml`,
    ]);
  });

  it('sitemap.xml lists every public page at PUBLIC_URL and nothing else', async () => {
    const res = await fetch(`${s.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual(
      ['/', '/pricing', '/contact', '/terms', '/privacy', '/setup', '/status'].map((p) => PUBLIC_URL + p),
    );
  });
});

describe('each public page as sent', () => {
  it('carries its own description and one canonical link to its PUBLIC_URL address', async () => {
    for (const [path, description] of Object.entries(INDEXED_PAGES)) {
      const res = await fetch(s.url + path);
      expect(res.status, path).toBe(200);
      const h = head(await res.text());
      expect(h.description, path).toEqual([description]);
      expect(h.canonical, path).toEqual([PUBLIC_URL + path]);
    }
    // A trailing slash or capitals: the same page, the same canonical address.
    const h = head(await (await fetch(`${s.url}/Pricing/`)).text());
    expect(h.canonical).toEqual([`${PUBLIC_URL}/pricing`]);
  });

  it('the dashboard, login and unknown paths have no canonical link', async () => {
    for (const path of ['/admin', '/login', '/nope']) {
      const h = head(await (await fetch(s.url + path)).text());
      expect(h.canonical, path).toEqual([]);
      expect(h.description, path).toHaveLength(1);
    }
  });

  it('navigating in the app moves the description and the canonical link along', async () => {
    const page = await openPage(browser, `${s.url}/`);
    await page.getByRole('main').getByRole('link', { name: 'View Pricing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Simple, transparent pricing' }).waitFor();
    const read = () =>
      page.evaluate(() => ({
        description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
        canonical: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href')),
      }));
    expect(await read()).toEqual({
      description: INDEXED_PAGES['/pricing'],
      canonical: [`${PUBLIC_URL}/pricing`],
    });
    await page.context().close();
  });
});
