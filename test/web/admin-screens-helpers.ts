import { seedDemo } from '../../db/demo';
import { guildChannels, guilds } from '../../db/schema';
import {
  type Browser,
  blankPage,
  eachThemeAndWidth,
  goInApp,
  holdRequests,
  loginAsAdmin,
  type Page,
  shot,
  type Theme,
} from '../helpers/browser';
import type { TestServer } from '../helpers/server';

/** Shared by the admin screen tests (Announcements, Tickets, Learning, Voice, Analytics, Settings). */

export type { Theme };

type Cookies = Awaited<ReturnType<ReturnType<Page['context']>['cookies']>>;
/** The session cookie of each server: the login procedure allows 10 attempts per 15 minutes. */
const sessions = new WeakMap<TestServer, Cookies>();

/** A logged-in page at `path` (e.g. '/admin/tickets?guildId=g1'); logs in once per server. */
export async function adminPage(
  browser: Browser,
  server: TestServer,
  path: string,
  opts: {
    theme?: Theme;
    width?: number;
    height?: number;
    beforeGoto?: (page: Page) => Promise<unknown>;
  } = {},
): Promise<Page> {
  const page = await adminContext(browser, server, { theme: opts.theme ?? 'dark', ...opts });
  await opts.beforeGoto?.(page);
  await page.goto(`${server.url}${path}`);
  return page;
}

/**
 * A signed-in page in a context of its own, before its first load (the cookie is set on the
 * context; the page is new, or parked by WarmContexts): adminPage without the navigation, for a
 * test that visits several screens in one context.
 */
export async function adminContext(
  browser: Browser,
  server: TestServer,
  opts: { theme?: Theme; width?: number; height?: number } = {},
): Promise<Page> {
  const page = await blankPage(browser, { theme: opts.theme ?? 'dark', ...opts });
  // The whole suite runs browser files side by side on two CPUs: leave slow pages room.
  page.context().setDefaultTimeout(30_000);
  const cookies = sessions.get(server);
  if (cookies) {
    await page.context().addCookies(cookies);
  } else {
    await loginAsAdmin(page, server);
    sessions.set(server, await page.context().cookies());
  }
  return page;
}

/** What the dashboard's shell asks for around every screen (sign-in, server picker, bot status). */
const SHELL_PROCEDURES = new Set(['auth.me', 'guilds.list', 'setup.status', 'contact.access']);
const shellOnly = (url: string) =>
  new URL(url).pathname
    .replace(/^\/trpc\//, '')
    .split(',')
    .every((p) => SHELL_PROCEDURES.has(p));

/** With the screen's API answers held back until it shows, the screen shows the skeleton `testId`, then the content. */
export async function expectSkeletonWhileLoading(
  browser: Browser,
  server: TestServer,
  path: string,
  testId: 'stat-grid-skeleton' | 'card-list-skeleton',
): Promise<void> {
  let release: () => void = () => {};
  const page = await adminPage(browser, server, path, {
    beforeGoto: async (p) => {
      release = await holdRequests(p, '**/trpc/**', shellOnly);
    },
  });
  await page.getByTestId(testId).waitFor();
  release();
  await page.getByTestId(testId).waitFor({ state: 'detached' });
  await page.context().close();
}

/** Fills `guildId` with the product's demo data (db/demo.ts), as a newcomer's dashboard shows it. */
export async function seedDemoGuild(server: TestServer, guildId: string, now = new Date()): Promise<void> {
  await seedDemo(server.services.db, guildId, now);
}

/** A guild row and its synced channels (text unless a type is given), as the bot would store them. */
export async function insertGuild(
  server: TestServer,
  id: string,
  channels: { id: string; name: string; type?: number }[] = [],
): Promise<void> {
  await server.services.db
    .insert(guilds)
    .values({ id, name: `Guild ${id}` })
    .onConflictDoNothing()
    .run();
  for (const [position, c] of channels.entries()) {
    await server.services.db
      .insert(guildChannels)
      .values({ id: c.id, guildId: id, name: c.name, type: c.type ?? 0, position })
      .run();
  }
}

/**
 * Screenshots of one screen in dark and light, desktop and 375 px, once per entry of `paths`
 * (e.g. { demo, empty }): test-results/screenshots/<name>-<kind>-<theme>-<desktop|phone>.png.
 * `ready` waits for the loaded screen. Returns the page errors seen.
 *
 * One signed-in context per theme (eachThemeAndWidth): the first path at each width is a fresh
 * load at that width, the others are reached in the app as a link would (goInApp: the new screen's
 * requests answered), then `ready`.
 */
export async function screenshotMatrix<K extends string>(
  browser: Browser,
  server: TestServer,
  name: string,
  paths: Record<K, string>,
  ready: (page: Page, kind: K) => Promise<void>,
): Promise<string[]> {
  const errors: string[] = [];
  await eachThemeAndWidth(
    async (theme) => {
      const page = await adminContext(browser, server, { theme });
      page.on('pageerror', (e) => errors.push(e.message));
      return page;
    },
    async (page, theme, device) => {
      for (const [i, kind] of (Object.keys(paths) as K[]).entries()) {
        if (i === 0) await page.goto(`${server.url}${paths[kind]}`);
        else await goInApp(page, paths[kind]);
        await ready(page, kind);
        await shot(page, `${name}-${kind}-${theme}-${device}`);
      }
    },
  );
  return errors;
}
