import type { AnyTRPCRouter } from '@trpc/server';
import { z } from 'zod';

/** The JSON Schema of a procedure's zod input, as the OpenAPI document (openapi.ts) shows it. */

export type JsonSchema = Record<string, unknown> & {
  type?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

interface Procedure {
  _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] };
}

/** A procedure of the one router (src/server/app/router.ts hands it in) by its "domain.procedure" name. */
export function procedureOf(router: AnyTRPCRouter, name: string): Procedure | undefined {
  return (router._def.procedures as unknown as Record<string, Procedure | undefined>)[name];
}

const DATE_TIME: JsonSchema = { type: 'string', format: 'date-time' };

/** A schema that is a date-time string, however zod spelled it (a Date or an ISO string). */
function isDateTime(schema: JsonSchema): boolean {
  return schema.type === 'string' && schema.format === 'date-time';
}

/**
 * Over the wire a time is an ISO string: `Date | ISO string` unions become one date-time, and a
 * nullable one keeps its null.
 */
function tidy(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(tidy);
  if (!schema || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [k, v] of Object.entries(schema)) out[k] = tidy(v) as never;
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (anyOf) {
    const flat = anyOf.flatMap((m) =>
      m.anyOf && Object.keys(m).length === 1 ? (m.anyOf as JsonSchema[]) : [m],
    );
    const dates = flat.filter(isDateTime);
    const nulls = flat.filter((m) => m.type === 'null');
    if (dates.length && dates.length + nulls.length === flat.length) {
      const { anyOf: _a, ...rest } = out;
      return nulls.length ? { ...rest, anyOf: [DATE_TIME, { type: 'null' }] } : { ...rest, ...DATE_TIME };
    }
    out.anyOf = flat as never;
  }
  return out;
}

/** The JSON Schema of one input parser (zod only; anything else is documented as any). */
function schemaOf(parser: unknown): JsonSchema {
  if (!(parser instanceof z.ZodType)) return {};
  try {
    const { $schema: _s, ...schema } = z.toJSONSchema(parser, {
      io: 'input',
      unrepresentable: 'any',
      override: (ctx) => {
        // A Date input arrives as an ISO string over HTTP.
        if ((ctx.zodSchema as { _zod: { def: { type: string } } })._zod.def.type === 'date') {
          Object.assign(ctx.jsonSchema, DATE_TIME);
        }
      },
    }) as JsonSchema;
    return tidy(schema) as JsonSchema;
  } catch {
    return {};
  }
}

/** A PATCH input that refuses an empty object although no field is required ("give at least one"). */
export function needsAField(router: AnyTRPCRouter, name: string): boolean {
  const proc = procedureOf(router, name);
  if (!proc) return false;
  return proc._def.inputs.some((parser) => {
    if (!(parser instanceof z.ZodType)) return false;
    const schema = schemaOf(parser);
    if (schema.required?.length) return false;
    return !parser.safeParse({}).success;
  });
}

/** Merges a procedure's chained inputs (tRPC merges the objects the same way). */
export function inputSchemaOf(router: AnyTRPCRouter, name: string): JsonSchema {
  const proc = procedureOf(router, name);
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
