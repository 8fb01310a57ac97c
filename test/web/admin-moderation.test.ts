import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/demo';
import { guildChannels, moderationLogs } from '../../db/schema';
import { type Browser, launchBrowser, shot, startWebServer } from '../helpers/browser';
import { CHANNEL_TYPE, seedChannels, setGuildPlan } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  await insertGuild(server, 'm1', [{ id: '500000000000009999', name: 'mod-log' }]);
  await setGuildPlan(server.services, 'm1', 'ultimate');
  await insertGuild(server, 'm-empty');
  // Channels the bot synced: two text channels, and a voice channel and a forum that take no report.
  await insertGuild(server, 'm-ids', [
    { id: '500000000000008888', name: 'old-log' },
    { id: '500000000000008889', name: 'reports' },
    { id: '500000000000008890', name: 'Voice', type: CHANNEL_TYPE.voice },
    { id: '500000000000008891', name: 'help-forum', type: CHANNEL_TYPE.forum },
  ]);
  await seedDemo(server.services.db, 'demo1', new Date());
  const now = Date.now();
  await server.services.db
    .insert(moderationLogs)
    .values(
      Array.from({ length: 30 }, (_, i) => ({
        guildId: 'm1',
        type: i % 2 ? ('spam' as const) : ('filter' as const),
        userId: `50000000000000${String(i).padStart(4, '0')}`,
        message: `flagged message number ${i}`,
        // The first in Spanish, the second of unknown language (issue 31: `lang` on member text).
        language: i === 0 ? 'es' : i === 1 ? '' : 'en',
        action: i % 2 ? 'deleted' : 'warned',
        timestamp: new Date(now - i * 60_000),
      })),
    )
    .run();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const rules = async (guildId: string) =>
  (await server.api(`/api/moderation/rules?guildId=${guildId}`, { admin: true })).json;

