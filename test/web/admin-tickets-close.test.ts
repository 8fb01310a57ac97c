import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guilds, tickets } from '../../db/schema';
import { type Browser, launchBrowser, shot, startWebServer } from '../helpers/browser';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

/**
 * The Tickets screen: the member's rating on a ticket, the average on the stat cards, closing with a
 * reason; the screenshots show a claimed ticket's staff badge (list and view) and the transcript's
 * download buttons.
 */

let server: TestServer;
let browser: Browser;
let openId = 0;

const ticket = (subject: string, extra: Partial<typeof tickets.$inferInsert> = {}) => ({
  guildId: 'g-close',
  subject: { es: subject, en: `[en] ${subject}` },
  description: { es: 'Me cobraron dos veces.', en: 'I was charged twice.' },
  userLanguage: 'es',
  userId: '300000000000000001',
  ...extra,
});

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(server, 'g-close');
  const db = server.services.db;
  await db.update(guilds).set({ plan: 'ultimate' }).where(eq(guilds.id, 'g-close')).run();
  const rows = await db
    .insert(tickets)
    .values([
      ticket('Factura duplicada', {
        status: 'closed',
        closeReason: 'Refund issued',
        rating: 5,
        claimedBy: '300000000000000009',
        claimedByName: 'Marta (support)',
        claimedAt: new Date(),
      }),
      ticket('Reembolso', { status: 'closed', rating: 2 }),
      ticket('No puedo entrar'),
    ])
    .returning()
    .all();
  openId = rows[2]!.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('tickets: rating and close reason', () => {
  it('shows each rating on its ticket and the average on the stat cards', async () => {
    const page = await adminPage(browser, server, '/admin/tickets?guildId=g-close');
    await page.getByTestId('ticket-row').getByText('★★★★★ 5/5').waitFor();
    await page.getByTestId('ticket-row').getByText('★★☆☆☆ 2/5').waitFor();
    const card = page.getByTestId('stat-card').filter({ hasText: 'Avg Rating' });
    await card.getByText('3.5 / 5').waitFor();
    await card.getByText('2 rated tickets').waitFor();
    await page.context().close();
  });

  it('choosing Closed asks for the reason; Close ticket stores it and the dialog shows it, not rated yet', async () => {
    const page = await adminPage(browser, server, '/admin/tickets?guildId=g-close');
    await page.getByRole('button', { name: '[en] No puedo entrar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Closed' }).click();
    await dialog.getByLabel('Reason for closing (optional)').fill('Password reset sent');
    // Nothing is closed before the form is sent.
    const [before] = await server.services.db.select().from(tickets).where(eq(tickets.id, openId)).all();
    expect(before!.status).toBe('open');
    await shot(page, 'tickets-close-form');
    await dialog.getByRole('button', { name: 'Close ticket' }).click();
    await page.getByText('Ticket updated!').waitFor();
    const outcome = dialog.getByTestId('ticket-close-outcome');
    await outcome.getByText('Password reset sent').waitFor();
    await outcome.getByText('not rated yet').waitFor();
    const [stored] = await server.services.db.select().from(tickets).where(eq(tickets.id, openId)).all();
    expect(stored).toMatchObject({ status: 'closed', closeReason: 'Password reset sent', rating: null });
    await page.context().close();
  });

  it('screenshots: dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'tickets-rating',
      { list: '/admin/tickets?guildId=g-close', detail: '/admin/tickets?guildId=g-close' },
      async (page, kind) => {
        await page.getByTestId('stat-card').filter({ hasText: 'Avg Rating' }).getByText('/ 5').waitFor();
        if (kind === 'list') {
          await page.getByTestId('ticket-row').getByLabel('Claimed by Marta (support)').waitFor();
          return;
        }
        await page.getByRole('button', { name: '[en] Factura duplicada' }).click();
        await page.getByTestId('ticket-close-outcome').getByText('Refund issued').waitFor();
        await page.getByTestId('ticket-claim').getByText('Marta (support)').waitFor();
        await page.getByTestId('ticket-transcript').getByRole('link', { name: 'Download (.html)' }).waitFor();
        await page.getByTestId('ticket-transcript').getByRole('link', { name: 'Download (.txt)' }).waitFor();
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
