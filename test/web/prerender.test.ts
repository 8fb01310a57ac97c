import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTitle } from '../../src/client/title';
import { type Browser, launchBrowser, type Page, shot, startWebServer } from '../helpers/browser';
import { CLIENT_DIR } from '../helpers/client-build';
import type { TestServer } from '../helpers/server';

/**
 * The public pages the build renders into HTML (src/client/prerender.tsx, scripts/vite-prerender.ts):
 * the server sends them with their content, a browser shows them without running a script, and the
 * client takes them over (hydrateRoot) without a hydration error, in both themes.
 */
const PRERENDERED = readdirSync(`${CLIENT_DIR}/prerendered`)
  .filter((name) => name.endsWith('.html'))
  .map((name) => (name === 'index.html' ? '/' : `/${name.slice(0, -'.html'.length)}`));

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * A page in a fresh context, every console error and warning and uncaught error collected from the
 * start. `scripts: false` aborts the app's scripts (the page as a browser shows it before they run;
 * Chromium's own evaluation, which playwright needs, stays on).
 */
async function open(opts: { scripts?: boolean; theme?: 'dark' | 'light' } = {}) {
  const context = await browser.newContext();
  context.setDefaultTimeout(15_000);
  if (opts.scripts === false) await context.route('**/assets/*.js', (route) => route.abort());
  if (opts.theme) await context.addInitScript((t) => localStorage.setItem('theme', t), opts.theme);
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  return { page, problems };
}

/** Whether React has taken over the page's header (hydration attaches its fiber to the node; /setup's headings are markdown HTML). */
const hydrated = (page: Page) =>
  page.waitForFunction(() => {
    const h1 = document.querySelector('#root header');
    return !!h1 && Object.keys(h1).some((k) => k.startsWith('__reactFiber$'));
  });

describe('prerendered public pages', () => {
  it('are the landing, pricing, contact, legal and setup pages', () => {
    expect(PRERENDERED.sort()).toEqual(['/', '/contact', '/pricing', '/privacy', '/setup', '/terms']);
  });

  it.each(PRERENDERED)(
    '%s arrives with its content, title and styles, shown without scripts',
    async (path) => {
      const res = await fetch(server.url + path);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toMatch(/<div id="root"><[^>]+>/);
      expect(html).toContain(`<title>${pageTitle(path)}</title>`);
      // Nothing the first paint does not need is requested with the document: the scripts, their
      // preloads and the whole stylesheets are added by one inline script after the first paint
      // (scripts/vite-prerender.ts, afterFirstPaint); <noscript> keeps the plain sheet links.
      const head = html.slice(0, html.indexOf('</head>')).replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
      expect(
        head.match(/<(script type="module"|link rel="(modulepreload|preload|stylesheet)")[^>]*>/g),
      ).toBeNull();
      const later = head.match(/requestAnimationFrame/g) ?? [];
      expect(later).toHaveLength(1);
      expect(head).toMatch(/"type":"module","src":"\/assets\/index-[\w-]+\.js"/);
      const { page } = await open({ scripts: false });
      await page.goto(server.url + path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Styled before any script: the header's theme button is an icon button, not a bare one.
      const toggle = page.getByTestId('theme-toggle');
      expect(await toggle.evaluate((el) => getComputedStyle(el).borderRadius)).not.toBe('0px');
      // No React on the page: what shows is the build's markup.
      expect(await page.evaluate(() => Object.keys(document.querySelector('#root h1') ?? {}))).toEqual([]);
      await shot(page, `prerender-no-js${path === '/' ? '-landing' : path.replace('/', '-')}`);
      await page.context().close();
    },
  );

  it.each(PRERENDERED.flatMap((path) => (['dark', 'light'] as const).map((theme) => [path, theme] as const)))(
    '%s hydrates in the %s theme without a hydration error, and then responds',
    async (path, theme) => {
      const { page, problems } = await open({ theme });
      await page.goto(server.url + path);
      expect(await page.evaluate(() => document.documentElement.className)).toBe(theme);
      await hydrated(page);
      // React's handlers are live: the theme switch works.
      await page.getByTestId('theme-toggle').click();
      const other = theme === 'dark' ? 'light' : 'dark';
      await page.waitForFunction((t) => document.documentElement.classList.contains(t), other);
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it('/contact: what a visitor types before the scripts run is kept and sent, and Send waits for them', async () => {
    const { page, problems } = await open();
    // The app's scripts are held until the visitor has typed.
    const held: (() => Promise<void>)[] = [];
    let release = false;
    await page
      .context()
      .route('**/assets/*.js', (route) =>
        release ? route.continue() : void held.push(() => route.continue()),
      );
    await page.goto(`${server.url}/contact`, { waitUntil: 'commit' });
    const field = (label: string) => page.getByLabel(new RegExp(`^${label} \\*$`));
    await field('Name').fill('Early Bird');
    await field('Email').fill('early@example.com');
    await field('Type').selectOption('feature');
    await field('Subject').fill('Typed early');
    await field('Message').fill('Before the scripts ran');
    const send = page.getByRole('button', { name: 'Send Message' });
    // Before React: Send is disabled, so Enter cannot submit the form natively (a GET with the message in its URL).
    expect(await send.isDisabled()).toBe(true);
    await field('Subject').press('Enter');
    expect(new URL(page.url()).search).toBe('');
    release = true;
    await Promise.all(held.map((go) => go()));
    await hydrated(page);
    await send.click();
    await page.locator('.mantine-Notification-root').getByText('Message Sent!').waitFor();
    const rows = server.services.db
      .$sqlite!.prepare('select name, email, type, subject, message from contact_messages')
      .all();
    expect(rows).toEqual([
      {
        name: 'Early Bird',
        email: 'early@example.com',
        type: 'feature',
        subject: 'Typed early',
        message: 'Before the scripts ran',
      },
    ]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
