import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, chromium, type Locator, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../src/server/core/admin-token';
import { CLIENT_DIR } from './client-build';
import { countRequests } from './page-requests';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from './server';
import { WarmContexts } from './warm-contexts';

export type { Browser, Page } from 'playwright-core';
export { countRequests, goInApp, holdRequests, requestsDone } from './page-requests';

/** STACK.md: Debian's Chromium, with the flags that keep it off the (closed) internet (Lighthouse runs it: bench/lighthouse.ts). */
export const CHROMIUM_PATH = '/usr/bin/chromium';
/**
 * The browser tests' Chromium: Debian's chromium-headless-shell, the same Blink and V8 built
 * without the full browser around them (Playwright's own default for headless runs). A page load
 * in a fresh context took half the CPU of the full browser's headless mode, and about 0.6 of its
 * time, on this machine (8 loads of the Channels screen: 15.7 s → 7.9 s of Chromium's CPU).
 */
export const TEST_CHROMIUM_PATH = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const SCREENSHOT_DIR = 'test-results/screenshots';
export const DESKTOP = { width: 1280, height: 800 } as const;
export const PHONE = { width: 375, height: 812 } as const;

export type Theme = 'dark' | 'light';
export type Device = 'desktop' | 'phone';
/**
 * SCREENSHOTS=off (.ci/run sets it: a CI run keeps no files for anyone to open) skips the capture
 * itself; the wait before it (settled) and every check around it still run. The PNGs are a person's
 * way of seeing what the pages look like: `npm test` writes them. Off, four screenshot-heavy browser
 * files took 104 s instead of 116-120 s of wall time and 190 s instead of 210-220 s of the machine's
 * CPU (two runs each way, one session).
 */
const CAPTURE = process.env.SCREENSHOTS !== 'off';

/**
 * The theme and width variants a test that takes pictures runs (eachThemeAndWidth, or its own loop
 * over them). With capture, all four: each is a picture a person looks at. Without
 * (SCREENSHOTS=off), the diagonal: dark at desktop width, light at phone width. Each theme and each
 * width still loads every page with its checks; the two pairings left out would run the same checks
 * with the same theme and width code and take no picture. Every screen's colours are still checked
 * by axe in all four (test/web/a11y.test.ts).
 */
export const THEMES_AND_WIDTHS: readonly (readonly [Theme, Device, { width: number; height: number }])[] =
  CAPTURE
    ? [
        ['dark', 'desktop', DESKTOP],
        ['dark', 'phone', PHONE],
        ['light', 'desktop', DESKTOP],
        ['light', 'phone', PHONE],
      ]
    : [
        ['dark', 'desktop', DESKTOP],
        ['light', 'phone', PHONE],
      ];

/**
 * Runs `run` in each theme at desktop and phone width (dark desktop, dark phone, light desktop,
 * light phone; the diagonal alone when screenshots are off: THEMES_AND_WIDTHS) with one browser
 * context per theme, opened by `open` (e.g. blankPage, or adminContext for a signed-in one): the
 * viewport is set before each call, and `run` loads its page afresh (a load in a warm context: the
 * bundle comes from its HTTP cache). The context is closed after the theme, whatever happens.
 */
export async function eachThemeAndWidth(
  open: (theme: Theme) => Promise<Page>,
  run: (page: Page, theme: Theme, device: Device) => Promise<void>,
): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    const page = await open(theme);
    try {
      for (const [, device, size] of THEMES_AND_WIDTHS.filter(([t]) => t === theme)) {
        await page.setViewportSize(size);
        await run(page, theme, device);
      }
    } finally {
      await page.context().close();
    }
  }
}

let chromiumOfWorker: Promise<Browser> | null = null;

/**
 * Chromium for a test file. One Chromium runs per test worker (vitest runs file after file in a
 * worker, vitest.config.ts): a file gets its own handle on it, whose contexts (every page opens
 * one: openPage, newPage) are its own and kept warm between its tests (WarmContexts), and whose
 * close() closes those contexts, not Chromium.
 * Starting Chromium took a few seconds per file. Chromium ends with the worker (Playwright's pipe
 * to it closes), or is started again if it went away.
 */
