/**
 * npm run bench:exports — one server's translation log exported over real HTTP
 * (GET /api/exports/translations, the admin token) as CSV and JSON, at 100k and 1M rows
 * (BENCH_SIZES=100000,1000000) on a temporary SQLite file. The reader takes the body chunk by chunk
 * and keeps nothing, so the process's memory is the server's: it prints rows/s, MB/s, the resident
 * memory before the export and its peak during it (sampled every 20 ms). Bounded memory shows as a
 * peak that does not grow with the row count.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { guilds } from '../db/schema';
import { loadEnv } from '../src/server/core/env';
import { createApp } from '../src/server/app/http';
import { listen } from '../src/server/core/http';
import { createServices } from '../src/server/app/services';

const SIZES = (process.env.BENCH_SIZES ?? '100000,1000000').split(',').map(Number);
const TOKEN = 'bench-admin-token-0123456789';
const DAY = 86_400_000;
const MB = 1024 * 1024;
const langs = ['en', 'es', 'fr', 'de', 'pt', 'ja', 'ko', 'ru'];
const rss = () => process.memoryUsage().rss;

console.log(`load average ${loadavg()[0].toFixed(1)}; one server, 1000 members, logs over 300 days`);
const results: { rows: number; format: string; ms: number; mb: number; before: number; peak: number }[] = [];
for (const size of SIZES) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-exports-'));
  const env = loadEnv({ PORT: '0', DATABASE_PATH: join(dir, 'app.db'), ADMIN_TOKEN: TOKEN });
  const services = await createServices(env);
  await services.db.insert(guilds).values({ id: 'big', plan: 'pro' }).run();
  const sqlite = services.db.$sqlite;
  if (!sqlite) throw new Error('bench:exports runs on the SQLite file');
  const insert = sqlite.prepare(
    `insert into translation_logs (guild_id, channel_id, user_id, username, source_language, target_language,
       characters, latency_ms, outcome, source, created_at) values ('big', ?, ?, ?, ?, ?, 80, ?, ?, 'mirror', ?)`,
  );
  const start = Date.parse('2026-01-01T00:00:00Z');
  const seeded = performance.now();
  sqlite.transaction(() => {
    for (let i = 0; i < size; i++) {
      const user = (i * 7919) % 1000;
      const from = langs[i % langs.length];
      insert.run(
        `ch${i % 12}`,
        `u${user}`,
        `member, "${user}"`,
        from,
        langs[(i + 3) % langs.length],
        200 + (i % 900),
        i % 50 === 0 ? 'error' : 'ok',
        start + Math.floor((i / size) * 300 * DAY),
      );
    }
  })();
  console.log(`${size} logs seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  const app = createApp(services);
  const server = await listen(app, 0, '127.0.0.1');
  for (const format of ['csv', 'json']) {
    const before = rss();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rss());
    }, 20);
    const t0 = performance.now();
    const res = await fetch(
      `${server.url}/api/exports/translations?guildId=big&from=2026-01-01&to=2026-12-31&format=${format}`,
      {
        headers: { authorization: `Bearer ${TOKEN}` },
      },
    );
    if (res.status !== 200 || !res.body)
      throw new Error(`export answered ${res.status}: ${await res.text()}`);
    const rows = Number(res.headers.get('x-export-rows'));
    let bytes = 0;
    let lines = 0;
    const reader = res.body.getReader();
    for (;;) {
      const { done, value: chunk } = await reader.read();
      if (done) break;
      bytes += chunk.byteLength;
      for (const b of chunk) if (b === 10) lines++;
    }
    const ms = performance.now() - t0;
    clearInterval(sampler);
    peak = Math.max(peak, rss());
    // CSV: a header line and a line a row; JSON: the head line, a line a row and the closing line.
    const expected = format === 'csv' ? rows + 1 : rows + 2;
    if (rows !== size || lines !== expected)
      throw new Error(`${format}: ${lines} lines for ${rows} rows (${size} seeded)`);
    results.push({ rows, format, ms, mb: bytes / MB, before, peak });
  }
  await server.close();
  await services.db.$close();
  rmSync(dir, { recursive: true, force: true });
}

console.log('\nrows       format  seconds  rows/s     MB/s   RSS before  RSS peak  peak - before');
for (const r of results) {
  console.log(
    [
      String(r.rows).padEnd(10),
      r.format.padEnd(7),
      (r.ms / 1000).toFixed(1).padStart(7),
      Math.round(r.rows / (r.ms / 1000))
        .toLocaleString('en')
        .padStart(9),
      (r.mb / (r.ms / 1000)).toFixed(1).padStart(6),
      `${(r.before / MB).toFixed(0)} MB`.padStart(11),
      `${(r.peak / MB).toFixed(0)} MB`.padStart(9),
      `${((r.peak - r.before) / MB).toFixed(0)} MB`.padStart(14),
    ].join('  '),
  );
}
for (const format of ['csv', 'json']) {
  const [small, big] = SIZES.map((n) => results.find((r) => r.rows === n && r.format === format));
  if (small && big && small !== big) {
    console.log(
      `${format}: ${big.rows / small.rows}x the rows, ${(big.peak / small.peak).toFixed(2)}x the peak RSS, ${(big.mb / small.mb).toFixed(1)}x the bytes`,
    );
  }
}
