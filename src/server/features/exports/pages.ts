import type { SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';

/** What every export reader shares: its scope, the page size, keyset paging and ISO times. */

/** One exported row: strings, numbers or null; times ISO 8601 (UTC). */
export type ExportRow = Record<string, string | number | null>;

/** Rows per page read from the database. */
export const EXPORT_PAGE_SIZE = 2_000;

export const DAY = 86_400_000;
export const iso = (ms: number | null) =>
  ms === null || ms === undefined ? null : new Date(Number(ms)).toISOString();
export const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export interface Scope {
  db: Db;
  guildId: string;
  from: string;
  to: string;
  /** The operator's provider lanes in order (the providers dataset names each lane's role). */
  operatorLanes?: readonly string[];
}

/** Keyset pages of a log table: `page(afterAt, afterId)` answers the next rows in (at, id) order. */
export async function* keyset<T extends { at: number; id: number }>(
  page: (afterAt: number, afterId: number) => Promise<T[]>,
  start: number,
): AsyncGenerator<T[]> {
  let afterAt = start - 1;
  let afterId = 0;
  for (;;) {
    const rows = await page(afterAt, afterId);
    if (rows.length) yield rows;
    if (rows.length < EXPORT_PAGE_SIZE) return;
    const last = rows[rows.length - 1];
    afterAt = Number(last.at);
    afterId = Number(last.id);
  }
}

/**
 * After (afterAt, afterId) in (at, id) order. The `at >= afterAt` term is what lets the index range
 * start at the last page's end; with the `or` alone the engine reads the index from the range's
 * start on every page (quadratic: 12k rows/s instead of 100k at a million rows).
 */
export const after = (at: SQL, id: SQL, afterAt: number, afterId: number) =>
  sql`${at} >= ${afterAt} and (${at} > ${afterAt} or ${id} > ${afterId})`;
