import { sql } from 'drizzle-orm';
import { type Db, rawAll } from '../../../../db/client';
import {
  type ComponentStatus,
  componentName,
  type Incident,
  isLaneComponent,
  MINUTE,
  SAMPLE_KEEP_MS,
  STATUS_WINDOWS,
  type StatusReport,
  type StatusWindow,
} from '../../../common/status/schemas';

const INCIDENTS_SHOWN = 50;
/** Web, translation (as a whole, then its lanes: primary, fallback, fallback-2…), the shards in order. */
function order(id: string): number {
  if (id === 'web') return 0;
  if (id === 'provider') return 1;
  if (isLaneComponent(id)) {
    const role = id.split(':')[1] ?? '';
    return 2 + (role === 'primary' ? 0 : role === 'fallback' ? 0.01 : Number(role.split('-')[1] ?? 9) / 100);
  }
  return 10 + Number(id.split(':')[1] ?? 0);
}

/**
 * Which sampled components the page shows: the web tier, the shards, each lane configured now
 * (`lanes`: laneComponent ids; a lane no longer configured is left out), and translation as a whole
 * only when no lane is known. The overall figure counts the web tier, the shards and translation
 * as a whole, not each lane (a fallback down while the primary serves is no outage).
 */
const shown = (id: string, lanes: string[]) =>
  isLaneComponent(id) ? lanes.includes(id) : id !== 'provider' || lanes.length === 0;
const inOverall = (id: string) => !isLaneComponent(id);

/**
 * The status page from the samples: per component, the share of each window's minutes that has an
 * up sample (missing minutes are down), counted from the first sample when the window reaches
 * further back; and the periods a component was down or not sampled, merged. The minute still
 * running and the one just ended (its sample is written at this minute's start) are not counted.
 */
export async function statusReport(db: Db, now: Date, lanes: string[] = []): Promise<StatusReport> {
  const end = Math.floor(now.getTime() / MINUTE) * MINUTE - MINUTE;
  const keep = end - SAMPLE_KEEP_MS;
  const starts = Object.fromEntries(STATUS_WINDOWS.map((w) => [w.key, end - w.ms])) as Record<
    StatusWindow,
    number
  >;
  const rows = await rawAll<{
    component: string;
    first: number;
    last: number;
    day: number;
    week: number;
    quarter: number;
    lastUp: number;
  }>(
    db,
    sql`select component, min(at) as first, max(at) as last,
          sum(case when at >= ${starts.day} and at < ${end} then up else 0 end) as day,
          sum(case when at >= ${starts.week} and at < ${end} then up else 0 end) as week,
          sum(case when at >= ${starts.quarter} and at < ${end} then up else 0 end) as quarter,
          max(case when at = ${end - MINUTE} then up + 1 else 0 end) as "lastUp"
        from health_samples where at >= ${keep} and at < ${end} group by component`,
  );
  const measured: ComponentStatus[] = rows
    .sort((a, b) => order(a.component) - order(b.component))
    .map((r) => {
      const first = Number(r.first);
      const uptime = Object.fromEntries(
        STATUS_WINDOWS.map((w) => {
          const minutes = (end - Math.max(starts[w.key], first)) / MINUTE;
          const up = Number(r[w.key]);
          return [w.key, minutes > 0 ? Math.round((up / minutes) * 100_000) / 1000 : null];
        }),
      ) as Record<StatusWindow, number | null>;
      const lastUp = Number(r.lastUp);
      return {
        id: r.component,
        name: componentName(r.component),
        current: lastUp === 2 ? 'up' : lastUp === 1 ? 'down' : 'missing',
        uptime,
        since: new Date(first).toISOString(),
      };
    });
  const components = measured.filter((c) => shown(c.id, lanes));
  const overall = Object.fromEntries(
    STATUS_WINDOWS.map((w) => {
      const figures = measured
        .filter((c) => inOverall(c.id))
        .map((c) => c.uptime[w.key])
        .filter((n): n is number => n !== null);
      return [w.key, figures.length ? Math.min(...figures) : null];
    }),
  ) as Record<StatusWindow, number | null>;
  return {
    at: new Date(end).toISOString(),
    components,
    overall,
    incidents: await incidents(
      db,
      keep,
      end,
      new Map(rows.filter((r) => shown(r.component, lanes)).map((r) => [r.component, Number(r.last)])),
    ),
  };
}

/** Down minutes and gaps between samples (and after the last one) as merged periods, newest first. */
async function incidents(
  db: Db,
  from: number,
  end: number,
  lastAt: Map<string, number>,
): Promise<Incident[]> {
  const marks = await rawAll<{ component: string; at: number; up: number; prev: number | null }>(
    db,
    sql`select component, at, up, prev from (
          select component, at, up, lag(at) over (partition by component order by at) as prev
            from health_samples where at >= ${from} and at < ${end}) s
        where up = 0 or at - prev > ${MINUTE}
        order by component, at`,
  );
  const periods = new Map<string, [number, number][]>();
  const add = (component: string, start: number, stop: number) => {
    const list = periods.get(component) ?? [];
    const last = list[list.length - 1];
    if (last && last[1] >= start) last[1] = Math.max(last[1], stop);
    else list.push([start, stop]);
    periods.set(component, list);
  };
  for (const m of marks) {
    if (!lastAt.has(m.component)) continue;
    const at = Number(m.at);
    if (m.prev !== null && at - Number(m.prev) > MINUTE) add(m.component, Number(m.prev) + MINUTE, at);
    if (Number(m.up) === 0) add(m.component, at, at + MINUTE);
  }
  for (const [component, last] of lastAt) if (last + MINUTE < end) add(component, last + MINUTE, end);
  const all: Incident[] = [];
  for (const [component, list] of periods) {
    for (const [start, stop] of list) {
      all.push({
        component,
        name: componentName(component),
        start: new Date(start).toISOString(),
        end: stop >= end ? null : new Date(stop).toISOString(),
        minutes: Math.round((stop - start) / MINUTE),
      });
    }
  }
  return all
    .sort((a, b) => b.start.localeCompare(a.start) || order(a.component) - order(b.component))
    .slice(0, INCIDENTS_SHOWN);
}
