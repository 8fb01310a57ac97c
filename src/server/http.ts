import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { serveStatic } from '@hono/node-server/serve-static';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { type Context as HonoContext, Hono } from 'hono';
import { getCookie } from 'hono/cookie';
import { secureHeaders } from 'hono/secure-headers';
import { mountDocs } from './docs';
import { buildOpenApiDocument, OPENAPI_PATH } from './openapi';
import { mountRest } from './rest';
import { appRouter, createCaller } from './routers/_app';
import type { Services } from './services';
import { findSession, SESSION_COOKIE, tokensMatch } from './services/auth';
import type { Actor, Context } from './trpc';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Who this request comes from: a bearer admin token, a live session cookie, or a visitor. */
function actorOf(services: Services, c: HonoContext): Actor {
  const auth = c.req.header('authorization');
  if (auth?.toLowerCase().startsWith('bearer ')) {
    return tokensMatch(auth.slice(7).trim(), services.adminToken)
      ? { kind: 'admin', via: 'token' }
      : { kind: 'public' };
  }
  const cookie = getCookie(c, SESSION_COOKIE);
  if (!cookie) return { kind: 'public' };
  // A cookie only counts for a state change when the request comes from our own pages.
  if (UNSAFE.has(c.req.method)) {
    const origin = c.req.header('origin');
    const own = new Set([new URL(services.env.PUBLIC_URL).origin, new URL(c.req.url).origin]);
    if (origin && !own.has(origin)) return { kind: 'public' };
  }
  const sessionId = findSession(services.db, cookie, services.clock());
  return sessionId ? { kind: 'admin', via: 'session', sessionId } : { kind: 'public' };
}

function clientIpOf(c: HonoContext): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export function contextFor(services: Services, c: HonoContext, resHeaders?: Headers): Context {
  return { ...services, actor: actorOf(services, c), clientIp: clientIpOf(c), resHeaders };
}

export interface AppOptions {
  /** Folder of the built client (vite build); absent in API-only tests. */
  clientDir?: string;
}

export function createApp(services: Services, options: AppOptions = {}): Hono {
  const app = new Hono();
  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", "'unsafe-inline'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://cdn.discordapp.com'],
        connectSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    }),
  );

  app.get('/healthz', (c) => c.json({ ok: true }));

  app.all('/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/trpc',
      req: c.req.raw,
      router: appRouter,
      createContext: ({ resHeaders }) => contextFor(services, c, resHeaders),
      onError: ({ error }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') console.error(error.cause ?? error);
      },
    }),
  );

  app.get(OPENAPI_PATH, (c) => c.json(buildOpenApiDocument(services.env.PUBLIC_URL)));
  mountRest(app, async (c) => createCaller(contextFor(services, c)));
  mountDocs(app);

  const clientDir = options.clientDir ? resolve(options.clientDir) : null;
  if (clientDir && existsSync(resolve(clientDir, 'index.html'))) {
    const indexHtml = readFileSync(resolve(clientDir, 'index.html'), 'utf8');
    app.use('/assets/*', async (c, next) => {
      await next();
      if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    });
    // The build writes .br and .gz beside each asset; browsers that accept them get them.
    app.use('*', serveStatic({ root: clientDir, precompressed: true }));
    // Single-page app: every other path is a client route (the client shows its own 404 page).
    app.get('*', (c) => c.html(indexHtml));
  } else {
    app.get('*', (c) =>
      c.text('The web client is not built. Run `npm run build` (npm start does this for you).', 503),
    );
  }
  return app;
}

export interface Listening {
  url: string;
  port: number;
  close(): Promise<void>;
}

export function listen(app: Hono, port: number, host: string): Promise<Listening> {
  return new Promise((done) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
      done({
        url: `http://${host}:${info.port}`,
        port: info.port,
        close: () =>
          new Promise((closed) => {
            if ('closeAllConnections' in server) server.closeAllConnections();
            server.close(() => closed());
          }),
      });
    });
  });
}
