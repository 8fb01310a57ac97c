import { z } from 'zod';
import { MODERATION_CATEGORIES } from './prompt';
import type { ModerationVerdict } from '../core/translator';

/** Reading the provider's answer to a translation prompt (one message or a batch) and its moderation verdict. */

const verdictSchema = z.object({
  flagged: z.boolean(),
  category: z.string().catch('none'),
  reason: z.string().catch(''),
});

export const answerSchema = z.object({
  source: z.string().trim().min(2).max(16),
  translations: z.record(z.string(), z.unknown()).default({}),
  moderation: z.unknown().optional(),
});

export type ParsedAnswer =
  | { ok: true; source: string; translations: Record<string, string>; moderation?: ModerationVerdict }
  | { ok: false; problem: string };

/** The verdict when the answer holds a readable one; an unknown category reads as toxicity. */
export function parseVerdict(value: unknown): ModerationVerdict | undefined {
  const v = verdictSchema.safeParse(value);
  if (!v.success) return undefined;
  const known = (MODERATION_CATEGORIES as readonly string[]).includes(v.data.category);
  const category = v.data.flagged
    ? known && v.data.category !== 'none'
      ? (v.data.category as ModerationVerdict['category'])
      : 'toxicity'
    : 'none';
  return { flagged: v.data.flagged, category, reason: v.data.reason.slice(0, 200) };
}

function readJson(raw: string): { ok: true; json: unknown } | { ok: false; problem: string } {
  const text = raw
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  if (!text) return { ok: false, problem: 'empty answer' };
  try {
    return { ok: true, json: JSON.parse(text) };
  } catch {
    return { ok: false, problem: 'answer is not JSON' };
  }
}

/**
 * The answer in its schema's shape, with its translations kept only where they are non-empty text
 * (keyed by lower-case code), or what is wrong with it. Text and audio answers both read this way.
 */
export function readShape<T extends { translations: Record<string, unknown> }>(
  schema: z.ZodType<T>,
  json: unknown,
): { ok: true; data: T; translations: Record<string, string> } | { ok: false; problem: string } {
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    return {
      ok: false,
      problem: `answer has the wrong shape (${parsed.error.issues[0]?.path.join('.') || 'root'})`,
    };
  }
  const translations: Record<string, string> = {};
  for (const [code, value] of Object.entries(parsed.data.translations)) {
    if (typeof value === 'string' && value.trim() !== '') translations[code.toLowerCase()] = value;
  }
  return { ok: true, data: parsed.data, translations };
}

function readOne(json: unknown): ParsedAnswer {
  const shaped = readShape(answerSchema, json);
  if (!shaped.ok) return shaped;
  const moderation = parseVerdict(shaped.data.moderation);
  return {
    ok: true,
    source: shaped.data.source.toLowerCase(),
    translations: shaped.translations,
    ...(moderation ? { moderation } : {}),
  };
}

/** Reads the model's text: JSON (a ```json fence tolerated), validated; keeps only non-empty strings. */
export function parseAnswer(raw: string): ParsedAnswer {
  const r = readJson(raw);
  return r.ok ? readOne(r.json) : r;
}

/** A batch answer: each item by id (items that are missing or malformed are absent). */
export function parseBatchAnswer(
  raw: string,
): { ok: true; items: Map<string, ParsedAnswer> } | { ok: false; problem: string } {
  const r = readJson(raw);
  if (!r.ok) return r;
  const items = (r.json as { items?: unknown })?.items;
  if (!Array.isArray(items)) return { ok: false, problem: 'answer has the wrong shape (items)' };
  const out = new Map<string, ParsedAnswer>();
  for (const item of items) {
    const id = (item as { id?: unknown })?.id;
    if (typeof id === 'string' || typeof id === 'number') out.set(String(id), readOne(item));
  }
  return { ok: true, items: out };
}
