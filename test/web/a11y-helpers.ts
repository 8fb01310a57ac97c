import { createRequire } from 'node:module';
import type { Locator } from 'playwright-core';
import { type Browser, countRequests, type Page, requestsDone, settled } from '../helpers/browser';

/** Shared by the accessibility tests (a11y.test.ts, a11y-keyboard.test.ts). */

const AXE_SOURCE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * axe-core's serious and critical WCAG 2.2 AA violations on the page as it is now, one line per
 * element. `only: 'colour'` runs just the rules about colour (contrast, links told apart from text
 * by colour): the rules whose outcome a theme can change, for a variant whose width another variant
 * already checks with every rule (test/web/a11y.test.ts).
 */
export async function seriousViolations(
  page: Page,
  label: string,
  only: 'all' | 'colour' = 'all',
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_SOURCE });
  const violations = await page.evaluate(
    async ({ tags, only }) => {
      // biome-ignore lint/suspicious/noExplicitAny: axe-core's global, injected above
      const axe = (window as any).axe;
      // By tag, axe leaves out its experimental rules; the colour rules are none of them.
      let runOnly = { type: 'tag', values: tags };
      if (only === 'colour') {
        const colour = (axe.getRules(tags) as { ruleId: string; tags: string[] }[])
          .filter((r) => r.tags.includes('cat.color') && !r.tags.includes('experimental'))
          .map((r) => r.ruleId);
        if (colour.length === 0) throw new Error('axe-core names no colour rule among the WCAG tags');
        runOnly = { type: 'rule', values: colour };
      }
      const result = await axe.run(document, { runOnly, resultTypes: ['violations'] });
      return result.violations as Violation[];
    },
    { tags: TAGS, only },
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${label} ${v.id} (${v.impact}) ${JSON.stringify(n.target)}: ${v.help}. ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
    );
}

/**
 * What axe rates only "moderate" but issue 31 asks for: the document's `lang`, one visible h1,
 * headings below it without a skipped level (h1 → h3), and no heading before the h1.
 */
export async function structureProblems(page: Page, label: string): Promise<string[]> {
  const problems = await page.evaluate(() => {
    const out: string[] = [];
    if (!document.documentElement.lang) out.push('<html> has no lang');
    const visible = (el: Element) =>
      (el as HTMLElement).offsetParent !== null || el.getClientRects().length > 0;
    const headings = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, [role="heading"]')].filter(
      (h) => visible(h) && !h.closest('[aria-hidden="true"]'),
    );
    const level = (h: Element) => Number(h.getAttribute('aria-level') ?? h.tagName.slice(1));
    const h1s = headings.filter((h) => level(h) === 1);
    if (h1s.length !== 1) out.push(`${h1s.length} visible h1 (one expected)`);
    let previous = 0;
    for (const h of headings) {
      const l = level(h);
      const text = (h.textContent ?? '').trim().slice(0, 40);
      if (previous === 0 && l !== 1) out.push(`h${l} "${text}" comes before the h1`);
      else if (l > previous + 1) out.push(`h${l} "${text}" follows h${previous} (level skipped)`);
      previous = l;
    }
    return out;
  });
  return problems.map((p) => `${label}: ${p}`);
}

/** A page whose context skips the CSP (to inject axe) with the theme stored as the site stores it. */
export async function openContext(
  browser: Browser,
  theme: 'dark' | 'light',
  size: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ viewport: size, reducedMotion: 'reduce', bypassCSP: true });
  await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
  context.setDefaultTimeout(30_000);
  const page = await context.newPage();
  countRequests(page);
  return page;
}

/** Waits for the screen's data: no request in flight, no skeleton or loader left. */
export async function loaded(page: Page): Promise<void> {
  await requestsDone(page);
  await page
    .locator('[data-testid$="skeleton"], .mantine-Loader-root')
    .first()
    .waitFor({ state: 'detached' });
  await settled(page);
}

export interface TabResult {
  /** Focused elements on the way that showed no focus. */
  unseen: string[];
}

/**
 * Presses Tab (or Shift+Tab) until `target` has the focus, at most `max` times: how a keyboard user
 * reaches a control (the locator only tells when to stop). Records every stop that shows no focus
 * in `seen.unseen`.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  opts: { max?: number; back?: boolean; seen?: TabResult } = {},
): Promise<void> {
  const max = opts.max ?? 80;
  const stops: string[] = [];
  // The target is resolved to its element when the walk starts. React may replace that element
  // while the keys are pressed (a re-render with new props): then the walk goes round again with
  // the element the locator finds now, once.
  for (let round = 0; round < 2; round++) {
    const handle = await target.elementHandle();
    try {
      for (let i = 0; i < max; i++) {
        await page.keyboard.press(opts.back ? 'Shift+Tab' : 'Tab');
        const stop = await page.evaluate((t) => {
          const el = document.activeElement as HTMLElement | null;
          if (!el || el === document.body) return { hit: false, shown: false, what: 'body' };
          // Shown: an outline or a ring of its own (Mantine's focus ring on :focus-visible), or a
          // field (Mantine marks a focused input by its border colour).
          const s = getComputedStyle(el);
          const shown =
            (s.outlineStyle !== 'none' && Number.parseFloat(s.outlineWidth) > 0) ||
            (s.boxShadow !== 'none' && s.boxShadow !== '') ||
            el.matches('input:focus-visible, textarea:focus-visible');
          const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
          return {
            hit: el === t,
            shown,
            what: `<${el.tagName.toLowerCase()} ${el.getAttribute('role') ?? ''}> "${name}"`,
          };
        }, handle);
        if (opts.seen && !stop.shown) opts.seen.unseen.push(stop.what);
        if (stop.hit) return;
        stops.push(stop.what);
      }
    } finally {
      await handle.dispose();
    }
    if (round === 0)
      console.warn(`tabTo: ${max} Tab presses did not reach ${target}; again with the element found now`);
  }
  throw new Error(
    `${2 * max} Tab presses did not reach ${target}; the last stops: ${stops.slice(-6).join(', ')}`,
  );
}

/** Whether the focused element is inside `container` (a dialog that traps focus). */
export function focusInside(container: Locator): Promise<boolean> {
  return container.evaluate((el) => el.contains(document.activeElement));
}

/** The focused element is `target` (focus returned to the opener). */
export function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluate((el) => el === document.activeElement);
}
