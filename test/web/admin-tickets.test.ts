import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsMembers, guildRoles, guilds, ticketMessages, tickets } from '../../db/schema';
import { type Browser, launchBrowser, type Page, shot, startWebServer } from '../helpers/browser';
import { CHANNEL_TYPE, seedChannels, seedRoles } from '../helpers/guilds';
import { recordingTranslator } from '../helpers/recording-translator';
import type { TestServer } from '../helpers/server';
import {
  adminPage,
  expectSkeletonWhileLoading,
  insertGuild,
  screenshotMatrix,
  seedDemoGuild,
} from './admin-screens-helpers';

const rec = recordingTranslator();
let server: TestServer;
let browser: Browser;
let payId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([
    startWebServer({ overrides: { translator: rec.translator } }),
    launchBrowser(),
  ]);
  await insertGuild(server, 'g-tix');
  // The bot saw the first ticket's member translate: the list shows their name, not their id.
  await server.services.db
    .insert(analyticsMembers)
    .values({ guildId: 'g-tix', userId: '300000000000000001', username: 'Ana García' })
    .run();
  await insertGuild(server, 'g-empty');
  await insertGuild(server, 'g-demo');
  const db = server.services.db;
  // Support tickets are an Ultimate capability.
  await db
    .update(guilds)
    .set({ plan: 'ultimate' })
    .where(inArray(guilds.id, ['g-tix', 'g-empty', 'g-demo']))
    .run();
  const at = (h: number) => new Date(Date.UTC(2026, 10, 20, h, 5));
  const [pay] = await db
    .insert(tickets)
    .values([
      {
        guildId: 'g-tix',
        status: 'open',
        priority: 'high',
        category: 'billing',
        subject: { es: 'No puedo pagar la suscripción', en: 'I cannot pay for the subscription' },
        description: { es: 'La tarjeta es rechazada cada vez.', en: 'The card is declined every time.' },
        userLanguage: 'es',
        userId: '300000000000000001',
        createdAt: at(14),
      },
      {
        guildId: 'g-tix',
        status: 'in_progress',
        priority: 'low',
        subject: { en: 'Bot went offline' },
        description: { en: 'The bot stopped answering in #general.' },
        userLanguage: 'en',
        userId: '300000000000000002',
        createdAt: at(10),
      },
      {
        guildId: 'g-tix',
        status: 'resolved',
        priority: 'urgent',
        subject: { de: 'Frage zu Rollen' },
        description: { de: 'Wie bekomme ich die Rolle?' },
        userLanguage: 'de',
        userId: '300000000000000003',
        createdAt: at(8),
        resolvedAt: at(9),
      },
    ])
    .returning()
    .all();
  payId = pay.id;
  await db
    .insert(ticketMessages)
    .values({
      ticketId: pay.id,
      messageId: 'm1',
      userId: pay.userId,
      originalText: 'Probé dos tarjetas distintas.',
      originalLanguage: 'es',
      translations: { es: 'Probé dos tarjetas distintas.', en: 'I tried two different cards.' },
      createdAt: at(15),
    })
    .run();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

