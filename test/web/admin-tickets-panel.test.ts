import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guilds, tickets } from '../../db/schema';
import { type Browser, holdRequests, launchBrowser, startWebServer } from '../helpers/browser';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

/** The Tickets screen's claim badge, intake answers, Release, and the panel card's categories. */

let server: TestServer;
let browser: Browser;
let ticketId = 0;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(server, 'g-panel');
  const db = server.services.db;
  await db.update(guilds).set({ plan: 'ultimate' }).where(eq(guilds.id, 'g-panel')).run();
  const [t] = await db
    .insert(tickets)
    .values({
      guildId: 'g-panel',
      subject: { es: 'Factura duplicada', en: 'Duplicate invoice' },
      description: { es: 'Me cobraron dos veces.', en: 'I was charged twice.' },
      userLanguage: 'es',
      userId: '300000000000000001',
      category: 'Billing',
      claimedBy: '300000000000000009',
      claimedByName: 'Sofía',
      claimedAt: new Date(),
      intake: [{ question: 'Which invoice?', answer: { es: 'La de noviembre', en: 'The November one' } }],
    })
    .returning()
    .all();
  ticketId = t!.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('tickets: claim, intake answers and the panel card', () => {
  it("shows the claimer's name on the list and the ticket, and the intake answers in English; Release clears the claim", async () => {
    const page = await adminPage(browser, server, '/admin/tickets?guildId=g-panel');
    const row = page.getByTestId('ticket-row').first();
    await row.getByText('🛡️ Sofía').waitFor();
    await row.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('ticket-claim').getByText('Sofía').waitFor();
    await dialog.getByTestId('ticket-intake').getByText('The November one').waitFor();
    // The transcript, made on demand: the link downloads the page with the session's cookie.
    const link = dialog.getByRole('link', { name: 'Download (.html)' });
    const href = await link.getAttribute('href');
    expect(href).toBe(`/api/tickets/${ticketId}/transcript?format=html&guildId=g-panel`);
    const file = await page.request.get(`${server.url}${href}`);
    expect(file.status()).toBe(200);
    expect(await file.text()).toContain('<th>Spanish (member)</th><th>English (support)</th>');
    await dialog.getByRole('button', { name: 'Release' }).click();
    await page.getByText('Claim released').waitFor();
    await dialog.getByRole('button', { name: 'Claim' }).waitFor();
    const [stored] = await server.services.db.select().from(tickets).where(eq(tickets.id, ticketId)).all();
    expect(stored!.claimedBy).toBeNull();
    await page.context().close();
  });

  it('adds a category with a question and saves it', async () => {
    // The saved categories are held back at first: until they arrive, Add category waits (they
    // would replace a category added before them; a loaded CI machine once clicked it in that gap).
    let release = () => {};
    const page = await adminPage(browser, server, '/admin/tickets?guildId=g-panel', {
      beforeGoto: async (p) => {
        release = await holdRequests(p, /\/trpc\/[^?]*tickets\.settings/);
      },
    });
    const add = page.getByRole('button', { name: 'Add category' });
    await page.getByText('Panel and categories').waitFor();
    expect(await add.isDisabled()).toBe(true);
    release();
    await add.click();
    const card = page.getByTestId('ticket-category').first();
    await card.getByLabel('Category 1', { exact: true }).fill('Billing');
    await card.getByLabel('Question 1 (optional)', { exact: true }).fill('Which invoice?');
    await page.getByRole('button', { name: 'Save categories' }).click();
    await page.getByText('Categories saved').waitFor();
    const res = await server.api('/api/ticket-settings?guildId=g-panel', { admin: true });
    expect(res.json.categories).toEqual([{ name: 'Billing', questions: ['Which invoice?'] }]);
    await page.context().close();
  });

  it('screenshots: dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'tickets-panel',
      { list: '/admin/tickets?guildId=g-panel' },
      async (page) => {
        await page.getByText('Panel and categories').waitFor();
        await page.getByTestId('ticket-category').first().waitFor();
      },
    );
    expect(errors).toEqual([]);
  });
});
