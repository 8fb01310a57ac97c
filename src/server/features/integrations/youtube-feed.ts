import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';

/**
 * YouTube's channel feed (Atom, https://www.youtube.com/feeds/videos.xml?channel_id=UC…), the same
 * document WebSub pushes for a new upload. Read with fast-xml-parser: a maintained, dependency-light
 * XML parser that validates the document and keeps namespaced names (yt:videoId), so an Atom
 * entry is read as the format defines it instead of with regular expressions.
 */

export interface Upload {
  videoId: string;
  channelId: string;
  title: string;
  url: string;
  author: string;
  published: Date;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  isArray: (name) => name === 'entry' || name === 'link',
});

const text = z
  .union([z.string(), z.object({ '#text': z.string() })])
  .transform((v) => (typeof v === 'string' ? v : v['#text']));
const entrySchema = z.object({
  'yt:videoId': text,
  'yt:channelId': text,
  title: text,
  link: z.array(z.object({ '@_rel': z.string().optional(), '@_href': z.string() })).optional(),
  author: z.object({ name: text }).optional(),
  published: text,
});

/** The uploads of a feed document, newest first as YouTube lists them; throws on a document that is not an Atom feed. */
export function parseFeed(xml: string): { title: string | null; uploads: Upload[] } {
  let doc: unknown;
  try {
    doc = parser.parse(xml, true);
  } catch (err) {
    throw new Error(`not an XML document: ${err instanceof Error ? err.message : String(err)}`);
  }
  const feed = (doc as { feed?: unknown }).feed;
  if (!feed || typeof feed !== 'object') throw new Error('not an Atom feed (no <feed> element)');
  const f = feed as { title?: unknown; entry?: unknown[] };
  const title = typeof f.title === 'string' ? f.title : null;
  const uploads: Upload[] = [];
  for (const raw of f.entry ?? []) {
    const e = entrySchema.safeParse(raw);
    if (!e.success) continue; // not a video entry
    const published = new Date(e.data.published);
    if (Number.isNaN(published.getTime())) continue;
    const alternate = e.data.link?.find((l) => l['@_rel'] === 'alternate' || l['@_rel'] === undefined);
    uploads.push({
      videoId: e.data['yt:videoId'],
      channelId: e.data['yt:channelId'],
      title: e.data.title,
      url: alternate?.['@_href'] ?? `https://www.youtube.com/watch?v=${e.data['yt:videoId']}`,
      author: e.data.author?.name ?? title ?? '',
      published,
    });
  }
  return { title, uploads };
}

/** The feed's address for a channel (YOUTUBE_FEED_URL?channel_id=…); also the WebSub topic. */
export const feedUrl = (base: string, channelId: string) =>
  `${base}?channel_id=${encodeURIComponent(channelId)}`;

/** Reads a channel's feed; a channel YouTube does not know is an error naming it. */
export async function fetchFeed(
  base: string,
  channelId: string,
): Promise<{ title: string | null; uploads: Upload[] }> {
  const res = await fetch(feedUrl(base, channelId), { signal: AbortSignal.timeout(15_000) });
  if (res.status === 404) throw new Error(`YouTube has no channel ${channelId}`);
  if (!res.ok) throw new Error(`YouTube's feed answered ${res.status}`);
  return parseFeed(await res.text());
}

/** The news text of an upload (English; translated for each language channel). */
export const uploadText = (u: Upload) => `📺 New video from **${u.author}**: ${u.title}\n${u.url}`;
