import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { loosened } from './contract-exceptions';
import type { Json } from './payloads';

/**
 * Discord's published REST description (OpenAPI 3.1, MIT, test/contracts/discord-openapi.json)
 * as a checker for the fake Discord: every request is matched to an operation (path template and
 * method), its JSON body (or multipart payload_json) validated against the operation's request
 * schema, and the fake's answer against the response schema of its status. Violations are kept
 * here (takeContractViolations) so test/helpers/contract-setup.ts fails the test that caused them.
 */

const SPEC_PATH = fileURLToPath(new URL('../../contracts/discord-openapi.json', import.meta.url));

export type ViolationKind = 'unknown-route' | 'wrong-method' | 'invalid-body' | 'invalid-response';

export interface ContractViolation {
  kind: ViolationKind;
  method: string;
  /** The path as requested (after /api/v10). */
  path: string;
  /** The description's path template, e.g. /channels/{channel_id}/messages (when one matched). */
  route?: string;
  operationId?: string;
  status?: number;
  /** ajv's errors, one per line: `/embeds/0/title must NOT have more than 256 characters`. */
  errors: string[];
}

export interface MatchedOperation {
  route: string;
  method: string;
  operationId: string;
}

interface Operation {
  operationId: string;
  requestSchema?: Json;
  responses: Record<string, Json>;
}

interface Template {
  route: string;
  re: RegExp;
  /** Literal segments: a literal beats a parameter (…/messages/@original over …/{message_id}). */
  literals: number;
  ops: Map<string, Operation>;
}

const violations: ContractViolation[] = [];

/** The violations recorded since the last call (and forgets them). */
export function takeContractViolations(): ContractViolation[] {
  return violations.splice(0, violations.length);
}

/** One line per violation, for a test failure or a report. */
export function describeViolation(v: ContractViolation): string {
  const where = v.route ? `${v.method} ${v.route} (${v.operationId})` : `${v.method} ${v.path}`;
  const status = v.status !== undefined ? ` status ${v.status}` : '';
  return `Discord contract: ${v.kind} ${where}${status}: ${v.errors.join('; ')}`;
}

/** Every operation the fake answered during this process, `METHOD template` -> count (coverage). */
export const exercisedRoutes = new Map<string, number>();

export class DiscordContract {
  private readonly ajv: Ajv2020;
  private readonly templates: Template[] = [];
  private readonly compiled = new Map<string, ValidateFunction>();

  private readonly spec: Json;

