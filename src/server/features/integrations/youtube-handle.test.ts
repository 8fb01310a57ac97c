import { describe, expect, it } from 'vitest';
import { channelOfPage } from './youtube-handle';

const ID = 'UCabcdefghijklmnopqrstuv';
const OTHER = 'UCzyxwvutsrqponmlkjihgfe';
/** The head of a channel page as YouTube serves it (trimmed), with another channel in its data. */
const PAGE = `<!DOCTYPE html><html lang="en"><head><title>Tom &amp; Jerry - YouTube</title>
<link rel="canonical" href="https://www.youtube.com/channel/${ID}">
<meta property="og:title" content="Tom &amp; Jerry"><meta property="og:url" content="https://www.youtube.com/channel/${ID}">
<meta itemprop="name" content="Tom &amp; Jerry"><meta itemprop="identifier" content="${ID}">
</head><body><script>var ytInitialData = {"contents":{"channelId":"${OTHER}"},"metadata":{"channelMetadataRenderer":{"externalId":"${ID}"}}};</script></body></html>`;

describe('channelOfPage', () => {
  it("reads the channel id from the page's canonical link, not another channel's channelId", () => {
    expect(channelOfPage(PAGE)).toEqual({ channelId: ID, name: 'Tom & Jerry' });
    expect(channelOfPage(PAGE.replace(`channel/${ID}">`, `channel/${OTHER}">`))?.channelId).toBe(OTHER);
  });

  it('falls back to <meta itemprop="identifier">, then "externalId"', () => {
    expect(channelOfPage(`<meta content="${ID}" itemprop="identifier">`)?.channelId).toBe(ID);
    expect(channelOfPage(`<script>{"channelId":"${OTHER}","externalId":"${ID}"}</script>`)?.channelId).toBe(
      ID,
    );
  });

  it('a page without them (the consent wall, a bare channelId) declares no channel', () => {
    expect(
      channelOfPage('<html><head><title>Before you continue to YouTube</title></head></html>'),
    ).toBeNull();
    expect(channelOfPage(`<script>{"channelId":"${OTHER}"}</script>`)).toBeNull();
    expect(channelOfPage('<link rel="canonical" href="https://www.youtube.com/channel/UCshort">')).toBeNull();
  });
});
