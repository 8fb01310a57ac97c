/**
 * A fake Twitch on loopback speaking the real formats: the OAuth client-credentials token endpoint
 * (POST /oauth2/token), Helix (GET /helix/users, GET /helix/streams, POST/GET/DELETE
 * /helix/eventsub/subscriptions, each requiring Client-Id and a Bearer app token) and EventSub's
 * webhook transport: a new subscription gets the webhook_callback_verification challenge, and a
 * go-live sends a stream.online notification, both signed Twitch-Eventsub-Message-Signature:
 * sha256=HMAC(secret, message id + timestamp + body).
 *
 *   const tw = await startFakeTwitch({ clientId, clientSecret });
 *   env TWITCH_API_URL = tw.helixUrl, TWITCH_AUTH_URL = tw.authUrl
 *   tw.user('cookingcat', 'CookingCat'); await tw.goLive('cookingcat', { title, game });
 */
import { createHmac, randomUUID } from 'node:crypto';
import { json, startLoopback } from './http';

export interface FakeSubscription {
  id: string;
  status: string;
  type: string;
  version: string;
  condition: { broadcaster_user_id: string };
  transport: { method: 'webhook'; callback: string };
  secret: string;
  created_at: string;
  cost: number;
}

export async function startFakeTwitch(opts: { clientId: string; clientSecret: string; now?: () => Date }) {
  const now = opts.now ?? (() => new Date());
  /** Verification challenges signed with a wrong secret (the callback cannot verify them). */
  let verificationBroken = false;
  /** How many next POST /eventsub/subscriptions answer 503. */
  let createFailures = 0;
  const users = new Map<string, { id: string; login: string; display_name: string }>();
  const streams = new Map<string, { id: string; title: string; game_name: string; started_at: string }>();
  const subscriptions: FakeSubscription[] = [];
  const tokens = new Set<string>();
  let clientSecret = opts.clientSecret;
  const helixCalls: { method: string; path: string }[] = [];
  let nextUser = 41_000_000;
  let nextStream = 40_000_000_000;
  const deliveries: { type: string; status: number; body: string }[] = [];

  const publicSub = (s: FakeSubscription) => {
    const { secret: _secret, ...rest } = s;
    return rest;
  };

  /** Signs and sends one EventSub message to a subscription's callback. */
  async function send(
    sub: FakeSubscription,
    type: 'webhook_callback_verification' | 'notification' | 'revocation',
    payload: object,
    over: { messageId?: string; timestamp?: string; signature?: string } = {},
  ) {
    const id = over.messageId ?? randomUUID();
    const timestamp = over.timestamp ?? now().toISOString();
    const body = JSON.stringify(payload);
    const signature =
      over.signature ??
      `sha256=${createHmac(
        'sha256',
        type === 'webhook_callback_verification' && verificationBroken ? 'not-the-secret' : sub.secret,
      )
        .update(id + timestamp + body)
        .digest('hex')}`;
    const res = await fetch(sub.transport.callback, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'twitch-eventsub-message-id': id,
        'twitch-eventsub-message-retry': '0',
        'twitch-eventsub-message-type': type,
        'twitch-eventsub-message-signature': signature,
        'twitch-eventsub-message-timestamp': timestamp,
        'twitch-eventsub-subscription-type': sub.type,
        'twitch-eventsub-subscription-version': sub.version,
      },
      body,
    });
    const out = { type, status: res.status, body: await res.text(), messageId: id };
    deliveries.push(out);
    return out;
  }

  const server = await startLoopback(async (req, url, raw, res) => {
    if (req.method === 'POST' && url.pathname === '/oauth2/token') {
      const form = new URLSearchParams(raw.toString('utf8'));
      if (form.get('grant_type') !== 'client_credentials')
        return json(res, 400, { status: 400, message: 'invalid grant_type' });
      if (form.get('client_id') !== opts.clientId)
        return json(res, 400, { status: 400, message: 'invalid client' });
      if (form.get('client_secret') !== clientSecret)
        return json(res, 403, { status: 403, message: 'invalid client secret' });
      const token = randomUUID().replaceAll('-', '');
      tokens.add(token);
      return json(res, 200, { access_token: token, expires_in: 5_011_271, token_type: 'bearer' });
    }
    if (!url.pathname.startsWith('/helix/'))
      return json(res, 404, { error: 'Not Found', status: 404, message: '' });
    const path = url.pathname.slice('/helix'.length);
    helixCalls.push({ method: req.method ?? 'GET', path: `${path}${url.search}` });
    const bearer = /^Bearer (.+)$/.exec(String(req.headers.authorization ?? ''))?.[1];
    if (req.headers['client-id'] !== opts.clientId || !bearer || !tokens.has(bearer)) {
      return json(res, 401, { error: 'Unauthorized', status: 401, message: 'Invalid OAuth token' });
    }
    if (req.method === 'GET' && path === '/users') {
      const login = url.searchParams.get('login')?.toLowerCase();
      const u = login ? users.get(login) : undefined;
      return json(res, 200, {
        data: u
          ? [
              {
                ...u,
                type: '',
                broadcaster_type: 'partner',
                description: '',
                created_at: '2016-12-14T20:32:28Z',
              },
            ]
          : [],
      });
    }
    if (req.method === 'GET' && path === '/streams') {
      // Helix: user_id repeated up to 100 times; only live broadcasters are listed.
      const ids = url.searchParams.getAll('user_id');
      const first = Number(url.searchParams.get('first') ?? 20);
      if (ids.length > 100) {
        return json(res, 400, {
          error: 'Bad Request',
          status: 400,
          message: 'The parameter "user_id" may only be specified up to 100 times.',
        });
      }
      if (!Number.isInteger(first) || first < 1 || first > 100) {
        return json(res, 400, { error: 'Bad Request', status: 400, message: 'Invalid value for first' });
      }
      const data = ids.flatMap((userId) => {
        const u = [...users.values()].find((x) => x.id === userId);
        const s = streams.get(userId);
        if (!u || !s) return [];
        return [
          {
            id: s.id,
            user_id: u.id,
            user_login: u.login,
            user_name: u.display_name,
            game_id: '509658',
            game_name: s.game_name,
            type: 'live',
            title: s.title,
            tags: [],
            viewer_count: 78365,
            started_at: s.started_at,
            language: 'en',
            thumbnail_url: '',
            is_mature: false,
          },
        ];
      });
      return json(res, 200, { data: data.slice(0, first), pagination: {} });
    }
    if (path === '/eventsub/subscriptions' && req.method === 'POST') {
      if (createFailures > 0) {
        createFailures--;
        return json(res, 503, { error: 'Service Unavailable', status: 503, message: '' });
      }
      const b = JSON.parse(raw.toString('utf8'));
      const secret = b?.transport?.secret;
      if (
        b?.type !== 'stream.online' ||
        b?.version !== '1' ||
        !b?.condition?.broadcaster_user_id ||
        b?.transport?.method !== 'webhook' ||
        typeof b?.transport?.callback !== 'string' ||
        typeof secret !== 'string' ||
        secret.length < 10 ||
        secret.length > 100
      ) {
        return json(res, 400, { error: 'Bad Request', status: 400, message: 'invalid subscription' });
      }
      if (
        subscriptions.some(
          (s) =>
            s.condition.broadcaster_user_id === b.condition.broadcaster_user_id &&
            s.transport.callback === b.transport.callback &&
            s.status !== 'webhook_callback_verification_failed',
        )
      ) {
        return json(res, 409, { error: 'Conflict', status: 409, message: 'subscription already exists' });
      }
      const sub: FakeSubscription = {
        id: randomUUID(),
        status: 'webhook_callback_verification_pending',
        type: b.type,
        version: b.version,
        condition: { broadcaster_user_id: b.condition.broadcaster_user_id },
        transport: { method: 'webhook', callback: b.transport.callback },
        secret,
        created_at: new Date().toISOString(),
        cost: 1,
      };
      subscriptions.push(sub);
      json(res, 202, {
        data: [publicSub(sub)],
        total: subscriptions.length,
        total_cost: 1,
        max_total_cost: 10_000,
      });
      // The challenge, after answering.
      const challenge = randomUUID();
      const out = await send(sub, 'webhook_callback_verification', {
        challenge,
        subscription: publicSub(sub),
      }).catch(() => null);
      sub.status =
        out && out.status === 200 && out.body === challenge
          ? 'enabled'
          : 'webhook_callback_verification_failed';
      return;
    }
    if (path === '/eventsub/subscriptions' && req.method === 'GET') {
      const userId = url.searchParams.get('user_id');
      const list = subscriptions.filter((s) => !userId || s.condition.broadcaster_user_id === userId);
      return json(res, 200, {
        data: list.map(publicSub),
        total: list.length,
        total_cost: list.length,
        max_total_cost: 10_000,
        pagination: {},
      });
    }
    if (path === '/eventsub/subscriptions' && req.method === 'DELETE') {
      const i = subscriptions.findIndex((s) => s.id === url.searchParams.get('id'));
      if (i < 0)
        return json(res, 404, { error: 'Not Found', status: 404, message: 'subscription not found' });
      subscriptions.splice(i, 1);
      res.writeHead(204).end();
      return;
    }
    return json(res, 404, { error: 'Not Found', status: 404, message: '' });
  });

  return {
    authUrl: `${server.url}/oauth2`,
    helixUrl: `${server.url}/helix`,
    subscriptions,
    helixCalls,
    deliveries,
    user(login: string, displayName: string) {
      const u = { id: String(nextUser++), login: login.toLowerCase(), display_name: displayName };
      users.set(u.login, u);
      return u;
    },
    /** The broadcaster goes live: Helix shows the stream, every enabled subscription gets stream.online. */
    async goLive(login: string, stream: { title: string; game: string; startedAt?: Date }) {
      const u = users.get(login.toLowerCase());
      if (!u) throw new Error(`no fake user ${login}`);
      const s = {
        id: String(nextStream++),
        title: stream.title,
        game_name: stream.game,
        started_at: (stream.startedAt ?? new Date()).toISOString(),
      };
      streams.set(u.id, s);
      const subs = subscriptions.filter(
        (x) => x.condition.broadcaster_user_id === u.id && x.status === 'enabled',
      );
      return await Promise.all(
        subs.map((sub) => send(sub, 'notification', onlinePayload(sub, u, s.id, s.started_at))),
      );
    },
    /** Every app access token stops working (Helix answers 401), as after a secret rotation. */
    revokeTokens() {
      tokens.clear();
    },
    /** Challenges fail (signed with another secret) until set back: the callback refuses them. */
    breakVerification(on: boolean) {
      verificationBroken = on;
    },
    /** The next `n` subscription requests answer 503. */
    failCreates(n: number) {
      createFailures = n;
    },
    /** The application's secret as Twitch now knows it (rotated in the console). */
    setClientSecret(secret: string) {
      clientSecret = secret;
    },
    /** The stream ends: Helix no longer lists it (EventSub's stream.offline is not sent). */
    goOffline(login: string) {
      const u = users.get(login.toLowerCase());
      if (u) streams.delete(u.id);
    },
    /** One message as the test shapes it (a replayed id, an old timestamp, a wrong signature). */
    send,
    onlinePayload,
    close: server.close,
  };
}

function onlinePayload(
  sub: FakeSubscription,
  u: { id: string; login: string; display_name: string },
  streamId: string,
  startedAt: string,
) {
  const { secret: _secret, ...subscription } = sub;
  return {
    subscription,
    event: {
      id: streamId,
      broadcaster_user_id: u.id,
      broadcaster_user_login: u.login,
      broadcaster_user_name: u.display_name,
      type: 'live',
      started_at: startedAt,
    },
  };
}

export type FakeTwitch = Awaited<ReturnType<typeof startFakeTwitch>>;
