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
  s = await startTestServer({ env: { YOUTUBE_FEED_URL: yt.feedUrl, WEBSUB_HUB_URL: yt.hubUrl } });
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
