import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Env } from '../../core/env';
import type { Services } from '../../core/services';
import { postNews } from './announce';
import {
  claimItem,
  type Integration,
  integrationById,
  integrationsOfKind,
  updateIntegration,
} from './integrations';
import { fetchFeed, feedUrl, parseFeed, type Upload, uploadText } from './youtube-feed';

/**
 * YouTube uploads. With INTEGRATIONS_WEBHOOK_SECRET set, each integration subscribes to the WebSub
 * hub (WEBSUB_HUB_URL) with PUBLIC_URL/hooks/youtube/<id> as its callback: when the hub can reach
 * it, it verifies the subscription (GET with hub.challenge) and from then on pushes each new upload,
 * signed with X-Hub-Signature. Integrations without a verified, unexpired subscription (PUBLIC_URL
 * not reachable, no secret) read the channel's feed every INTEGRATIONS_POLL_SECONDS instead.
 */

const LEASE_SECONDS = 10 * 86_400;
/** A lease closer than this to its end is renewed by the poller. */
const RENEW_BEFORE_MS = 86_400_000;

/** Each subscription's own hub.secret, derived from the installation's secret (null: no push). */
export function websubSecret(env: Env, integrationId: number): string | null {
  const secret = env.INTEGRATIONS_WEBHOOK_SECRET;
  return secret ? createHmac('sha256', secret).update(`websub:${integrationId}`).digest('hex') : null;
}

export const youtubeCallback = (env: Env, integrationId: number) =>
  `${env.PUBLIC_URL.replace(/\/$/, '')}/hooks/youtube/${integrationId}`;

/** Asks the hub to (un)subscribe; the hub verifies asynchronously. Failures leave polling on. */
export async function websubRequest(
  services: Services,
  integration: Pick<Integration, 'id' | 'sourceId'>,
  mode: 'subscribe' | 'unsubscribe',
): Promise<boolean> {
  const secret = websubSecret(services.env, integration.id);
  if (!secret) return false;
  const form = new URLSearchParams({
    'hub.callback': youtubeCallback(services.env, integration.id),
    'hub.mode': mode,
    'hub.topic': feedUrl(services.env.YOUTUBE_FEED_URL, integration.sourceId),
    'hub.verify': 'async',
    'hub.lease_seconds': String(LEASE_SECONDS),
    'hub.secret': secret,
  });
  try {
    const res = await fetch(services.env.WEBSUB_HUB_URL, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(15_000),
    });
    return res.status === 202 || res.status === 204;
  } catch {
    return false;
  }
}

/**
 * The hub's verification of intent (GET callback?hub.mode&hub.topic&hub.challenge&hub.lease_seconds):
 * the challenge echoed for a subscription we asked for (then push is on until the lease ends), or
 * for an unsubscription of an integration that is gone; 404 otherwise.
 */
export async function verifyIntent(
  services: Services,
  integrationId: number,
  query: Record<string, string>,
): Promise<{ status: 200 | 404; body: string }> {
  const challenge = query['hub.challenge'];
  const mode = query['hub.mode'];
  const integration = await integrationById(services.db, integrationId);
  if (!challenge) return { status: 404, body: 'no hub.challenge' };
  if (mode === 'unsubscribe')
    return integration ? { status: 404, body: 'still subscribed' } : { status: 200, body: challenge };
  if (mode === 'denied') return { status: 200, body: '' };
  if (mode !== 'subscribe' || !integration || integration.kind !== 'youtube')
    return { status: 404, body: 'unknown subscription' };
  if (query['hub.topic'] !== feedUrl(services.env.YOUTUBE_FEED_URL, integration.sourceId)) {
    return { status: 404, body: 'unknown topic' };
  }
  const lease = Number(query['hub.lease_seconds'] ?? LEASE_SECONDS);
  const now = services.clock();
  await updateIntegration(services.db, [integration.id], {
    pushVerifiedAt: now,
    pushExpiresAt: new Date(
      now.getTime() + (Number.isFinite(lease) && lease > 0 ? lease : LEASE_SECONDS) * 1000,
    ),
  });
  return { status: 200, body: challenge };
}

