import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Hono, Context as HonoContext } from 'hono';
import { z } from 'zod';
import { SERVER_ID_PATTERN } from '../../common/schemas/util';
import { CapabilityLockedError } from './plans';
import type { Services } from './services';
import { zodMessage } from './trpc';

/**
 * "domain.procedure": the procedure a row calls. A capability's rows keep their literal names
 * (`[...] satisfies RestRoute[]`), and the REST table (src/server/app/rest-table.ts) checks every
 * one against the one router's procedures (its ProcedurePath).
 */
export type ProcedureName = `${string}.${string}`;

export interface RestRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown>;
  /** Request headers, lower-cased names. */
  headers: Record<string, string>;
  /** The body exactly as sent; only for routes with `raw: true` (then `body` is {}). */
  rawBody?: string;
}

/**
 * One row of the spec's section 7 table. The adapter calls `procedure` with `input(req)`;
 * by default the input is the body, the query and the path params merged (guildId from the
 * query or the body, as the spec sends it). The procedure validates it.
 */
export interface RestRoute<P extends ProcedureName = ProcedureName> {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT';
  /** Hono path syntax: /api/polls/:id */
  path: string;
  procedure: P;
  summary: string;
  /** Response status on success (201 for creations). */
  status?: number;
  input?: (req: RestRequest) => Record<string, unknown>;
  /** Do not parse the body as JSON; hand it over as `rawBody` (signed webhooks). */
  raw?: boolean;
  /**
   * A path parameter that fills a differently named input field: `{ id: 'sessionId' }`. One URL
   * keeps one template and parameter name for every method (OpenAPI 3.1 requires it).
   */
  params?: Record<string, string>;
  /**
   * A file streamed as it is read (exports): the procedure checks the request and answers what to
   * send; this turns its answer into the response, instead of JSON.
   */
  stream?: (services: Services, result: unknown) => Response;
}

export const defaultInput = (req: RestRequest): Record<string, unknown> => ({
  ...req.query,
  ...req.body,
  ...req.params,
});

/**
 * A server id in a path: the literal 'default' (spec section 6) means the caller's default server.
 * A malformed one is a 400 naming the path parameter.
 */
export function pathGuild(id: string | undefined, param: string): string | undefined {
  if (id === 'default') return undefined;
  if (id === undefined || !SERVER_ID_PATTERN.test(id)) {
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `${param}: must be a Discord server id (1 to 32 letters, digits, - or _)`,
    });
  }
  return id;
}

/** Hono's /api/polls/:id as a regular expression matching concrete paths. */
export function pathPattern(honoPath: string): RegExp {
  const body = honoPath
    .split('/')
    .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}/?$`);
}

/** The methods a table of routes (the REST table and the document path) answers at a concrete path; [] when none. */
export function allowedMethods(path: string, routes: readonly { method: string; path: string }[]): string[] {
  const matching = routes.filter((r) => pathPattern(r.path).test(path));
  // A literal path is its own resource: /api/cases/escalations is not case ":number" "escalations".
  const params = (p: string) => p.split('/').filter((seg) => seg.startsWith(':')).length;
  const fewest = Math.min(...matching.map((r) => params(r.path)));
  return [...new Set(matching.filter((r) => params(r.path) === fewest).map((r) => r.method))];
}

/**
 * Every failure answers { error } with the status that fits (DESIGN.md); a capability the
 * server's plan lacks also names it: { error, locked: { capability, plan } }.
 */
export function toHttpError(err: unknown): {
  status: number;
  error: string;
  locked?: { capability: string; plan: string };
} {
  if (err instanceof CapabilityLockedError) {
    return {
      status: 403,
      error: err.message,
      locked: { capability: err.capability, plan: err.requiredPlan },
    };
  }
  if (err instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(err);
    const message = err.cause instanceof z.ZodError ? zodMessage(err.cause) : err.message;
    if (status >= 500 && err.code === 'INTERNAL_SERVER_ERROR') console.error(err.cause ?? err);
    return { status, error: message };
  }
  console.error(err);
  return { status: 500, error: 'internal error' };
}

/** Seconds to wait, when a 429 carries them (cause `{ retryAfterSeconds }`). */
function retryAfterOf(err: unknown): number | null {
  if (!(err instanceof TRPCError) || err.code !== 'TOO_MANY_REQUESTS') return null;
  const seconds = (err.cause as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) ? Math.max(0, Math.ceil(seconds)) : null;
}

type Caller = Record<string, Record<string, (input: unknown) => Promise<unknown>>>;

/**
 * Mounts a table of REST routes (the REST table, src/server/app/rest-table.ts) on the app, in its order;
 * makeCaller builds the tRPC caller for one request.
 */
export function mountRest(
  app: Hono,
  routes: readonly RestRoute[],
  makeCaller: (c: HonoContext) => Promise<unknown>,
  services: Services,
): void {
  for (const route of routes) {
    const [domain, name] = route.procedure.split('.') as [string, string];
    app.on(route.method, route.path, async (c) => {
      let body: Record<string, unknown> = {};
      let rawBody: string | undefined;
      if (route.raw) {
        rawBody = await c.req.text();
      } else if (route.method !== 'GET' && route.method !== 'DELETE') {
        const text = await c.req.text();
        if (text.trim() !== '') {
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            return c.json({ error: 'body: not valid JSON' }, 400);
          }
          if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
            return c.json({ error: 'body: expected a JSON object' }, 400);
          }
          body = parsed as Record<string, unknown>;
        }
      }
      const pathParams = c.req.param() as Record<string, string>;
      const params = route.params
        ? Object.fromEntries(Object.entries(pathParams).map(([k, v]) => [route.params?.[k] ?? k, v]))
        : pathParams;
      const req: RestRequest = {
        params,
        query: c.req.query(),
        body,
        // Read only by the rows that need a header (a signed webhook): listing every header makes
        // @hono/node-server build a whole fetch Request from node's request (bench:api's profile).
        get headers() {
          return c.req.header();
        },
        rawBody,
      };
      try {
        const caller = (await makeCaller(c)) as Caller;
        const result = await caller[domain][name]((route.input ?? defaultInput)(req));
        if (route.stream) return route.stream(services, result);
        return c.json((result ?? null) as object, (route.status ?? 200) as 200);
      } catch (err) {
        const { status, error, locked } = toHttpError(err);
        const retryAfter = retryAfterOf(err);
        if (retryAfter !== null) c.header('Retry-After', String(retryAfter));
        return c.json(locked ? { error, locked } : { error }, status as 400);
      }
    });
  }
  app.all('/api/*', (c) => {
    // A known path asked with a method it does not have: 405 naming the ones it has.
    const allowed = allowedMethods(c.req.path, [...routes, { method: 'GET', path: '/api/openapi.json' }]);
    if (allowed.length) {
      c.header('Allow', allowed.join(', '));
      return c.json(
        { error: `method ${c.req.method} not allowed on ${c.req.path}: use ${allowed.join(', ')}` },
        405,
      );
    }
    return c.json({ error: `no such API path: ${c.req.method} ${c.req.path}` }, 404);
  });
}
