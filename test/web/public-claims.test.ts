import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_RETENTION_DAYS } from '../../src/common/contact/schemas';
import { CAPABILITIES, PLANS, planOf, plansIncluding, SUPPORT_TARGETS } from '../../src/common/plans';
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
import type { TestServer } from '../helpers/server';

/**
 * Issue 27: what the public pages say is what the product does. The landing names no engine it may
 * not run, no setup time nobody measured, no greeting in a language Discord never tells the bot, and
 * the plans of each moderation layer (from plans.ts); the contact page's reply times and the privacy
 * page's contact retention come from the constants the inbox and the retention job use.
 */

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const PAGES = ['/', '/pricing', '/contact', '/privacy', '/terms'];
/** Claims no page may make: none of them is backed by every installation. */
const UNBACKED = [
  /large language model/i,
  /under a minute|in a minute/i,
  /greet new members in their language/i,
  /24-48 hours/,
];

describe('the public pages claim only what the product backs', { timeout: 120_000 }, () => {
  it('the landing: engine-neutral badge, no setup time, the greeting and moderation plans as they are', async () => {
    await eachThemeAndWidth(
      (theme) => blankPage(browser, { theme }),
      async (page, theme, device) => {
        await visit(page, `${server.url}/`);
        await page.getByText('AI translation that reads the conversation').waitFor();
        const main = (await page.getByRole('main').textContent()) ?? '';
        expect(main).toContain(
          `Spam and banned words on ${plansIncluding('moderation')}, AI toxicity and harassment detection on ${plansIncluding('aiModeration')}, scam and phishing links on ${plansIncluding('scamDetection')}`,
        );
        // The plans as plans.ts has them, not as typed: Free for the basics, Plus up, Ultimate alone.
        expect(plansIncluding('moderation')).toBe('every plan');
        expect(plansIncluding('aiModeration')).toBe(`${planOf('plus').name} and up`);
        expect(plansIncluding('scamDetection')).toBe(planOf('ultimate').name);
        expect(main).toContain(`Voice channels captioned live`);
        expect(main).toContain(`on ${plansIncluding('voice')}`);
        expect(main).toContain('Greet new members in your server’s language');
        expect(main).toContain(
          `${(planOf('free').monthlyTranslations ?? 0).toLocaleString('en-US')} translations a month`,
        );
        await shotOf(page.locator('#features'), `claims-features-${theme}-${device}`);
        await shot(page, `claims-landing-${theme}-${device}`);
      },
    );
  });

  it('the contact page: every plan reply time from SUPPORT_TARGETS; privacy: contact retention', async () => {
    await eachThemeAndWidth(
      (theme) => blankPage(browser, { theme }),
      async (page, theme, device) => {
        await visit(page, `${server.url}/contact`);
        const times = page.getByTestId('reply-times');
        await times.waitFor();
        expect(await times.locator('p').allTextContents()).toEqual(
          PLANS.map((p) => `${p.name}: ${SUPPORT_TARGETS[p.key].label}`),
        );
        await shotOf(page.getByRole('complementary'), `claims-contact-help-${theme}-${device}`);
        await shot(page, `claims-contact-${theme}-${device}`);

        await visit(page, `${server.url}/privacy`);
        const kept = page.getByTestId('contact-retention');
        await kept.waitFor();
        const text = (await kept.textContent()) ?? '';
        expect(text).toContain(`deleted ${CONTACT_RETENTION_DAYS.afterArchived} days after we close it`);
        expect(text).toContain(`in any case ${CONTACT_RETENTION_DAYS.afterSent} days after you sent it`);
        expect(text).not.toMatch(/not deleted automatically/);
        await shotOf(kept, `claims-privacy-contact-${theme}-${device}`);

        // Ultimate sells an account manager: the operator assigns one (test/web/account-manager.test.ts).
        await visit(page, `${server.url}/pricing`);
        const row = page.getByRole('row', { name: new RegExp(CAPABILITIES.accountManager.label) });
        await row.waitFor();
        expect(await row.getByRole('cell').count()).toBe(PLANS.length);
        await shot(page, `claims-pricing-${theme}-${device}`);
      },
    );
  });

  it.each(PAGES)('%s makes none of the unbacked claims', async (path) => {
    const page = await blankPage(browser);
    await visit(page, `${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text.length).toBeGreaterThan(500);
    for (const claim of UNBACKED) expect(text).not.toMatch(claim);
    await page.context().close();
  });
});
