import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawAll, rawRun } from '../../db/client';
import { pollTwitch } from '../../src/server/features/integrations/twitch-poll';
import { pollYouTube } from '../../src/server/features/integrations/youtube';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import type { RecordedRequest } from '../fakes/gemini';
import { type FakeTwitch, startFakeTwitch } from '../fakes/twitch';
import { type FakeYouTube, startFakeYouTube } from '../fakes/youtube';
import { type BotHarness, eventually, startBotHarness } from './harness';

/**
 * YouTube uploads and Twitch go-live posted, translated like an announcement (one provider call for
 * every language), into the language channels of a link: against fakes that speak the platforms'
 * formats (Atom feed and WebSub hub; OAuth, Helix and EventSub with its HMAC and challenge).
 */

const CHANNEL = 'UCabcdefghijklmnopqrstuv';
const SECRET = 'integrations-webhook-secret-0123';
let h: BotHarness;
let yt: FakeYouTube;
let tw: FakeTwitch;
let linkId: number;

beforeAll(async () => {
  yt = await startFakeYouTube();
  tw = await startFakeTwitch({ clientId: 'twitch-client', clientSecret: 'twitch-secret' });
  h = await startBotHarness({
    env: {
      YOUTUBE_FEED_URL: yt.feedUrl,
      YOUTUBE_WEB_URL: yt.webUrl,
      WEBSUB_HUB_URL: yt.hubUrl,
      TWITCH_CLIENT_ID: 'twitch-client',
      TWITCH_CLIENT_SECRET: 'twitch-secret',
      TWITCH_API_URL: tw.helixUrl,
      TWITCH_AUTH_URL: tw.authUrl,
      INTEGRATIONS_WEBHOOK_SECRET: SECRET,
    },
  });
  await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
  ({ id: linkId } = await h.link('news', [
    ['news-en', 'en'],
    ['news-es', 'es'],
    ['news-fr', 'fr'],
  ]));
});
afterAll(async () => {
  await h?.close();
  await yt?.close();
  await tw?.close();
});

const add = (body: Record<string, unknown>) =>
  h.server.api(`/api/integrations?guildId=${h.guild.id}`, { method: 'POST', admin: true, body });
const list = async () =>
  (await h.server.api(`/api/integrations?guildId=${h.guild.id}`, { admin: true })).json as {
    integrations: { id: number; kind: string; sourceName: string; delivery: string; posted: number }[];
    available: { youtube: boolean; twitch: boolean };
  };
/** The bot's post in a channel whose text contains `needle`. */
const postIn = (channel: string, needle: string) =>
  h.fake.waitForCall(
    (c) =>
      c.method === 'POST' &&
      c.path === `/channels/${h.channel(channel).id}/messages` &&
      String(c.body?.content ?? '').includes(needle),
    15_000,
  );
const callsAbout = (needle: string) =>
  h.gemini.requests.filter((r: RecordedRequest) => r.translation?.text.includes(needle));
const announcementCount = async () =>
  Number(
    (
      (await rawAll(
        h.server.services.db,
        sql`select count(*) as n from announcements where guild_id = ${h.guild.id}`,
      )) as { n: number }[]
    )[0]!.n,
  );

