import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_SCREENS } from '../../src/common/pages';
import {
  type Browser,
  DESKTOP,
  launchBrowser,
  loginAsAdmin,
  type Page,
  PHONE,
  shot,
  startWebServer,
} from '../helpers/browser';
import { seedGuild } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { loaded, openContext, seriousViolations, structureProblems } from './a11y-helpers';
import { seedDemoGuild } from './admin-screens-helpers';

/**
 * WCAG 2.2 AA by an accessibility rules engine (axe-core, injected into each page): no serious or
 * critical violation on every page of the site, dark and light, desktop and phone width (the colour
 * rules in all four, the others once per width: VARIANTS); with the
 * document's lang, one h1 and no skipped heading level (structureProblems). One server, one browser
 * and one page per theme × width for the file; each page is one test, reached the way a
 * link reaches it (no reload).
 */

/** Each public page with a text that shows once its content is there. */
const PUBLIC_PAGES = [
  { path: '/', ready: 'AI translation that reads the conversation' },
  { path: '/pricing', ready: 'Simple, transparent pricing' },
  { path: '/contact', ready: 'Send us a message' },
  { path: '/terms', ready: 'Last updated: 22 October 2025' },
  { path: '/privacy', ready: 'Last updated: 22 October 2025' },
  { path: '/setup', ready: 'Setting up the Discord bot' },
  { path: '/status', ready: 'Status' },
  { path: '/login', ready: 'Log in to the dashboard' },
  { path: '/no-such-page', ready: '404 Page Not Found' },
];

/** Every server's admin screen (src/common/pages.ts); /admin itself redirects, the inbox is the operator's. */
const SCREENS = ADMIN_SCREENS.filter((s) => s !== '' && s !== 'inbox');
/** The screens whose capability the Free plan lacks: their lock card. */
const LOCKED = [
  'announcements',
  'tickets',
  'polls',
  'language-learning',
  'voice-translation',
  'integrations',
  'analytics',
];

/** Pages whose look issue 31's fixes changed: screenshotted in every variant (test-results/screenshots). */
const SHOTS = new Set([
  'pricing',
  'dashboard-g-demo',
  'tickets-g-demo',
  'voice-translation-g-demo',
  'settings-g-demo',
  'analytics-g-demo',
  'language-learning-g-demo',
  'polls-g-demo',
]);

/** The product's demo data (db/demo.ts), and the operator's inbox. */
const DEMO = [...SCREENS.map((s) => `/admin/${s}?guildId=g-demo`), '/admin/inbox'];
/** An Ultimate server with nothing in it (every empty state), then the Free plan's locked screens. */
const EMPTY_AND_LOCKED = [
  ...SCREENS.map((s) => `/admin/${s}?guildId=g-empty`),
  ...LOCKED.map((s) => `/admin/${s}?guildId=g-free`),
];

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startWebServer({ env: { DISCORD_CLIENT_ID: '123456789012345678', SUPPORT_EMAIL: 'help@polyglot.test' } }),
    launchBrowser(),
  ]);
  await seedDemoGuild(server, 'g-demo');
  await seedGuild(server.services, 'g-empty', { plan: 'ultimate', name: 'Empty Server' });
  await seedGuild(server.services, 'g-free', { plan: 'free', name: 'Free Server' });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Every rule in dark at desktop width and in light at phone width; the colour rules alone in the
 * other two. A theme changes colours and nothing else on the site (the theme toggle's icon aside):
 * the other rules (names, roles, structure, target sizes) read the elements and their layout, which
 * the width decides, and each width has a variant with every rule.
 */
const VARIANTS = [
  ['dark', 'desktop', DESKTOP, 'all'],
  ['light', 'desktop', DESKTOP, 'colour'],
  ['dark', 'phone', PHONE, 'colour'],
  ['light', 'phone', PHONE, 'all'],
] as const;

/**
 * Opens `path` in the single-page app as a link would (history + popstate: no reload, so the bundle,
 * the session and axe stay loaded), then waits for the page: its `ready` text, or a new h1.
 */
async function visit(page: Page, path: string, ready?: string): Promise<void> {
  await page.evaluate((p) => {
    if (location.pathname + location.search === p) return;
    for (const h of document.querySelectorAll('h1')) h.setAttribute('data-a11y-left', '');
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.locator('h1:not([data-a11y-left])').first().waitFor();
  if (ready) await page.getByText(ready).first().waitFor();
  await loaded(page);
}

for (const [theme, device, size, rules] of VARIANTS) {
  describe(`WCAG 2.2 AA (axe-core${rules === 'colour' ? ', colour rules' : ''}), ordered headings, lang: ${theme} ${device}`, () => {
    let page: Page;
    beforeAll(async () => {
      page = await openContext(browser, theme, size);
      await page.goto(`${server.url}/`);
      await page.getByText(PUBLIC_PAGES[0].ready).first().waitFor();
    });
    afterAll(async () => {
      await page?.context().close();
    });

    let loggedIn = false;
    const check = async (path: string, ready?: string) => {
      // Public pages first, signed out (/login sends a signed-in admin on to the dashboard).
      if (path.startsWith('/admin') && !loggedIn) {
        // Signed in by a reload: the app read "signed out" at its start.
        await loginAsAdmin(page, server);
        await page.goto(`${server.url}${path}`);
        loggedIn = true;
      }
      await visit(page, path, ready);
      const label = `${path} ${theme} ${device}`;
      const name = path.replace(/^\/(admin\/)?/, '').replace(/\?guildId=/, '-') || 'home';
      if (SHOTS.has(name)) await shot(page, `a11y-${name}-${theme}-${device}`);
      const found = [
        ...(await seriousViolations(page, label, rules)),
        ...(await structureProblems(page, label)),
      ];
      expect(found, found.join('\n')).toEqual([]);
    };

    for (const p of PUBLIC_PAGES) it(`public ${p.path}`, () => check(p.path, p.ready));
    for (const path of DEMO) it(`demo ${path}`, () => check(path));
    for (const path of EMPTY_AND_LOCKED) it(`empty/locked ${path}`, () => check(path));
  });
}
