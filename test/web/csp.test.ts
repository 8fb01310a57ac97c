import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from '../../src/server/core/security-headers';
import {
  type Browser,
  launchBrowser,
  loginAsAdmin,
  openPage,
  type Page,
  startWebServer,
} from '../helpers/browser';
import { CLIENT_DIR } from '../helpers/client-build';
import type { TestServer } from '../helpers/server';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Records Content-Security-Policy violations of the page from its first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[] };
    w.__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

describe('Content-Security-Policy of the served app', () => {
  it('allows the inline scripts of the served pages by their hashes, never by unsafe-inline', async () => {
    // The app's page has one (the theme); the prerendered pages add the one that loads their full
    // stylesheets without blocking the first paint (scripts/vite-prerender.ts).
    const index = readFileSync(join(CLIENT_DIR, 'index.html'), 'utf8');
    expect(inlineScriptHashes(index)).toHaveLength(1);
    const prerendered = readdirSync(join(CLIENT_DIR, 'prerendered'))
      .filter((f) => f.endsWith('.html'))
      .map((f) => readFileSync(join(CLIENT_DIR, 'prerendered', f), 'utf8'));
    const hashes = [...new Set(inlineScriptHashes([index, ...prerendered].join('\n')))];
    expect(hashes).toHaveLength(2);
    const res = await fetch(`${server.url}/`);
    const scriptSrc = (res.headers.get('content-security-policy') ?? '')
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc?.split(' ').sort()).toEqual(['script-src', "'self'", ...hashes].sort());
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(res.headers.get('x-frame-options')).toBe('DENY');
  });

  it('the inline theme script runs under the policy (before the app, which is held back here)', async () => {
    const page = await openPage(browser, 'about:blank', { theme: 'light' });
    const violations = await watchCsp(page);
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(`${server.url}/no-such-page`);
    // Only the theme script paints the root before the app loads (the app clears it once it runs).
    expect(await page.evaluate(() => document.documentElement.style.backgroundColor)).toBe(
      'rgb(255, 255, 255)',
    );
    expect(await page.evaluate(() => document.documentElement.className)).toBe('light');
    expect(await violations()).toEqual([]);
    await page.context().close();
  });

  it('the landing page, login, 404 and the dashboard run with no violation', async () => {
    const page = await openPage(browser, 'about:blank', { theme: 'light' });
    const violations = await watchCsp(page);
    const consoleCsp: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) consoleCsp.push(m.text());
    });
    for (const [path, ready] of [
      ['/', page.getByRole('heading', { level: 1 }).first()],
      ['/login', page.getByRole('heading', { name: 'Log in to the dashboard' })],
      ['/no-such-page', page.getByRole('heading', { name: '404 Page Not Found' })],
      ['/admin', page.getByText('Bot Dashboard')],
    ] as const) {
      if (path === '/admin') await loginAsAdmin(page, server);
      await page.goto(server.url + path);
      await ready.waitFor();
      expect(await violations()).toEqual([]);
    }
    expect(consoleCsp).toEqual([]);
    await page.context().close();
  });
});
