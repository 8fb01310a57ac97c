import type { Browser, BrowserContext, Page } from 'playwright-core';
import { forgetRequests } from './page-requests';

/**
 * A test file's browser contexts, kept warm between its tests, as a returning admin's browser is.
 *
 * A load of the dashboard in a brand-new context cost about 2.4 s of the machine's CPU (84 requests,
 * every script fetched and compiled from nothing); in a context that had loaded it before, 1.7 s.
 * So a context a test closes is not closed: it is wiped of everything a page or a test could see,
 * its HTTP cache aside, and handed to the file's next test that asks for a context with the same
 * options. The wipe: its pages are closed but one; cookies, local storage, IndexedDB, Cache Storage
 * and service workers of every origin it loaded are cleared; routes, init scripts, permissions,
 * extra headers, offline mode and default timeouts are reset, and the listeners a test added to the
 * context are removed. The file's close() closes them all.
 *
 * The page kept is parked: it loads /robots.txt of the site it was on (a plain text file: the app
 * it showed stops), its session storage is cleared, the routes, init scripts and listeners a test
 * gave it are removed, and its viewport is the context's again. The next test's first newPage() gets
 * it. Chromium starts a renderer process for every new page, and keeps it for a navigation within
 * the same site, with the scripts it compiled: four dashboard loads in one page took 16.4 s of
 * Chromium's CPU against 23.4 s in a new page each (three rounds each way, in turn, one run).
 *
 * Chromium keeps an HTTP cache per context: files run on servers of their own ports, so nothing is
 * cached from one file to the next.
 */
export class WarmContexts {
  /** Idle contexts by their options. */
  private readonly idle = new Map<string, BrowserContext[]>();
  /** Every context of the file, idle or in use. */
  private readonly all = new Map<BrowserContext, Reusable>();

  constructor(private readonly browser: Browser) {}

  async newContext(options: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
    const key = JSON.stringify(options);
    const idle = this.idle.get(key)?.pop();
    if (idle) {
      this.all.get(idle)?.lend();
      return idle;
    }
    const context = await this.browser.newContext(options);
    // Closed for good (closeAll, or Chromium went away): never handed out again.
    context.on('close', () => {
      this.all.delete(context);
      const list = this.idle.get(key);
      if (list?.includes(context)) list.splice(list.indexOf(context), 1);
    });
    const reusable = new Reusable(context, options.viewport ?? null, () => {
      const list = this.idle.get(key) ?? [];
      list.push(context);
      this.idle.set(key, list);
    });
    this.all.set(context, reusable);
    reusable.lend();
    return context;
  }

  /** The contexts a test holds now. */
  contexts(): BrowserContext[] {
    return [...this.all].filter(([, r]) => r.lent).map(([c]) => c);
  }

  /** Closes every context of the file. */
  async closeAll(): Promise<void> {
    const all = [...this.all.values()];
    this.all.clear();
    this.idle.clear();
    await Promise.all(all.map((r) => r.close().catch(() => undefined)));
  }
}

/** Playwright's contexts are event emitters (its own implementation, Node's interface). */
interface Emitter {
  eventNames(): (string | symbol)[];
  rawListeners(type: string | symbol): ((...args: unknown[]) => void)[];
  removeListener(type: string | symbol, listener: (...args: unknown[]) => void): void;
}

type Disposable = { dispose(): Promise<unknown> };
type Listeners = Map<string | symbol, Set<unknown>>;

/** The listeners an emitter has now: what it has more later was added by a test. */
function listenersOf(emitter: Emitter): Listeners {
  return new Map(emitter.eventNames().map((n) => [n, new Set(emitter.rawListeners(n))]));
}

/** Removes every listener of `emitter` that is not in `own`. */
function removeListenersBut(emitter: Emitter, own: Listeners): void {
  for (const name of emitter.eventNames())
    for (const listener of emitter.rawListeners(name))
      if (!own.get(name)?.has(listener)) emitter.removeListener(name, listener);
}

/**
 * Wraps `target.addInitScript` so the init scripts a test adds are kept in `scripts`, to take out
 * at the wipe (Playwright returns a disposable for each).
 */
function trackInitScripts(target: BrowserContext | Page, scripts: Disposable[]): void {
  const addInitScript = target.addInitScript.bind(target) as (...args: unknown[]) => Promise<unknown>;
  target.addInitScript = (async (...args: unknown[]) => {
    const script = await addInitScript(...args);
    scripts.push(script as Disposable);
    return script;
  }) as typeof target.addInitScript;
}

