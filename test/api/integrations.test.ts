import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedChannels, setGuildPlan } from '../helpers/guilds';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';
import { type FakeYouTube, startFakeYouTube } from '../fakes/youtube';

/**
 * An installation without Twitch credentials nor webhook secret: the screen is told Twitch is not
 * available, adding one is refused with that sentence, and YouTube works by polling (no hub request).
 */

let s: TestServer;
let yt: FakeYouTube;
const G = '7100';
let linkId: number;
beforeAll(async () => {
  yt = await startFakeYouTube();
  s = await startTestServer({
    env: { YOUTUBE_FEED_URL: yt.feedUrl, WEBSUB_HUB_URL: yt.hubUrl, YOUTUBE_WEB_URL: yt.webUrl },
  });
  await seedChannels(s.services, G, ['71001', '71002']);
  await setGuildPlan(s.services, G, 'ultimate');
  const link = await s.api(`/api/channels/links?guildId=${G}`, {
    method: 'POST',
    admin: true,
    body: {
      name: 'news',
      mode: 'mirror',
      channels: [
        { channelId: '71001', language: 'en' },
        { channelId: '71002', language: 'es' },
      ],
    },
  });
  linkId = (link.json as { id: number }).id;
});
afterAll(async () => {
  await s?.close();
  await yt?.close();
});

const add = (body: unknown) => s.api(`/api/integrations?guildId=${G}`, { method: 'POST', admin: true, body });

describe('integrations on an installation without Twitch or a webhook secret', () => {
  it('lists Twitch as not available and refuses to add one, writing nothing', async () => {
    const list = await s.api(`/api/integrations?guildId=${G}`, { admin: true });
    expect(list.json).toEqual({ integrations: [], available: { youtube: true, twitch: false } });
    const before = await tableCounts(s.services);
    const res = await add({ kind: 'twitch', source: 'cookingcat', linkId });
    expect(res).toMatchObject({ status: 412, json: { error: 'Twitch integrations are not available here' } });
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('YouTube is followed by polling: no hub subscription is asked for', async () => {
    yt.channel('UCabcdefghijklmnopqrstuv', 'Cooking Daily');
    const res = await add({ kind: 'youtube', source: 'UCabcdefghijklmnopqrstuv', linkId });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ delivery: 'polling', posted: 0 });
    expect(yt.hubRequests).toEqual([]);
  });

  it('bad bodies name the field', async () => {
    expect((await add({ kind: 'youtube', linkId })).status).toBe(400);
    expect((await add({ kind: 'youtube', source: 'UCabcdefghijklmnopqrstuv', linkId: 'x' })).status).toBe(
      400,
    );
    const del = await s.api(`/api/integrations/123456?guildId=${G}`, { method: 'DELETE', admin: true });
    expect(del).toMatchObject({ status: 404, json: { error: 'integration 123456 not found' } });
  });
});

describe('YouTube @handles', () => {
  const KITCHEN = 'UCkitchenkitchenkitchen1';
  it('an @handle or a youtube.com/@handle address is resolved to the channel id from its page', async () => {
    yt.channel(KITCHEN, 'Night Kitchen');
    yt.handle('@NightKitchen', KITCHEN);
    const res = await add({ kind: 'youtube', source: '@nightkitchen', linkId });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ sourceId: KITCHEN, sourceName: 'Night Kitchen (@nightkitchen)' });
    // The page is asked for with the consent cookie, so the EU consent wall is not what is read.
    expect(yt.pageRequests.at(-1)).toEqual({ path: '/@nightkitchen', cookie: 'SOCS=CAI' });
    // The same channel by its address is the same integration.
    const again = await add({
      kind: 'youtube',
      source: 'https://www.youtube.com/@NightKitchen/videos',
      linkId,
    });
    expect(again).toMatchObject({
      status: 409,
      json: { error: 'Night Kitchen (@NightKitchen) is already followed in this server' },
    });
    const del = await s.api(`/api/integrations/${(res.json as { id: number }).id}?guildId=${G}`, {
      method: 'DELETE',
      admin: true,
    });
    expect(del.status).toBe(200);
    const byUrl = await add({ kind: 'youtube', source: 'youtube.com/@NightKitchen', linkId });
    expect(byUrl).toMatchObject({ status: 201, json: { sourceId: KITCHEN } });
  });

  it('an unknown handle is a clear error and writes nothing', async () => {
    const before = await tableCounts(s.services);
    const res = await add({ kind: 'youtube', source: '@nobody_cooks', linkId });
    expect(res).toMatchObject({
      status: 400,
      json: { error: 'source: YouTube has no channel @nobody_cooks' },
    });
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('a page that names no channel (a consent wall) is refused saying so, and writes nothing', async () => {
    const before = await tableCounts(s.services);
    yt.setConsentWall(true);
    try {
      const res = await add({ kind: 'youtube', source: '@NightKitchen', linkId });
      expect(res).toMatchObject({
        status: 400,
        json: { error: "source: YouTube's page for @NightKitchen names no channel id" },
      });
    } finally {
      yt.setConsentWall(false);
    }
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('malformed handles name the source field and write nothing', async () => {
    const before = await tableCounts(s.services);
    const requests = yt.pageRequests.length;
    for (const source of [
      '@ab',
      '@has space',
      `@${'x'.repeat(31)}`,
      '@semi;colon',
      'youtube.com/@',
      '@%E0%A4%A',
    ]) {
      const res = await add({ kind: 'youtube', source, linkId });
      expect(res.status, source).toBe(400);
      expect((res.json as { error: string }).error, source).toMatch(/^source: must be a YouTube channel id/);
    }
    // Nothing was looked up on YouTube for them.
    expect(yt.pageRequests.length).toBe(requests);
    expect(await tableCounts(s.services)).toEqual(before);
  });
});
