import { z } from 'zod';
import { TIMEOUT_MAX_SECONDS } from './schemas';

/**
 * Escalation rules: when a member's cases of one kind within a window reach a count, the bot
 * takes an action of its own (a case of its own, citing the rule). A server keeps a few.
 */
export const ESCALATION_COUNTS = ['warn', 'timeout'] as const;
export const ESCALATION_ACTIONS = ['timeout', 'kick', 'ban'] as const;
export type EscalationCount = (typeof ESCALATION_COUNTS)[number];
export type EscalationAction = (typeof ESCALATION_ACTIONS)[number];

export const ESCALATIONS_MAX = 10;
export const ESCALATION_THRESHOLD = { min: 2, max: 20 } as const;
export const ESCALATION_WINDOW_DAYS = { min: 1, max: 90 } as const;

export const escalationInput = z
  .object({
    counts: z.enum(ESCALATION_COUNTS, { error: `counts: must be one of ${ESCALATION_COUNTS.join(', ')}` }),
    threshold: z
      .number({ error: 'threshold: must be a number' })
      .int('threshold: must be a whole number')
      .min(ESCALATION_THRESHOLD.min, `threshold: at least ${ESCALATION_THRESHOLD.min}`)
      .max(ESCALATION_THRESHOLD.max, `threshold: at most ${ESCALATION_THRESHOLD.max}`),
    windowDays: z
      .number({ error: 'windowDays: must be a number' })
      .int('windowDays: must be a whole number of days')
      .min(ESCALATION_WINDOW_DAYS.min, `windowDays: at least ${ESCALATION_WINDOW_DAYS.min}`)
      .max(ESCALATION_WINDOW_DAYS.max, `windowDays: at most ${ESCALATION_WINDOW_DAYS.max}`),
    action: z.enum(ESCALATION_ACTIONS, { error: `action: must be one of ${ESCALATION_ACTIONS.join(', ')}` }),
    durationSeconds: z
      .number({ error: 'durationSeconds: must be a number' })
      .int('durationSeconds: must be whole seconds')
      .min(60, 'durationSeconds: at least 1 minute')
      .max(TIMEOUT_MAX_SECONDS, 'durationSeconds: Discord allows at most 28 days')
      .nullable()
      .default(null),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'timeout' && v.durationSeconds === null)
      ctx.addIssue({
        code: 'custom',
        path: ['durationSeconds'],
        message: 'durationSeconds: a timeout needs a duration',
      });
    if (v.action !== 'timeout' && v.durationSeconds !== null)
      ctx.addIssue({
        code: 'custom',
        path: ['durationSeconds'],
        message: `durationSeconds: only a timeout has a duration, not a ${v.action}`,
      });
  });

export type EscalationInput = z.infer<typeof escalationInput>;

export const escalationId = z.object({
  id: z.coerce
    .number({ error: 'id: must be a rule id' })
    .int('id: must be a rule id')
    .positive('id: must be a rule id'),
});

export interface EscalationView extends EscalationInput {
  id: number;
  createdAt: string;
}

/** "3 warns in 7 days → timeout 1h": how a rule is cited in its case and shown on the screen. */
export function describeEscalation(
  r: Pick<EscalationView, 'counts' | 'threshold' | 'windowDays' | 'action' | 'durationSeconds'>,
  formatDuration: (s: number) => string,
): string {
  const then =
    r.action === 'timeout' && r.durationSeconds ? `timeout ${formatDuration(r.durationSeconds)}` : r.action;
  return `${r.threshold} ${r.counts}s in ${r.windowDays} day${r.windowDays === 1 ? '' : 's'} → ${then}`;
}