  constructor(published: Json) {
    this.spec = loosened(published);
    const spec = this.spec;
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
    // OpenAPI's numeric formats are type hints; the rest are checked.
    for (const f of ['int32', 'int64', 'double', 'snowflake', 'nonce']) this.ajv.addFormat(f, true);
    this.ajv.addFormat(
      'date-time',
      (s: string) => !Number.isNaN(Date.parse(s)) && /^\d{4}-\d\d-\d\dT/.test(s),
    );
    this.ajv.addFormat('uri', (s: string) => URL.canParse(s));
    this.ajv.addSchema({ $id: 'discord', components: spec.components });
    for (const [route, item] of Object.entries<Json>(spec.paths)) {
      const ops = new Map<string, Operation>();
      for (const method of ['get', 'put', 'post', 'patch', 'delete']) {
        const op = item[method];
        if (!op) continue;
        const content = op.requestBody?.content ?? {};
        ops.set(method.toUpperCase(), {
          operationId: op.operationId,
          requestSchema: (content['application/json'] ?? content['multipart/form-data'])?.schema,
          responses: op.responses ?? {},
        });
      }
      const segments = route.split('/').filter(Boolean);
      const pattern = segments
        .map((s) => (s.startsWith('{') ? '[^/]+' : s.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
        .join('/');
      this.templates.push({
        route,
        re: new RegExp(`^/${pattern}/?$`),
        literals: segments.filter((s) => !s.startsWith('{')).length,
        ops,
      });
    }
    this.templates.sort((a, b) => b.literals - a.literals);
  }

  /** The operation this request is, or the violation (unknown route, wrong method). */
  match(method: string, path: string): MatchedOperation | ContractViolation {
    const candidates = this.templates.filter((t) => t.re.test(path));
    const withMethod = candidates.find((t) => t.ops.has(method));
    if (withMethod) {
      const op = withMethod.ops.get(method)!;
      return { route: withMethod.route, method, operationId: op.operationId };
    }
    if (candidates.length) {
      const t = candidates[0];
      return {
        kind: 'wrong-method',
        method,
        path,
        route: t.route,
        errors: [`${method} is not an operation of ${t.route} (it has ${[...t.ops.keys()].join(', ')})`],
      };
    }
    return { kind: 'unknown-route', method, path, errors: ['no path of the description matches'] };
  }

  /** Checks a request; returns (and records) its violation, or the operation it is. */
  checkRequest(method: string, path: string, body: Json | null): MatchedOperation | ContractViolation {
    const matched = this.match(method, path);
    if ('kind' in matched) return record(matched);
    const op = this.operation(matched);
    if (op.requestSchema && body !== null && body !== undefined) {
      const validate = this.validator(`${matched.operationId}:request`, op.requestSchema);
      const errors = this.errorsOf(validate, body);
      if (errors.length) return record({ kind: 'invalid-body', method, path, ...ids(matched), errors });
    }
    return matched;
  }

  /** Checks the fake's answer against the response the description gives for its status. */
  checkResponse(matched: MatchedOperation, path: string, status: number, body: Json | null): void {
    const op = this.operation(matched);
    const key = `${status}`;
    // Discord answers 5xx on its own failures (tests inject them); the description lists none.
    if (status >= 500) return;
    const response = op.responses[key] ?? op.responses[`${key[0]}XX`];
    const fail = (errors: string[]) =>
      record({ kind: 'invalid-response', method: matched.method, path, ...ids(matched), status, errors });
    if (!response) {
      fail([`status ${status} is not a response of ${matched.operationId} (${Object.keys(op.responses)})`]);
      return;
    }
    const resolved = response.$ref ? this.pointer(response.$ref) : response;
    const schema = resolved.content?.['application/json']?.schema;
    if (!schema) {
      if (body !== null) fail([`status ${status} of ${matched.operationId} has no body, the fake sent one`]);
      return;
    }
    const validate = this.validator(`${matched.operationId}:${key}`, schema);
    const errors = this.errorsOf(validate, body);
    if (errors.length) fail(errors);
  }

  private operation(m: MatchedOperation): Operation {
    return this.templates.find((t) => t.route === m.route)!.ops.get(m.method)!;
  }

  private pointer(ref: string): Json {
    return ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((o: Json, k) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], this.spec);
  }

  private validator(key: string, schema: Json): ValidateFunction {
    let v = this.compiled.get(key);
    if (!v) {
      v = this.ajv.compile(rebase(schema) as Json);
      this.compiled.set(key, v);
    }
    return v;
  }

  private errorsOf(validate: ValidateFunction, data: unknown): string[] {
    if (validate(data)) return [];
    return (validate.errors ?? []).map(line).slice(0, 12);
  }
}

function record(v: ContractViolation): ContractViolation {
  violations.push(v);
  return v;
}

function ids(m: MatchedOperation) {
  return { route: m.route, operationId: m.operationId };
}

function line(e: ErrorObject): string {
  const params = e.keyword === 'additionalProperties' ? ` (${e.params.additionalProperty})` : '';
  return `${e.instancePath || '/'} ${e.message}${params}`;
}

/** The description's local refs (#/components/…) point into the `discord` schema ajv holds. */
function rebase(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(rebase);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema))
    out[k] = k === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `discord${v}` : rebase(v);
  return out;
}

let shared: DiscordContract | undefined;

/** The description, loaded and compiled once per process (schemas compile on first use). */
export function discordContract(): DiscordContract {
  shared ??= new DiscordContract(JSON.parse(readFileSync(SPEC_PATH, 'utf8')));
  return shared;
}