async function filterBy(page: Page, label: string) {
  await page.getByLabel('Filter by Status').first().click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

describe('Support Tickets', () => {
  it('shows the stat cards and filters the list by status through the query', async () => {
    const page = await adminPage(browser, server, '/admin/tickets?guildId=g-tix');
    await page.getByText('Manage multilingual support tickets for your community').waitFor();
    const rows = page.getByTestId('ticket-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(3);
    const cards = page.getByTestId('stat-card');
    expect(await cards.allInnerTexts()).toEqual([
      expect.stringMatching(/Open Tickets\s+1/),
      expect.stringMatching(/In Progress\s+1/),
      expect.stringMatching(/Total Tickets\s+3/),
      // No staff reply yet in the last 30 days.
      expect.stringMatching(/Avg Response Time\s+—/),
      expect.stringMatching(/Avg Rating\s+—\s+No ratings yet/),
    ]);
    // Support language first, falling back to the member's language; date as 'MMM d, h:mm a'.
    const first = rows.first();
    await first.getByText('I cannot pay for the subscription').waitFor();
    await first.getByTestId('member-name').getByText('Ana García').waitFor();
    // A member the bot never saw says so, rather than showing a bare id as a name.
    await rows.nth(1).getByTestId('member-name').getByText('Unknown member').waitFor();
    expect(await rows.first().textContent()).not.toContain('300000000000000001');
    await first.getByText('Language: ES').waitFor();
    await first.getByText('Nov 20, 2:05 PM').waitFor();
    await first.getByText('billing').waitFor();
    await rows.nth(2).getByText('Frage zu Rollen').waitFor();

    const requests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('tickets.list')) requests.push(decodeURIComponent(r.url()));
    });
    await filterBy(page, 'Resolved');
    await page.getByText('I cannot pay for the subscription').waitFor({ state: 'hidden' });
    await rows.first().getByText('Frage zu Rollen').waitFor();
    expect(await rows.count()).toBe(1);
    expect(requests.some((u) => u.includes('"status":"resolved"'))).toBe(true);

    await filterBy(page, 'Closed');
    await page.getByText('No tickets found').waitFor();
    await page.getByText('No closed tickets at the moment').waitFor();
    await page.context().close();
  });

  it('opens a ticket, shows the conversation in the support language, replies and changes the status', async () => {
    const updates: unknown[] = [];
    server.services.events.on('ticket:reply', (e) => updates.push(e));
    const page = await adminPage(browser, server, '/admin/tickets?guildId=g-tix');
    await page.getByText('I cannot pay for the subscription').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Ticket Details').waitFor();
    await dialog.getByText('View and respond to support ticket').waitFor();
    await dialog.getByText('The card is declined every time.').waitFor();
    await dialog.getByText('User (ES)').waitFor();
    await dialog.getByText('I tried two different cards.').waitFor();
    await dialog.getByText('Original (Spanish):').waitFor();
    await dialog.getByText('Probé dos tarjetas distintas.').waitFor();

    const send = dialog.getByRole('button', { name: 'Send Reply' });
    const box = dialog.getByLabel('Reply to User');
    expect(await box.getAttribute('placeholder')).toMatch(/English.*auto-translated/);
    expect(await send.isDisabled()).toBe(true);
    await box.fill('   ');
    expect(await send.isDisabled()).toBe(true);
    await box.fill('We are looking into it.');
    await send.click();
    // Stored, not yet on Discord (no bot here): never "sent".
    await page.getByText('Reply saved').waitFor();
    await page.getByText('The bot posts it to the user, translated into Spanish').waitFor();
    await dialog.getByText('Queued: delivered when the bot connects').waitFor();
    expect(await box.inputValue()).toBe('');
    await dialog.getByText('Support Team').waitFor();
    await dialog.getByText('Sent to the user in Spanish:').waitFor();
    await dialog.getByText('[es] We are looking into it.').waitFor();
    const stored = await server.services.db
      .select()
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, payId))
      .all();
    expect(stored.at(-1)).toMatchObject({
      userId: 'support-team',
      originalText: 'We are looking into it.',
      originalLanguage: 'en',
      isStaff: true,
      translations: { en: 'We are looking into it.', es: '[es] We are looking into it.' },
    });
    expect(Number(stored.at(-1)?.messageId)).toBeGreaterThan(Date.now() - 60_000);
    expect(updates).toHaveLength(1);
    // The first staff reply gives the average response time.
    await page
      .getByTestId('stat-card')
      .nth(3)
      .getByText(/^\d+ d( \d+ h)?$/)
      .waitFor();
    await shot(page, 'tickets-detail-dialog');

    await dialog.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Resolved' }).click();
    await page.getByText('Ticket updated!').waitFor();
    await page.getByText('Status has been changed; the member is told in their language.').waitFor();
    const row = await server.services.db.select().from(tickets).where(eq(tickets.id, payId)).get();
    expect(row?.status).toBe('resolved');
    expect(row?.resolvedAt).toBeInstanceOf(Date);

    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const cards = page.getByTestId('stat-card');
    await cards.first().getByText('0', { exact: true }).waitFor();
    await page.context().close();
  });

  it('marks a staff reply the provider could not translate', async () => {
    rec.state.fail = new Error('provider down');
    try {
      const page = await adminPage(browser, server, '/admin/tickets?guildId=g-tix');
      await page.getByText('Bot went offline').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('No messages yet').waitFor();
      await dialog.getByLabel('Reply to User').fill('Restarted it, sorry!');
      await dialog.getByRole('button', { name: 'Send Reply' }).click();
      await page.getByText('Reply saved').waitFor();
      await page.getByText(/as written \(it is already in their language\)/).waitFor();
      // An English-speaking member: nothing to translate, so no mark.
      await dialog.getByText('Restarted it, sorry!').waitFor();
      expect(await dialog.getByText(/Not translated/).count()).toBe(0);
      await page.keyboard.press('Escape');
      await page.getByText('Frage zu Rollen').click();
      await dialog.getByLabel('Reply to User').fill('You get it with /rank.');
      await dialog.getByRole('button', { name: 'Send Reply' }).click();
      await dialog.getByText('Not translated: sent in English').waitFor();
      // The toast says the same as the message: not "translated".
      const toasts = page.locator('.mantine-Notification-root');
      await toasts.getByText(/^Not translated \(translation is unavailable right now\)/).waitFor();
      expect(await toasts.getByText(/translated into/).count()).toBe(0);
      await shot(page, 'tickets-reply-not-translated-toast');
      await page.context().close();
    } finally {
      rec.state.fail = null;
    }
  });

  it('says how members open tickets when there are none, and names a failed fetch', async () => {
    const page = await adminPage(browser, server, '/admin/tickets?guildId=g-empty');
    await page.getByText('No tickets found').waitFor();
    await page.getByText('Users can create tickets via Discord using /ticket create').waitFor();
    await page.goto(`${server.url}/admin/tickets?guildId=not%20a%20guild!`);
    await page.locator('.mantine-Notification-root').getByText('Failed to fetch tickets').waitFor();
    await page.context().close();
  });

  it('picks where tickets open and the support role among those the server accepts, and saves them', async () => {
    // What the bot synced: a text channel, an announcement channel (no private threads there), and
    // roles (any role of the server may be the support role, an integration's too).
    await seedChannels(server.services, 'g-tix-settings', [
      { id: '310000000000000001', name: 'support' },
      { id: '310000000000000002', name: 'news', type: CHANNEL_TYPE.announcement },
    ]);
    await seedRoles(server.services, 'g-tix-settings', [
      { id: '310000000000000010', name: 'Helpers' },
      { id: '310000000000000011', name: 'Admins', assignable: false },
    ]);
    await server.services.db
      .update(guilds)
      .set({ plan: 'ultimate' })
      .where(eq(guilds.id, 'g-tix-settings'))
      .run();
    const stored = async () =>
      (await server.api('/api/ticket-settings?guildId=g-tix-settings', { admin: true })).json;
    const page = await adminPage(browser, server, '/admin/tickets?guildId=g-tix-settings');
    await page.getByText('Where tickets open').waitFor();
    await page.getByRole('combobox', { name: 'Ticket channel' }).click();
    await page.getByRole('option', { name: '#support' }).waitFor();
    expect(await page.getByRole('option', { name: '#news' }).count()).toBe(0);
    await page.getByRole('option', { name: '#support' }).click();
    await page.getByRole('combobox', { name: 'Support role' }).click();
    await page.getByRole('option', { name: 'Admins' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Ticket settings saved').waitFor();
    expect(await stored()).toMatchObject({
      channelId: '310000000000000001',
      supportRoleId: '310000000000000011',
    });

    // The role was deleted in Discord since the list was loaded: the server's sentence shows under
    // the field, and nothing is written.
    await page.getByRole('combobox', { name: 'Support role' }).click();
    await page.getByRole('option', { name: 'Helpers' }).click();
    await server.services.db.delete(guildRoles).where(eq(guildRoles.id, '310000000000000010')).run();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page
      .locator('.mantine-Select-error')
      .getByText('310000000000000010 is not a role of this server')
      .waitFor();
    expect((await stored()).supportRoleId).toBe('310000000000000011');
    await page.context().close();
  });

  it('shows a loading skeleton until the data arrives', async () => {
    await expectSkeletonWhileLoading(browser, server, '/admin/tickets?guildId=g-tix', 'stat-grid-skeleton');
  });

  it('looks finished with data and empty, dark and light, desktop and phone', async () => {
    await seedDemoGuild(server, 'g-demo');
    const errors = await screenshotMatrix(
      browser,
      server,
      'tickets',
      { demo: '/admin/tickets?guildId=g-demo', empty: '/admin/tickets?guildId=g-empty' },
      async (page, kind) => {
        if (kind === 'demo') {
          await page.getByTestId('ticket-row').first().waitFor();
        } else {
          await page.getByText('No tickets found').waitFor();
        }
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