export async function launchBrowser(): Promise<Browser> {
  if (!chromiumOfWorker) {
    const launching = chromium.launch({
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      headless: true,
    });
    chromiumOfWorker = launching;
    launching.then(
      (b) =>
        b.on('disconnected', () => {
          if (chromiumOfWorker === launching) chromiumOfWorker = null;
        }),
      () => {
        if (chromiumOfWorker === launching) chromiumOfWorker = null;
      },
    );
  }
  return fileHandle(await chromiumOfWorker);
}

/**
 * The worker's Chromium as one file sees it: its own contexts, kept warm between its tests
 * (WarmContexts: a closed context is wiped and reused with its HTTP cache), all closed by close().
 */
function fileHandle(chromiumProcess: Browser): Browser {
  const contexts = new WarmContexts(chromiumProcess);
  let closed = false;
  return new Proxy(chromiumProcess, {
    get(target, prop) {
      if (prop === 'newContext')
        return (...args: Parameters<Browser['newContext']>) => contexts.newContext(...args);
      if (prop === 'newPage')
        return async (...args: Parameters<Browser['newPage']>) => {
          // As Browser.newPage: the page has a context of its own, closed with the page.
          const context = await contexts.newContext(...args);
          const page = await context.newPage();
          page.on('close', () => void context.close().catch(() => undefined));
          return page;
        };
      if (prop === 'contexts') return () => contexts.contexts();
      if (prop === 'isConnected') return () => !closed && target.isConnected();
      if (prop === 'close')
        return async () => {
          closed = true;
          await contexts.closeAll();
        };
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** The real server serving the built client (the build happens once per run, in global setup). */
export async function startWebServer(
  opts: Omit<Parameters<typeof startTestServer>[0] & object, 'clientDir'> = {},
): Promise<TestServer> {
  const buildError = inject('clientBuildError');
  if (buildError) throw new Error(`The web client could not be built:\n${buildError}`);
  if (!existsSync(resolve(CLIENT_DIR, 'index.html'))) {
    throw new Error(
      `${CLIENT_DIR}/index.html is missing: run the browser tests through vitest (global setup builds it)`,
    );
  }
  return startTestServer({ ...opts, clientDir: CLIENT_DIR });
}

export interface OpenOptions {
  /** Seeds localStorage['theme'] once for this page (a reload keeps whatever the page stored). */
  theme?: 'dark' | 'light';
  width?: number;
  height?: number;
}

/**
 * A browser context of its own (own cookies and storage; its HTTP cache may be warm from the file's
 * earlier tests: WarmContexts) with one page that has loaded nothing of this test's (a new page, or
 * the one an earlier test left, parked on a plain file of its site: WarmContexts), themed and
 * sized as `opts` says: for a test that adds cookies or routes before its first navigation, or that
 * visits several pages in one context (its HTTP cache keeps the bundle between them).
 */
export async function blankPage(browser: Browser, opts: OpenOptions = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? DESKTOP.width, height: opts.height ?? DESKTOP.height },
    reducedMotion: 'reduce',
  });
  if (opts.theme) {
    await context.addInitScript((theme) => {
      if (!sessionStorage.getItem('__themeSeeded')) {
        localStorage.setItem('theme', theme);
        sessionStorage.setItem('__themeSeeded', '1');
      }
    }, opts.theme);
  }
  context.setDefaultTimeout(10_000);
  const page = await context.newPage();
  countRequests(page);
  return page;
}

/** A browser context of its own (as blankPage) with one page at `url`. */
export async function openPage(browser: Browser, url: string, opts: OpenOptions = {}): Promise<Page> {
  const page = await blankPage(browser, opts);
  await visit(page, url);
  return page;
}

/**
 * Loads `url` in `page` (a fresh load, in the page's context: its cookies, storage and HTTP cache)
 * and waits until React owns it: what openPage does in a new context.
 */
export async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  // A public page arrives prerendered and is live only once React has taken it over (hydrateRoot):
  // wait for that, as a visitor's click before it would do nothing.
  if (url.startsWith('http')) await page.waitForFunction(reactOwnsRoot);
}

/** Whether React renders #root's content (its elements carry React's fiber key). Runs in the page. */
function reactOwnsRoot(): boolean {
  const first = document.getElementById('root')?.firstElementChild;
  return !!first && Object.keys(first).some((k) => k.startsWith('__reactFiber$'));
}

