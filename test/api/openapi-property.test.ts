import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedGuild } from '../helpers/guilds';
import { recordingTranslator } from '../helpers/recording-translator';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Schema-driven property test of /api/openapi.json against the running server: every operation
 * gets requests generated from its own documented parameters and body, and every answer must be
 * a status the document lists for that operation (409 is the one left to `default`), never a
 * 500, with an { error } body on failure. Every path also answers a wrong method with 405 and
 * an Allow header naming the documented methods.
 */

type Schema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  enum?: unknown[];
};
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  parameters: Parameter[];
  requestBody?: { required?: boolean; content: { 'application/json': { schema: Schema } } };
  responses: Record<string, unknown>;
}

const GUILD = 'default';

/** A fast-check arbitrary of values valid for a JSON Schema (the subset the document uses). */
function arbitraryOf(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return fc.oneof(...union.map((s) => arbitraryOf(s, depth + 1)));
  if (schema.allOf) {
    const props = Object.assign({}, ...schema.allOf.map((s) => s.properties ?? {}));
    const required = schema.allOf.flatMap((s) => s.required ?? []);
    return arbitraryOf({ type: 'object', properties: props, required }, depth + 1);
  }
  const num = (k: string) => (typeof schema[k] === 'number' ? (schema[k] as number) : undefined);
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'date-time')
        return fc
          .date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true })
          .map((d) => d.toISOString());
      if (schema.format === 'email') return fc.emailAddress();
      const minLength = num('minLength') ?? 0;
      const maxLength = Math.min(num('maxLength') ?? 40, 60);
      if (typeof schema.pattern === 'string') {
        const re = new RegExp(schema.pattern, 'u');
        return fc
          .stringMatching(re)
          .filter((v) => v.length >= minLength && v.length <= (num('maxLength') ?? 1e9));
      }
      return fc.string({ minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'integer':
      return fc.integer({ min: num('minimum') ?? -1000, max: num('maximum') ?? 100_000 });
    case 'number':
      return fc.double({ min: num('minimum') ?? -1000, max: num('maximum') ?? 100_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = num('minItems') ?? 0;
      return fc.array(depth > 4 ? fc.constant(null) : arbitraryOf(schema.items ?? {}, depth + 1), {
        minLength,
        maxLength: Math.max(minLength, Math.min(num('maxItems') ?? 4, 4)),
      });
    }
    case 'object': {
      if (schema.properties) {
        const model = Object.fromEntries(
          Object.entries(schema.properties).map(([k, v]) => [
            k,
            k === 'guildId' ? fc.constant(GUILD) : arbitraryOf(v, depth + 1),
          ]),
        );
        const rec = fc.record(model, { requiredKeys: schema.required ?? [] });
        const min = num('minProperties') ?? 0;
        return min ? rec.filter((o) => Object.keys(o).length >= min) : rec;
      }
      const values = (schema.additionalProperties as Schema | undefined) ?? {};
      const keys = (schema.propertyNames as Schema | undefined) ?? { type: 'string', maxLength: 10 };
      return fc.dictionary(
        arbitraryOf(keys, depth + 1) as fc.Arbitrary<string>,
        arbitraryOf(values, depth + 1),
        { minKeys: num('minProperties') ?? 0, maxKeys: 3 },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

interface Sample {
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

function requestArbitrary(template: string, op: Operation): fc.Arbitrary<Sample> {
  const params = op.parameters ?? [];
  const pick = (where: Parameter['in']) =>
    Object.fromEntries(
      params
        .filter((p) => p.in === where)
        .map((p) => {
          const a = p.name === 'guildId' ? fc.constant(GUILD) : arbitraryOf(p.schema).map(String);
          return [p.name, p.required || where === 'path' ? a : fc.option(a, { nil: undefined })];
        }),
    );
  const body = op.requestBody
    ? arbitraryOf(op.requestBody.content['application/json'].schema)
    : fc.constant(undefined);
  return fc
    .record({
      path: fc.record(pick('path')),
      query: fc.record(pick('query')),
      headers: fc.record(pick('header')),
      body,
    })
    .map(({ path, query, headers, body }) => ({
      path: template.replace(/\{(\w+)\}/g, (_, n) => encodeURIComponent(String(path[n]))),
      query: Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >,
      headers: Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<
        string,
        string
      >,
      body,
    }));
}

let s: TestServer;
// biome-ignore lint/suspicious/noExplicitAny: the document is arbitrary JSON
let doc: any;
const operations: { method: string; template: string; op: Operation }[] = [];

beforeAll(async () => {
  s = await startTestServer({ overrides: { translator: recordingTranslator().translator } });
  await seedGuild(s.services, GUILD, { plan: 'ultimate', name: 'Property test server' });
  doc = (await s.api('/api/openapi.json')).json;
  for (const [template, item] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
    for (const [method, op] of Object.entries(item)) {
      // The Danger Zone reset would erase the plan the other operations need; it has its own tests.
      if (template === '/api/guild/reset') continue;
      operations.push({ method: method.toUpperCase(), template, op });
    }
  }
});
afterAll(() => s.close());

describe('the OpenAPI document matches the running server', () => {
  it('every operation answers generated requests only with documented statuses, never a 500', async () => {
    const seen: Record<string, Set<number>> = {};
    for (const { method, template, op } of operations) {
      const documented = new Set(Object.keys(op.responses));
      await fc.assert(
        fc.asyncProperty(requestArbitrary(template, op), async (req) => {
          const qs = new URLSearchParams(req.query).toString();
          const res = await s.api(`${req.path}${qs ? `?${qs}` : ''}`, {
            method,
            admin: true,
            headers: req.headers,
            body: req.body,
          });
          seen[op.operationId] ??= new Set();
          seen[op.operationId].add(res.status);
          expect(res.status, `${method} ${req.path}: ${res.text.slice(0, 200)}`).not.toBe(500);
          expect(
            documented.has(String(res.status)) || res.status === 409,
            `${method} ${template} answered undocumented ${res.status}: ${res.text.slice(0, 200)}`,
          ).toBe(true);
          if (res.status >= 400) expect(typeof res.json?.error, `${method} ${req.path}`).toBe('string');
        }),
        { numRuns: 12, seed: 14, endOnFailure: true },
      );
    }
    // The generator reaches real work, not only refusals: most operations succeeded at least once.
    const succeeded = Object.values(seen).filter((codes) => [...codes].some((c) => c < 300)).length;
    console.log(
      `openapi property test: ${operations.length} operations, ${succeeded} answered 2xx at least once`,
    );
    expect(succeeded).toBeGreaterThan(operations.length / 2);
  }, 120_000);

  it('answers a wrong method on every documented path with 405 and an Allow header', async () => {
    const all = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    for (const [template, item] of Object.entries(doc.paths as Record<string, object>)) {
      const methods = Object.keys(item).map((m) => m.toUpperCase());
      const wrong = all.find((m) => !methods.includes(m));
      if (!wrong) continue;
      const path = template.replace(/\{(\w+)\}/g, '1');
      const res = await s.api(path, { method: wrong, admin: true });
      expect(res.status, `${wrong} ${path}`).toBe(405);
      const allow = (res.headers.get('allow') ?? '').split(', ').sort();
      expect(allow, `${wrong} ${path}`).toEqual([...methods].sort());
      expect(res.json.error).toContain('not allowed');
    }
    expect((await s.api('/api/no-such-thing', { admin: true })).status).toBe(404);
  });

  it('documents one path item per URL, date-times as date-time, and the bodies that need a field', () => {
    expect(doc.paths['/api/voice-translation/sessions/{sessionId}']).toBeUndefined();
    const session = doc.paths['/api/voice-translation/sessions/{id}'];
    expect(Object.keys(session).sort()).toEqual(['get', 'patch']);
    const endedAt = session.patch.requestBody.content['application/json'].schema.properties.endedAt;
    expect(endedAt).toEqual({ type: 'string', format: 'date-time' });
    const ticket = doc.paths['/api/tickets/{id}'].patch.requestBody.content['application/json'].schema;
    expect(ticket.properties.resolvedAt).toEqual({ type: 'string', format: 'date-time' });
    expect(ticket.minProperties).toBe(1);
    const links = doc.paths['/api/channels/links'].post.requestBody.content['application/json'].schema;
    expect(links.properties.channels.minItems).toBe(1);
    const polls = doc.paths['/api/polls'].post.requestBody.content['application/json'].schema;
    expect(polls.properties.options.minItems).toBe(2);
    expect(doc.paths['/api/contact'].post.responses['429']).toBeDefined();
    expect(doc.paths['/api/create-checkout-session'].post.responses['503']).toBeDefined();
    expect(JSON.stringify(doc)).not.toContain('"anyOf":[{}');
  });
});
