import type { AnyTRPCRouter } from '@trpc/server';
import { SESSION_COOKIE } from './admin-token';
import { operationOf } from './openapi-operation';
import type { RestRoute } from './rest';

/**
 * The OpenAPI 3.1 document of every /api path, built from the REST route table and the zod input
 * schemas of the procedures the routes call (both put together in src/server/app/). Served at
 * GET /api/openapi.json.
 */

export const OPENAPI_PATH = '/api/openapi.json';

/** Hono's /api/polls/:id as OpenAPI's /api/polls/{id}. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

let cached: {
  url: string;
  routes: readonly RestRoute[];
  router: AnyTRPCRouter;
  doc: Record<string, unknown>;
} | null = null;

export function buildOpenApiDocument(
  serverUrl: string,
  routes: readonly RestRoute[],
  router: AnyTRPCRouter,
): Record<string, unknown> {
  if (cached?.url === serverUrl && cached.routes === routes && cached.router === router) return cached.doc;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route, router);
  }
  paths[OPENAPI_PATH] = {
    get: {
      operationId: 'openapi',
      summary: 'This document',
      tags: ['meta'],
      security: [],
      responses: {
        '200': { description: 'OpenAPI 3.1 document', content: { 'application/json': { schema: {} } } },
      },
    },
  };
  const doc = {
    openapi: '3.1.0',
    info: {
      title: 'Polyglot bot API',
      version: '1.0.0',
      description:
        'Every path calls one procedure of the tRPC router (also reachable over /trpc). Errors answer { error } ' +
        'with the status that fits. Admin paths take Authorization: Bearer <ADMIN_TOKEN> or a dashboard ' +
        'session cookie; guildId defaults to the configured default guild.',
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: {
        Error: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
      },
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description:
            "The operator's ADMIN_TOKEN (every server), or a server's API key (pgk_..., that server only)",
        },
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: 'set by auth.login',
        },
      },
    },
  };
  cached = { url: serverUrl, routes, router, doc };
  return doc;
}
