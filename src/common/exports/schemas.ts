import { z } from 'zod';
import type { Capability } from '../plans';

/**
 * Exports (Pro, the `analyticsExport` capability): what each dataset holds, column by column. The
 * server streams exactly these columns; the privacy page lists them from here. No dataset holds the
 * text of a message: moderation entries leave out the flagged excerpt, tickets their subject,
 * description and conversation. A case's reason is what the moderator wrote, not a member's message.
 */
export const EXPORT_DATASETS = {
  daily: {
    label: 'Analytics: translations per day',
    columns: ['date', 'count'],
    needs: 'analytics',
  },
  'language-pairs': {
    label: 'Analytics: language pairs',
    columns: ['from', 'to', 'count', 'successRate'],
    needs: 'analytics',
  },
  'top-translators': {
    label: 'Analytics: top translators',
    columns: ['userId', 'username', 'count', 'accuracy'],
    needs: 'analytics',
  },
  providers: {
    label: 'Analytics: providers',
    columns: ['provider', 'name', 'role', 'translations', 'characters', 'errors', 'share'],
    needs: 'analytics',
  },
  translations: {
    label: 'Translation log (metadata)',
    columns: [
      'id',
      'createdAt',
      'channelId',
      'userId',
      'username',
      'sourceLanguage',
      'targetLanguage',
      'characters',
      'latencyMs',
      'inputTokens',
      'outputTokens',
      'cachedTokens',
      'outcome',
      'source',
      'provider',
    ],
    needs: null,
  },
  moderation: {
    label: 'Moderation log',
    columns: ['id', 'timestamp', 'type', 'userId', 'action', 'rule', 'language'],
    needs: 'moderation',
  },
  tickets: {
    label: 'Support tickets (metadata)',
    columns: [
      'id',
      'createdAt',
      'resolvedAt',
      'status',
      'priority',
      'category',
      'userId',
      'userLanguage',
      'supportLanguage',
      'channelId',
      'messages',
      'claimedBy',
      'rating',
      'closeReason',
    ],
    needs: 'tickets',
  },
  cases: {
    label: 'Moderation cases',
    columns: [
      'number',
      'createdAt',
      'action',
      'targetId',
      'targetName',
      'moderatorId',
      'moderatorName',
      'reason',
      'durationSeconds',
      'revokedAt',
      'revokedBy',
    ],
    needs: 'cases',
  },
} as const satisfies Record<string, { label: string; columns: readonly string[]; needs: Capability | null }>;

export type ExportDataset = keyof typeof EXPORT_DATASETS;
export const EXPORT_DATASET_KEYS = Object.keys(EXPORT_DATASETS) as ExportDataset[];
export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The longest range one export covers, in UTC days (both ends included). */
export const EXPORT_MAX_DAYS = 366;
const DAY = 86_400_000;

const isoDay = () =>
  z
    .string({ error: `must be a date (YYYY-MM-DD)` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)')
    .refine((s) => {
      const d = new Date(`${s}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
    }, 'not a day of the calendar');

/** What an export asks: a dataset, a format and a range of whole UTC days, both ends included. */
export const exportInput = z
  .object({
    dataset: z.enum(EXPORT_DATASET_KEYS as [ExportDataset, ...ExportDataset[]], {
      error: `unknown dataset; use one of ${EXPORT_DATASET_KEYS.join(', ')}`,
    }),
    format: z.enum(EXPORT_FORMATS, { error: 'unknown format; use csv or json' }).default('csv'),
    from: isoDay(),
    to: isoDay(),
  })
  .superRefine((v, ctx) => {
    const days = daysBetween(v.from, v.to);
    if (days < 1)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `must not be before from (${v.from})` });
    else if (days > EXPORT_MAX_DAYS)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `the range is ${days} days; an export covers at most ${EXPORT_MAX_DAYS}`,
      });
  });

export type ExportInput = z.infer<typeof exportInput>;

/** Days from `from` to `to`, both included (0 or less when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY) + 1;
}

/** [start, end) in ms of a range of UTC days, both ends included. */
export function rangeMs(from: string, to: string): { start: number; end: number } {
  return { start: Date.parse(`${from}T00:00:00Z`), end: Date.parse(`${to}T00:00:00Z`) + DAY };
}

export function exportFileName(
  guildId: string,
  dataset: ExportDataset,
  from: string,
  to: string,
  format: ExportFormat,
) {
  return `polyglot-${guildId}-${dataset}-${from}_${to}.${format}`;
}
