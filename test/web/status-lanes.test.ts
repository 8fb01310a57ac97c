import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, launchBrowser, openPage, startWebServer } from '../helpers/browser';
import type { TestServer } from '../helpers/server';
import { laneProbeOptions, sampleMinutes, startLanes } from '../helpers/status-lanes';
import { screenshotMatrix } from './admin-screens-helpers';

/**
 * Issue 27: /status with two translation lanes (Gemini primary, DeepL fallback, fakes probed by
 * the translator every minute). DeepL was down for ten minutes: its card and its incident show it,
 * Gemini's card shows its full uptime, and the landing's tile keeps the product's figure (Gemini
 * served throughout).
 */
let server: TestServer;
let browser: Browser;
let lanes: Awaited<ReturnType<typeof startLanes>>;
const MINUTE = 60_000;
const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
const t0 = minute - 100 * MINUTE;
let now = new Date(t0);

beforeAll(async () => {
  lanes = await startLanes();
  [server, browser] = await Promise.all([
    startWebServer({ env: lanes.env, overrides: { clock: () => now, translatorOptions: laneProbeOptions } }),
    launchBrowser(),
  ]);
  // The last 100 minutes; DeepL down 40 to 31 minutes ago.
  await sampleMinutes(server, lanes, {
    t0,
    from: 0,
    to: 100,
    setNow: (d) => {
      now = d;
    },
    deeplDown: (m) => m >= 60 && m < 70,
  });
  // The clock stands still in the middle of this minute: the figures do not move during the run.
  now = new Date(minute + 30_000);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await lanes?.close();
});

describe('/status with two translation lanes', { timeout: 120_000 }, () => {
  it('shows one card per lane: the fallback’s incident and the primary’s uptime', async () => {
    const page = await openPage(browser, `${server.url}/status`);
    await page.getByTestId('status-components').waitFor();
    const rows = await page.getByTestId('status-component').allInnerTexts();
    // 99 minutes counted (the last one's sample is written at this minute's start); DeepL 89 of them.
    expect(rows).toEqual([
      expect.stringMatching(/^Website, dashboard and API[\s\S]*24 hours\s+100%/i),
      expect.stringMatching(
        /^Translation — primary \(Gemini\)[\s\S]*Up\s+24 hours\s+100%\s+7 days\s+100%\s+90 days\s+100%/i,
      ),
      expect.stringMatching(
        /^Translation — fallback \(DeepL\)[\s\S]*Up\s+24 hours\s+89\.9%\s+7 days\s+89\.9%\s+90 days\s+89\.9%/i,
      ),
    ]);
    const incidents = await page.getByTestId('status-incidents').textContent();
    expect(incidents).toMatch(/^Translation — fallback \(DeepL\)\s*10 min\s*Down from /i);
    expect(incidents).not.toContain('Gemini');
    expect(await page.getByTestId('status-summary').textContent()).toMatch(
      /All components are up[\s\S]*90 days: 100%/,
    );
    // No key, no provider URL on the page.
    const html = await page.content();
    for (const secret of [
      lanes.env.GEMINI_API_KEY,
      lanes.env.DEEPL_API_KEY,
      lanes.gemini.url,
      lanes.deepl.url,
    ])
      expect(html).not.toContain(secret);
    await page.context().close();
  });

  it('the landing’s uptime tile shows translation as a whole (100%), not the fallback’s figure', async () => {
    const page = await openPage(browser, `${server.url}/`);
    await expect.poll(() => page.getByTestId('uptime').textContent()).toBe('100%');
    await page.context().close();
  });

  it('screenshots: status with two lanes, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'status-lanes',
      { status: '/status' },
      async (page) => {
        await page.getByTestId('status-incidents').waitFor();
      },
    );
    expect(errors).toEqual([]);
  });
});
