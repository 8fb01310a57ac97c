import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, SUPPORT_TARGETS } from '../../src/common/plans';
import { type FakeStripe, startFakeStripe } from '../fakes/stripe';
import {
  type Browser,
  blankPage,
  eachThemeAndWidth,
  holdRequests,
  launchBrowser,
  openPage,
  type Page,
  shot,
  startWebServer,
  THEMES_AND_WIDTHS,
  visit,
} from '../helpers/browser';
import { seedGuild } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage } from './admin-screens-helpers';

let server: TestServer;
let limited: TestServer;
let noStripe: TestServer;
let stripe: FakeStripe;
let browser: Browser;
beforeAll(async () => {
  stripe = await startFakeStripe();
  [server, limited, noStripe, browser] = await Promise.all([
    startWebServer({ env: { STRIPE_SECRET_KEY: 'sk_test_fake_key', STRIPE_API_URL: stripe.url } }),
    startWebServer({ env: { CONTACT_RATE_LIMIT: '1' } }),
    startWebServer(),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([server?.close(), limited?.close(), noStripe?.close(), stripe?.close()]);
});

function contactRows(s: TestServer) {
  return s.services.db
    .$sqlite!.prepare('select name, email, subject, type, message from contact_messages order by id')
    .all() as Record<string, string>[];
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label} \\*$`));

async function fill(
  page: Page,
  v: { name: string; email: string; type: string; subject: string; message: string },
) {
  await field(page, 'Name').fill(v.name);
  await field(page, 'Email').fill(v.email);
  await field(page, 'Type').selectOption(v.type);
  await field(page, 'Subject').fill(v.subject);
  await field(page, 'Message').fill(v.message);
}

async function values(page: Page) {
  return Promise.all(['Name', 'Email', 'Type', 'Subject', 'Message'].map((l) => field(page, l).inputValue()));
}

const toast = (page: Page) => page.locator('.mantine-Notification-root');

describe('contact form', { timeout: 60_000 }, () => {
  it('empty or malformed required fields block the submit: nothing is sent or stored until they are right', async () => {
    // A server of its own: the stores of the other contact tests stay as they expect.
    const page = await openPage(browser, `${noStripe.url}/contact`);
    let posts = 0;
    page.on('request', (r) => {
      if (r.url().includes('contact.submit')) posts++;
    });
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    expect(await field(page, 'Name').evaluate((el) => (el as HTMLInputElement).validity.valueMissing)).toBe(
      true,
    );
    await fill(page, { name: 'Ana', email: 'not-an-email', type: 'bug', subject: 'Hi', message: 'Hello' });
    await send.click();
    expect(await field(page, 'Email').evaluate((el) => (el as HTMLInputElement).validity.typeMismatch)).toBe(
      true,
    );
    await field(page, 'Email').fill('ana@example.com');
    await field(page, 'Message').fill('');
    await send.click();
    expect(
      await field(page, 'Message').evaluate((el) => (el as HTMLInputElement).validity.valueMissing),
    ).toBe(true);
    // Made right, the form sends: its one post, after the three refused, is the only one.
    await field(page, 'Message').fill('Hello');
    await send.click();
    await toast(page).getByText('Message Sent!').waitFor();
    expect(posts).toBe(1);
    expect(contactRows(noStripe)).toEqual([
      { name: 'Ana', email: 'ana@example.com', type: 'bug', subject: 'Hi', message: 'Hello' },
    ]);
    await page.context().close();
  });

  it('a valid submit shows Sending..., then Message Sent!, stores the message and clears the form', async () => {
    const page = await openPage(browser, `${server.url}/contact`);
    const release = await holdRequests(page, '**/trpc/contact.submit**');
    const msg = {
      name: 'Ana Souza',
      email: 'ana@example.com',
      type: 'feature',
      subject: 'Mirror mode for threads',
      message: 'Could mirror mode also cover threads?',
    };
    await fill(page, msg);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await sending.waitFor();
    expect(await sending.isDisabled()).toBe(true);
    release();
    await toast(page).getByText('Message Sent!').waitFor();
    await toast(page).getByText("We'll get back to you as soon as possible.").waitFor();
    expect(contactRows(server)).toEqual([msg]);
    expect(await values(page)).toEqual(['', '', '', '', '']);
    expect(await page.getByRole('button', { name: 'Send Message' }).isEnabled()).toBe(true);
    await page.context().close();
  });

  it('a server failure shows the error toast and keeps the values', async () => {
    const page = await openPage(browser, `${limited.url}/contact`);
    const first = {
      name: 'Bo',
      email: 'bo@example.com',
      type: 'bug',
      subject: 'One',
      message: 'First message',
    };
    await fill(page, first);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page).getByText('Message Sent!').waitFor();

    const second = {
      name: 'Bo',
      email: 'bo@example.com',
      type: 'support',
      subject: 'Two',
      message: 'Second message',
    };
    await fill(page, second);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await toast(page).getByText('Error', { exact: true }).waitFor();
    await toast(page)
      .getByText(/too many messages from this address/)
      .waitFor();
    // One toast at a time: the error replaced the success (once its exit transition ends).
    await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 1);
    expect(await toast(page).textContent()).not.toContain('Message Sent!');
    expect(await values(page)).toEqual(['Bo', 'bo@example.com', 'support', 'Two', 'Second message']);
    expect(contactRows(limited)).toHaveLength(1);
    await page.context().close();
  });
});

describe('contact page without SUPPORT_EMAIL', { timeout: 60_000 }, () => {
  it('shows no email card and no placeholder address (dark and light, desktop and phone)', async () => {
    await eachThemeAndWidth(
      (theme) => blankPage(browser, { theme }),
      async (page, theme, device) => {
        await visit(page, `${noStripe.url}/contact`);
        await page.getByRole('heading', { name: 'Need help?' }).waitFor();
        await page.getByTestId('reply-times').getByText(`Plus: ${SUPPORT_TARGETS.plus.label}`).waitFor();
        expect(await page.getByTestId('support-email').count()).toBe(0);
        expect(await page.getByText(/Email us/).count()).toBe(0);
        expect(await page.locator('body').textContent()).not.toContain('example.com');
        await shot(page, `contact-no-support-email-${theme}-${device}`);
      },
    );
  });
});

describe('checkout', { timeout: 60_000 }, () => {
  const plus = PLANS.find((p) => p.key === 'plus')!;

  it("a visitor who picks Plus is led to log in, on the way to the server's plan card", async () => {
    const page = await openPage(browser, `${server.url}/pricing`);
    await page.getByRole('button', { name: /Get Plus/ }).click();
    await page.waitForURL(`${server.url}/admin/settings?upgrade=plus#plan`);
    await page.getByRole('heading', { name: 'Log in to the dashboard' }).waitFor();
    await page.context().close();
  });

  it('from the plan card, Upgrade to Plus starts checkout for that server and goes to Stripe', async () => {
    const page = await adminPage(browser, server, '/admin/settings?upgrade=plus#plan', {
      beforeGoto: (p) =>
        p.route('https://checkout.stripe.com/**', (route) =>
          route.fulfill({ contentType: 'text/html', body: '<h1>Stripe Checkout</h1>' }),
        ),
    });
    await page.getByRole('button', { name: /Upgrade to Plus/ }).click();
    await page.waitForURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake\d+$/);
    await page.getByRole('heading', { name: 'Stripe Checkout' }).waitFor();
    const sent = stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1);
    expect(sent?.form['line_items[0][price]']).toBe(plus.priceId);
    expect(sent?.form['metadata[guildId]']).toBe('default');
    await page.context().close();
  });

  it('a Stripe failure shows the error toast and the upgrade buttons come back', async () => {
    const page = await adminPage(browser, server, '/admin/settings#plan');
    stripe.failNext(400, 'No such price');
    await page.getByRole('button', { name: /Upgrade to Pro/ }).click();
    await toast(page).getByText('Could not start checkout').waitFor();
    await toast(page)
      .getByText(/No such price/)
      .waitFor();
    expect(await page.getByRole('button', { name: /Upgrade to Pro/ }).isEnabled()).toBe(true);
    expect(page.url()).toBe(`${server.url}/admin/settings#plan`);
    await page.context().close();
  });

  it('without Stripe configured the paid plans offer contact, in words a visitor understands', async () => {
    const page = await openPage(browser, `${noStripe.url}/pricing`);
    await page.getByTestId('checkout-unavailable').getByText('Paid plans are set up by our team').waitFor();
    expect(await page.getByRole('button', { name: /Get Plus/ }).count()).toBe(0);
    await page.getByRole('link', { name: 'Contact us about Plus' }).click();
    await page.waitForURL(`${noStripe.url}/contact`);
    // biome-ignore lint/performance/useDomNodeTextContent: the text a visitor sees, as rendered
    expect(await page.locator('body').innerText()).not.toMatch(/STRIPE|_KEY|not configured|installation/i);
    await page.context().close();
  });

  it("a server admin's plan card without Stripe: a demo plan says so, upgrades offer contact, no setting named", async () => {
    await seedGuild(noStripe.services, noStripe.services.env.DEFAULT_GUILD_ID, { plan: 'plus' });
    for (const [theme, device, size] of THEMES_AND_WIDTHS) {
      const page = await adminPage(browser, noStripe, '/admin/settings#plan', { theme, ...size });
      const card = page.getByTestId('plan-usage');
      await card.getByTestId('plan-demo').waitFor();
      expect(await card.getByTestId('plan-badge').textContent()).toMatch(/Plus · demo plan/i);
      await card.getByTestId('upgrades-unavailable').getByText('Upgrades are not available here').waitFor();
      expect(await card.getByRole('button', { name: /Upgrade to/ }).count()).toBe(0);
      expect(await card.getByRole('button', { name: /Manage subscription/ }).count()).toBe(0);
      // biome-ignore lint/performance/useDomNodeTextContent: the text the admin sees, as rendered
      expect(await card.innerText()).not.toMatch(/STRIPE|_KEY|not configured/i);
      await card.scrollIntoViewIfNeeded();
      await shot(page, `plan-card-no-stripe-${theme}-${device}`);
      if (theme === 'dark' && device === 'desktop') {
        await card.getByRole('link', { name: 'Contact us' }).click();
        await page.waitForURL(`${noStripe.url}/contact`);
      }
      await page.context().close();
    }
  });
});
