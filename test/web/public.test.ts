import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitePermissions } from '../../src/common/guilds/permissions';
import { PLANS, SUPPORT_TARGETS, UPTIME_TARGET } from '../../src/common/plans';
import {
  type Browser,
  holdRequests,
  launchBrowser,
  openPage,
  type Page,
  pageErrors,
  shot,
  startWebServer,
  THEMES_AND_WIDTHS,
} from '../helpers/browser';
import type { TestServer } from '../helpers/server';
import { insertLogs, type Log } from '../helpers/translation-logs';

const CLIENT_ID = '123456789012345678';
const SUPPORT = 'help@polyglot.test';

let server: TestServer;
let bare: TestServer;
let browser: Browser;
beforeAll(async () => {
  [server, bare, browser] = await Promise.all([
    startWebServer({ env: { DISCORD_CLIENT_ID: CLIENT_ID, SUPPORT_EMAIL: SUPPORT } }),
    startWebServer(),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.close(), bare?.close()]);
});

const logs = (n: number): Log[] =>
  Array.from({ length: n }, (_, i) => [
    'u1',
    'Alice',
    'en',
    'es',
    new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
    100,
  ]);

async function see(page: Page, text: string | RegExp) {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout: 10_000 });
}

describe('landing page', { timeout: 60_000 }, () => {
  it('shows every section in order, with the invite link opening in a new tab', async () => {
    const page = await openPage(browser, `${server.url}/`);
    const errors = pageErrors(page);
    await see(page, 'AI translation that reads the conversation');
    await page.getByRole('heading', { level: 1, name: /Break language barriers/ }).waitFor();

    const add = page.getByRole('main').getByRole('link', { name: 'Add to Discord', exact: true }).first();
    const href = new URL((await add.getAttribute('href')) ?? '');
    expect(href.origin + href.pathname).toBe('https://discord.com/oauth2/authorize');
    expect(href.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(href.searchParams.get('permissions')).toBe(invitePermissions().toString());
    expect(href.searchParams.get('scope')).toBe('bot applications.commands');
    expect(await add.getAttribute('target')).toBe('_blank');

    // Sections in the spec's order.
    const ids = [
      'hero-title',
      'features-title',
      'steps-title',
      'showcase-private',
      'showcase-mirror',
      'usecases-title',
      'cta-title',
    ];
    const tops = await Promise.all(
      ids.map((id) =>
        page.locator(`#${id}`).evaluate((el) => el.getBoundingClientRect().top + window.scrollY),
      ),
    );
    expect([...tops].sort((a, b) => a - b)).toEqual(tops);
    const statsTop = await page
      .getByRole('region', { name: 'Statistics' })
      .evaluate((el) => el.getBoundingClientRect().top);
    expect(statsTop).toBeGreaterThan(tops[0]);
    expect(statsTop).toBeLessThan(tops[1]);

    // #features holds eight cards; three steps; four use cases.
    expect(await page.locator('#features h3').count()).toBe(8);
    expect(await page.locator('section[aria-labelledby="steps-title"] li').count()).toBe(3);
    await see(page, '/setlanguage');
    await see(page, 'Translate Message');
    for (const c of ['Gaming', 'Education', 'Business', 'Creators']) {
      await page.locator('section[aria-labelledby="usecases-title"] h3', { hasText: c }).waitFor();
    }
    // Closing call to action.
    const cta = page.locator('section[aria-labelledby="cta-title"]');
    expect(await cta.getByRole('link', { name: "Add to Discord - It's Free" }).getAttribute('target')).toBe(
      '_blank',
    );
    expect(await cta.getByRole('link', { name: 'Contact Support' }).getAttribute('href')).toBe('/contact');
    // Footer links.
    const footer = page.locator('footer');
    for (const href of ['/pricing', '/#features', '/contact', '/terms', '/privacy']) {
      expect(await footer.locator(`a[href="${href}"]`).count()).toBe(1);
    }
    expect(await footer.locator('a[href^="https://discord.com/oauth2/authorize"]').count()).toBe(1);

    await page.getByRole('main').getByRole('link', { name: 'View Pricing' }).click();
    await page.waitForURL(`${server.url}/pricing`);
    await page.getByRole('heading', { level: 1, name: 'Simple, transparent pricing' }).waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows total translations with thousands separators, Loading... before, refetched every 30 s', async () => {
    await insertLogs(server, 'g-landing', logs(1234));
    const page = await openPage(browser, 'about:blank');
    await page.clock.install();
    // When (on the page's clock) the page asked for the figure: the page's own record, at once.
    await page.addInitScript(() => {
      const w = window as unknown as { statsFetches: number[] };
      w.statsFetches = [];
      const original = window.fetch;
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).includes('stats.global'))
          w.statsFetches.push(Date.now());
        return original(input, init);
      };
    });
    const statsFetches = () =>
      page.evaluate(() => (window as unknown as { statsFetches: number[] }).statsFetches);
    const release = await holdRequests(page, '**/trpc/**stats.global**');
    await page.goto(`${server.url}/`);
    const tile = page.getByTestId('total-translations');
    await tile.waitFor();
    expect(await tile.textContent()).toBe('Loading...');
    release();
    await page.waitForFunction(
      () => document.querySelector('[data-testid="total-translations"]')?.textContent === '1,234',
    );

    await insertLogs(server, 'g-landing', logs(1));
    const [first] = await statsFetches();
    await page.clock.runFor(29_000);
    // 29 s on: the page has not asked again.
    expect(await statsFetches()).toEqual([first]);
    expect(await tile.textContent()).toBe('1,234');
    await page.clock.runFor(1_500);
    await page.waitForFunction(
      () => document.querySelector('[data-testid="total-translations"]')?.textContent === '1,235',
    );
    const again = await statsFetches();
    expect(again).toHaveLength(2);
    expect(again[1] - first).toBeGreaterThanOrEqual(30_000);
    await page.context().close();
  });

  it('without DISCORD_CLIENT_ID, Add to Discord explains itself and points the owner to the setup guide', async () => {
    const page = await openPage(browser, `${bare.url}/`);
    await page.getByRole('main').getByRole('button', { name: 'Add to Discord' }).first().click();
    await see(page, 'Not open for new servers yet');
    expect(await page.getByRole('link', { name: 'Open the setup guide' }).getAttribute('href')).toBe(
      '/setup',
    );
    expect(await page.getByText(/not configured/i).count()).toBe(0);
    const footer = page.getByRole('link', { name: 'Set up the bot (for the owner of this site)' });
    expect(await footer.getAttribute('href')).toBe('/setup');
    await page.context().close();
  });
});

