import type { Services } from '../../core/services';
import { postNews } from './announce';
import { type Integration, integrationsOfKind } from './integrations';
import { liveText } from './twitch';
import { liveStreams, twitchConfigured } from './twitch-api';

/**
 * Twitch go-live without EventSub: when webhooks cannot be used (no INTEGRATIONS_WEBHOOK_SECRET, or
 * Twitch could not verify {PUBLIC_URL}/hooks/twitch, or the subscription was revoked), Helix is asked
 * every TWITCH_POLL_SECONDS which of the followed broadcasters are live (GET /streams, 100 ids per
 * call, app access token). Each live stream is posted once per integration: the item id is
 * `stream:<stream id>`, the same one the EventSub path claims, so a stream seen by both is posted once.
 * A stream that started before the integration was added is not posted (EventSub would not have
 * announced it either).
 */

/** Integrations Twitch does not push to: no subscription, or one that is not enabled. */
const polled = (i: Integration) => i.subscriptionStatus !== 'enabled';

/** One round: answers how many posts were made. */
export async function pollTwitch(services: Services): Promise<number> {
  if (!twitchConfigured(services.env)) return 0;
  const following = (await integrationsOfKind(services.db, 'twitch')).filter(polled);
  if (following.length === 0) return 0;
  const broadcasters = [...new Set(following.map((i) => i.sourceId))];
  let posted = 0;
  for (const stream of await liveStreams(services.env, broadcasters)) {
    const started = Date.parse(stream.started_at);
    const text = liveText(stream.user_login, stream.user_name, stream);
    for (const integration of following) {
      if (integration.sourceId !== stream.user_id) continue;
      if (!(started > integration.createdAt.getTime())) continue;
      if ((await postNews(services, integration, { itemId: `stream:${stream.id}`, text })) !== null) posted++;
    }
  }
  return posted;
}
