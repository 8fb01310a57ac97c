import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { voiceSessions } from '../../db/schema';
import { readVoiceSettings } from '../../src/server/features/voice/settings';
import { type Browser, eachThemeAndWidth, launchBrowser, shot, startWebServer } from '../helpers/browser';
import { CHANNEL_TYPE, seedGuild } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import {
  adminContext,
  adminPage,
  expectSkeletonWhileLoading,
  insertGuild,
  screenshotMatrix,
  seedDemoGuild,
} from './admin-screens-helpers';

let server: TestServer;
let browser: Browser;
let liveId: number;

beforeAll(async () => {
  [server, browser] = await Promise.all([startWebServer(), launchBrowser()]);
  // These screens belong to paid plans: the servers here are on Ultimate (the plan table).
  for (const id of ['g-voice', 'g-empty', 'g-demo'])
    await seedGuild(server.services, id, { plan: 'ultimate' });
  // The live session's channel is synced (a voice channel); the history's are not.
  await insertGuild(server, 'g-voice', [
    { id: '987654321098765432', name: 'Lounge', type: CHANNEL_TYPE.voice },
  ]);
  await insertGuild(server, 'g-empty');
  const now = Date.now();
  const ended = Array.from({ length: 22 }, (_, i) => ({
    guildId: 'g-voice',
    channelId: `5000000000000000${String(i).padStart(2, '0')}`,
    sourceLanguage: i % 2 ? 'en' : 'es',
    targetLanguage: i % 2 ? 'ja' : 'en',
    status: (i === 3 ? 'error' : 'ended') as 'error' | 'ended',
    durationSeconds: i === 3 ? 0 : 600 + i * 60,
    charactersProcessed: 1000 + i * 100,
    startedAt: new Date(now - (i + 2) * 3_600_000),
    endedAt: new Date(now - (i + 2) * 3_600_000 + 600_000),
  }));
  const rows = await server.services.db
    .insert(voiceSessions)
    .values([
      {
        guildId: 'g-voice',
        channelId: '987654321098765432',
        sourceLanguage: 'en',
        targetLanguage: 'es',
        status: 'active',
        charactersProcessed: 4321,
        startedAt: new Date(now - 600_000),
      },
      ...ended,
    ])
    .returning()
    .all();
  liveId = rows[0].id;
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('Voice Translation', () => {
  it('shows the cards, the active session and at most 20 in the history, and ends a session', async () => {
    const ended: unknown[] = [];
    server.services.events.on('voice:ended', (e) => ended.push(e));
    const page = await adminPage(browser, server, '/admin/voice-translation?guildId=g-voice');
    await page.getByText('Real-time voice channel translation and monitoring').waitFor();
    const live = page.getByTestId('active-session');
    // The voice channel by name with the voice icon, never its id.
    const channel = live.getByTestId('active-session-channel');
    await channel.getByText('Lounge').waitFor();
    await channel.getByLabel('Voice channel').waitFor();
    expect(await channel.textContent()).not.toContain('98765432');
    await live.getByText('EN → ES').waitFor();
    await live.getByText('4,321 characters').waitFor();

    const totalSeconds = Array.from({ length: 22 }, (_, i) => (i === 3 ? 0 : 600 + i * 60)).reduce(
      (a, b) => a + b,
      0,
    );
    const cards = await page.getByTestId('stat-card').allInnerTexts();
    expect(cards[0]).toMatch(/Active Sessions\s+1/);
    expect(cards[1]).toMatch(/Total Sessions\s+23/);
    // 26,280 s over 23 sessions: 7 h 18 min, 1,143 s (19 min 3 s) on average (rounded).
    expect(totalSeconds).toBe(26_280);
    expect(cards[2]).toMatch(/Total Duration\s+7 h 18 min\s+Average 19 min 3 s per session/);
    // No bot runs here: the active session is not called live.
    expect(cards[0]).toMatch(/Bot offline: not translating/);
    await page.getByTestId('voice-bot-offline').waitFor();
    expect(await page.getByTestId('voice-live').count()).toBe(0);
    await eachThemeAndWidth(
      (theme) => adminContext(browser, server, { theme }),
      async (p, theme, device) => {
        await p.goto(`${server.url}/admin/voice-translation?guildId=g-voice`);
        await p.getByTestId('voice-bot-offline').waitFor();
        await shot(p, `voice-bot-offline-${theme}-${device}`);
      },
    );
    expect(cards[3]).toMatch(/Characters Processed\s+49,421/);

    const history = page.getByTestId('history-row');
    expect(await history.count()).toBe(20);
    await history.first().getByText('active').waitFor();
    await history.nth(4).getByText('error').waitFor();
    await history
      .nth(1)
      .getByText(/· 10 min · 1,000 characters/)
      .waitFor();
    // The error session lasted 0 s: no duration shown.
    expect(await history.nth(4).textContent()).not.toMatch(/· 0 s/);
    expect(await page.getByText('Getting Started').count()).toBe(0);

    await live.getByRole('button', { name: 'End Session' }).click();
    await page.getByText('Session Ended').waitFor();
    await page.getByText('Voice translation session has been stopped').waitFor();
    await live.waitFor({ state: 'detached' });
    await history.first().getByText('ended').waitFor();
    const row = await server.services.db
      .select()
      .from(voiceSessions)
      .where(eq(voiceSessions.id, liveId))
      .get();
    expect(row?.status).toBe('ended');
    expect(row?.endedAt).toBeInstanceOf(Date);
    expect(row?.durationSeconds).toBeGreaterThanOrEqual(600);
    expect(ended).toEqual([{ guildId: 'g-voice', sessionId: liveId }]);
    const after = await page.getByTestId('stat-card').allInnerTexts();
    expect(after[0]).toMatch(/Active Sessions\s+0/);
    await page.context().close();
  });

  it('shows the red error toast when ending fails', async () => {
    const [row] = await server.services.db
      .insert(voiceSessions)
      .values({
        guildId: 'g-voice',
        channelId: '111111111111111111',
        sourceLanguage: 'fr',
        targetLanguage: 'de',
      })
      .returning()
      .all();
    const page = await adminPage(browser, server, '/admin/voice-translation?guildId=g-voice');
    const live = page.getByTestId('active-session');
    await live.getByText('FR → DE').waitFor();
    // Someone else ended it meanwhile: the server answers 409.
    await server.services.db
      .update(voiceSessions)
      .set({ status: 'ended' })
      .where(eq(voiceSessions.id, row.id))
      .run();
    await live.getByRole('button', { name: 'End Session' }).click();
    const toast = page.locator('.mantine-Notification-root');
    await toast.getByText('Error', { exact: true }).waitFor();
    await toast.getByText('Failed to end voice translation session').waitFor();
    // Both lists refetched: the session is gone from the active list.
    await live.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('picks the channel captions go to, then back to the voice channel’s own chat', async () => {
    await seedGuild(server.services, 'g-captions', { plan: 'pro' });
    await insertGuild(server, 'g-captions', [
      { id: '700000000000000001', name: 'live-captions' },
      { id: '700000000000000002', name: 'general' },
      // A thread takes captions too; a forum or a voice channel does not (the server refuses them).
      { id: '700000000000000003', name: 'match-night', type: CHANNEL_TYPE.publicThread },
      { id: '700000000000000004', name: 'help-forum', type: CHANNEL_TYPE.forum },
      { id: '700000000000000005', name: 'Stage', type: CHANNEL_TYPE.voice },
    ]);
    const stored = async () => (await readVoiceSettings(server.services.db, 'g-captions')).captionChannelId;
    const page = await adminPage(browser, server, '/admin/voice-translation?guildId=g-captions');
    await page.getByText('Where captions go').waitFor();
    const select = page.getByRole('combobox', { name: 'Caption channel' });
    expect(await select.getAttribute('placeholder')).toBe("The voice channel's own chat");
    await select.click();
    await page.getByRole('option', { name: '#match-night' }).waitFor();
    expect(await page.getByRole('option', { name: 'help-forum' }).count()).toBe(0);
    expect(await page.getByRole('option', { name: '#Stage' }).count()).toBe(0);
    await page.getByRole('option', { name: '#live-captions' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Caption channel saved').waitFor();
    await page.getByText('The next sessions post their captions there.').waitFor();
    expect(await stored()).toBe('700000000000000001');
    await page.reload();
    // The saved channel shows once the settings have loaded (the select is there before them).
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Caption channel' }).inputValue(), { timeout: 10_000 })
      .toBe('#live-captions');
    await page.locator('.mantine-Select-section button, .mantine-InputClearButton-root').first().click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText("The next sessions post their captions in the voice channel's own chat.").waitFor();
    expect(await stored()).toBeNull();
    await page.context().close();
  });

  it('guides a server without sessions', async () => {
    const page = await adminPage(browser, server, '/admin/voice-translation?guildId=g-empty');
    await page.getByText('No Sessions Yet').waitFor();
    await page.getByText('Getting Started').waitFor();
    for (const step of ['Join a voice channel', 'Configure languages', 'Start translation']) {
      await page.getByText(step, { exact: true }).waitFor();
    }
    await page.getByText('Premium feature, in beta').waitFor();
    expect(await page.getByTestId('active-session').count()).toBe(0);
    await page.context().close();
  });

  it('shows a loading skeleton until the data arrives', async () => {
    await expectSkeletonWhileLoading(
      browser,
      server,
      '/admin/voice-translation?guildId=g-voice',
      'stat-grid-skeleton',
    );
  });

  it('looks finished with data and empty, dark and light, desktop and phone', async () => {
    await seedDemoGuild(server, 'g-demo');
    const errors = await screenshotMatrix(
      browser,
      server,
      'voice',
      { demo: '/admin/voice-translation?guildId=g-demo', empty: '/admin/voice-translation?guildId=g-empty' },
      async (page, kind) => {
        if (kind === 'demo') {
          await page.getByText('Session History').waitFor();
        } else {
          await page.getByText('No Sessions Yet').waitFor();
        }
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
