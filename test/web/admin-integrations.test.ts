import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationItems, integrations } from '../../db/schema';
import { type Browser, launchBrowser, shot, startWebServer } from '../helpers/browser';
import { seedGuild } from '../helpers/guilds';
import type { TestServer } from '../helpers/server';
import { type FakeYouTube, startFakeYouTube } from '../fakes/youtube';
import { adminPage, insertGuild, screenshotMatrix } from './admin-screens-helpers';

/** The Integrations screen (Ultimate): the list, adding a YouTube channel, Twitch not available here, the lock card. */

let server: TestServer;
let browser: Browser;
let yt: FakeYouTube;

async function linkFor(guildId: string, name: string, channels: [string, string][]) {
  const res = await server.api(`/api/channels/links?guildId=${guildId}`, {
    method: 'POST',
    admin: true,
    body: {
      name,
      mode: 'mirror',
      channels: channels.map(([channelId, language]) => ({ channelId, language })),
    },
  });
  if (res.status !== 201) throw new Error(res.text);
  return (res.json as { id: number }).id;
}

beforeAll(async () => {
  yt = await startFakeYouTube();
  [server, browser] = await Promise.all([
    startWebServer({
      env: { YOUTUBE_FEED_URL: yt.feedUrl, WEBSUB_HUB_URL: yt.hubUrl, YOUTUBE_WEB_URL: yt.webUrl },
    }),
    launchBrowser(),
  ]);
  for (const id of ['g-int', 'g-new']) await seedGuild(server.services, id, { plan: 'ultimate' });
  await seedGuild(server.services, 'g-pro', { plan: 'pro' });
  await insertGuild(server, 'g-int', [
    { id: '8101', name: 'news-en' },
    { id: '8102', name: 'news-es' },
    { id: '8103', name: 'news-ja' },
  ]);
  await insertGuild(server, 'g-new', [
    { id: '8201', name: 'updates-en' },
    { id: '8202', name: 'updates-fr' },
  ]);
  const news = await linkFor('g-int', 'News', [
    ['8101', 'en'],
    ['8102', 'es'],
    ['8103', 'ja'],
  ]);
  await linkFor('g-new', 'Updates', [
    ['8201', 'en'],
    ['8202', 'fr'],
  ]);
  const now = Date.now();
  const rows = await server.services.db
    .insert(integrations)
    .values([
      {
        guildId: 'g-int',
        kind: 'youtube',
        sourceId: 'UCaaaaaaaaaaaaaaaaaaaaaa',
        sourceName: 'Cooking Daily',
        linkId: news,
        pushVerifiedAt: new Date(now),
        pushExpiresAt: new Date(now + 86_400_000 * 5),
      },
      {
        guildId: 'g-int',
        kind: 'youtube',
        sourceId: 'UCbbbbbbbbbbbbbbbbbbbbbb',
        sourceName: 'Travel with Mei',
        linkId: news,
      },
      {
        guildId: 'g-int',
        kind: 'twitch',
        sourceId: '41000001',
        sourceName: 'RamenStreams',
        linkId: news,
        subscriptionId: 'sub-1',
        subscriptionStatus: 'webhook_callback_verification_pending',
      },
      {
        guildId: 'g-int',
        kind: 'twitch',
        sourceId: '41000002',
        sourceName: 'PixelSpeedruns',
        linkId: news,
        subscriptionId: 'sub-2',
        subscriptionStatus: 'enabled',
      },
      {
        guildId: 'g-int',
        kind: 'twitch',
        sourceId: '41000003',
        sourceName: 'CozyKnits',
        linkId: news,
        subscriptionId: 'sub-3',
        subscriptionStatus: 'notification_failures_exceeded',
        subscriptionRetryAt: new Date(now + 15 * 60_000),
        subscriptionAttempts: 2,
      },
      {
        guildId: 'g-int',
        kind: 'twitch',
        sourceId: '41000004',
        sourceName: 'LateNightLofi',
        linkId: news,
        subscriptionId: 'sub-4',
        subscriptionStatus: 'authorization_revoked',
      },
    ])
    .returning()
    .all();
  await server.services.db
    .insert(integrationItems)
    .values([
      { integrationId: rows[0]!.id, itemId: 'v1', announcementId: 1 },
      { integrationId: rows[0]!.id, itemId: 'v2', announcementId: 2 },
      { integrationId: rows[0]!.id, itemId: 'seen', announcementId: null },
    ])
    .run();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await yt?.close();
});

