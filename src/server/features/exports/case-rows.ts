import { sql } from 'drizzle-orm';
import { rawAll } from '../../../../db/client';
import { rangeMs } from '../../../common/exports/schemas';
import { after, EXPORT_PAGE_SIZE, iso, keyset, type Scope } from './pages';

/** Moderation cases by the time they were opened (moderator, reason, revocation: staff's words only). */
export async function* casesDataset({ db, guildId, from, to }: Scope) {
  const { start, end } = rangeMs(from, to);
  for await (const rows of keyset(
    (afterAt, afterId) =>
      rawAll<{
        id: number;
        at: number;
        number: number;
        action: string;
        targetId: string;
        targetName: string;
        moderatorId: string | null;
        moderatorName: string;
        reason: string;
        durationSeconds: number | null;
        revokedAt: number | null;
        revokedBy: string | null;
      }>(
        db,
        sql`select id, created_at as "at", number, action, target_id as "targetId", target_name as "targetName",
              moderator_id as "moderatorId", moderator_name as "moderatorName", reason,
              duration_seconds as "durationSeconds", revoked_at as "revokedAt", revoked_by as "revokedBy"
            from cases
           where guild_id = ${guildId} and created_at < ${end}
             and ${after(sql`created_at`, sql`id`, afterAt, afterId)}
           order by created_at, id limit ${EXPORT_PAGE_SIZE}`,
      ),
    start,
  )) {
    yield rows.map((r) => ({
      number: Number(r.number),
      createdAt: iso(r.at),
      action: r.action,
      targetId: r.targetId,
      targetName: r.targetName,
      moderatorId: r.moderatorId,
      moderatorName: r.moderatorName,
      reason: r.reason,
      durationSeconds: r.durationSeconds === null ? null : Number(r.durationSeconds),
      revokedAt: iso(r.revokedAt),
      revokedBy: r.revokedBy,
    }));
  }
}
