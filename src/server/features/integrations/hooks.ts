import type { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Services } from '../../core/services';
import { receiveEventSub } from './twitch';
import { receivePush, verifyIntent } from './youtube';

/**
 * The platforms' webhooks, outside /api (no credentials: each is verified by its own signature):
 * GET/POST /hooks/youtube/:id (WebSub verification of intent, pushes) and POST /hooks/twitch
 * (EventSub). Answers are plain text, as the hubs expect the challenge echoed as the body.
 */
export function mountIntegrationHooks(app: Hono, services: Services): void {
  const limit = bodyLimit({ maxSize: 256 * 1024, onError: (c) => c.text('body too large', 413) });
  const idOf = (raw: string) => (/^\d{1,12}$/.test(raw) ? Number(raw) : null);

  app.get('/hooks/youtube/:id', async (c) => {
    const id = idOf(c.req.param('id'));
    if (id === null) return c.text('unknown subscription', 404);
    const { status, body } = await verifyIntent(services, id, c.req.query());
    return c.text(body, status);
  });

  app.post('/hooks/youtube/:id', limit, async (c) => {
    const id = idOf(c.req.param('id'));
    if (id === null) return c.text('unknown subscription', 404);
    const body = new Uint8Array(await c.req.arrayBuffer());
    const outcome = await receivePush(services, id, body, c.req.header('x-hub-signature'));
    // WebSub: the hub gets a 2xx even for content we ignore (a bad signature is not retried).
    return c.text('posted' in outcome ? `posted ${outcome.posted}` : `ignored: ${outcome.ignored}`, 202);
  });

  app.post('/hooks/twitch', limit, async (c) => {
    const body = new Uint8Array(await c.req.arrayBuffer());
    const { status, body: text } = await receiveEventSub(services, c.req.header(), body);
    return status === 204 ? c.body(null, 204) : c.text(text, status);
  });
}
