import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Browser,
  DESKTOP,
  launchBrowser,
  loginAsAdmin,
  type Page,
  PHONE,
  settled,
  startWebServer,
} from '../helpers/browser';
import type { TestServer } from '../helpers/server';
import { seedDemoGuild } from './admin-screens-helpers';

/**
 * WCAG 2.2 AA by an accessibility rules engine (axe-core, injected into each page): no serious or
 * critical violation on the pages below, dark and light, desktop and phone width.
 * Pages not yet covered are listed in issue 31's notes.
 */
const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Each page with a text that shows once its content is there. */
const PUBLIC_PAGES = [
  { path: '/', ready: 'Powered by a large language model' },
  { path: '/pricing', ready: 'Simple, transparent pricing' },
  { path: '/contact', ready: 'Send us a message' },
  { path: '/terms', ready: 'Last updated: 22 October 2025' },
  { path: '/privacy', ready: 'Last updated: 22 October 2025' },
  { path: '/setup', ready: 'Setting up the Discord bot' },
  { path: '/status', ready: 'Status' },
  { path: '/login', ready: 'Log in to the dashboard' },
];

/**
 * Admin screens on the product's demo data (db/demo.ts). Not yet covered (violations left):
 * tickets (ticket rows named without their visible text; status colours), voice-translation and
 * settings (white text on filled blue and red badges; a scrolling table without keyboard access).
 */
const ADMIN_PAGES = [
  'dashboard',
  'translation',
  'channels',
  'announcements',
  'polls',
  'welcome',
  'moderation',
  'language-learning',
  'integrations',
  'analytics',
  'inbox',
].map((screen) => `/admin/${screen}?guildId=g-demo`);

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([
    startWebServer({ env: { DISCORD_CLIENT_ID: '123456789012345678', SUPPORT_EMAIL: 'help@polyglot.test' } }),
    launchBrowser(),
  ]);
  await seedDemoGuild(server, 'g-demo');
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** axe's serious and critical violations on the page as it is now, one readable line per element. */
async function seriousViolations(page: Page, label: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  const violations = await page.evaluate(async (tags) => {
    // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, injected above
    const axe = (window as any).axe;
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations as Violation[];
  }, TAGS);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${label} ${v.id} (${v.impact}) ${JSON.stringify(n.target)}: ${v.help}. ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
    );
}

/** A page whose context skips the CSP (to inject axe) with the theme stored as the site stores it. */
async function openContext(theme: 'dark' | 'light', size: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport: size, reducedMotion: 'reduce', bypassCSP: true });
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  context.setDefaultTimeout(30_000);
  return context.newPage();
}

/** Waits for the screen's data: no request in flight, no skeleton or loader left. */
async function loaded(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[data-testid$="skeleton"], .mantine-Loader-root')
    .first()
    .waitFor({ state: 'detached' });
  await settled(page);
}

describe('WCAG 2.2 AA (axe-core): no serious or critical violation', { timeout: 180_000 }, () => {
  for (const theme of ['dark', 'light'] as const) {
    for (const [device, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      it(`${theme} ${device}`, async () => {
        const page = await openContext(theme, size);
        const found: string[] = [];
        for (const p of PUBLIC_PAGES) {
          await page.goto(`${server.url}${p.path}`);
          await page.getByText(p.ready).first().waitFor();
          await loaded(page);
          found.push(...(await seriousViolations(page, `${p.path} ${theme} ${device}`)));
        }
        await loginAsAdmin(page, server);
        for (const path of ADMIN_PAGES) {
          await page.goto(`${server.url}${path}`);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await loaded(page);
          found.push(...(await seriousViolations(page, `${path} ${theme} ${device}`)));
        }
        await page.context().close();
        expect(found, found.join('\n')).toEqual([]);
      });
    }
  }
});
