import { TRPCError } from '@trpc/server';
import { and, asc, count, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { caseEscalations, cases } from '../../../../db/schema';
import {
  describeEscalation,
  ESCALATIONS_MAX,
  type EscalationInput,
  type EscalationView,
} from '../../../common/cases/escalations';
import { type CaseAction, formatDuration } from '../../../common/cases/schemas';
import { ensureGuild } from '../../core/guilds';

/** A server's escalation rules and the check made after each case staff record. */

type Row = typeof caseEscalations.$inferSelect;
const DAY = 86_400_000;

const view = (r: Row): EscalationView => ({
  id: r.id,
  counts: r.counts,
  threshold: r.threshold,
  windowDays: r.windowDays,
  action: r.action,
  durationSeconds: r.durationSeconds,
  createdAt: r.createdAt.toISOString(),
});

export async function listEscalations(db: Db, guildId: string): Promise<EscalationView[]> {
  const rows = await db
    .select()
    .from(caseEscalations)
    .where(eq(caseEscalations.guildId, guildId))
    .orderBy(asc(caseEscalations.id))
    .all();
  return rows.map(view);
}

export async function addEscalation(
  db: Db,
  guildId: string,
  input: EscalationInput,
  at: Date,
): Promise<EscalationView> {
  await ensureGuild(db, guildId);
  const existing = await listEscalations(db, guildId);
  if (existing.length >= ESCALATIONS_MAX)
    throw new TRPCError({
      code: 'BAD_REQUEST',
      message: `a server keeps at most ${ESCALATIONS_MAX} escalation rules; remove one first`,
    });
  if (
    existing.some(
      (r) =>
        r.counts === input.counts && r.threshold === input.threshold && r.windowDays === input.windowDays,
    )
  )
    throw new TRPCError({
      code: 'CONFLICT',
      message: `a rule for ${input.threshold} ${input.counts}s in ${input.windowDays} days exists already`,
    });
  const row = await db
    .insert(caseEscalations)
    .values({ ...input, guildId, createdAt: at })
    .returning()
    .get();
  return view(row);
}

export async function removeEscalation(db: Db, guildId: string, id: number): Promise<boolean> {
  const r = await db
    .delete(caseEscalations)
    .where(and(eq(caseEscalations.guildId, guildId), eq(caseEscalations.id, id)))
    .run();
  return r.changes > 0;
}

export interface Escalation {
  ruleId: number;
  action: 'timeout' | 'kick' | 'ban';
  durationSeconds: number | null;
  /** The reason of the automatic case, citing the rule. */
  reason: string;
}

/**
 * After a case of `action` against `targetId`: the rule whose count the member has just reached
 * (revoked cases not counted), the harshest when several do; null when none. A rule fires when
 * the count reaches its threshold exactly, so the next case in the window does not fire it again.
 */
export async function escalationAfter(
  db: Db,
  guildId: string,
  targetId: string,
  action: CaseAction,
  at: Date,
): Promise<Escalation | null> {
  const rules = (await listEscalations(db, guildId)).filter((r) => r.counts === action);
  const fired: EscalationView[] = [];
  for (const rule of rules) {
    const since = new Date(at.getTime() - rule.windowDays * DAY);
    const n = await db
      .select({ n: count() })
      .from(cases)
      .where(
        and(
          eq(cases.guildId, guildId),
          eq(cases.targetId, targetId),
          eq(cases.action, action),
          isNull(cases.revokedAt),
          gte(cases.createdAt, since),
        ),
      )
      .get();
    if (Number(n?.n ?? 0) === rule.threshold) fired.push(rule);
  }
  const weight = { timeout: 1, kick: 2, ban: 3 } as const;
  const rule = fired.sort(
    (a, b) => weight[b.action] - weight[a.action] || (b.durationSeconds ?? 0) - (a.durationSeconds ?? 0),
  )[0];
  if (!rule) return null;
  return {
    ruleId: rule.id,
    action: rule.action,
    durationSeconds: rule.durationSeconds,
    reason: `Escalation rule #${rule.id}: ${describeEscalation(rule, formatDuration)}`,
  };
}
