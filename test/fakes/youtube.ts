/**
 * A fake YouTube on loopback speaking the real formats: a channel's @handle page (HTML, as
 * https://www.youtube.com/@handle), the channel feed (Atom, as
 * https://www.youtube.com/feeds/videos.xml?channel_id=UC… serves it) and a WebSub hub (as
 * https://pubsubhubbub.appspot.com/subscribe): a subscription request (form POST) is answered 202,
 * then the hub verifies intent with a GET to the callback carrying hub.challenge, and each upload is
 * pushed to verified subscribers as the Atom entry, signed X-Hub-Signature: sha1=HMAC(hub.secret, body).
 *
 *   const yt = await startFakeYouTube();
 *   env YOUTUBE_FEED_URL = yt.feedUrl, WEBSUB_HUB_URL = yt.hubUrl
 *   yt.channel('UC…', 'Cooking Daily'); await yt.upload('UC…', { videoId, title });
 */
import { createHmac, randomBytes } from 'node:crypto';
import { json, startLoopback } from './http';

export interface FakeVideo {
  videoId: string;
  title: string;
  published: Date;
}
export interface HubSubscription {
  callback: string;
  topic: string;
  secret: string | undefined;
  lease: number;
  mode: 'subscribe' | 'unsubscribe';
  /** Whether the callback echoed the challenge. */
  verified: boolean;
}

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function entry(channelId: string, author: string, v: FakeVideo): string {
  return `<entry>
  <id>yt:video:${v.videoId}</id>
  <yt:videoId>${v.videoId}</yt:videoId>
  <yt:channelId>${channelId}</yt:channelId>
  <title>${esc(v.title)}</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=${v.videoId}"/>
  <author>
   <name>${esc(author)}</name>
   <uri>https://www.youtube.com/channel/${channelId}</uri>
  </author>
  <published>${v.published.toISOString()}</published>
  <updated>${v.published.toISOString()}</updated>
 </entry>`;
}

export function atomFeed(channelId: string, title: string, videos: FakeVideo[], selfUrl: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="${esc(selfUrl)}"/>
 <id>yt:channel:${channelId.slice(2)}</id>
 <yt:channelId>${channelId}</yt:channelId>
 <title>${esc(title)}</title>
 <link rel="alternate" href="https://www.youtube.com/channel/${channelId}"/>
 <author>
  <name>${esc(title)}</name>
  <uri>https://www.youtube.com/channel/${channelId}</uri>
 </author>
 <published>2015-01-01T00:00:00+00:00</published>
 ${[...videos]
   .reverse()
   .map((v) => entry(channelId, title, v))
   .join('\n ')}
</feed>`;
}

/**
 * A channel's page as https://www.youtube.com/@handle serves it (trimmed to what matters): the
 * canonical link and og: tags to /channel/UC…, <meta itemprop="identifier">, and the page data
 * (ytInitialData) whose metadata carries "externalId", next to other channels' "channelId"s.
 */
export function handlePage(handle: string, channelId: string, title: string, otherChannelId: string): string {
  const data = {
    metadata: {
      channelMetadataRenderer: {
        title,
        externalId: channelId,
        channelUrl: `https://www.youtube.com/channel/${channelId}`,
        vanityChannelUrl: `http://www.youtube.com/${handle}`,
      },
    },
    contents: { featured: [{ channelId: otherChannelId }] },
  };
  return `<!DOCTYPE html><html style="font-size: 10px;font-family: Roboto, Arial, sans-serif;" lang="en" system-icons typography><head>
<meta http-equiv="origin-trial" content="x"><title>${esc(title)} - YouTube</title>
<meta name="description" content="Recipes every week."><meta name="keywords" content="cooking">
<link rel="canonical" href="https://www.youtube.com/channel/${channelId}">
<link rel="alternate" type="application/rss+xml" title="RSS" href="https://www.youtube.com/feeds/videos.xml?channel_id=${channelId}">
<meta property="og:title" content="${esc(title)}"><meta property="og:site_name" content="YouTube">
<meta property="og:url" content="https://www.youtube.com/channel/${channelId}">
<meta itemprop="name" content="${esc(title)}"><meta itemprop="identifier" content="${channelId}">
</head><body><script nonce="n">var ytInitialData = ${JSON.stringify(data)};</script></body></html>`;
}

