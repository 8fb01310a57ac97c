import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import type { AnyTRPCRouter } from '@trpc/server';
import { Hono, type Context as HonoContext, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { identifyCaller } from './credentials';
import { mountDocs } from './docs';
import { mountMetrics, timeRequests } from './metrics';
import { type HealthSources, healthReport } from './health';
import { buildOpenApiDocument, OPENAPI_PATH } from './openapi';
import { mountSeo } from './http-seo';
import { mountPages, readClient } from './pages';
import { capTrpcBatch, limitGlobalStats, MAX_TRPC_BATCH } from './public-limits';
import { mountRest, type RestRoute } from './rest';
import { inlineScriptHashes, securityHeaders } from './security-headers';
import type { Services } from './services';
import type { Actor } from './access';
import type { Context } from './trpc';

/** Bodies above this answer 413 before they are read whole (JSON forms, tRPC, Stripe's webhook). */
export const MAX_BODY_BYTES = 1024 * 1024;

export function contextFor(services: Services, c: HonoContext, resHeaders?: Headers): Context {
  const actor = (c.get('actor' as never) as Actor | undefined) ?? { kind: 'public' };
  const clientIp = (c.get('clientIp' as never) as string | undefined) ?? 'unknown';
  return { ...services, actor, clientIp, resHeaders, access: new Map() };
}

export interface AppOptions {
  /** Folder of the built client (vite build); absent in API-only tests. */
  clientDir?: string;
  /** What /healthz reports besides the database (the bot's shards, set once it runs). */
  health?: HealthSources;
}

/**
 * What the composition root (src/server/app/http.ts) puts together for the HTTP server: the one
 * router of every capability, its caller, the REST table, and the capabilities' routes outside tRPC
 * and REST. Core serves them and imports none.
 */
export interface Composed {
  router: AnyTRPCRouter;
  createCaller: (ctx: Context) => unknown;
  restRoutes: readonly RestRoute[];
  /** Routes of their own (login, integration hooks), mounted once the caller is identified. */
  mountRoutes: (app: Hono) => void;
}

/** The HTTP server: plumbing (headers, limits, health, metrics, pages) around what `composed` brings. */
export function createHttpApp(services: Services, composed: Composed, options: AppOptions = {}): Hono {
  const app = new Hono();
  const clientDir = options.clientDir ? resolve(options.clientDir) : null;
  const client = readClient(clientDir);
  app.use('*', timeRequests(services.metrics));
  app.use(
    '*',
    ...securityHeaders(
      services,
      client ? inlineScriptHashes([client.indexHtml, ...client.prerendered.values()].join('\n')) : [],
    ),
  );

  app.get('/healthz', async (c) => {
    const { status, body } = await healthReport(services, options.health);
    c.header('Cache-Control', 'no-store');
    return c.json(body, status);
  });

  mountMetrics(app, services.metrics, () => [services.env.METRICS_TOKEN, services.adminToken]);

  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => c.json({ error: `body: larger than ${MAX_BODY_BYTES / 1024 / 1024} MB; send less` }, 413),
  });
  // GET and HEAD carry no body: asking for one (bodyLimit reads c.req.raw.body) would build a full
  // fetch Request from node's request on every read, a tenth of a read's CPU (bench:api's profile).
  const limitSentBody: MiddlewareHandler = (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next);
  app.use('/api/*', limitSentBody);
  app.use('/trpc/*', capTrpcBatch(), limitSentBody);
  // Who is asking, once per request (a wrong Bearer: credentials.ts).
  const identify = identifyCaller(services);
  app.use('/api/*', identify);
  app.use('/trpc/*', identify);
  app.get('/api/global-stats', limitGlobalStats(services));
  composed.mountRoutes(app);

  app.all('/trpc/*', (c) =>
    fetchRequestHandler({
      endpoint: '/trpc',
      req: c.req.raw,
      router: composed.router,
      maxBatchSize: MAX_TRPC_BATCH,
      createContext: ({ resHeaders }) => contextFor(services, c, resHeaders),
      onError: ({ error }) => {
        if (error.code === 'INTERNAL_SERVER_ERROR') console.error(error.cause ?? error);
      },
    }),
  );

  app.get(OPENAPI_PATH, (c) =>
    c.json(buildOpenApiDocument(services.env.PUBLIC_URL, composed.restRoutes, composed.router)),
  );
  mountRest(app, composed.restRoutes, async (c) => composed.createCaller(contextFor(services, c)), services);
  mountDocs(app);
  mountSeo(app, services.env.PUBLIC_URL);
  mountPages(app, client, services.env.PUBLIC_URL);
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
