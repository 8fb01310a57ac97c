import type { Json } from './payloads';

/**
 * The one list of places where Discord's published description is stricter than Discord itself,
 * each with the reason. contract.ts loosens the description at exactly these places before it
 * compiles a schema: a property named `property` whose schema `matches` also accepts `accept`.
 */
export interface ContractException {
  /** What the description says and what Discord actually accepts, with the source. */
  reason: string;
  property: RegExp;
  matches(schema: Json): boolean;
  accept: Json;
}

export const CONTRACT_EXCEPTIONS: ContractException[] = [
  {
    reason:
      'Permission bit sets as decimal strings: the request schemas type allow, deny, permissions and ' +
      'default_member_permissions as integers, but Discord documents permissions as "a variable-length ' +
      'integer serialized into a string" (Topics > Permissions), answers them as strings (the response ' +
      'schemas of the same description say string) and accepts strings; discord.js sends strings ' +
      'because the bit set exceeds 2^53.',
    property: /^(allow|deny|permissions|default_member_permissions)$/,
    matches: (s) => [s.type].flat().includes('integer'),
    accept: { type: 'string', pattern: '^(0|[1-9][0-9]*)$' },
  },
];

/** The description with every exception applied (a copy; the original is left as it is). */
export function loosened(spec: Json): Json {
  const walk = (node: Json): Json => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    const out: Json = {};
    for (const [k, v] of Object.entries<Json>(node)) out[k] = walk(v);
    if (out.properties && typeof out.properties === 'object' && !Array.isArray(out.properties)) {
      for (const [name, schema] of Object.entries<Json>(out.properties)) {
        const x = CONTRACT_EXCEPTIONS.find((e) => e.property.test(name) && e.matches(schema));
        if (x) out.properties[name] = { anyOf: [schema, x.accept] };
      }
    }
    return out;
  };
  return walk(spec);
}