export async function startFakeYouTube() {
  const channels = new Map<string, { title: string; videos: FakeVideo[] }>();
  const handles = new Map<string, string>();
  let consentWall = false;
  const pageRequests: { path: string; cookie: string | undefined }[] = [];
  const subscriptions: HubSubscription[] = [];
  const hubRequests: Record<string, string>[] = [];
  let feedBase = '';
  const server = await startLoopback(async (req, url, body, res) => {
    if (req.method === 'GET' && url.pathname === '/feeds/videos.xml') {
      const id = url.searchParams.get('channel_id') ?? '';
      const c = channels.get(id);
      if (!c) {
        res.writeHead(404, { 'content-type': 'text/html' });
        res.end('<html><body>404 Not Found</body></html>');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/atom+xml; charset=UTF-8' });
      res.end(atomFeed(id, c.title, c.videos, `${feedBase}?channel_id=${id}`));
      return;
    }
    if (req.method === 'GET' && url.pathname.startsWith('/@')) {
      pageRequests.push({ path: url.pathname, cookie: req.headers.cookie });
      if (consentWall) {
        // What youtube.com shows in the EU to a visitor who has not chosen: no channel in it.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          '<!DOCTYPE html><html lang="en"><head><title>Before you continue to YouTube</title></head><body></body></html>',
        );
        return;
      }
      // Handles are case-insensitive on YouTube.
      const handle = decodeURIComponent(url.pathname.slice(1)).toLowerCase();
      const id = handles.get(handle);
      const c = id ? channels.get(id) : undefined;
      if (!id || !c) {
        res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
        res.end(
          '<!DOCTYPE html><html lang="en"><head><title>404 Not Found</title></head><body></body></html>',
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(handlePage(handle, id, c.title, 'UCzyxwvutsrqponmlkjihgfe'));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/subscribe') {
      const form = Object.fromEntries(new URLSearchParams(body.toString('utf8')));
      hubRequests.push(form);
      const mode = form['hub.mode'];
      if (!form['hub.callback'] || !form['hub.topic'] || (mode !== 'subscribe' && mode !== 'unsubscribe')) {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end('Invalid value for hub.mode, hub.callback or hub.topic');
        return;
      }
      res.writeHead(202, { 'content-type': 'text/plain' });
      res.end('');
      // Verification of intent, after answering (hub.verify=async).
      const sub: HubSubscription = {
        callback: form['hub.callback'],
        topic: form['hub.topic'],
        secret: form['hub.secret'],
        lease: Number(form['hub.lease_seconds'] ?? 432000),
        mode,
        verified: false,
      };
      const challenge = randomBytes(12).toString('hex');
      const check = new URL(sub.callback);
      check.searchParams.set('hub.mode', mode);
      check.searchParams.set('hub.topic', sub.topic);
      check.searchParams.set('hub.challenge', challenge);
      check.searchParams.set('hub.lease_seconds', String(sub.lease));
      try {
        const answer = await fetch(check);
        sub.verified = answer.ok && (await answer.text()) === challenge;
      } catch {
        sub.verified = false;
      }
      const i = subscriptions.findIndex((s) => s.callback === sub.callback && s.topic === sub.topic);
      if (i >= 0) subscriptions.splice(i, 1);
      subscriptions.push(sub);
      return;
    }
    json(res, 404, { error: 'not found' });
  });
  feedBase = `${server.url}/feeds/videos.xml`;

  async function pushTo(sub: HubSubscription, xml: string, signature?: string) {
    const sig =
      signature ??
      (sub.secret ? `sha1=${createHmac('sha1', sub.secret).update(xml).digest('hex')}` : undefined);
    const res = await fetch(sub.callback, {
      method: 'POST',
      headers: {
        'content-type': 'application/atom+xml',
        link: `<${server.url}/subscribe>; rel=hub, <${sub.topic}>; rel=self`,
        ...(sig ? { 'x-hub-signature': sig } : {}),
      },
      body: xml,
    });
    return { status: res.status, text: await res.text() };
  }

  return {
    feedUrl: feedBase,
    hubUrl: `${server.url}/subscribe`,
    subscriptions,
    hubRequests,
    channel(id: string, title: string, videos: FakeVideo[] = []) {
      channels.set(id, { title, videos: [...videos] });
    },
    /** Gives a channel an @handle (its page is served at /@handle). */
    handle(handle: string, channelId: string) {
      handles.set(handle.toLowerCase(), channelId);
    },
    pageRequests,
    webUrl: server.url,
    /** Pages answer with the consent interstitial instead of the channel (on) or normally (off). */
    setConsentWall(on: boolean) {
      consentWall = on;
    },
    /** A new upload: in the feed from now on, and pushed to every verified subscriber of the channel. */
    async upload(channelId: string, v: { videoId: string; title: string; published?: Date }) {
      const c = channels.get(channelId);
      if (!c) throw new Error(`no fake channel ${channelId}`);
      const video = { ...v, published: v.published ?? new Date() };
      c.videos.push(video);
      const topic = `${feedBase}?channel_id=${channelId}`;
      const xml = atomFeed(channelId, c.title, [video], topic);
      const pushes = subscriptions.filter((s) => s.topic === topic && s.verified && s.mode === 'subscribe');
      return await Promise.all(pushes.map((s) => pushTo(s, xml)));
    },
    /** Pushes a document as the hub would, with a signature of the test's choosing. */
    push: pushTo,
    atomOf(channelId: string, videos: FakeVideo[]) {
      return atomFeed(
        channelId,
        channels.get(channelId)?.title ?? '',
        videos,
        `${feedBase}?channel_id=${channelId}`,
      );
    },
    close: server.close,
  };
}

export type FakeYouTube = Awaited<ReturnType<typeof startFakeYouTube>>;