describe('Integrations screen', () => {
  it('lists each integration with where it posts, how news arrives and its posts', async () => {
    const page = await adminPage(browser, server, '/admin/integrations?guildId=g-int');
    const cards = page.getByTestId('integration');
    await cards.first().waitFor();
    const texts = await cards.allInnerTexts();
    expect(texts).toHaveLength(6);
    expect(texts[0]).toMatch(/Cooking Daily\s+Posts to News · 2 posts\s+Instant/i);
    expect(texts[1]).toMatch(/Travel with Mei\s+Posts to News · 0 posts\s+Checked every few minutes/i);
    expect(texts[2]).toMatch(
      /RamenStreams\s+Posts to News · 0 posts\s+Waiting for Twitch to confirm — checking every 1 min meanwhile/,
    );
    expect(texts[3]).toMatch(/PixelSpeedruns\s+Posts to News · 0 posts\s+Live alerts by push$/);
    expect(texts[4]).toMatch(
      /CozyKnits\s+Posts to News · 0 posts\s+Push failed, retrying at \d\d:\d\d — checking every 1 min meanwhile/,
    );
    expect(texts[5]).toMatch(
      /LateNightLofi\s+Posts to News · 0 posts\s+The streamer withdrew access on Twitch: they must reconnect for live alerts by push\. Until then, checking every 1 min\./,
    );
    await page.context().close();
  });

  it('adds a YouTube channel from its address; Twitch says it is not available here', async () => {
    yt.channel('UCcccccccccccccccccccccc', 'Garden Hour');
    const page = await adminPage(browser, server, '/admin/integrations?guildId=g-new');
    await page.getByText('No integrations yet').waitFor();
    await page
      .getByRole('textbox', { name: 'YouTube channel' })
      .fill('https://www.youtube.com/channel/UCcccccccccccccccccccccc');
    await page.getByPlaceholder('Choose a channel link').click();
    await page.getByRole('option', { name: 'Updates (en, fr)' }).click();
    await page.getByRole('button', { name: 'Add integration' }).click();
    await page.getByTestId('integration').getByText('Garden Hour').waitFor();
    await page.getByText('Posts to Updates · 0 posts').waitFor();
    await page.getByText('Twitch', { exact: true }).click();
    await page.getByText('Twitch integrations are not available here.').waitFor();
    expect(await page.getByRole('button', { name: 'Add integration' }).count()).toBe(0);
    await shot(page, 'integrations-added-twitch-unavailable-dark-desktop');
    await page.context().close();
  });

  it("adds a YouTube channel by its @handle and shows the channel's name with it; an unknown handle is named", async () => {
    yt.channel('UCddddddddddddddddddddd1', 'Night Garden');
    yt.handle('@NightGarden', 'UCddddddddddddddddddddd1');
    const page = await adminPage(browser, server, '/admin/integrations?guildId=g-new');
    await page.getByTestId('integration').first().waitFor();
    const source = page.getByRole('textbox', { name: 'YouTube channel' });
    expect(await source.getAttribute('placeholder')).toBe('@handle, UC… or youtube.com/…');
    await source.fill('@nosuchgarden');
    await page.getByPlaceholder('Choose a channel link').click();
    await page.getByRole('option', { name: 'Updates (en, fr)' }).click();
    await page.getByRole('button', { name: 'Add integration' }).click();
    await page.getByText('source: YouTube has no channel @nosuchgarden').waitFor();
    await source.fill('youtube.com/@nightgarden');
    await page.getByRole('button', { name: 'Add integration' }).click();
    await page.getByTestId('integration').getByText('Night Garden (@nightgarden)').waitFor();
    await shot(page, 'integrations-added-by-handle-dark-desktop');
    await page.context().close();
  });

  it('below Ultimate: the lock card naming the plan', async () => {
    const page = await adminPage(browser, server, '/admin/integrations?guildId=g-pro');
    await page.getByText('Integrations with video and streaming platforms needs the Ultimate plan').waitFor();
    await page.getByRole('link', { name: 'Upgrade to Ultimate' }).waitFor();
    await page.context().close();
  });

  it('looks finished: list, empty, locked; dark and light, desktop and phone', async () => {
    const errors = await screenshotMatrix(
      browser,
      server,
      'integrations',
      {
        list: '/admin/integrations?guildId=g-int',
        locked: '/admin/integrations?guildId=g-pro',
      },
      async (page, kind) => {
        if (kind === 'list') await page.getByTestId('integration').first().waitFor();
        else await page.getByText('needs the Ultimate plan').waitFor();
      },
    );
    expect(errors).toEqual([]);
  }, 180_000);
});