describe('pricing page', { timeout: 60_000 }, () => {
  it('shows the four plans of section 9, the comparison table, the FAQ and the closing CTA', async () => {
    const page = await openPage(browser, `${server.url}/pricing`);
    const plans = page.getByRole('region', { name: 'Plans', exact: true });
    await plans.waitFor();
    expect(await plans.locator('article').count()).toBe(4);
    for (const plan of PLANS) {
      const card = plans.locator('article', {
        has: page.getByRole('heading', { name: plan.name, exact: true }),
      });
      await card.getByText(plan.price, { exact: true }).waitFor();
      for (const f of plan.features) await card.getByText(f.text, { exact: true }).waitFor();
    }
    expect(await page.getByRole('link', { name: 'Back to home' }).getAttribute('href')).toBe('/');
    // No Stripe on this server: Plus and Pro ask through the contact page (checkout is tested with
    // Stripe in public-forms.test.ts); Ultimate is Contact Sales to /contact.
    await page.getByTestId('checkout-unavailable').waitFor();
    expect(await plans.getByRole('link', { name: 'Contact us about Plus' }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(await plans.getByRole('link', { name: 'Contact us about Pro' }).getAttribute('href')).toBe(
      '/contact',
    );
    expect(await plans.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe('/contact');

    const table = page.getByRole('table');
    await table.getByRole('rowheader', { name: 'Translations a month' }).waitFor();
    const row = table.getByRole('row', { name: /Translations a month/ });
    expect(await row.textContent()).toContain('1,000');
    expect(await row.textContent()).toContain('10,000');
    // Claims only what exists: uptime is a target measured on /status, exports are what Pro adds,
    // and the support times are the ones the operator's inbox counts down (SUPPORT_TARGETS).
    const uptime = plans.getByRole('link', { name: UPTIME_TARGET });
    expect(await uptime.getAttribute('href')).toBe('/status');
    expect(await table.getByRole('link', { name: UPTIME_TARGET }).getAttribute('href')).toBe('/status');
    expect(await page.getByText(/SLA/).count()).toBe(0);
    const support = await table.getByRole('row', { name: /Support response/ }).textContent();
    for (const p of PLANS) expect(support).toContain(SUPPORT_TARGETS[p.key].label);
    const exportsRow = await table.getByRole('row', { name: /CSV and JSON exports/ }).textContent();
    expect(exportsRow?.match(/Not included/g)).toHaveLength(2);

    await page
      .getByRole('button', { name: 'What happens when my server reaches its monthly translation limit?' })
      .click();
    await see(page, /75% and again at 90%/);
    await see(page, /At 100% translation pauses until the next month/);
    await page.getByRole('button', { name: 'Can I change my plan later?' }).click();
    await see(page, /Upgrades take effect immediately/);

    const cta = page.locator('section[aria-labelledby="pricing-cta"]');
    expect(await cta.getByRole('link', { name: 'Start for Free' }).getAttribute('target')).toBe('_blank');
    expect(await cta.getByRole('link', { name: 'Contact Sales' }).getAttribute('href')).toBe('/contact');
    await page.context().close();
  });
});

describe('contact page', { timeout: 60_000 }, () => {
  it('shows the form, three info cards and the help box with the support email', async () => {
    const page = await openPage(browser, `${server.url}/contact`);
    for (const label of ['Name', 'Email', 'Type', 'Subject', 'Message']) {
      const field = page.getByLabel(new RegExp(`^${label} \\*$`));
      await field.waitFor();
      expect(await field.evaluate((el) => (el as HTMLInputElement).required)).toBe(true);
    }
    expect(await page.getByLabel(/^Email/).getAttribute('type')).toBe('email');
    const options = await page.getByLabel(/^Type/).locator('option:not([disabled])').allTextContents();
    expect(options).toEqual(['Bug Report', 'Feature Request', 'Technical Support', 'Other']);
    for (const t of ['Bug Report', 'Feature Request', 'Technical Support']) {
      await page.getByRole('heading', { name: t }).waitFor();
    }
    await see(
      page,
      /steps to reproduce, what you expected versus what actually happened, and any error messages/,
    );
    expect(await page.getByTestId('support-email').textContent()).toBe(SUPPORT);
    expect(await page.getByTestId('support-email').getAttribute('href')).toBe(`mailto:${SUPPORT}`);
    // Every plan's reply time, as SUPPORT_TARGETS (the inbox's due times) gives it.
    const times = await page.getByTestId('reply-times').locator('p').allTextContents();
    expect(times).toEqual(PLANS.map((p) => `${p.name}: ${SUPPORT_TARGETS[p.key].label}`));
    await see(page, /server ID/);
    await see(page, /Premium members get priority support/);
    await page.context().close();
  });
});

describe('legal pages', { timeout: 60_000 }, () => {
  it('terms: every section, 22 October 2025, the links', async () => {
    const page = await openPage(browser, `${server.url}/terms`);
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await see(page, 'Last updated: 22 October 2025');
    for (const h of [
      'Agreement',
      'Description of the Service',
      'Eligibility',
      'Paid Memberships',
      'Acceptable Use',
      'Translation Accuracy',
      'Data Collection',
      'Limitation of Liability',
      'Termination',
      'Changes to These Terms',
      'Governing Law',
    ]) {
      await page.getByRole('heading', { level: 2, name: new RegExp(h) }).waitFor();
    }
    const text = (await page.getByRole('main').textContent()) ?? '';
    for (const fact of [
      '13 years old',
      'permission to manage',
      '30 days notice',
      'renew automatically',
      'cancel at any time',
      'Partial months are not refunded',
      'case by case',
      '12 months',
      'Queensland, Australia',
    ]) {
      expect(text).toContain(fact);
    }
    for (const href of ['/privacy', '/', '/contact']) {
      expect(await page.getByRole('main').locator(`a[href="${href}"]`).count()).toBeGreaterThan(0);
    }
    await page.context().close();
  });

  it('privacy: every topic, 22 October 2025, the contact link', async () => {
    const page = await openPage(browser, `${server.url}/privacy`);
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    await see(page, 'Last updated: 22 October 2025');
    for (const h of [
      'Information We Collect',
      'How We Use',
      'Share',
      'Retention',
      'Deleting',
      'Security',
      'GDPR',
      'CCPA',
      "Children's Privacy",
      'Compliance',
    ]) {
      await page.getByRole('heading', { level: 2, name: new RegExp(h) }).waitFor();
    }
    const text = (await page.getByRole('main').textContent()) ?? '';
    for (const fact of [
      'AI translation provider',
      'Discord',
      'payment processor',
      '90 days',
      'within 30 days',
      'message length',
      'under 13',
      // The forms' rate limits (stored in the database since several web processes share them).
      'one-way hash of the address',
      'the YouTube channels and Twitch streamers it follows',
    ]) {
      expect(text).toContain(fact);
    }
    expect(await page.getByRole('main').locator('a[href="/contact"]').count()).toBeGreaterThan(0);
    for (const [theme, device, size] of THEMES_AND_WIDTHS) {
      const p = await openPage(browser, `${server.url}/privacy`, { theme, ...size });
      await see(p, 'one-way hash of the address');
      await shot(p, `privacy-${theme}-${device}`);
      await p.context().close();
    }
    await page.context().close();
  });
});

describe('phone header', { timeout: 60_000 }, () => {
  it('at 375 px the links sit in a menu that opens, navigates and closes', async () => {
    const page = await openPage(browser, `${server.url}/`, { width: 375, height: 812 });
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await page.waitForURL(`${server.url}/pricing`);
    await menu.waitFor({ state: 'hidden' });
    await page.getByRole('heading', { level: 1, name: 'Simple, transparent pricing' }).waitFor();
    await page.context().close();
  });
});

describe('unknown paths', { timeout: 60_000 }, () => {
  it.each(['/nope', '/admin-nope/x', '/pricing/extra'])('%s shows the 404 page', async (path) => {
    const page = await openPage(browser, `${server.url}${path}`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    await see(page, 'Did you forget to add the page to the router?');
    await page.context().close();
  });
});

describe('theme', { timeout: 60_000 }, () => {
  it('is dark by default, toggles, and the choice survives a reload with no flash', async () => {
    const page = await openPage(browser, `${server.url}/`);
    const cls = () => page.evaluate(() => document.documentElement.className);
    await page.getByTestId('theme-toggle').waitFor();
    expect(await cls()).toBe('dark');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    expect(await cls()).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    expect(await page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('light');

    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await cls()).toBe('light');

    // No flash: the class is right before any of the app's JavaScript has run.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    expect(await cls()).toBe('light');
    await page.unroute('**/assets/*.js');

    await page.goto(`${server.url}/`);
    await page.getByRole('button', { name: 'Switch to dark theme' }).click();
    expect(await cls()).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.context().close();
  });
});
