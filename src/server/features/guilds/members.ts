import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { analyticsMembers, exchangeMembers, learnerProgress, memberXp } from '../../../../db/schema';

/**
 * Members' names as the product already knows them, for the dashboard to show names instead of
 * ids: the name each member had when the bot last saw them translate, level up, learn or join the
 * exchange (analytics_members, member_xp, learner_progress, exchange_members). A member the bot
 * never saw there is absent: the dashboard says "Unknown member". No list of all members is kept.
 */
export async function memberNames(
  db: Db,
  guildId: string,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const names = new Map<string, string>();
  // The first table that knows a member wins: analytics_members is written at every translation.
  for (const table of [analyticsMembers, memberXp, exchangeMembers, learnerProgress]) {
    const missing = wanted.filter((id) => !names.has(id));
    if (!missing.length) break;
    const rows = await db
      .select({ id: table.userId, name: table.username })
      .from(table)
      .where(and(eq(table.guildId, guildId), inArray(table.userId, missing), ne(table.username, '')))
      .all();
    for (const r of rows) if (r.name && !names.has(r.id)) names.set(r.id, r.name);
  }
  return [...names].map(([id, name]) => ({ id, name }));
}
