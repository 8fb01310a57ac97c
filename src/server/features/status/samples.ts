import { Cron } from 'croner';
import { sql } from 'drizzle-orm';
import { type Db, rawAll, rawRun } from '../../../../db/client';
import { laneComponent, MINUTE, SAMPLE_KEEP_MS, SHARD_EXPECTED_MS } from '../../../common/status/schemas';
import type { LaneHealth } from '../../core/translator';
import type { BotStatus } from '../../core/bot-status';
import { BOT_STATUS_FRESH_MS } from '../guilds/bot-status';

/**
 * The health samples the status page reads: at the start of every minute a web process records
 * the minute that just ended, one row per component (health_samples). Several web processes
 * record the same minute: a component is up when any of them saw it up.
 */

/**
 * Translation in [from, to) from the translation log (every process writes it): down when
 * translations were asked and every one failed. `lane`: only that lane's rows ("name:model").
 */
async function providerUp(db: Db, from: number, to: number, lane?: string): Promise<boolean> {
  const [row] = await rawAll<{ ok: number | null; failed: number | null }>(
    db,
    sql`select sum(case when outcome = 'ok' then 1 else 0 end) as ok,
               sum(case when outcome = 'error' then 1 else 0 end) as failed
          from translation_logs where created_at >= ${from} and created_at < ${to}
           ${lane === undefined ? sql`` : sql`and provider = ${lane}`}`,
  );
  return !(Number(row?.failed ?? 0) > 0 && Number(row?.ok ?? 0) === 0);
}

/**
 * Each shard's state from the bot processes' fresh reports (bot_status); a shard seen in the last
 * week without a fresh ready report is down.
 */
async function shardStates(db: Db, now: number): Promise<Map<number, boolean>> {
  const states = new Map<number, boolean>();
  const reports = await rawAll<{ status: string }>(
    db,
    sql`select status from bot_status where updated_at >= ${now - BOT_STATUS_FRESH_MS}`,
  );
  for (const { status } of reports) {
    const s = JSON.parse(status) as BotStatus;
    if (s.state === 'not_configured') continue;
    const shards = s.shards ?? (s.shard ? [{ id: s.shard.id, ready: s.state === 'online' }] : []);
    for (const shard of shards) states.set(shard.id, (states.get(shard.id) ?? false) || shard.ready);
  }
  const seen = await rawAll<{ component: string }>(
    db,
    sql`select distinct component from health_samples
         where component like 'shard:%' and at >= ${now - SHARD_EXPECTED_MS}`,
  );
  for (const { component } of seen) {
    const id = Number(component.slice('shard:'.length));
    if (!states.has(id)) states.set(id, false);
  }
  return states;
}

/**
 * The provider from its lanes' probed health (issue 27; translation/health.ts): up when any lane
 * of the operator's providers is up (a fallback answering keeps translation up). Null when
 * nothing was probed or called yet: the minute's traffic decides (providerUp).
 */
function probedUp(health: LaneHealth[]): boolean | null {
  const known = health.filter((h) => h.state !== 'unknown');
  return known.length ? known.some((h) => h.state === 'up') : null;
}

/** Records the minute before `now`'s minute for every component; answers what it wrote. */
export async function recordSamples(
  db: Db,
  now: Date,
  health: () => LaneHealth[] = () => [],
): Promise<Record<string, boolean>> {
  const minute = Math.floor(now.getTime() / MINUTE) * MINUTE;
  const at = minute - MINUTE;
  const lanes = health();
  const provider = probedUp(lanes) ?? (await providerUp(db, at, minute));
  const samples: Record<string, boolean> = { web: true, provider };
  // Each lane of the operator's providers (issue 27): its probed state; before any probe or call
  // in this process, what the log says of it.
  for (const [i, lane] of lanes.entries()) {
    samples[laneComponent(i, lane.lane)] =
      lane.state === 'unknown' ? await providerUp(db, at, minute, lane.lane) : lane.state === 'up';
  }
  for (const [id, up] of await shardStates(db, now.getTime())) samples[`shard:${id}`] = up;
  for (const [component, up] of Object.entries(samples)) {
    await rawRun(
      db,
      sql`insert into health_samples (component, at, up) values (${component}, ${at}, ${up ? 1 : 0})
          on conflict (component, at) do update
            set up = case when excluded.up > health_samples.up then excluded.up else health_samples.up end`,
    );
  }
  await rawRun(db, sql`delete from health_samples where at < ${minute - SAMPLE_KEEP_MS}`);
  return samples;
}

/** Records a sample at the start of every minute (UTC) while the web tier runs; stop() ends it. */
export function scheduleSampler(db: Db, clock: () => Date, health?: () => LaneHealth[]): { stop(): void } {
  const job = new Cron('* * * * *', { timezone: 'UTC', protect: true }, async () => {
    try {
      await recordSamples(db, clock(), health);
    } catch (err) {
      console.error('Status sample not recorded:', err);
    }
  });
  return { stop: () => job.stop() };
}
