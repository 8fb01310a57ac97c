import type { Page, Request } from 'playwright-core';

/**
 * What a page has asked for and whether it has arrived, for the browser tests (test/helpers/browser.ts
 * re-exports these; its blankPage counts every page's requests).
 */

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

/** Stops counting `page`'s requests (its listeners are gone: a parked page, warm-contexts.ts). */
export function forgetRequests(page: Page): void {
  requestCounts.delete(page);
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

/**
 * Holds `page`'s requests to `url` (a Playwright URL pattern) until the returned release() is
 * called, for a test that looks at the page while those answers are on the way; a request whose URL
 * `pass` accepts goes on at once.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  pass?: (requestUrl: string) => boolean,
): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route(url, async (route) => {
    if (!pass?.(route.request().url())) await held;
    await route.continue();
  });
  return release;
}
