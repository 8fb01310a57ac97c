import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordSamples } from '../../src/server/features/status/samples';
import { type Browser, launchBrowser, openPage, startWebServer } from '../helpers/browser';
import type { TestServer } from '../helpers/server';
import { screenshotMatrix } from './admin-screens-helpers';

let server: TestServer;
let browser: Browser;
const MINUTE = 60_000;
// The server's clock stands still in the middle of one minute: the figures do not move during the run.
const minute = Math.floor(Date.now() / MINUTE) * MINUTE;
const now = new Date(minute + 30_000);

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startWebServer({ overrides: { clock: () => now } }),
    launchBrowser(),
  ]);
  // The last 100 minutes sampled as the web tier does, minutes 40 to 36 ago left out (nothing ran).
  for (let k = 100; k >= 0; k--) {
    if (k >= 35 && k <= 39) continue;
    await recordSamples(server.services.db, new Date(minute - k * MINUTE));
  }
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('/status', { timeout: 120_000 }, () => {
  it('shows each component, its measured uptime per window, and the incident', async () => {
    const page = await openPage(browser, `${server.url}/status`);
    await page.getByTestId('status-components').waitFor();
    const rows = await page.getByTestId('status-component').allInnerTexts();
    // 100 minutes measured, 5 not: 95%, in every window (each counts from the first sample).
    expect(rows).toEqual([
      expect.stringMatching(
        /Website, dashboard and API[\s\S]*Up\s+24 hours\s+95%\s+7 days\s+95%\s+90 days\s+95%/i,
      ),
      expect.stringMatching(/Translation provider[\s\S]*Up\s+24 hours\s+95%\s+7 days\s+95%\s+90 days\s+95%/i),
    ]);
    const incidents = await page.getByTestId('status-incidents').textContent();
    expect(incidents).toMatch(/Website, dashboard and API\s*5 min\s*Down from /);
    expect(await page.getByTestId('status-summary').textContent()).toMatch(
      /All components are up[\s\S]*90 days: 95%/,
    );
    await page.context().close();
  });

  it('the landing shows the measured figure and links to the status page', async () => {
    const page = await openPage(browser, `${server.url}/`);
    const tile = page.getByTestId('uptime');
    await expect.poll(() => tile.textContent()).toBe('95%');
    await tile.click();
    await page.getByRole('heading', { name: 'Status', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/status');
    await page.context().close();
  });

  it('screenshots: status and landing, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'status',
      { status: '/status', landing: '/' },
      async (page, kind) => {
        if (kind === 'status') await page.getByTestId('status-incidents').waitFor();
        else await expect.poll(() => page.getByTestId('uptime').textContent()).toBe('95%');
      },
    );
    expect(errors).toEqual([]);
  });
});
