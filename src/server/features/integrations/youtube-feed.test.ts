import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseFeed } from './youtube-feed';
import { validHubSignature } from './youtube';

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:yt="http://www.youtube.com/xml/schemas/2015" xmlns:media="http://search.yahoo.com/mrss/" xmlns="http://www.w3.org/2005/Atom">
 <link rel="self" href="http://www.youtube.com/feeds/videos.xml?channel_id=UCabcdefghijklmnopqrstuv"/>
 <title>Tom &amp; Jerry's 123</title>
 <entry>
  <id>yt:video:VIDEO000002</id>
  <yt:videoId>VIDEO000002</yt:videoId>
  <yt:channelId>UCabcdefghijklmnopqrstuv</yt:channelId>
  <title>1234</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=VIDEO000002"/>
  <author><name>Tom &amp; Jerry's 123</name><uri>https://www.youtube.com/channel/UCabcdefghijklmnopqrstuv</uri></author>
  <published>2026-11-20T10:00:00+00:00</published>
  <updated>2026-11-20T10:05:00+00:00</updated>
  <media:group><media:title>1234</media:title></media:group>
 </entry>
 <entry>
  <id>yt:video:VIDEO000001</id>
  <yt:videoId>VIDEO000001</yt:videoId>
  <yt:channelId>UCabcdefghijklmnopqrstuv</yt:channelId>
  <title>Fish &lt;&gt; chips</title>
  <link rel="alternate" href="https://www.youtube.com/watch?v=VIDEO000001"/>
  <author><name>Tom &amp; Jerry's 123</name></author>
  <published>2026-11-19T10:00:00+00:00</published>
 </entry>
</feed>`;

describe("YouTube's feed", () => {
  it('reads every video entry: ids, titles as text (entities decoded, numbers kept as text), links, dates', () => {
    const feed = parseFeed(FEED);
    expect(feed.title).toBe("Tom & Jerry's 123");
    expect(feed.uploads).toEqual([
      {
        videoId: 'VIDEO000002',
        channelId: 'UCabcdefghijklmnopqrstuv',
        title: '1234',
        url: 'https://www.youtube.com/watch?v=VIDEO000002',
        author: "Tom & Jerry's 123",
        published: new Date('2026-11-20T10:00:00Z'),
      },
      expect.objectContaining({ videoId: 'VIDEO000001', title: 'Fish <> chips' }),
    ]);
  });

  it('a WebSub deletion (at:deleted-entry) carries no upload', () => {
    const deleted = `<?xml version="1.0" encoding="UTF-8"?>
<feed xmlns:at="http://purl.org/atompub/tombstones/1.0" xmlns="http://www.w3.org/2005/Atom">
 <at:deleted-entry ref="yt:video:VIDEO000001" when="2026-11-21T00:00:00+00:00"/>
</feed>`;
    expect(parseFeed(deleted).uploads).toEqual([]);
  });

  it('refuses what is not an Atom feed, naming why', () => {
    expect(() => parseFeed('<html><body>404</body>')).toThrow('not an XML document');
    expect(() => parseFeed('<rss><channel/></rss>')).toThrow('not an Atom feed');
  });

  it('checks X-Hub-Signature with the algorithm it names', () => {
    const body = Buffer.from(FEED);
    const sig = (alg: string, key = 'secret') => `${alg}=${createHmac(alg, key).update(body).digest('hex')}`;
    expect(validHubSignature('secret', body, sig('sha1'))).toBe(true);
    expect(validHubSignature('secret', body, sig('sha256'))).toBe(true);
    expect(validHubSignature('secret', body, sig('sha1', 'other'))).toBe(false);
    expect(validHubSignature('secret', body, 'md5=00')).toBe(false);
    expect(validHubSignature('secret', body, undefined)).toBe(false);
  });
});
