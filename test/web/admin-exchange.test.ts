import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinExchange } from '../../src/server/features/exchange/exchange';
import { recordThread, recordTold } from '../../src/server/features/exchange/delivery';
import { type Browser, launchBrowser, startWebServer } from '../helpers/browser';
import { seedGuild } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

/**
 * The Language Learning screen's language exchange (Pro): who waits and the active pairs (names,
 * languages, since, thread link), the exchange channel picked from the synced channels, the empty
 * state, and the locked state naming Pro on lower plans.
 */

let server: TestServer;
let browser: Browser;
const CHANNELS = [
  { id: '810000000000000001', name: 'general' },
  { id: '810000000000000002', name: 'exchange-practice' },
];

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(server, 'g-ex', CHANNELS);
  await insertGuild(server, 'g-ex-empty', [{ id: '820000000000000001', name: 'lobby' }]);
  await insertGuild(server, 'g-ex-locked');
  await seedGuild(server.services, 'g-ex', { plan: 'pro' });
  await seedGuild(server.services, 'g-ex-empty', { plan: 'ultimate' });
  await seedGuild(server.services, 'g-ex-locked', { plan: 'plus' });
  const { db } = server.services;
  const hour = 3_600_000;
  const t0 = Date.now() - 5 * hour;
  const join = async (userId: string, username: string, native: string, learning: string, at: number) =>
    await joinExchange(
      db,
      'g-ex',
      { userId, username, native, learning, replyLanguage: native },
      new Date(at),
    );
  await join('700000000000000001', 'maria', 'es', 'en', t0);
  const made = await join('700000000000000002', 'jonathan_the_long_named', 'en', 'es', t0 + hour);
  await join('700000000000000003', 'chloe', 'fr', 'en', t0 + 2 * hour);
  await join('700000000000000004', 'kenji', 'ja', 'de', t0 + 3 * hour);
  const pairId = made.kind === 'joined' ? made.created[0]! : 0;
  await recordThread(db, 'g-ex', pairId, {
    channelId: CHANNELS[1]!.id,
    threadId: '830000000000000001',
    error: null,
  });
  await recordTold(db, 'g-ex', pairId, '700000000000000001', 'dm', null, new Date());
  await recordTold(db, 'g-ex', pairId, '700000000000000002', 'reply', null, new Date());
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Language exchange on the Language Learning screen', () => {
  it('lists waiting members and active pairs with their languages, times and thread link', async () => {
    const page = await adminPage(browser, server, '/admin/language-learning?guildId=g-ex');
    const waiting = page.getByTestId('exchange-waiting');
    await waiting.first().waitFor();
    expect(await waiting.allInnerTexts()).toEqual([
      expect.stringMatching(/chloe\s+French → English\s+waiting about 3 hours/),
      expect.stringMatching(/kenji\s+Japanese → German\s+waiting about 2 hours/),
    ]);
    const pair = page.getByTestId('exchange-pair');
    expect(await pair.count()).toBe(1);
    const text = (await pair.textContent()) ?? '';
    expect(text).toMatch(/maria\s*↔\s*jonathan_the_long_named/);
    expect(text).toMatch(/Spanish ⇄ English/);
    expect(text).toMatch(/paired about 4 hours ago/);
    expect(await pair.getByTestId('exchange-told').getAttribute('data-state')).toBe('delivered');
    expect(text).toMatch(/both told/i);
    expect(await pair.getByRole('link', { name: 'Open thread' }).getAttribute('href')).toBe(
      'https://discord.com/channels/g-ex/830000000000000001',
    );
    await page.context().close();
  });

  it('the exchange channel is picked by name from the synced channels and saved', async () => {
    const page = await adminPage(browser, server, '/admin/language-learning?guildId=g-ex');
    await page.getByLabel('Exchange settings').getByLabel('Exchange channel').click();
    await page.getByRole('option', { name: '#exchange-practice' }).click();
    await page.getByRole('button', { name: 'Save exchange channel' }).click();
    await page.getByText('New pairs get a private thread in #exchange-practice.').waitFor();
    const row = server.services.db
      .$sqlite!.prepare('select channel_id as id from exchange_settings where guild_id = ?')
      .get('g-ex') as { id: string };
    expect(row.id).toBe(CHANNELS[1]!.id);
    await page.context().close();
  });

  it('says how members join when nobody is in the exchange', async () => {
    const page = await adminPage(browser, server, '/admin/language-learning?guildId=g-ex-empty');
    await page.getByText('Nobody in the language exchange yet').waitFor();
    await page.getByText('/exchange join native:<language> learning:<language>', { exact: false }).waitFor();
    expect(await page.getByTestId('exchange-pair').count()).toBe(0);
    await page.context().close();
  });

  it('below Pro: the locked state names Pro with an upgrade button', async () => {
    const page = await adminPage(browser, server, '/admin/language-learning?guildId=g-ex-locked');
    await page.getByText('Language exchange matching needs the Pro plan').waitFor();
    await page.getByRole('link', { name: 'Upgrade to Pro' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save exchange channel' }).count()).toBe(0);
    await page.context().close();
  });

  it('the privacy page lists what the exchange stores and how long', async () => {
    const page = await adminPage(browser, server, '/privacy');
    const text = (await page.getByRole('main').textContent()) ?? '';
    expect(text).toContain('the language you speak, the one you learn, who you are paired with');
    expect(text).toContain('A language exchange pair is deleted 30 days after it ends');
    await page.context().close();
  });

  it('looks finished with pairs, empty and locked, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'exchange',
      {
        data: '/admin/language-learning?guildId=g-ex',
        empty: '/admin/language-learning?guildId=g-ex-empty',
        locked: '/admin/language-learning?guildId=g-ex-locked',
      },
      async (page, kind) => {
        if (kind === 'data') await page.getByTestId('exchange-pair').waitFor();
        else if (kind === 'empty') await page.getByText('Nobody in the language exchange yet').waitFor();
        else await page.getByText('Language exchange matching needs the Pro plan').waitFor();
        await page.getByText('Start Learning').waitFor();
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
