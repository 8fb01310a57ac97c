import { z } from 'zod';

/** What a moderation case records (db/schema.ts keeps the same list). */
export const CASE_ACTIONS = ['warn', 'timeout', 'kick', 'ban', 'unban'] as const;
export type CaseAction = (typeof CASE_ACTIONS)[number];

/** Discord's longest timeout: 28 days. */
export const TIMEOUT_MAX_SECONDS = 28 * 24 * 3600;
export const CASE_REASON_MAX = 500;

export const caseAction = z.enum(CASE_ACTIONS, { error: `must be one of ${CASE_ACTIONS.join(', ')}` });
const discordId = z.string().regex(/^\d{1,32}$/, 'must be a Discord id');

/** The Cases screen's filters: by action, by member (id or part of the name). */
export const casesFilter = z.object({
  action: caseAction.optional(),
  member: z.string().trim().max(100, 'must be at most 100 characters').optional(),
});

export const caseNumber = z.coerce
  .number({ error: 'must be a case number' })
  .int('must be a whole case number')
  .positive('must be a case number from 1');

export const caseReasonEdit = z.object({
  number: caseNumber,
  reason: z.string().trim().max(CASE_REASON_MAX, `must be at most ${CASE_REASON_MAX} characters`),
});

export const caseRevoke = z.object({ number: caseNumber });

/** One case as the dashboard and the API show it. */
export interface CaseView {
  number: number;
  action: CaseAction;
  targetId: string;
  targetName: string;
  /** null: an automatic action of the moderation rules. */
  moderatorId: string | null;
  moderatorName: string;
  reason: string;
  durationSeconds: number | null;
  createdAt: string;
  revokedAt: string | null;
  revokedBy: string | null;
}

export const caseRecord = z.object({
  action: caseAction,
  targetId: discordId,
  targetName: z.string().max(100),
  moderatorId: discordId.nullable(),
  moderatorName: z.string().max(100),
  reason: z.string().trim().max(CASE_REASON_MAX, `reason: must be at most ${CASE_REASON_MAX} characters`),
  durationSeconds: z
    .number()
    .int()
    .min(60, 'duration: at least 1 minute')
    .max(TIMEOUT_MAX_SECONDS, 'duration: Discord allows at most 28 days')
    .nullable(),
});

/** "10m", "2h", "7d", "1w", "90" (minutes): seconds, or null when it does not read as a duration. */
export function parseDuration(raw: string): number | null {
  const m = /^\s*(\d{1,6})\s*(s|m|min|h|d|w)?\s*$/i.exec(raw);
  if (!m) return null;
  const unit = (m[2] ?? 'm').toLowerCase();
  const per: Record<string, number> = { s: 1, m: 60, min: 60, h: 3600, d: 86400, w: 604800 };
  return Number(m[1]) * (per[unit] ?? 60);
}

/** 3600 → "1h", 90 → "1m 30s": how a duration is shown in replies and on the screen. */
export function formatDuration(seconds: number): string {
  const parts: string[] = [];
  let rest = seconds;
  for (const [unit, size] of [
    ['d', 86400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    if (rest >= size) {
      parts.push(`${Math.floor(rest / size)}${unit}`);
      rest %= size;
    }
  }
  return parts.join(' ') || '0s';
}
