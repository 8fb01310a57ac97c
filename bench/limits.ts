/**
 * npm run bench:limits — the per-member hourly translation limit with 120,000 active members
 * (BENCH_MEMBERS): time per message before (the old limiter, a list per member filtered on each
 * message and a scan of every member above 50,000, copied here) and after
 * (src/server/core/rate-limit.ts createUserLimiter). Prints microseconds per message.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createUserLimiter, type UserLimiter } from '../src/server/core/rate-limit';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 120_000);
const HOUR = 3_600_000;
const LIMIT = 50;

/** The limiter as it was (src/server/translation/accounting.ts before the change). */
function oldUserLimiter(hits: Map<string, number[]>, windowMs = HOUR): Pick<UserLimiter, 'take'> {
  return {
    take(key, limit, now) {
      const t = now.getTime();
      const list = (hits.get(key) ?? []).filter((at) => t - at < windowMs);
      if (list.length >= limit) {
        hits.set(key, list);
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((list[0] + windowMs - t) / 1000)) };
      }
      list.push(t);
      hits.set(key, list);
      if (hits.size > 50_000) {
        for (const [k, v] of hits) if (!v.length || t - v[v.length - 1] >= windowMs) hits.delete(k);
      }
      return { ok: true };
    },
  };
}

const t0 = Date.parse('2026-03-18T12:00:00Z');
const warmAt = (i: number) => t0 + (i / MEMBERS) * HOUR * 0.5;

function run(limiter: Pick<UserLimiter, 'take'>, messages: number, warm: boolean) {
  let seed = 7;
  const rnd = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
  // Every member has written in the last half hour.
  if (warm) for (let i = 0; i < MEMBERS; i++) limiter.take(`g${i % 100}:u${i}`, LIMIT, new Date(warmAt(i)));
  const start = performance.now();
  for (let i = 0; i < messages; i++) {
    const m = rnd(MEMBERS);
    limiter.take(`g${m % 100}:u${m}`, LIMIT, new Date(t0 + HOUR * 0.5 + i * 10));
  }
  return ((performance.now() - start) / messages) * 1000;
}

console.log(
  `load average ${loadavg()[0].toFixed(1)}; ${MEMBERS.toLocaleString('en')} active members, limit ${LIMIT}/hour`,
);
// The old limiter is warmed by filling its map directly: through take() that alone is quadratic.
const oldHits = new Map<string, number[]>();
for (let i = 0; i < MEMBERS; i++) oldHits.set(`g${i % 100}:u${i}`, [warmAt(i)]);
const before = run(oldUserLimiter(oldHits), 300, false);
const after = run(createUserLimiter(), 200_000, true);
console.log(
  `per-member limit: before ${before.toFixed(1)} µs/message | after ${after.toFixed(2)} µs/message | ${(before / after).toFixed(0)}x`,
);
