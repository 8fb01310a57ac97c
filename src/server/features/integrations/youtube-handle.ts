import type { Env } from '../../core/env';

/**
 * A YouTube @handle turned into its channel id (UC…), read from the handle's page
 * (https://www.youtube.com/@handle) as YouTube serves it to a browser: the head carries
 * `<link rel="canonical" href="https://www.youtube.com/channel/UC…">` and
 * `<meta itemprop="identifier" content="UC…">`, and the page data `"externalId":"UC…"`. The first
 * of these that is present wins; a bare `"channelId"` is never used (the page lists other channels'
 * ids too). No API key needed. The SOCS cookie skips the consent page YouTube shows in the EU;
 * YOUTUBE_WEB_URL points at a fake in tests.
 */

const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

function attributes(tag: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of tag.matchAll(/([\w:-]+)\s*=\s*"([^"]*)"/g)) out[m[1]!.toLowerCase()] = m[2]!;
  return out;
}

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The channel id and name a handle's page declares, or null when it declares none. */
export function channelOfPage(html: string): { channelId: string; name: string | null } | null {
  let canonical: string | undefined;
  let identifier: string | undefined;
  let name: string | null = null;
  for (const m of html.matchAll(/<(link|meta)\b[^>]*>/gi)) {
    const a = attributes(m[0]);
    if (m[1]!.toLowerCase() === 'link' && a.rel === 'canonical') {
      canonical ??= /\/channel\/(UC[A-Za-z0-9_-]{22})(?:[/?#]|$)/.exec(a.href ?? '')?.[1];
    }
    if (a.itemprop === 'identifier' && a.content && CHANNEL_ID.test(a.content)) identifier ??= a.content;
    if (a.property === 'og:title' && a.content) name ??= decode(a.content);
  }
  const external = /"externalId"\s*:\s*"(UC[A-Za-z0-9_-]{22})"/.exec(html)?.[1];
  const channelId = canonical ?? identifier ?? external;
  return channelId ? { channelId, name } : null;
}

/**
 * The channel of a handle ('@name'); null when YouTube has no such handle (404). Throws when the
 * page cannot be read or declares no channel id (the message says which).
 */
export async function resolveHandle(
  env: Env,
  handle: string,
): Promise<{ channelId: string; name: string | null } | null> {
  const url = `${env.YOUTUBE_WEB_URL.replace(/\/$/, '')}/${encodeURIComponent(handle).replace(/^%40/, '@')}`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { cookie: 'SOCS=CAI', 'accept-language': 'en' },
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    throw new Error(`YouTube could not be reached to look up ${handle}`);
  }
  if (res.status === 404) return null;
  if (!res.ok) throw new Error(`YouTube answered ${res.status} for ${handle}`);
  const found = channelOfPage(await res.text());
  if (!found) throw new Error(`YouTube's page for ${handle} names no channel id`);
  return found;
}
