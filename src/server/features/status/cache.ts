import type { Db } from '../../../../db/client';
import { MINUTE, type StatusReport } from '../../../common/status/schemas';
import { statusReport } from './report';

const cache = new WeakMap<Db, { end: number; report: Promise<StatusReport> }>();

/**
 * The report counts only minutes whose samples were all written before this minute began, so it
 * is the same for every visitor within one minute: computed once a minute per process (the lanes
 * are the process's configuration, the same all along).
 */
export function cachedStatusReport(db: Db, now: Date, lanes: string[] = []): Promise<StatusReport> {
  const end = Math.floor(now.getTime() / MINUTE) * MINUTE;
  const hit = cache.get(db);
  if (hit && hit.end === end) return hit.report;
  const report = statusReport(db, now, lanes);
  cache.set(db, { end, report });
  report.catch(() => cache.delete(db));
  return report;
}
