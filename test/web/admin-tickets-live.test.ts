import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guilds } from '../../db/schema';
import { markReplyDelivered } from '../../src/server/features/tickets/delivery';
import { createTicket, findTicket } from '../../src/server/features/tickets/tickets';
import { recordThreadMessage, setTicketThread } from '../../src/server/features/tickets/conversation';
import { type Browser, launchBrowser, shot, startWebServer } from '../helpers/browser';
import { recordingTranslator } from '../helpers/recording-translator';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild } from './admin-screens-helpers';

/**
 * The ticket conversation while the dialog stays open: what the member writes in the Discord
 * thread and the delivery state of staff replies appear without a reload; below Ultimate the
 * screen is locked and names the plan.
 */

const rec = recordingTranslator();
let server: TestServer;
let browser: Browser;
let ticketId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startWebServer({ overrides: { translator: rec.translator } }),
    launchBrowser(),
  ]);
  await insertGuild(server, 'g-live');
  await insertGuild(server, 'g-free');
  await server.services.db.update(guilds).set({ plan: 'ultimate' }).where(eqId('g-live')).run();
  const s = server.services;
  const t = await createTicket(s.db, s.translator, s.clock, {
    guildId: 'g-live',
    userId: '300000000000000009',
    userLanguage: 'es',
    subject: 'No llega el código',
    description: 'El código de verificación no llega.',
  });
  await setTicketThread(s.db, t.id, '400000000000000001');
  ticketId = t.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const eqId = (id: string) => eq(guilds.id, id);

describe('a ticket conversation in the dashboard', () => {
  it('shows what the member writes in the thread, and the delivery state of a reply, without a reload', async () => {
    const page = await adminPage(browser, server, '/admin/tickets?guildId=g-live');
    await page.getByText('[en] No llega el código').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('No messages yet').waitFor();
    let navigations = 0;
    page.on('framenavigated', () => navigations++);

    // The member writes in their thread on Discord (the bot records it through the same service).
    const s = server.services;
    await recordThreadMessage(s.db, s.translator, s.clock, 'g-live', '400000000000000001', {
      messageId: '500000000000000001',
      authorId: '300000000000000009',
      content: 'Ya probé dos veces',
    });
    await dialog.getByText('[en] Ya probé dos veces').waitFor();
    await dialog.getByText('Original (Spanish):').waitFor();

    await dialog.getByLabel('Reply to User').fill('We sent a new code.');
    await dialog.getByRole('button', { name: 'Send Reply' }).click();
    const badge = dialog.getByTestId('delivery-state');
    await badge.getByText('Queued: delivered when the bot connects').waitFor();
    await shot(page, 'tickets-live-queued');

    // The bot connects and posts it.
    const reply = s.db
      .$sqlite!.prepare("select id from ticket_messages where original_text = 'We sent a new code.'")
      .get() as { id: number };
    await markReplyDelivered(s.db, reply.id, new Date());
    await badge.getByText('Delivered').waitFor();
    expect(navigations).toBe(0);
    expect((await findTicket(s.db, 'g-live', ticketId))?.status).toBe('open');
    await page.context().close();
  });

  it('a closed ticket takes no reply and says how to reopen it', async () => {
    const s = server.services;
    s.db.$sqlite!.prepare("update tickets set status = 'closed' where id = ?").run(ticketId);
    const page = await adminPage(browser, server, '/admin/tickets?guildId=g-live');
    await page.getByText('[en] No llega el código').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('This ticket is closed. Set its status to Open to reply.').waitFor();
    expect(await dialog.getByLabel('Reply to User').isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Send Reply' }).isDisabled()).toBe(true);
    await page.context().close();
  });

  it('below Ultimate the screen is locked and names the plan', async () => {
    const page = await adminPage(browser, server, '/admin/tickets?guildId=g-free');
    await page.getByText('Support tickets needs the Ultimate plan').waitFor();
    expect(await page.getByTestId('ticket-row').count()).toBe(0);
    await shot(page, 'tickets-locked');
    await page.context().close();
  });
});
