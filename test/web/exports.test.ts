import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationLogs } from '../../db/schema';
import { EXPORT_DATASET_KEYS, EXPORT_DATASETS } from '../../src/common/exports/schemas';
import { type Browser, launchBrowser, openPage, startWebServer } from '../helpers/browser';
import { seedGuild } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { insertLogs, type Log, SAMPLE_LOGS } from '../helpers/translation-logs';
import { adminPage, screenshotMatrix } from './admin-screens-helpers';

let server: TestServer;
let browser: Browser;
const DAY = 86_400_000;
const today = new Date(Math.floor(Date.now() / DAY) * DAY);
const iso = (t: number) => new Date(t).toISOString().slice(0, 10);

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await seedGuild(server.services, 'g-pro', { plan: 'pro' });
  await seedGuild(server.services, 'g-plus', { plan: 'plus' });
  // The sample logs within the last 30 days (the card's default range).
  const recent = SAMPLE_LOGS.slice(0, 6).map(
    (l, i): Log =>
      [...l.slice(0, 4), new Date(today.getTime() - i * DAY + 3_600_000).toISOString(), ...l.slice(5)] as Log,
  );
  await insertLogs(server, 'g-pro', recent);
  await insertLogs(server, 'g-plus', recent.slice(0, 1));
  await server.services.db
    .insert(moderationLogs)
    .values({
      guildId: 'g-pro',
      type: 'filter',
      userId: 'u7',
      message: 'SECRET words',
      action: 'deleted',
      rule: 'banned word',
      timestamp: new Date(today.getTime() + 60_000),
    })
    .run();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('exports from the dashboard', { timeout: 120_000 }, () => {
  it('downloads the translation log of the chosen range as CSV from the analytics screen', async () => {
    const page = await adminPage(browser, server, '/admin/analytics?guildId=g-pro');
    const card = page.getByTestId('export-card');
    await card.getByRole('heading', { name: 'Export analytics' }).waitFor();
    await card.getByLabel('Data').click();
    await page.getByRole('option', { name: 'Translation log (metadata)' }).click();
    await card.getByLabel('From').fill(iso(today.getTime() - 2 * DAY));
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(
      `polyglot-g-pro-translations-${iso(today.getTime() - 2 * DAY)}_${iso(today.getTime())}.csv`,
    );
    const rows = parse(readFileSync((await download.path()) as string, 'utf8'), { columns: true }) as Record<
      string,
      string
    >[];
    // Three days of the six: today, yesterday and the day before.
    expect(rows.map((r) => r.username)).toEqual(['Bob', 'Alice', 'Alice']);
    await page.context().close();
  });

  it('downloads the moderation log as JSON, without the flagged text', async () => {
    const page = await adminPage(browser, server, '/admin/moderation?guildId=g-pro');
    const card = page.getByTestId('export-card');
    await card.getByText('JSON', { exact: true }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Download' }).click(),
    ]);
    const text = readFileSync((await download.path()) as string, 'utf8');
    expect(JSON.parse(text).rows).toEqual([expect.objectContaining({ userId: 'u7', rule: 'banned word' })]);
    expect(text).not.toContain('SECRET');
    await page.context().close();
  });

  it('says what is wrong with the range before asking', async () => {
    const page = await adminPage(browser, server, '/admin/moderation?guildId=g-pro');
    const card = page.getByTestId('export-card');
    await card.getByLabel('From').fill(iso(today.getTime() + 5 * DAY));
    await card.getByRole('button', { name: 'Download' }).click();
    await card.getByText(`to: must not be before from (${iso(today.getTime() + 5 * DAY)})`).waitFor();
    await page.context().close();
  });

  it('is a locked card naming Pro on Plus', async () => {
    const page = await adminPage(browser, server, '/admin/analytics?guildId=g-plus');
    const card = page.getByTestId('export-card');
    await card.getByText('Analytics with CSV and JSON exports needs the Pro plan').waitFor();
    expect(await card.getByRole('button', { name: 'Download' }).count()).toBe(0);
    await page.context().close();
  });

  it('the privacy page lists every export and its fields, and what else holds message text', async () => {
    const page = await openPage(browser, `${server.url}/privacy`);
    await page.getByRole('heading', { level: 2, name: 'Exports' }).waitFor();
    const text = (await page.getByRole('main').textContent()) ?? '';
    // Every dataset the server streams, with exactly its columns (src/common/exports/schemas.ts).
    for (const key of EXPORT_DATASET_KEYS)
      expect(text).toContain(`${EXPORT_DATASETS[key].label}: ${EXPORT_DATASETS[key].columns.join(', ')}.`);
    expect(text).toContain('Moderation log: id, timestamp, type, userId, action, rule, language.');
    expect(text).toContain('its first 120 characters, the rule it matched');
    expect(text).toContain('if you open a support ticket');
    await page.context().close();
  });

  it('screenshots: the card unlocked and locked, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'exports',
      { analytics: '/admin/analytics?guildId=g-pro', locked: '/admin/analytics?guildId=g-plus' },
      async (page) => {
        await page.getByTestId('export-card').waitFor();
      },
    );
    expect(errors).toEqual([]);
  });
});
