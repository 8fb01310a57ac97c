import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { cases } from '../../../../db/schema';
import type { CaseAction, CaseView } from '../../../common/cases/schemas';
import { ensureGuild } from '../../core/guilds';

/** The cases of a server: numbered per server, listed newest first. */

type CaseRow = typeof cases.$inferSelect;
export type NewCase = Omit<typeof cases.$inferInsert, 'guildId' | 'number' | 'createdAt' | 'id'>;

export function caseView(row: CaseRow): CaseView {
  return {
    number: row.number,
    action: row.action,
    targetId: row.targetId,
    targetName: row.targetName,
    moderatorId: row.moderatorId,
    moderatorName: row.moderatorName,
    reason: row.reason,
    durationSeconds: row.durationSeconds,
    createdAt: row.createdAt.toISOString(),
    revokedAt: row.revokedAt?.toISOString() ?? null,
    revokedBy: row.revokedBy,
  };
}

/**
 * Stores a case under the server's next number. Two cases written at once may compute the same
 * number: the unique (guild_id, number) index keeps one, and the other takes the next number.
 */
export async function insertCase(db: Db, guildId: string, data: NewCase, at: Date): Promise<CaseView> {
  await ensureGuild(db, guildId);
  for (let attempt = 0; attempt < 20; attempt++) {
    const last = await db
      .select({ n: sql<number | null>`max(${cases.number})` })
      .from(cases)
      .where(eq(cases.guildId, guildId))
      .get();
    const row = await db
      .insert(cases)
      .values({ ...data, guildId, number: Number(last?.n ?? 0) + 1, createdAt: at })
      .onConflictDoNothing()
      .returning()
      .get();
    if (row) return caseView(row);
  }
  throw new Error('could not number the case: too many cases written at once');
}

export async function caseByNumber(db: Db, guildId: string, number: number): Promise<CaseView | null> {
  const row = await db
    .select()
    .from(cases)
    .where(and(eq(cases.guildId, guildId), eq(cases.number, number)))
    .get();
  return row ? caseView(row) : null;
}

/** Newest first; `member` matches the member's id exactly or part of the name stored with the case. */
export async function listCases(
  db: Db,
  guildId: string,
  filter: { action?: CaseAction; member?: string; targetId?: string },
  limit = 200,
): Promise<CaseView[]> {
  const where = [eq(cases.guildId, guildId)];
  if (filter.action) where.push(eq(cases.action, filter.action));
  if (filter.targetId) where.push(eq(cases.targetId, filter.targetId));
  const member = filter.member?.trim();
  if (member) {
    const escaped = member.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
    const byName = sql`lower(${cases.targetName}) like ${`%${escaped}%`} escape '\\'`;
    where.push(/^\d+$/.test(member) ? (or(eq(cases.targetId, member), byName) ?? byName) : byName);
  }
  const rows = await db
    .select()
    .from(cases)
    .where(and(...where))
    .orderBy(desc(cases.number))
    .limit(limit)
    .all();
  return rows.map(caseView);
}

export async function setCaseReason(
  db: Db,
  guildId: string,
  number: number,
  reason: string,
): Promise<boolean> {
  const r = await db
    .update(cases)
    .set({ reason })
    .where(and(eq(cases.guildId, guildId), eq(cases.number, number)))
    .run();
  return r.changes > 0;
}

/** Marks the case revoked (kept on record, shown struck through); false when already revoked. */
export async function revokeCase(
  db: Db,
  guildId: string,
  number: number,
  by: string,
  at: Date,
): Promise<boolean> {
  const r = await db
    .update(cases)
    .set({ revokedAt: at, revokedBy: by })
    .where(and(eq(cases.guildId, guildId), eq(cases.number, number), sql`${cases.revokedAt} is null`))
    .run();
  return r.changes > 0;
}
