import { z } from 'zod';
import type { Env } from '../../core/env';

/**
 * Twitch's Helix API with an app access token (client credentials; TWITCH_CLIENT_ID and
 * TWITCH_CLIENT_SECRET from the environment, never logged): users by login, live streams, and
 * EventSub subscriptions. TWITCH_API_URL and TWITCH_AUTH_URL point at a fake in tests.
 */

/** Twitch can be followed (Helix with the application's credentials): by EventSub or by polling. */
export const twitchConfigured = (env: Env) => Boolean(env.TWITCH_CLIENT_ID && env.TWITCH_CLIENT_SECRET);

/** EventSub webhooks are tried only with a secret to sign them; otherwise Helix is polled. */
export const eventSubUsable = (env: Env) => twitchConfigured(env) && Boolean(env.INTEGRATIONS_WEBHOOK_SECRET);

/** Helix answers up to 100 user_id per /streams call. */
export const STREAMS_PER_CALL = 100;

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number() });
const usersSchema = z.object({
  data: z.array(z.object({ id: z.string(), login: z.string(), display_name: z.string() })),
});
const streamsSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      user_id: z.string(),
      user_login: z.string(),
      user_name: z.string(),
      game_name: z.string(),
      title: z.string(),
      type: z.string(),
      started_at: z.string(),
    }),
  ),
});
const subscriptionsSchema = z.object({
  data: z.array(
    z.object({
      id: z.string(),
      status: z.string(),
      type: z.string(),
      condition: z.record(z.string(), z.string()),
      transport: z.object({ method: z.string(), callback: z.string().optional() }),
    }),
  ),
});

export type TwitchStream = z.infer<typeof streamsSchema>['data'][number];

const tokens = new WeakMap<Env, { token: string; until: number }>();

async function appToken(env: Env, fresh = false): Promise<string> {
  const kept = tokens.get(env);
  if (kept && !fresh && kept.until > Date.now()) return kept.token;
  const res = await fetch(`${env.TWITCH_AUTH_URL}/token`, {
    method: 'POST',
    body: new URLSearchParams({
      client_id: env.TWITCH_CLIENT_ID ?? '',
      client_secret: env.TWITCH_CLIENT_SECRET ?? '',
      grant_type: 'client_credentials',
    }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Error(`Twitch refused the application's credentials (${res.status})`);
  const body = tokenSchema.parse(await res.json());
  tokens.set(env, { token: body.access_token, until: Date.now() + (body.expires_in - 60) * 1000 });
  return body.access_token;
}

/** One Helix call; a 401 (token expired or revoked) gets a new token and one more try. */
async function helix(env: Env, path: string, init: RequestInit = {}, retried = false): Promise<Response> {
  const token = await appToken(env, retried);
  const res = await fetch(`${env.TWITCH_API_URL}${path}`, {
    ...init,
    headers: {
      'Client-Id': env.TWITCH_CLIENT_ID ?? '',
      Authorization: `Bearer ${token}`,
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
    signal: AbortSignal.timeout(15_000),
  });
  if (res.status === 401 && !retried) return await helix(env, path, init, true);
  return res;
}

/** The user of a login, or null when Twitch has none. */
export async function twitchUser(env: Env, login: string) {
  const res = await helix(env, `/users?login=${encodeURIComponent(login)}`);
  if (!res.ok) throw new Error(`Twitch answered ${res.status} for the user ${login}`);
  return usersSchema.parse(await res.json()).data[0] ?? null;
}

/** The broadcaster's live stream (title, game), or null when not live. */
export async function liveStream(env: Env, userId: string): Promise<TwitchStream | null> {
  const res = await helix(env, `/streams?user_id=${encodeURIComponent(userId)}`);
  if (!res.ok) throw new Error(`Twitch answered ${res.status} for the stream of ${userId}`);
  return streamsSchema.parse(await res.json()).data.find((s) => s.type === 'live') ?? null;
}

/**
 * The live streams of many broadcasters: one GET /streams per 100 ids (user_id repeated, first=100),
 * only those of type 'live'.
 */
export async function liveStreams(env: Env, userIds: string[]): Promise<TwitchStream[]> {
  const out: TwitchStream[] = [];
  for (let i = 0; i < userIds.length; i += STREAMS_PER_CALL) {
    const batch = userIds.slice(i, i + STREAMS_PER_CALL);
    const query = new URLSearchParams(batch.map((id) => ['user_id', id]));
    query.set('first', String(STREAMS_PER_CALL));
    const res = await helix(env, `/streams?${query}`);
    if (!res.ok)
      throw new Error(`Twitch answered ${res.status} for the streams of ${batch.length} broadcasters`);
    out.push(...streamsSchema.parse(await res.json()).data.filter((s) => s.type === 'live'));
  }
  return out;
}

export const twitchCallback = (env: Env) => `${env.PUBLIC_URL.replace(/\/$/, '')}/hooks/twitch`;

/**
 * A stream.online subscription for a broadcaster to our callback (Twitch then sends the
 * verification challenge). An existing one (409) is looked up and reused.
 */
export async function subscribeOnline(
  env: Env,
  broadcasterId: string,
): Promise<{ id: string; status: string }> {
  const res = await helix(env, '/eventsub/subscriptions', {
    method: 'POST',
    body: JSON.stringify({
      type: 'stream.online',
      version: '1',
      condition: { broadcaster_user_id: broadcasterId },
      transport: {
        method: 'webhook',
        callback: twitchCallback(env),
        secret: env.INTEGRATIONS_WEBHOOK_SECRET,
      },
    }),
  });
  if (res.status === 409) {
    const list = await helix(
      env,
      `/eventsub/subscriptions?type=stream.online&user_id=${encodeURIComponent(broadcasterId)}`,
    );
    const found = subscriptionsSchema
      .parse(await list.json())
      .data.find(
        (s) =>
          s.condition.broadcaster_user_id === broadcasterId && s.transport.callback === twitchCallback(env),
      );
    if (found) return { id: found.id, status: found.status };
  }
  if (!res.ok) throw new Error(`Twitch refused the go-live subscription (${res.status})`);
  const sub = subscriptionsSchema.parse(await res.json()).data[0];
  if (!sub) throw new Error('Twitch answered without the subscription');
  return { id: sub.id, status: sub.status };
}

export async function unsubscribe(env: Env, subscriptionId: string): Promise<void> {
  await helix(env, `/eventsub/subscriptions?id=${encodeURIComponent(subscriptionId)}`, { method: 'DELETE' });
}
