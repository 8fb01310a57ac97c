import type { AnyTRPCRouter } from '@trpc/server';
import { inputSchemaOf, type JsonSchema, needsAField } from './openapi-schema';
import type { RestRoute } from './rest';

/** One /api route as an OpenAPI operation: parameters, body, security and the statuses it answers. */

/** Procedures reachable without credentials (everything else under /api needs an admin). */
export const PUBLIC_PROCEDURES = new Set<string>([
  'stats.global',
  'status.get',
  'contact.submit',
  'billing.handleWebhook',
]);

/** Headers a raw route reads (the procedure input is built from them). */
const RAW_ROUTE_HEADERS: Record<string, { name: string; description: string }[]> = {
  '/api/stripe/webhook': [
    { name: 'Stripe-Signature', description: 'Signature Stripe computed over the raw body' },
  ],
};

/**
 * What the server enforces in refinements the generated schema cannot show: minimum list
 * lengths and id patterns. Keyed by "METHOD /path"; each entry patches body properties.
 */
const REFINEMENTS: Record<string, Record<string, JsonSchema>> = {
  'POST /api/channels/links': {
    channels: {
      minItems: 1,
      items: { properties: { channelId: { pattern: '^\\s*(\\d{1,32})?\\s*$' } } },
    },
  },
  'POST /api/polls': {
    channelId: { pattern: '^\\s*(\\d{1,32})?\\s*$' },
    question: { minProperties: 1 },
    options: { minItems: 2, maxItems: 10 },
  },
  'POST /api/reaction-roles': {
    channelId: { pattern: '^\\s*\\d{1,32}\\s*$' },
    messageId: { pattern: '^\\s*\\d{1,32}\\s*$' },
    roles: { items: { properties: { roleId: { pattern: '^\\s*\\d{1,32}\\s*$' } } } },
  },
};

/** Deep-merges a patch into a schema (objects merge, everything else is replaced). */
function patch(target: JsonSchema, extra: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...target };
  for (const [k, v] of Object.entries(extra)) {
    const cur = out[k];
    out[k] = (
      v && typeof v === 'object' && !Array.isArray(v) && cur && typeof cur === 'object'
        ? patch(cur as JsonSchema, v as JsonSchema)
        : v
    ) as never;
  }
  return out;
}

/**
 * Procedures that answer 503 (a provider or Stripe not configured) or 429 (a rate limit or the
 * monthly allowance), besides the statuses every route may answer.
 */
const EXTRA_STATUSES: Record<string, Record<string, string>> = {
  'contact.submit': { '429': 'Too many messages from this address; Retry-After says when to try again' },
  'billing.createCheckoutSession': {
    '429': 'Too many checkouts started; Retry-After says when to try again',
    '503': 'Online checkout is not configured on this installation',
  },
  'billing.portal': { '503': 'Billing is not configured on this installation' },
  'contact.retryForward': { '503': 'Email forwarding is not configured on this installation' },
  'billing.handleWebhook': { '503': 'Stripe webhooks are not configured on this installation' },
  'announcements.create': { '429': 'The monthly translation allowance is used up' },
  'announcements.translate': {
    '503': 'No translation provider is configured',
    '429': 'The monthly translation allowance is used up',
  },
  'tickets.reply': { '429': 'The monthly translation allowance is used up' },
  'polls.create': {
    '503': 'No translation provider is configured',
    '429': 'The monthly translation allowance is used up',
  },
  'providerKeys.save': { '412': 'PROVIDER_KEY_SECRET is not set on this installation: the feature is off' },
  'providerKeys.setFallback': { '404': 'The server has no key of its own' },
  'providerKeys.remove': { '404': 'The server has no key of its own' },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

export function operationOf(route: RestRoute, router: AnyTRPCRouter) {
  const isPublic = PUBLIC_PROCEDURES.has(route.procedure);
  const input = inputSchemaOf(router, route.procedure);
  const props: Record<string, JsonSchema> = input.properties ?? {};
  const required = new Set(input.required ?? []);
  const pathNames = [...route.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
  /** The input field each path parameter fills (route.params renames). */
  const fieldOf = (name: string) => route.params?.[name] ?? name;
  const pathFields = pathNames.map(fieldOf);
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';

  const parameters: Record<string, unknown>[] = pathNames.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: props[fieldOf(name)] ?? { type: 'string' },
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
  const rest = Object.entries(props).filter(([name]) => !pathFields.includes(name));
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
        content: route.stream
          ? { 'text/csv': { schema: { type: 'string' } }, 'application/json': { schema: { type: 'object' } } }
          : { 'application/json': { schema: {} } },
      },
      '400': errorResponse('Bad input; the message names the field'),
      ...(isPublic
        ? {}
        : {
            '401': errorResponse('No or wrong credentials'),
            '403': errorResponse("Not allowed on this server, or the server's plan lacks the feature"),
          }),
      ...(pathNames.length ? { '404': errorResponse('No such record') } : {}),
      ...Object.fromEntries(
        Object.entries(EXTRA_STATUSES[route.procedure] ?? {}).map(([code, text]) => [
          code,
          errorResponse(text),
        ]),
      ),
      default: errorResponse('Any other failure (409 conflict and the like) with the reason'),
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
    const refined = REFINEMENTS[`${route.method} ${route.path}`] ?? {};
    for (const [name, extra] of Object.entries(refined)) {
      if (bodyProps[name]) bodyProps[name] = patch(bodyProps[name], extra);
    }
    const bodySchema: JsonSchema = input.allOf
      ? input
      : {
          type: 'object',
          properties: bodyProps,
          ...(bodyRequired.length ? { required: bodyRequired } : {}),
          // "Give at least one field": the empty object is refused.
          ...(!bodyRequired.filter((r) => r !== 'guildId').length && needsAField(router, route.procedure)
            ? { minProperties: 1 }
            : {}),
        };
    operation.requestBody = {
      required: bodyRequired.length > 0 || bodySchema.minProperties === 1,
      content: { 'application/json': { schema: bodySchema } },
    };
  }
  return operation;
}
