import type { Json } from './payloads';

/**
 * What Discord answers of the parts of a message the bot sent: components get their numeric id
 * (numbered depth first from 1 when the bot gave none) and their defaults (a select's min_values and
 * max_values 1), embeds their type 'rich' and each field its inline flag, as the message objects of
 * Discord's description require.
 */
export function componentsOut(components: Json[] | undefined): Json[] {
  let next = 0;
  const out = (c: Json): Json => {
    const id = c.id ?? ++next;
    const done: Json = { ...c, id };
    if (c.type >= 3 && c.type <= 8) {
      done.min_values = c.min_values ?? 1;
      done.max_values = c.max_values ?? 1;
    }
    if (Array.isArray(c.components)) done.components = c.components.map(out);
    return done;
  };
  return (components ?? []).map(out);
}

export function embedsOut(embeds: Json[] | undefined): Json[] {
  return (embeds ?? []).map((e) => ({
    ...e,
    type: e.type ?? 'rich',
    ...(Array.isArray(e.fields)
      ? { fields: e.fields.map((f: Json) => ({ ...f, inline: f.inline ?? false })) }
      : {}),
  }));
}