describe('YouTube', () => {
  let integrationId: number;

  it('adding a channel reads its feed, subscribes to the hub, and the hub verifies through PUBLIC_URL', async () => {
    yt.channel(CHANNEL, 'Cooking Daily', [
      { videoId: 'old00000001', title: 'An old video', published: new Date(Date.now() - 86_400_000) },
    ]);
    const res = await add({ kind: 'youtube', source: `https://www.youtube.com/channel/${CHANNEL}`, linkId });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ kind: 'youtube', sourceName: 'Cooking Daily', linkName: 'news' });
    integrationId = (res.json as { id: number }).id;
    const sub = await eventually(() => yt.subscriptions.find((s) => s.verified));
    expect(sub.topic).toBe(`${yt.feedUrl}?channel_id=${CHANNEL}`);
    expect(sub.callback).toBe(`${h.server.url}/hooks/youtube/${integrationId}`);
    expect(sub.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(sub.secret).not.toBe(SECRET);
    await eventually(async () => (await list()).integrations[0]?.delivery === 'push');
  });

  it('a pushed upload is posted in every language channel, translated in one provider call', async () => {
    const [push] = await yt.upload(CHANNEL, { videoId: 'new00000001', title: 'Pasta in ten minutes' });
    expect(push).toEqual({ status: 202, text: 'posted 1' });
    const es = await postIn('news-es', 'Pasta in ten minutes');
    const fr = await postIn('news-fr', 'Pasta in ten minutes');
    const en = await postIn('news-en', 'Pasta in ten minutes');
    expect(es.body?.content).toMatch(/^\[es\] 📺 New video from \*\*Cooking Daily\*\*: Pasta in ten minutes/);
    expect(fr.body?.content).toMatch(/^\[fr\] 📺/);
    expect(en.body?.content).toMatch(/^📺 New video from \*\*Cooking Daily\*\*/);
    expect(es.body?.content).toContain('https://www.youtube.com/watch?v=new00000001');
    const calls = callsAbout('Pasta in ten minutes');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.translation!.targets.sort()).toEqual(['es', 'fr']);
    // The video already in the feed when the channel was added is never posted.
    expect(callsAbout('An old video')).toHaveLength(0);
  });

  it('the same upload pushed again is not posted twice', async () => {
    const before = await announcementCount();
    const xml = yt.atomOf(CHANNEL, [
      { videoId: 'new00000001', title: 'Pasta in ten minutes', published: new Date() },
    ]);
    const [again] = await Promise.all(yt.subscriptions.filter((s) => s.verified).map((s) => yt.push(s, xml)));
    expect(again).toEqual({ status: 202, text: 'posted 0' });
    expect(await announcementCount()).toBe(before);
  });

  it('a push whose X-Hub-Signature does not match is ignored', async () => {
    const before = await tableCounts(h.server.services);
    const sub = yt.subscriptions.find((s) => s.verified)!;
    const xml = yt.atomOf(CHANNEL, [{ videoId: 'forged00001', title: 'Forged', published: new Date() }]);
    expect(await yt.push(sub, xml, 'sha1=0000000000000000000000000000000000000000')).toEqual({
      status: 202,
      text: 'ignored: bad signature',
    });
    expect(await yt.push(sub, xml, '')).toEqual({ status: 202, text: 'ignored: bad signature' });
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('the hub verification of an unknown topic or integration is refused', async () => {
    const wrongTopic = await fetch(
      `${h.server.url}/hooks/youtube/${integrationId}?hub.mode=subscribe&hub.topic=${encodeURIComponent('http://x/feed')}&hub.challenge=abc`,
    );
    expect(wrongTopic.status).toBe(404);
    const unknown = await fetch(
      `${h.server.url}/hooks/youtube/999999?hub.mode=subscribe&hub.topic=x&hub.challenge=abc`,
    );
    expect(unknown.status).toBe(404);
  });

  it('without a live push subscription the feed is polled and new uploads posted', async () => {
    // The lease lapsed and the hub forgot us: only the poller can see the next upload.
    yt.subscriptions.length = 0;
    await rawRun(h.server.services.db, sql`update integrations set push_expires_at = null`);
    expect(await yt.upload(CHANNEL, { videoId: 'new00000002', title: 'Soup for winter' })).toEqual([]);
    expect(await pollYouTube(h.server.services)).toBe(1);
    await postIn('news-es', 'Soup for winter');
    await postIn('news-fr', 'Soup for winter');
    // A second round finds nothing new.
    expect(await pollYouTube(h.server.services)).toBe(0);
  });
});

describe('Twitch', () => {
  it('adding a broadcaster makes a stream.online subscription; the challenge is answered', async () => {
    tw.user('cookingcat', 'CookingCat');
    const res = await add({ kind: 'twitch', source: 'https://www.twitch.tv/CookingCat', linkId });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ kind: 'twitch', sourceName: 'CookingCat' });
    const sub = await eventually(() => tw.subscriptions.find((s) => s.status === 'enabled'));
    expect(sub.transport.callback).toBe(`${h.server.url}/hooks/twitch`);
    expect(tw.deliveries.find((d) => d.type === 'webhook_callback_verification')?.status).toBe(200);
    await eventually(
      async () => (await list()).integrations.find((i) => i.kind === 'twitch')?.delivery === 'push',
    );
  });

  it('going live is posted in every language channel with Helix stream details, one provider call', async () => {
    const [delivery] = await tw.goLive('cookingcat', { title: 'Ramen night', game: 'Food & Drink' });
    expect(delivery!.status).toBe(204);
    const es = await postIn('news-es', 'Ramen night');
    await postIn('news-fr', 'Ramen night');
    expect(es.body?.content).toContain(
      '[es] 🔴 **CookingCat** is live on Twitch: Ramen night (Food & Drink)',
    );
    expect(es.body?.content).toContain('https://www.twitch.tv/cookingcat');
    expect(tw.helixCalls.some((c) => c.path.startsWith('/streams?user_id='))).toBe(true);
    expect(callsAbout('Ramen night')).toHaveLength(1);
  });

  it('a wrong signature, an old timestamp and a repeated message id post nothing', async () => {
    const sub = tw.subscriptions.find((s) => s.status === 'enabled')!;
    const user = { id: sub.condition.broadcaster_user_id, login: 'cookingcat', display_name: 'CookingCat' };
    const before = await announcementCount();
    const forged = await tw.send(
      sub,
      'notification',
      tw.onlinePayload(sub, user, '9001', new Date().toISOString()),
      {
        signature: 'sha256=00',
      },
    );
    expect(forged.status).toBe(403);
    const old = await tw.send(
      sub,
      'notification',
      tw.onlinePayload(sub, user, '9002', new Date().toISOString()),
      {
        timestamp: new Date(Date.now() - 11 * 60_000).toISOString(),
      },
    );
    expect(old).toMatchObject({ status: 403, body: 'message timestamp older than 10 minutes' });
    expect(await announcementCount()).toBe(before);
    // A new stream, delivered twice with the same message id: posted once.
    const first = await tw.send(
      sub,
      'notification',
      tw.onlinePayload(sub, user, '9003', new Date().toISOString()),
      {
        messageId: 'repeated-message',
      },
    );
    expect(first.status).toBe(204);
    const second = await tw.send(
      sub,
      'notification',
      tw.onlinePayload(sub, user, '9004', new Date().toISOString()),
      {
        messageId: 'repeated-message',
      },
    );
    expect(second.status).toBe(204);
    expect(await announcementCount()).toBe(before + 1);
  });

  it('after a revocation the broadcaster is polled; the stream EventSub posted is not posted again', async () => {
    const sub = tw.subscriptions.find((s) => s.status === 'enabled')!;
    const { secret: _s, ...subscription } = sub;
    const revoked = await tw.send(sub, 'revocation', {
      subscription: { ...subscription, status: 'authorization_revoked' },
    });
    expect(revoked.status).toBe(204);
    expect((await list()).integrations.find((i) => i.kind === 'twitch')?.delivery).toBe('polling');
    const before = await announcementCount();
    // Helix still lists the Ramen night stream: same stream id, already claimed by the notification.
    expect(await pollTwitch(h.server.services)).toBe(0);
    expect(await announcementCount()).toBe(before);
    expect(callsAbout('Ramen night')).toHaveLength(1);
  });

  it('removing it ends the subscription at Twitch', async () => {
    const twitch = (await list()).integrations.find((i) => i.kind === 'twitch')!;
    const res = await h.server.api(`/api/integrations/${twitch.id}?guildId=${h.guild.id}`, {
      method: 'DELETE',
      admin: true,
    });
    expect(res.status).toBe(200);
    expect(tw.subscriptions).toHaveLength(0);
    expect((await list()).integrations.map((i) => i.kind)).toEqual(['youtube']);
  });
});

