import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../db/client';
import { SUPPORT_TARGETS, UPTIME_TARGET } from '../../src/common/plans';
import { KEPT_ON_RESET } from '../../src/common/settings/reset';
import {
  type Browser,
  blankPage,
  eachThemeAndWidth,
  launchBrowser,
  shot,
  shotOf,
  startWebServer,
  visit,
} from '../helpers/browser';
import { seedGuild } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, screenshotMatrix } from './admin-screens-helpers';

/**
 * Priority support in the browser: the contact form's optional server ID, and the operator's inbox
 * ordered by when replies are due, with the plan badge, "due in" / "overdue by" and "Not verified".
 * Screenshots of the contact page, pricing and the inbox in dark and light, desktop and phone.
 */

const PRO = '700000000000000001';
const ULTIMATE = '700000000000000002';
let server: TestServer;
let browser: Browser;
let now = new Date();

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startWebServer({ overrides: { clock: () => now } }),
    launchBrowser(),
  ]);
  await seedGuild(server.services, PRO, { plan: 'pro' });
  await seedGuild(server.services, ULTIMATE, { plan: 'ultimate' });
  const send = (body: Record<string, string>, admin: boolean) =>
    server.api('/api/contact', { method: 'POST', body, admin });
  const base = { name: 'Ana Souza', email: 'ana@example.com', type: 'support', message: 'Help please.' };
  // The operator's own token counts as signed in and managing every server: verified.
  const real = Date.now();
  now = new Date(real - 6 * 3_600_000); // Pro, 4 h target: overdue by 2 h
  await send({ ...base, subject: 'Pro server: captions stopped', serverId: PRO }, true);
  now = new Date(real - 20 * 60_000); // Ultimate, 1 h target: due in 40 min
  await send({ ...base, subject: 'Ultimate server: white-label', serverId: ULTIMATE }, true);
  now = new Date(real - 60_000); // typed by a visitor: kept, not verified, no target
  await send({ ...base, subject: 'Claims to be Ultimate', serverId: ULTIMATE }, false);
  now = new Date(real);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('contact form: the server ID', () => {
  it('is optional, checked as a Discord server ID by the browser, and stored unverified for a visitor', async () => {
    const page = await blankPage(browser);
    await visit(page, `${server.url}/contact`);
    const field = page.getByLabel('Server ID (optional)');
    await field.waitFor();
    expect(await field.evaluate((el) => (el as HTMLInputElement).required)).toBe(false);
    await page.getByTestId('reply-times').getByText(`Pro: ${SUPPORT_TARGETS.pro.label}`).waitFor();
    await page.getByLabel(/^Name \*$/).fill('Kenji');
    await page.getByLabel(/^Email \*$/).fill('kenji@example.com');
    await page.getByLabel(/^Type \*$/).selectOption('support');
    await page.getByLabel(/^Subject \*$/).fill('Typed server');
    await page.getByLabel(/^Message \*$/).fill('Is my server on Pro?');
    await field.fill('my server');
    expect(await field.evaluate((el) => (el as HTMLInputElement).validity.patternMismatch)).toBe(true);
    await field.fill(PRO);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message Sent!').waitFor();
    const stored = (await rawGet(
      server.services.db,
      sql`select server_id, server_plan, server_verified from contact_messages where subject = 'Typed server'`,
    )) as Record<string, unknown>;
    expect(stored.server_id).toBe(PRO);
    expect(stored.server_plan).toBeNull();
    expect(Boolean(Number(stored.server_verified))).toBe(false);
    await page.context().close();
  });
});

describe('the privacy page', () => {
  it('says what the contact form keeps and what Reset Data leaves, from the code that keeps it', async () => {
    const page = await blankPage(browser);
    await visit(page, `${server.url}/privacy`);
    const kept = page.getByTestId('kept-on-reset');
    await kept.waitFor();
    const text = await kept.textContent();
    for (const k of KEPT_ON_RESET) expect(text).toContain(k.what);
    await shotOf(kept.locator('xpath=..'), 'priority-privacy-reset');
    expect(await page.getByRole('main').textContent()).toMatch(
      /the Discord server ID if you give one, with that server's plan/,
    );
    await page.context().close();
  });
});

describe("the operator's inbox", () => {
  it('orders open messages by reply due, with the plan badge, the countdown and which are verified', async () => {
    const page = await adminPage(browser, server, `/admin/inbox?guildId=${PRO}`);
    const rows = page.getByTestId('inbox-row');
    await rows.first().getByTestId('reply-due').waitFor();
    expect(await rows.count()).toBe(4);
    const first = rows.nth(0);
    expect(await first.textContent()).toContain('Pro server: captions stopped');
    expect(await first.getByTestId('plan-badge').textContent()).toBe('Pro');
    expect(await first.getByTestId('reply-due').textContent()).toBe('overdue by 2 h');
    const second = rows.nth(1);
    expect(await second.textContent()).toContain('Ultimate server: white-label');
    expect(await second.getByTestId('plan-badge').textContent()).toBe('Ultimate');
    expect(await second.getByTestId('reply-due').textContent()).toMatch(/^due in (39|40) min$/);
    expect(await second.textContent()).toContain('Verified');
    for (const i of [2, 3]) {
      expect(await rows.nth(i).textContent()).toContain('Not verified');
      expect(await rows.nth(i).getByTestId('plan-badge').count()).toBe(0);
      expect(await rows.nth(i).getByTestId('reply-due').count()).toBe(0);
    }
    await first.click();
    const detail = page.getByTestId('inbox-detail');
    await detail.getByText(`Server ${PRO} · reply target: ${SUPPORT_TARGETS.pro.label}`).waitFor();
    await page.context().close();
  });

  it('screenshots: inbox, contact, pricing and privacy pages, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'priority',
      { inbox: `/admin/inbox?guildId=${PRO}` },
      async (page) => {
        await page.getByTestId('reply-due').first().waitFor();
      },
    );
    expect(errors).toEqual([]);
    await eachThemeAndWidth(
      (theme) => blankPage(browser, { theme }),
      async (page, theme, device) => {
        await visit(page, `${server.url}/contact`);
        await page.getByLabel('Server ID (optional)').waitFor();
        await shot(page, `priority-contact-${theme}-${device}`);
        await visit(page, `${server.url}/pricing`);
        await page.getByRole('link', { name: UPTIME_TARGET }).first().waitFor();
        await shot(page, `priority-pricing-${theme}-${device}`);
        await visit(page, `${server.url}/privacy`);
        await page.getByTestId('kept-on-reset').waitFor();
        await shot(page, `priority-privacy-${theme}-${device}`);
      },
    );
  }, 180_000);
});