describe('Moderation', () => {
  it('saves each rule switch, banned words and the log channel, and keeps them after a reload', async () => {
    const page = await adminPage(browser, server, '/admin/moderation?guildId=m1');
    const spam = page.getByRole('switch', { name: 'Spam detection' });
    const filter = page.getByRole('switch', { name: 'Content filtering' });
    const scams = page.getByRole('switch', { name: 'Scam and phishing detection' });
    const autoDelete = page.getByRole('switch', { name: 'Auto delete' });
    await spam.waitFor();
    await scams.waitFor();
    // Defaults of spec section 3; every layer is open on the Ultimate plan.
    expect([
      await spam.isChecked(),
      await filter.isChecked(),
      await scams.isChecked(),
      await autoDelete.isChecked(),
    ]).toEqual([true, true, true, false]);
    expect(await page.getByText('Needs the').count()).toBe(0);

    await scams.click({ force: true });
    await expect.poll(async () => (await rules('m1')).scamDetection).toBe(false);
    await scams.click({ force: true });
    await expect.poll(async () => (await rules('m1')).scamDetection).toBe(true);

    await autoDelete.click({ force: true });
    await page.getByText('Moderation rules updated').first().waitFor();
    await expect.poll(async () => (await rules('m1')).autoDelete).toBe(true);
    await spam.click({ force: true });
    await expect.poll(async () => (await rules('m1')).spamDetection).toBe(false);

    const words = page.getByRole('combobox', { name: 'Banned words' });
    await words.fill('scam');
    await words.press('Enter');
    await words.fill('freenitro');
    await words.press('Enter');
    await expect.poll(async () => (await rules('m1')).bannedWords).toEqual(['scam', 'freenitro']);
    await page.getByRole('combobox', { name: 'Log channel' }).click();
    await page.getByRole('option', { name: '#mod-log' }).click();
    await expect.poll(async () => (await rules('m1')).logChannelId).toBe('500000000000009999');

    await page.reload();
    await autoDelete.waitFor();
    expect(await autoDelete.isChecked()).toBe(true);
    expect(await spam.isChecked()).toBe(false);
    expect(await filter.isChecked()).toBe(true);
    // The saved channel is shown by name once the server's channel list has loaded.
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Log channel' }).inputValue())
      .toBe('#mod-log');
    const pills = await page.locator('.mantine-TagsInput-pill').allTextContents();
    expect(pills).toEqual(['scam', 'freenitro']);
    await page.context().close();
  });

  it('lists recent actions newest first in a scroll area 384 px high', async () => {
    const page = await adminPage(browser, server, '/admin/moderation?guildId=m1');
    const entries = page.getByTestId('moderation-log');
    await entries.first().waitFor();
    expect(await entries.count()).toBe(30);
    const first = await entries.first().textContent();
    expect(first).toContain('flagged message number 0');
    expect(first).toContain('filter');
    expect(first).toContain('warned');
    // Who: a member the bot never saw by name is "Unknown member", not a bare id ("…" while names load).
    await expect.poll(async () => entries.first().textContent()).toContain('Unknown member');
    expect(first).not.toContain('5000000000000000');
    expect(await entries.nth(1).textContent()).toContain('deleted');
    // The member's words carry their language when it is known.
    expect(await entries.first().getByText('flagged message number 0').getAttribute('lang')).toBe('es');
    expect(await entries.nth(1).getByText('flagged message number 1').getAttribute('lang')).toBeNull();
    const box = await page.getByTestId('moderation-feed').boundingBox();
    expect(box?.height).toBe(384);
    await page.context().close();
  });

  it('shows the AI and scam layers locked on the Free plan, naming the plan that unlocks each', async () => {
    const page = await adminPage(browser, server, '/admin/moderation?guildId=m-empty');
    const ai = page.getByTestId('locked-aiModeration');
    const scam = page.getByTestId('locked-scamDetection');
    await ai.waitFor();
    expect(await ai.isDisabled()).toBe(true);
    expect(await ai.isChecked()).toBe(false);
    expect(await scam.isDisabled()).toBe(true);
    await page.getByText('Needs the Plus plan').first().waitFor();
    await page.getByText('Needs the Ultimate plan').first().waitFor();
    // One link for the AI layer among the rules, one on the Cases card and one on the Escalation
    // rules card (cases and their rules are Plus too).
    expect(await page.getByRole('link', { name: 'Upgrade to Plus' }).count()).toBe(3);
    await page.getByTestId('cases-card').getByText('Moderation cases needs the Plus plan').waitFor();
    // Spam detection and banned words are Free: open.
    expect(await page.getByRole('switch', { name: 'Spam detection' }).isDisabled()).toBe(false);
    await page.context().close();
  });

  it('offers only text channels, and refuses a log channel that is not a text channel of the server', async () => {
    const before = (await rules('m-ids')).logChannelId;
    const page = await adminPage(browser, server, '/admin/moderation?guildId=m-ids');
    const picker = page.getByRole('combobox', { name: 'Log channel' });
    await picker.click();
    await page.getByRole('option', { name: '#reports' }).waitFor();
    expect(await page.getByRole('option', { name: '#Voice' }).count()).toBe(0);
    expect(await page.getByRole('option', { name: 'help-forum' }).count()).toBe(0);
    // The list on screen is older than the bot's last sync: #old-log has been deleted since.
    await server.services.db.delete(guildChannels).where(eq(guildChannels.id, '500000000000008888')).run();
    await page.getByRole('option', { name: '#old-log' }).click();
    await page.getByText('is not a text channel of this server').first().waitFor();
    expect((await rules('m-ids')).logChannelId).toBe(before);
    await page.context().close();
  });

  it("shows the server's message when a value is refused", async () => {
    const before = (await rules('m-ids')).logChannelId;
    const page = await adminPage(browser, server, '/admin/moderation?guildId=m-ids');
    const picker = page.getByRole('combobox', { name: 'Log channel' });
    await picker.click();
    await page.getByRole('option', { name: '#reports' }).waitFor();
    // Since the list was loaded, #reports became a voice channel in Discord (the bot synced it).
    await seedChannels(server.services, 'm-ids', [
      { id: '500000000000008889', name: 'reports', type: CHANNEL_TYPE.voice },
    ]);
    await page.getByRole('option', { name: '#reports' }).click();
    // The server's sentence shows under the field, and in the toast naming the field.
    const refusal = '500000000000008889 (#reports) is a voice channel, not a text channel';
    await page.locator('.mantine-Select-error').getByText(refusal).waitFor();
    await page.getByText(`logChannelId: ${refusal}`).first().waitFor();
    await shot(page, 'moderation-log-channel-refused');
    expect((await rules('m-ids')).logChannelId).toBe(before);
    await page.context().close();
  });

  it('screenshots: demo data and empty, dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'moderation',
      { data: '/admin/moderation?guildId=demo1', empty: '/admin/moderation?guildId=m-empty' },
      async (page, kind) => {
        await page.getByRole('switch', { name: 'Spam detection' }).waitFor();
        await (kind === 'data'
          ? page.getByTestId('moderation-log').first()
          : page.getByTestId('moderation-feed').getByTestId('empty-state')
        ).waitFor();
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
