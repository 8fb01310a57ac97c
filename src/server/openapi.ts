import { z } from 'zod';
import { type RestRoute, restRoutes } from './rest';
import { appRouter } from './routers/_app';
import { SESSION_COOKIE } from './services/auth';

/**
 * The OpenAPI 3.1 document of every /api path, built from the REST route table and the zod input
 * schemas of the procedures the routes call. Served at GET /api/openapi.json.
 */

/** Procedures reachable without credentials (everything else under /api needs an admin). */
export const PUBLIC_PROCEDURES = new Set<string>([
  'stats.global',
  'contact.submit',
  'billing.handleWebhook',
]);

export const OPENAPI_PATH = '/api/openapi.json';

/** Headers a raw route reads (the procedure input is built from them). */
const RAW_ROUTE_HEADERS: Record<string, { name: string; description: string }[]> = {
  '/api/stripe/webhook': [
    { name: 'Stripe-Signature', description: 'Signature Stripe computed over the raw body' },
  ],
};

type JsonSchema = Record<string, unknown> & {
  type?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

interface Procedure {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] };
}

/** Hono's /api/polls/:id as OpenAPI's /api/polls/{id}. */
export function openApiPath(honoPath: string): string {
  return honoPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

export function procedureOf(name: string): Procedure | undefined {
  return (appRouter._def.procedures as unknown as Record<string, Procedure | undefined>)[name];
}

/** The JSON Schema of one input parser (zod only; anything else is documented as any). */
function schemaOf(parser: unknown): JsonSchema {
  if (!(parser instanceof z.ZodType)) return {};
  try {
    const { $schema: _s, ...schema } = z.toJSONSchema(parser, {
      io: 'input',
      unrepresentable: 'any',
    }) as JsonSchema;
    return schema;
  } catch {
    return {};
  }
}

/** Merges a procedure's chained inputs (tRPC merges the objects the same way). */
export function inputSchemaOf(name: string): JsonSchema {
  const proc = procedureOf(name);
  if (!proc) return {};
  const parts = proc._def.inputs.map(schemaOf);
  if (parts.length === 0) return {};
  if (parts.length === 1) return parts[0];
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  const others: JsonSchema[] = [];
  for (const part of parts) {
    if (part.type === 'object' && part.properties) {
      Object.assign(properties, part.properties);
      for (const r of part.required ?? []) required.add(r);
    } else {
      others.push(part);
    }
  }
  const merged: JsonSchema = { type: 'object', properties };
  if (required.size) merged.required = [...required];
  return others.length ? { allOf: [merged, ...others] } : merged;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function operationOf(route: RestRoute) {
  const isPublic = PUBLIC_PROCEDURES.has(route.procedure);
  const input = inputSchemaOf(route.procedure);
  const props: Record<string, JsonSchema> = input.properties ?? {};
  const required = new Set(input.required ?? []);
  const pathNames = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';

  const parameters: Record<string, unknown>[] = pathNames.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: props[name] ?? { type: 'string' },
  }));
  for (const header of RAW_ROUTE_HEADERS[route.path] ?? []) {
    parameters.push({
      name: header.name,
      in: 'header',
      required: true,
      description: header.description,
      schema: { type: 'string' },
    });
  }
  const rest = Object.entries(props).filter(([name]) => !pathNames.includes(name));
  // Query strings carry every input of a read, and the guild of a write (the spec sends ?guildId=).
  for (const [name, schema] of rest) {
    if (hasBody && name !== 'guildId') continue;
    parameters.push({ name, in: 'query', required: !hasBody && required.has(name), schema });
  }

  const operation: Record<string, unknown> = {
    operationId: `${route.procedure}${route.method === 'GET' ? '' : `.${route.method.toLowerCase()}`}`,
    summary: route.summary,
    tags: [route.procedure.split('.')[0]],
    'x-procedure': route.procedure,
    security: isPublic ? [] : [{ bearerAuth: [] }, { sessionCookie: [] }],
    parameters,
    responses: {
      [String(route.status ?? 200)]: {
        description: route.status === 201 ? 'Created' : 'OK',
        content: { 'application/json': { schema: {} } },
      },
      '400': errorResponse('Bad input; the message names the field'),
      ...(isPublic ? {} : { '401': errorResponse('No or wrong credentials') }),
      default: errorResponse('Any other failure: 403, 404, 409, 429, 503 with the reason'),
    },
  };
  if (route.raw) {
    operation.requestBody = {
      required: true,
      description: 'The raw body as sent; it is checked against the signature before it is read',
      content: { 'application/json': { schema: { type: 'object' } } },
    };
  } else if (hasBody) {
    const bodyProps = Object.fromEntries(rest);
    const bodyRequired = [...required].filter((r) => r in bodyProps);
    const bodySchema: JsonSchema = input.allOf
      ? input
      : { type: 'object', properties: bodyProps, ...(bodyRequired.length ? { required: bodyRequired } : {}) };
    operation.requestBody = {
      required: bodyRequired.length > 0,
      content: { 'application/json': { schema: bodySchema } },
    };
  }
  return operation;
}

let cached: { url: string; doc: Record<string, unknown> } | null = null;

export function buildOpenApiDocument(serverUrl: string): Record<string, unknown> {
  if (cached?.url === serverUrl) return cached.doc;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of restRoutes) {
    const path = openApiPath(route.path);
    paths[path] ??= {};
    paths[path][route.method.toLowerCase()] = operationOf(route);
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
          description: "The operator's ADMIN_TOKEN (every server), or a server's API key (pgk_..., that server only)",
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
  cached = { url: serverUrl, doc };
  return doc;
}
