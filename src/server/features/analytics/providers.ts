import { sql } from 'drizzle-orm';
import { type Db, rawAll } from '../../../../db/client';
import { OWN_LANE_PREFIX } from '../../translation/failover';

/**
 * Which provider served each share of a server's translations (issue 28), from the
 * analytics_providers rollup (migration 0032_analytics_providers (PostgreSQL 0019)) the log triggers keep: per lane,
 * its translations, characters and errors over a window, and what the lane is to this server —
 * the operator's provider, its fallback, the server's own key, the cache — by name, never an id.
 */

/** What a lane is to the server whose translations it served. */
export type ProviderRole = 'primary' | 'fallback' | 'operator' | 'own' | 'cache' | 'unrecorded';

export interface ProviderShare {
  /** The logged lane: "name:model", "own:name:model", "cache"; '' for logs before lanes were recorded. */
  lane: string;
  role: ProviderRole;
  /** The provider's name as people say it ("DeepL", "Gemini · gemini-2.5-flash"). */
  name: string;
  /** Successful translations. */
  translations: number;
  /** Characters of the successful translations. */
  characters: number;
  /** Failed translations (outcome error) the lane was asked first for. */
  errors: number;
  /** Percent of the window's successful translations (one decimal). */
  share: number;
}

const DAY = 86_400_000;

const KIND_NAMES: Record<string, string> = {
  gemini: 'Gemini',
  'openai-compatible': 'OpenAI-compatible',
  openai: 'OpenAI-compatible',
  deepl: 'DeepL',
};

/** "gemini:gemini-2.5-flash" → "Gemini · gemini-2.5-flash"; "deepl:deepl" → "DeepL". */
export function providerName(lane: string): string {
  const bare = lane.startsWith(OWN_LANE_PREFIX) ? lane.slice(OWN_LANE_PREFIX.length) : lane;
  if (bare === 'cache') return 'Translation cache';
  if (bare === '') return 'Not recorded';
  const [kind, ...rest] = bare.split(':');
  const model = rest.join(':');
  const name = KIND_NAMES[kind] ?? kind.charAt(0).toUpperCase() + kind.slice(1);
  return model && model !== kind ? `${name} · ${model}` : name;
}

/**
 * The role of a lane: `operatorLanes` are the operator's lanes in order (the first is its
 * provider, the rest its fallbacks: failover.ts); a lane of the operator no longer configured is
 * "operator" (an earlier setting).
 */
export function providerRole(lane: string, operatorLanes: readonly string[]): ProviderRole {
  if (lane === '') return 'unrecorded';
  if (lane === 'cache') return 'cache';
  if (lane.startsWith(OWN_LANE_PREFIX)) return 'own';
  const at = operatorLanes.indexOf(lane);
  if (at === 0) return 'primary';
  if (at > 0) return 'fallback';
  return 'operator';
}

/** Per lane over [since, until): most translations first. */
export async function providerShares(
  db: Db,
  guildId: string,
  since: number,
  until: number,
  operatorLanes: readonly string[],
): Promise<ProviderShare[]> {
  const rows = await rawAll<{ provider: string; ok: number; characters: number; errors: number }>(
    db,
    sql`select provider,
          sum(case when outcome = 'ok' then count else 0 end) as ok,
          sum(case when outcome = 'ok' then characters else 0 end) as characters,
          sum(case when outcome = 'error' then count else 0 end) as errors
        from analytics_providers
       where guild_id = ${guildId} and day >= ${since} and day < ${until} and outcome in ('ok', 'error')
       group by provider`,
  );
  const total = rows.reduce((n, r) => n + Number(r.ok), 0);
  return rows
    .map((r) => ({
      lane: r.provider,
      role: providerRole(r.provider, operatorLanes),
      name: providerName(r.provider),
      translations: Number(r.ok),
      characters: Number(r.characters),
      errors: Number(r.errors),
      share: total > 0 ? Math.round((Number(r.ok) / total) * 1000) / 10 : 0,
    }))
    .sort((a, b) => b.translations - a.translations || b.errors - a.errors || a.lane.localeCompare(b.lane));
}

/** The Analytics screen's window: the last 30 UTC days, today included. */
export function last30Days(now: Date): { since: number; until: number } {
  const today = Math.floor(now.getTime() / DAY) * DAY;
  return { since: today - 29 * DAY, until: today + DAY };
}