/** One context whose close() wipes it and gives it back (WarmContexts). */
class Reusable {
  lent = false;
  private readonly origins = new Set<string>();
  private readonly scripts: Disposable[] = [];
  /** Playwright's own listeners and ours: whatever else listens when the context is given back is a test's. */
  private readonly ownListeners: Listeners;
  /** Each page's own listeners and the init scripts a test gave it (for parking it). */
  private readonly pageState = new WeakMap<Page, { own: Listeners; scripts: Disposable[] }>();
  /** The page kept from the last test, handed out by the next newPage(). */
  private parked: Page | null = null;
  /** Playwright's own newPage() (the context's answers the parked page first). */
  private readonly openPage: () => Promise<Page>;
  private readonly closeForGood: () => Promise<void>;
  private wiping: Promise<void> | null = null;

  constructor(
    private readonly context: BrowserContext,
    private readonly viewport: { width: number; height: number } | null,
    private readonly giveBack: () => void,
  ) {
    this.closeForGood = context.close.bind(context);
    context.on('request', (request) => {
      const { protocol, origin } = new URL(request.url());
      if (protocol === 'http:' || protocol === 'https:') this.origins.add(origin);
    });
    // Playwright emits 'page' before newPage() returns it: nothing of a test listens yet.
    context.on('page', (page) => {
      const scripts: Disposable[] = [];
      trackInitScripts(page, scripts);
      this.pageState.set(page, { own: listenersOf(page as unknown as Emitter), scripts });
    });
    this.ownListeners = listenersOf(context as unknown as Emitter);
    trackInitScripts(context, this.scripts);
    this.openPage = context.newPage.bind(context);
    context.newPage = (async () => {
      const page = this.parked;
      this.parked = null;
      return page && !page.isClosed() ? page : await this.openPage();
    }) as BrowserContext['newPage'];
    context.close = (() => this.giveBackWiped()) as BrowserContext['close'];
  }

  lend(): void {
    this.lent = true;
  }

  close(): Promise<void> {
    return this.closeForGood();
  }

  /** context.close(): once however often it is called (a page's close handler may call it too). */
  private async giveBackWiped(): Promise<void> {
    if (this.wiping) return this.wiping;
    if (!this.lent) return;
    this.wiping = this.wipe();
    try {
      await this.wiping;
    } finally {
      this.wiping = null;
      this.lent = false;
    }
    this.giveBack();
  }

  private async wipe(): Promise<void> {
    const { context } = this;
    removeListenersBut(context as unknown as Emitter, this.ownListeners);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await Promise.all(this.scripts.splice(0).map((s) => s.dispose()));
    // The other pages are closed at the end, with the one the storage clearing may open.
    const keep = context.pages().find((p) => /^https?:/.test(p.url()));
    if (keep) await this.park(keep);
    if (this.origins.size) {
      // Storage of an origin is cleared through a page of the context (Chrome's DevTools protocol).
      const page = this.parked ?? (await this.openPage());
      const cdp = await context.newCDPSession(page);
      for (const origin of this.origins)
        await cdp.send('Storage.clearDataForOrigin', {
          origin,
          storageTypes: 'local_storage,indexeddb,service_workers,cache_storage,file_systems,websql',
        });
      await cdp.detach();
      this.origins.clear();
    }
    await Promise.all(context.pages().map((p) => (p === this.parked ? undefined : p.close())));
    await context.clearCookies();
    await context.clearPermissions();
    await context.setExtraHTTPHeaders({});
    await context.setOffline(false);
    // Playwright's defaults.
    context.setDefaultTimeout(30_000);
    context.setDefaultNavigationTimeout(30_000);
  }

  /** Parks `page` for the next test (see WarmContexts). A page that cannot be parked is closed. */
  private async park(page: Page): Promise<void> {
    const state = this.pageState.get(page);
    try {
      if (!state) throw new Error('a page this context did not open');
      removeListenersBut(page as unknown as Emitter, state.own);
      forgetRequests(page);
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await Promise.all(state.scripts.splice(0).map((s) => s.dispose()));
      await page.goto(`${new URL(page.url()).origin}/robots.txt`);
      await page.evaluate(() => sessionStorage.clear());
      if (this.viewport) await page.setViewportSize(this.viewport);
      this.parked = page;
    } catch {
      await page.close().catch(() => undefined);
    }
  }
}