/** X-Hub-Signature: method=hex HMAC of the body (WebSub allows sha1, sha256, sha384, sha512). */
export function validHubSignature(secret: string, body: Uint8Array, header: string | undefined): boolean {
  const m = /^(sha1|sha256|sha384|sha512)=([0-9a-f]+)$/i.exec(header?.trim() ?? '');
  if (!m) return false;
  const expected = createHmac(m[1]!.toLowerCase(), secret).update(body).digest();
  const given = Buffer.from(m[2]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** New uploads of an integration: published after it was added, not seen before. */
async function postUploads(services: Services, integration: Integration, uploads: Upload[]): Promise<number> {
  let posted = 0;
  // Oldest first, so a burst is posted in the order it was uploaded.
  for (const u of [...uploads].reverse()) {
    if (u.channelId !== integration.sourceId || u.published <= integration.createdAt) continue;
    if ((await postNews(services, integration, { itemId: u.videoId, text: uploadText(u) })) !== null)
      posted++;
  }
  return posted;
}

/**
 * A WebSub push: a signature that does not match is ignored (the hub still gets its 2xx, as the
 * WebSub spec asks); a valid one posts the new uploads it carries. Returns how many were posted,
 * or why the push was ignored.
 */
export async function receivePush(
  services: Services,
  integrationId: number,
  body: Uint8Array,
  signature: string | undefined,
): Promise<{ posted: number } | { ignored: string }> {
  const integration = await integrationById(services.db, integrationId);
  if (integration?.kind !== 'youtube') return { ignored: 'unknown integration' };
  const secret = websubSecret(services.env, integration.id);
  if (!secret || !validHubSignature(secret, body, signature)) return { ignored: 'bad signature' };
  let uploads: Upload[];
  try {
    uploads = parseFeed(Buffer.from(body).toString('utf8')).uploads;
  } catch (err) {
    return { ignored: err instanceof Error ? err.message : String(err) };
  }
  return { posted: await postUploads(services, integration, uploads) };
}

/** Adding: the feed must exist (its title names the integration); what it lists now counts as seen. */
export async function prepareYouTube(services: Services, channelId: string) {
  const feed = await fetchFeed(services.env.YOUTUBE_FEED_URL, channelId);
  return { sourceName: feed.title ?? channelId, seen: feed.uploads.map((u) => u.videoId) };
}

export async function markSeen(services: Services, integrationId: number, videoIds: string[]) {
  for (const id of videoIds) await claimItem(services.db, integrationId, id);
}

/**
 * One round of the poller: every YouTube integration without a live push subscription reads its
 * feed and posts new uploads; leases near their end are renewed. Returns how many were posted.
 */
export async function pollYouTube(services: Services): Promise<number> {
  const now = services.clock();
  let posted = 0;
  const feeds = new Map<string, Promise<Upload[] | null>>();
  for (const integration of await integrationsOfKind(services.db, 'youtube')) {
    const expires = integration.pushExpiresAt?.getTime() ?? 0;
    if (websubSecret(services.env, integration.id) && expires - now.getTime() < RENEW_BEFORE_MS) {
      await websubRequest(services, integration, 'subscribe');
    }
    if (expires > now.getTime()) continue;
    // One read per channel, however many servers follow it.
    let feed = feeds.get(integration.sourceId);
    if (!feed) {
      feed = fetchFeed(services.env.YOUTUBE_FEED_URL, integration.sourceId).then(
        (f) => f.uploads,
        () => null,
      );
      feeds.set(integration.sourceId, feed);
    }
    const uploads = await feed;
    if (uploads) posted += await postUploads(services, integration, uploads);
  }
  return posted;
}
