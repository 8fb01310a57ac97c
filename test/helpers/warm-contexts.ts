import type { Browser, BrowserContext } from 'playwright-core';

/**
 * A test file's browser contexts, kept warm between its tests, as a returning admin's browser is.
 *
 * A load of the dashboard in a brand-new context cost about 2.4 s of the machine's CPU (84 requests,
 * every script fetched and compiled from nothing); in a context that had loaded it before, 1.7 s.
 * So a context a test closes is not closed: it is wiped of everything a page or a test could see,
 * its HTTP cache aside, and handed to the file's next test that asks for a context with the same
 * options. The wipe: its pages are closed; cookies, local storage, IndexedDB, Cache Storage and
 * service workers of every origin it loaded are cleared (session storage goes with the pages);
 * routes, init scripts, permissions, extra headers, offline mode and default timeouts are reset,
 * and the listeners a test added to the context are removed. The file's close() closes them all.
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
    const reusable = new Reusable(context, () => {
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

/** One context whose close() wipes it and gives it back (WarmContexts). */
class Reusable {
  lent = false;
  private readonly origins = new Set<string>();
  private readonly scripts: { dispose(): Promise<unknown> }[] = [];
  /** Playwright's own listeners and ours: whatever else listens when the context is given back is a test's. */
  private readonly ownListeners: Map<string | symbol, Set<unknown>>;
  private readonly closeForGood: () => Promise<void>;
  private wiping: Promise<void> | null = null;

  constructor(
    private readonly context: BrowserContext,
    private readonly giveBack: () => void,
  ) {
    this.closeForGood = context.close.bind(context);
    context.on('request', (request) => {
      const { protocol, origin } = new URL(request.url());
      if (protocol === 'http:' || protocol === 'https:') this.origins.add(origin);
    });
    const emitter = context as unknown as Emitter;
    this.ownListeners = new Map(emitter.eventNames().map((n) => [n, new Set(emitter.rawListeners(n))]));
    const addInitScript = context.addInitScript.bind(context);
    // The test's init scripts are taken out at the wipe: Playwright returns a disposable for each.
    context.addInitScript = (async (...args: Parameters<BrowserContext['addInitScript']>) => {
      const script = await addInitScript(...args);
      this.scripts.push(script as unknown as { dispose(): Promise<unknown> });
      return script;
    }) as BrowserContext['addInitScript'];
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
    const emitter = context as unknown as Emitter;
    for (const name of emitter.eventNames())
      for (const listener of emitter.rawListeners(name))
        if (!this.ownListeners.get(name)?.has(listener)) emitter.removeListener(name, listener);
    await context.unrouteAll({ behavior: 'ignoreErrors' });
    await Promise.all(this.scripts.splice(0).map((s) => s.dispose()));
    if (this.origins.size) {
      // Storage of an origin is cleared through a page of the context (Chrome's DevTools protocol).
      const page = context.pages()[0] ?? (await context.newPage());
      const cdp = await context.newCDPSession(page);
      for (const origin of this.origins)
        await cdp.send('Storage.clearDataForOrigin', {
          origin,
          storageTypes: 'local_storage,indexeddb,service_workers,cache_storage,file_systems,websql',
        });
      await cdp.detach();
      this.origins.clear();
    }
    await Promise.all(context.pages().map((p) => p.close()));
    await context.clearCookies();
    await context.clearPermissions();
    await context.setExtraHTTPHeaders({});
    await context.setOffline(false);
    // Playwright's defaults.
    context.setDefaultTimeout(30_000);
    context.setDefaultNavigationTimeout(30_000);
  }
}
