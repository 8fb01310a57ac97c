/**
 * `npm run bench:failover` (issue 28): what a provider outage costs members, with and without a
 * fallback provider, in one run on a temporary SQLite file (the engine's accounting is real).
 *
 * Providers are simulated in-process: answers in a realistic latency distribution (log-normal,
 * median 600 ms, p99 about 2.4 s; BENCH_INSTANT=1: at once). Rows, each sending BENCH_MESSAGES (200)
 * channel messages into 3 languages at BENCH_RATE (20) msg/s:
 *   healthy        the primary answers;
 *   down+fallback  the primary answers 503 (after 50 ms) to everything, a fallback is configured;
 *   hang+fallback  the primary never answers (the engine's timeout, BENCH_TIMEOUT_MS 3000, fires);
 *   down alone     the primary answers 503 and there is no fallback (the product before issue 28).
 * Printed per row: delivered %, p50/p99 from send to answer, share served by each provider, the
 * primary's calls (retries included), and the ratios to the healthy row.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../db/client';
import { loadEnv } from '../src/server/core/env';
import { createTranslator } from '../src/server/translation';
import { serverPromptSource } from '../src/server/app/services';
import { type Provider, ProviderHttpError } from '../src/server/translation/providers/types';
import { echoAnswer } from './echo-answer';

const INSTANT = process.env.BENCH_INSTANT === '1';
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 200);
const RATE = Number(process.env.BENCH_RATE ?? 20);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS ?? 3_000);
const TARGETS = ['es', 'fr', 'ja'];

/** Log-normal latency: median 600 ms, sigma 0.6 (p99 ≈ 2.4 s); 0 in instant mode. */
function latency(): number {
  if (INSTANT) return 0;
  const u = 1 - Math.random();
  const v = Math.random();
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  return Math.round(600 * Math.exp(0.6 * z));
}
const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new Error('aborted'));
    });
  });

type Mode = 'ok' | 'down' | 'hang';
function simulated(name: string, mode: Mode, calls: { n: number }): Provider {
  return {
    name,
    model: 'bench',
    async complete(req) {
      calls.n += 1;
      if (mode === 'down') {
        await sleep(INSTANT ? 0 : 50);
        throw new ProviderHttpError(`${name} answered 503`, 503);
      }
      if (mode === 'hang') await sleep(3_600_000, req.signal);
      await sleep(latency(), req.signal);
      return { text: echoAnswer(req.user), inputTokens: 100, outputTokens: 60 };
    },
  };
}

const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : Number.NaN;

async function row(label: string, primaryMode: Mode, withFallback: boolean) {
  const dir = mkdtempSync(join(tmpdir(), 'polyglot-bench-failover-'));
  const db = await openDb(join(dir, 'app.db'));
  const primaryCalls = { n: 0 };
  const fallbackCalls = { n: 0 };
  const translator = createTranslator({
    db,
    prompt: serverPromptSource(db),
    env: loadEnv({ DATABASE_PATH: join(dir, 'app.db') }),
    clock: () => new Date(),
    provider: simulated('primary', primaryMode, primaryCalls),
    fallbacks: withFallback ? [simulated('fallback', 'ok', fallbackCalls)] : [],
    options: { timeoutMs: TIMEOUT_MS },
  });
  const times: number[] = [];
  const served = new Map<string, number>();
  let failed = 0;
  const started = performance.now();
  const all: Promise<void>[] = [];
  for (let i = 0; i < MESSAGES; i++) {
    const at = started + (i * 1000) / RATE;
    const wait = at - performance.now();
    if (wait > 0) await sleep(wait);
    const sent = performance.now();
    all.push(
      translator
        .translate({
          text: `message ${i}: see you at the raid tonight`,
          targets: TARGETS,
          source: 'en',
          origin: 'mirror',
          guildId: 'bench',
          channelId: `c${i % 4}`,
        })
        .then((r) => {
          times.push(performance.now() - sent);
          served.set(r.provider ?? '-', (served.get(r.provider ?? '-') ?? 0) + 1);
        })
        .catch(() => {
          failed += 1;
        }),
    );
  }
  await Promise.all(all);
  await db.$close();
  rmSync(dir, { recursive: true, force: true });
  times.sort((a, b) => a - b);
  const share = [...served.entries()]
    .map(([p, n]) => `${p.split(':')[0]} ${((100 * n) / MESSAGES).toFixed(0)} %`)
    .join(', ');
  return {
    label,
    delivered: (100 * times.length) / MESSAGES,
    p50: pct(times, 50),
    p99: pct(times, 99),
    share: share || '-',
    failed,
    primaryCalls: primaryCalls.n,
    fallbackCalls: fallbackCalls.n,
  };
}

async function main() {
  console.log(
    `bench:failover — ${MESSAGES} messages × ${TARGETS.length} languages at ${RATE} msg/s; provider ${INSTANT ? 'instant' : 'log-normal latency (median 600 ms)'}; timeout ${TIMEOUT_MS} ms`,
  );
  const rows = [];
  rows.push(await row('healthy', 'ok', true));
  rows.push(await row('down+fallback', 'down', true));
  rows.push(await row('hang+fallback', 'hang', true));
  rows.push(await row('down alone', 'down', false));
  const base = rows[0];
  const f = (n: number) => (Number.isNaN(n) ? '-' : `${Math.round(n)} ms`);
  console.log(
    [
      'row',
      'delivered',
      'p50',
      'p99',
      'p50 ×healthy',
      'p99 ×healthy',
      'served by',
      'primary calls',
      'fallback calls',
    ]
      .map((h) => h.padEnd(14))
      .join(''),
  );
  for (const r of rows) {
    console.log(
      [
        r.label,
        `${r.delivered.toFixed(1)} %`,
        f(r.p50),
        f(r.p99),
        Number.isNaN(r.p50) ? '-' : (r.p50 / base.p50).toFixed(2),
        Number.isNaN(r.p99) ? '-' : (r.p99 / base.p99).toFixed(2),
        r.share,
        String(r.primaryCalls),
        String(r.fallbackCalls),
      ]
        .map((c, i) => (i === 6 ? c.padEnd(24) : c.padEnd(14)))
        .join(''),
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
