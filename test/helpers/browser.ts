import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page, type Request } from 'playwright-core';
import { inject } from 'vitest';
import { createSession, SESSION_COOKIE } from '../../src/server/core/admin-token';
import { CLIENT_DIR } from './client-build';
import { startTestServer, TEST_ADMIN_TOKEN, type TestServer } from './server';

export type { Browser, Page } from 'playwright-core';

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
const WIDTHS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const;

/**
 * Runs `run` in each theme at desktop and phone width (dark desktop, dark phone, light desktop,
 * light phone) with one browser context per theme, opened by `open` (e.g. blankPage, or
 * adminContext for a signed-in one): the viewport is set before each call, and `run` loads its page
 * afresh (a load in a warm context: the bundle comes from its HTTP cache). The context is closed
 * after the theme, whatever happens.
 */
export async function eachThemeAndWidth(
  open: (theme: Theme) => Promise<Page>,
  run: (page: Page, theme: Theme, device: Device) => Promise<void>,
): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    const page = await open(theme);
    try {
      for (const [device, size] of WIDTHS) {
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
 * one: openPage, newPage) are its own, and whose close() closes those contexts, not Chromium.
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

/** The worker's Chromium as one file sees it: its own contexts, closed by close(). */
function fileHandle(chromiumProcess: Browser): Browser {
  const own = new Set<BrowserContext>();
  const track = (context: BrowserContext) => {
    own.add(context);
    context.on('close', () => own.delete(context));
    return context;
  };
  let closed = false;
  return new Proxy(chromiumProcess, {
    get(target, prop) {
      if (prop === 'newContext')
        return async (...args: Parameters<Browser['newContext']>) => track(await target.newContext(...args));
      if (prop === 'newPage')
        return async (...args: Parameters<Browser['newPage']>) => {
          // As Browser.newPage: the page has a context of its own, closed with the page.
          const context = track(await target.newContext(...args));
          const page = await context.newPage();
          page.on('close', () => void context.close().catch(() => undefined));
          return page;
        };
      if (prop === 'contexts') return () => [...own];
      if (prop === 'isConnected') return () => !closed && target.isConnected();
      if (prop === 'close')
        return async () => {
          closed = true;
          await Promise.all([...own].map((c) => c.close().catch(() => undefined)));
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
 * A fresh browser context (own cookies and storage) with one blank page, themed and sized as
 * `opts` says: for a test that adds cookies or routes before its first navigation, or that visits
 * several pages in one context (its HTTP cache keeps the bundle between them).
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

/** A page's requests, counted from Playwright's events (blankPage starts it): for requestsDone. */
class RequestCount {
  readonly open = new Set<Request>();
  started = 0;
  private waiting: (() => void)[] = [];
  constructor(page: Page) {
    page.on('request', (r) => {
      this.open.add(r);
      this.started++;
    });
    const ended = (r: Request) => {
      this.open.delete(r);
      if (this.open.size === 0) for (const wake of this.waiting.splice(0)) wake();
    };
    page.on('requestfinished', ended);
    page.on('requestfailed', ended);
  }
  /** Resolves when no request is in flight. */
  none(): Promise<void> {
    return this.open.size === 0 ? Promise.resolve() : new Promise((r) => this.waiting.push(r));
  }
}
const requestCounts = new WeakMap<Page, RequestCount>();

/** Counts `page`'s requests from now on (blankPage does it for its pages; once per page). */
export function countRequests(page: Page): void {
  if (!requestCounts.has(page)) requestCounts.set(page, new RequestCount(page));
}

/**
 * Resolves once `page` has no request in flight and started none over two animation frames (a
 * render that follows an answer may ask for more, and does so within them): the sign that what a
 * load or an in-app navigation asked for has arrived. waitForLoadState('networkidle') instead
 * waits 500 ms of silence after every load, and returns at once after an in-app navigation.
 * The page must count its requests (blankPage, or countRequests before its first load).
 */
export async function requestsDone(page: Page, timeout = 30_000): Promise<void> {
  const count = requestCounts.get(page);
  if (!count) throw new Error('requestsDone: the page does not count its requests (open it with blankPage)');
  const deadline = Date.now() + timeout;
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((r) => {
      timer = setTimeout(() => r('late'), Math.max(0, deadline - Date.now()));
    });
    const outcome = await Promise.race([count.none(), late]).finally(() => clearTimeout(timer));
    if (outcome === 'late') {
      const urls = [...count.open].map((r) => r.url()).join(', ');
      throw new Error(`requests still in flight after ${timeout} ms: ${urls}`);
    }
    const started = count.started;
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    if (count.open.size === 0 && count.started === started) return;
  }
}

/**
 * Goes to `path` (e.g. '/admin/polls?guildId=g1') inside the single-page app, as a link does
 * (history + popstate: no reload, so the bundle and the session stay loaded), and waits until
 * what the new screen asked for has arrived (requestsDone). A fresh load per screen cost most of
 * a browser test's time; a test about loading itself uses visit or page.goto.
 */
export async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    history.pushState(null, '', p);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await requestsDone(page);
}

/** A fresh browser context (own cookies and storage) with one page at `url`. */
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
