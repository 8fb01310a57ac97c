import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRICE_IDS } from '../../src/common/plans';
import { openApiPath } from '../../src/server/core/openapi';
import { PUBLIC_PROCEDURES } from '../../src/server/core/openapi-operation';
import { procedureOf } from '../../src/server/core/openapi-schema';
import { restRoutes } from '../../src/server/app/rest-table';
import { appRouter } from '../../src/server/app/router';
import { startTestServer, type TestServer } from '../helpers/server';

/** Spec section 7, every row, as method and path (query strings left out). */
const SPEC_SECTION_7 = [
  'GET /api/global-stats',
  'POST /api/create-checkout-session',
  'POST /api/contact',
  'GET /api/stats',
  'GET /api/activity',
  'GET /api/translation/settings',
  'PATCH /api/translation/settings',
  'GET /api/channels/links',
  'POST /api/channels/links',
  'DELETE /api/channels/links/{id}',
  'GET /api/polls',
  'POST /api/polls',
  'DELETE /api/polls/{id}',
  'GET /api/welcome',
  'PATCH /api/welcome',
  'GET /api/reaction-roles',
  'DELETE /api/reaction-roles/{id}',
  'GET /api/moderation/rules',
  'PATCH /api/moderation/rules',
  'GET /api/moderation/logs',
  'GET /api/analytics',
  'GET /api/config',
  'PATCH /api/config',
  'GET /api/announcements',
  'GET /api/discord/channels',
  'POST /api/announcements',
  'POST /api/announcements/{id}/post',
  'DELETE /api/announcements/{id}',
  'GET /api/tickets',
  'GET /api/tickets/{id}',
  'PATCH /api/tickets/{id}',
  'POST /api/tickets/{id}/messages',
  'GET /api/language-learning/learners/{guildOrUserId}',
  'GET /api/language-learning/progress/{serverId}/{userId}',
  'GET /api/voice-translation/sessions/{id}',
  'GET /api/voice-translation/sessions/{id}/active',
  'PATCH /api/voice-translation/sessions/{id}',
];

let s: TestServer;
// biome-ignore lint/suspicious/noExplicitAny: the document is arbitrary JSON
let doc: any;
beforeAll(async () => {
  s = await startTestServer();
  const res = await s.api('/api/openapi.json');
  expect(res.status).toBe(200);
  doc = res.json;
});
afterAll(() => s.close());

describe('GET /api/openapi.json', () => {
  it('is public and is an OpenAPI 3.1 document for this server', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBeTruthy();
    expect(doc.servers).toEqual([{ url: s.url }]);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('lists every row of the REST table with its method, summary and procedure', () => {
    for (const route of restRoutes) {
      const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.summary).toBe(route.summary);
      expect(op['x-procedure']).toBe(route.procedure);
      expect(Object.keys(op.responses)).toContain(String(route.status ?? 200));
      const pathParams = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const documented = op.parameters
        .filter((p: { in: string }) => p.in === 'path')
        .map((p: { name: string }) => p.name);
      expect(documented, `${route.method} ${route.path}`).toEqual(pathParams);
      expect(op.security, `${route.method} ${route.path}`).toEqual(
        PUBLIC_PROCEDURES.has(route.procedure) ? [] : [{ bearerAuth: [] }, { sessionCookie: [] }],
      );
    }
    const operations = Object.values(doc.paths).flatMap((p) => Object.values(p as object));
    const ids = operations.map((op: { operationId: string }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/openapi.json'].get).toBeDefined();
  });

  it('every procedure a route names exists in the router, and so does every public one', () => {
    for (const route of restRoutes)
      expect(procedureOf(appRouter, route.procedure), route.procedure).toBeDefined();
    for (const name of PUBLIC_PROCEDURES) expect(procedureOf(appRouter, name), name).toBeDefined();
  });

  it.each(SPEC_SECTION_7)('spec section 7: %s has a route at that exact method and path', (row) => {
    const [method, path] = row.split(' ');
    const route = restRoutes.find((r) => r.method === method && openApiPath(r.path) === path);
    expect(route, row).toBeDefined();
    expect(doc.paths[path]?.[method.toLowerCase()], row).toBeDefined();
  });

  it('documents request bodies from the zod input schemas', () => {
    const contact = doc.paths['/api/contact'].post;
    const schema = contact.requestBody.content['application/json'].schema;
    expect(schema.required.sort()).toEqual(['email', 'message', 'name', 'subject', 'type']);
    expect(schema.properties.type.enum).toEqual(['bug', 'feature', 'support', 'other']);
    expect(schema.properties.message.maxLength).toBe(5000);

    const checkout = doc.paths['/api/create-checkout-session'].post;
    const priceId = checkout.requestBody.content['application/json'].schema.properties.priceId;
    expect(priceId.enum).toEqual([PRICE_IDS.plus, PRICE_IDS.pro]);

    const settings = doc.paths['/api/translation/settings'].patch;
    const rate = settings.requestBody.content['application/json'].schema.properties.rateLimitPerUser;
    expect(rate).toMatchObject({ type: 'integer', minimum: 10, maximum: 200 });
    expect(settings.parameters).toContainEqual(expect.objectContaining({ name: 'guildId', in: 'query' }));

    const webhook = doc.paths['/api/stripe/webhook'].post;
    expect(webhook.parameters).toContainEqual(
      expect.objectContaining({ name: 'Stripe-Signature', in: 'header' }),
    );
  });
});
