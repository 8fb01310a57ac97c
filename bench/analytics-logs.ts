/**
 * The synthetic translation log of the analytics benches (bench:analytics, analytics-before.ts):
 * one server 'big', 1,000 members (a few very active), 8 languages, 12 channels, 2 % errors,
 * spread evenly over the 90 days before `now`. Deterministic: the same seed gives the same rows.
 */

const DAY = 86_400_000;
const LANGS = ['en', 'es', 'fr', 'de', 'pt', 'ja', 'ko', 'ru'];

/** The insert the rows below fill (one prepared statement, 8 parameters). */
export const LOG_INSERT_SQL = `insert into translation_logs (guild_id, channel_id, user_id, username, source_language,
  target_language, characters, latency_ms, outcome, source, created_at)
  values ('big', ?, ?, ?, ?, ?, 80, ?, ?, 'mirror', ?)`;

/** Row i of `size` (its parameters for LOG_INSERT_SQL); call in order, from 0. */
export function logRows(now: Date, size: number, seed = 42): (i: number) => (string | number)[] {
  const rnd = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed / 2147483648;
  };
  return (i) => {
    const user = Math.floor(rnd() ** 2 * 1000);
    const from = LANGS[Math.floor(rnd() * LANGS.length)];
    const to = LANGS[(LANGS.indexOf(from) + 1 + Math.floor(rnd() * 7)) % LANGS.length];
    return [
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