/**
 * Gives the page's browser context a dashboard session: a real session row and its cookie, as
 * auth.login makes them (without going through the login rate limit; test/web/auth.test.ts
 * covers the login screen itself).
 */
export async function loginAsAdmin(page: Page, server: TestServer): Promise<void> {
  const { cookieValue, expiresAt } = await createSession(server.services.db, server.services.clock());
  await page.context().addCookies([
    {
      name: SESSION_COOKIE,
      value: cookieValue,
      url: server.url,
      httpOnly: true,
      sameSite: 'Lax',
      expires: Math.floor(expiresAt.getTime() / 1000),
    },
  ]);
}

/** Logs in through the real procedure with the admin token (counts against the login rate limit). */
export async function loginWithToken(page: Page, server: TestServer, token = TEST_ADMIN_TOKEN) {
  return page.request.post(`${server.url}/trpc/auth.login`, {
    data: { json: { token } },
    headers: { origin: server.url },
  });
}

/**
 * Saves a full-page PNG to test-results/screenshots/<name>.png and returns its path. Taken through
 * Chromium's own capture with `optimizeForSpeed` (a faster PNG compression, larger files: the same
 * pixels), which Playwright's page.screenshot does not offer: the suite takes some 500 of them.
 */
export async function shot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await settled(page);
  if (!CAPTURE) return path;
  const cdp = await page.context().newCDPSession(page);
  try {
    // The whole page, as page.screenshot({ fullPage: true }) measures it.
    const { cssContentSize: size } = await cdp.send('Page.getLayoutMetrics');
    const { data } = await cdp.send('Page.captureScreenshot', {
      format: 'png',
      optimizeForSpeed: true,
      captureBeyondViewport: true,
      clip: { x: 0, y: 0, width: Math.ceil(size.width), height: Math.ceil(size.height), scale: 1 },
    });
    writeFileSync(path, Buffer.from(data, 'base64'));
  } finally {
    await cdp.detach().catch(() => undefined);
  }
  return path;
}

/**
 * Saves a PNG of one element (`what`: a card, the header), or of what the screen shows (`what`: a
 * page; its viewport, as an open dialog or sheet is seen), to test-results/screenshots/<name>.png
 * and returns its path: shot for a part of the page, with the same rule (the wait for a settled page
 * always runs, the picture only with screenshots on).
 */
export async function shotOf(what: Locator | Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await settled('goto' in what ? what : what.page());
  if (CAPTURE) await what.screenshot({ path });
  return path;
}

/**
 * Resolves once the page's fonts are loaded and no transition or finite animation runs (endless
 * ones, a spinner's or a skeleton's pulse, are left running): what a screenshot or a measure of a
 * sliding panel should wait for. Two frames first, so a transition just asked for has started.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    for (;;) {
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity);
      if (!running.length) return;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
  });
}

/** Uncaught page errors (collect from the start of a test, assert it stays empty). */
export function pageErrors(page: Page): Error[] {
  const errors: Error[] = [];
  page.on('pageerror', (e) => errors.push(e));
  return errors;
}

/**
 * Visible controls (links, buttons, fields) without an accessible name: none of text, aria-label,
 * aria-labelledby, a <label>, or title. Returns a short HTML excerpt of each.
 */
export function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="link"], [role="switch"], [role="checkbox"], [role="combobox"], [tabindex]:not([tabindex="-1"])';
    const named = (el: Element): boolean => {
      if (el.getAttribute('aria-label')?.trim()) return true;
      const by = el.getAttribute('aria-labelledby');
      if (by?.split(/\s+/).some((id) => document.getElementById(id)?.textContent?.trim())) return true;
      const labels = (el as HTMLInputElement).labels;
      if (labels && [...labels].some((l) => l.textContent?.trim())) return true;
      if (
        !(
          el instanceof HTMLInputElement ||
          el instanceof HTMLTextAreaElement ||
          el instanceof HTMLSelectElement
        )
      ) {
        if (el.textContent?.trim()) return true;
      }
      return Boolean(el.getAttribute('title')?.trim());
    };
    return [...document.querySelectorAll(selector)]
      .filter((el) => el.getClientRects().length > 0 && !el.closest('[aria-hidden="true"]'))
      .filter((el) => !named(el))
      .map((el) => el.outerHTML.slice(0, 160));
  });
}