describe('bad input writes nothing', () => {
  it('names the problem: unknown channel, malformed source, foreign link, duplicate', async () => {
    const before = await tableCounts(h.server.services);
    const unknown = await add({ kind: 'youtube', source: 'UCzzzzzzzzzzzzzzzzzzzzzz', linkId });
    expect(unknown).toMatchObject({
      status: 400,
      json: { error: 'source: YouTube has no channel UCzzzzzzzzzzzzzzzzzzzzzz' },
    });
    const handle = await add({ kind: 'youtube', source: '@cook ing', linkId });
    expect(handle.status).toBe(400);
    expect((handle.json as { error: string }).error).toContain('must be a YouTube channel id');
    const nobody = await add({ kind: 'twitch', source: 'nobody_here', linkId });
    expect(nobody).toMatchObject({ status: 400, json: { error: 'source: Twitch has no user nobody_here' } });
    const link = await add({ kind: 'youtube', source: CHANNEL, linkId: 999_999 });
    expect(link).toMatchObject({
      status: 400,
      json: { error: 'linkId: no channel link 999999 in this server' },
    });
    const kind = await add({ kind: 'vimeo', source: 'x', linkId });
    expect(kind.status).toBe(400);
    const twice = await add({ kind: 'youtube', source: CHANNEL, linkId });
    expect(twice).toMatchObject({
      status: 409,
      json: { error: 'Cooking Daily is already followed in this server' },
    });
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('below Ultimate the integrations are locked', async () => {
    await setGuildPlan(h.server.services, h.guild.id, 'pro');
    const res = await add({ kind: 'youtube', source: CHANNEL, linkId });
    expect(res.status).toBe(403);
    expect(res.json).toMatchObject({ locked: { capability: 'integrations', plan: 'ultimate' } });
    await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
  });
});

describe('Reset Data', () => {
  it("ends the server's subscriptions for real: the hub verifies the unsubscription, Twitch drops the EventSub one", async () => {
    const twitch = await add({ kind: 'twitch', source: 'cookingcat', linkId });
    expect(twitch.status).toBe(201);
    await eventually(() => tw.subscriptions.find((s) => s.status === 'enabled'));
    const youtube = (await list()).integrations.find((i) => i.kind === 'youtube')!;
    const res = await h.server.api(`/api/guild/reset?guildId=${h.guild.id}`, {
      method: 'POST',
      admin: true,
      body: { confirm: h.guild.id },
    });
    expect(res.status).toBe(200);
    expect(res.json.deleted.integrations).toBe(2);
    const ended = await eventually(() =>
      yt.subscriptions.find(
        (s) => s.callback.endsWith(`/hooks/youtube/${youtube.id}`) && s.mode === 'unsubscribe',
      ),
    );
    expect(ended.verified).toBe(true);
    expect(tw.subscriptions).toHaveLength(0);
    expect((await list()).integrations).toEqual([]);
  });
});
