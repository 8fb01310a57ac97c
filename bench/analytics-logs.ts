/**
 * The synthetic translation log of the analytics benches (bench:analytics, analytics-before.ts,
 * bench:analytics-http, bench:analytics-reads): one server ('big' unless told), 1,000 members (a few very active),
 * 8 languages, 12 channels, 2 % errors, spread evenly over the 90 days before `now`.
 * Deterministic: the same seed gives the same rows.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type Database from 'better-sqlite3';

const DAY = 86_400_000;
const LANGS = ['en', 'es', 'fr', 'de', 'pt', 'ja', 'ko', 'ru'];

/** The insert the rows below fill (one prepared statement, 9 parameters, the server's id first). */
export const LOG_INSERT_SQL = `insert into translation_logs (guild_id, channel_id, user_id, username, source_language,
  target_language, characters, latency_ms, outcome, source, created_at)
  values (?, ?, ?, ?, ?, ?, 80, ?, ?, 'mirror', ?)`;

/** Row i of `size` (its parameters for LOG_INSERT_SQL); call in order, from 0. */
export function logRows(
  now: Date,
  size: number,
  seed = 42,
  guildId = 'big',
): (i: number) => (string | number)[] {
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return (i) => {
    const user = Math.floor(rnd() ** 2 * 1000);
    const from = LANGS[Math.floor(rnd() * LANGS.length)];
    const to = LANGS[(LANGS.indexOf(from) + 1 + Math.floor(rnd() * 7)) % LANGS.length];
    return [
      guildId,
      `ch${Math.floor(rnd() * 12)}`,
      `u${user}`,
      `member${user}`,
      from,
      to,
      200 + Math.floor(rnd() * 900),
      rnd() < 0.02 ? 'error' : 'ok',
      now.getTime() - 90 * DAY + Math.floor(((i + rnd()) / size) * 90 * DAY),
    ];
  };
}

/**
 * `size` logs of `guildId` into a migrated SQLite file, as on an installation upgraded with its
 * logs in place: inserted without the triggers (one transaction), then the rollup migrations' own
 * backfills (analytics_rollups, analytics_providers) fill the analytics_* tables, and the triggers
 * are back. The server's row must exist. Answers the seconds it took.
 */
export function seedLogs(lite: Database.Database, now: Date, size: number, guildId = 'big'): number {
  const start = performance.now();
  const insert = lite.prepare(LOG_INSERT_SQL);
  const row = logRows(now, size, 42, guildId);
  const triggers = lite.prepare("select name, sql from sqlite_master where type = 'trigger'").all() as {
    name: string;
    sql: string;
  }[];
  for (const t of triggers) lite.exec(`drop trigger ${t.name}`);
  lite.transaction(() => {
    for (let i = 0; i < size; i++) insert.run(...row(i));
  })();
  for (const t of triggers) lite.exec(t.sql);
  const migrations = new URL('../migrations/', import.meta.url);
  for (const f of readdirSync(migrations).filter((f) => /_analytics_(rollups|providers)\.sql$/.test(f)))
    for (const s of readFileSync(new URL(f, migrations), 'utf8')
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => /^(-- .*\n)*INSERT INTO analytics_/.test(s)))
      lite.prepare(s).run();
  lite.exec('analyze');
  return (performance.now() - start) / 1000;
}
