/**
 * npm run bench:translate — printed figures, never asserted.
 * Engine overhead per message with an instant in-process provider (p50, p99), messages per second
 * on one core, and provider calls and tokens per message for 1, 3 and 10 target languages, side by
 * side with a naive baseline that makes one provider call per language. Then (issue 16) one busy
 * channel at 10 messages/s into 5 languages: tokens, calls and added latency against today's
 * behaviour (bench/translate-load.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../db/client';
import { loadEnv } from '../src/server/core/env';
import { createTranslator } from '../src/server/translation';
import type { TranslateRequest, Translator } from '../src/server/core/translator';
import { serverPromptSource } from '../src/server/app/services';
import { warmDetector } from '../src/server/translation/detect';
import type { Provider } from '../src/server/translation/providers/types';
import { startFakeGemini } from '../test/fakes/gemini';
import { channelLoadBench } from './translate-load';

const roughTokens = (s: string) => Math.ceil(s.length / 4);

/** Answers at once: "[code] text" for every asked language, token counts estimated at 4 chars a token. */
const instant: Provider = {
  name: 'instant',
  model: 'bench',
  async complete(req) {
    const ask = JSON.parse(req.user) as { text: string; targets: string[]; source: string | null };
    const text = JSON.stringify({
      source: ask.source ?? 'en',
      translations: Object.fromEntries(ask.targets.map((t) => [t, `[${t}] ${ask.text}`])),
    });
    return { text, inputTokens: roughTokens(req.system + req.user), outputTokens: roughTokens(text) };
  },
};

const BASE = [
  'hey everyone, who is up for a game tonight?',
  'can someone help me with the quest <@123456789012345678>',
  'thanks for the invite! 🎉 see you at https://example.com/event',
  'I will be late, start **without** me :wave:',
  'does anyone know how to fix this bug in `npm start`?',
  'good morning <#111222333444555666>, the raid is at 9',
];
const message = (i: number) => `${BASE[i % BASE.length]} (${i})`;
const TEN = ['es', 'fr', 'de', 'ja', 'zh', 'ko', 'pt', 'ru', 'ar', 'it'];

async function engine(provider: Provider, cacheSize = 5000) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-translate-'));
  const db = await openDb(join(dir, 'app.db'));
  const env = loadEnv({ DATABASE_PATH: join(dir, 'app.db') });
  const translator = createTranslator({
    db,
    prompt: serverPromptSource(db),
    env,
    clock: () => new Date(),
    provider,
    options: { cacheSize },
  });
  return {
    translator,
    db,
    close() {
      db.$sqlite!.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const us = (ms: number) => `${(ms * 1000).toFixed(0)} µs`;

/** Translates n distinct messages one after another; returns per-message times and totals. */
async function run(
  translate: (req: TranslateRequest) => Promise<{ calls: number; tokens: number }>,
  n: number,
  make: (i: number) => TranslateRequest,
) {
  const times: number[] = [];
  let calls = 0;
  let tokens = 0;
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    const r = await translate(make(i));
    times.push(performance.now() - t);
    calls += r.calls;
    tokens += r.tokens;
  }
  const total = performance.now() - start;
  times.sort((a, b) => a - b);
  return {
    p50: pct(times, 50),
    p99: pct(times, 99),
    perSecond: (n / total) * 1000,
    calls: calls / n,
    tokens: tokens / n,
  };
}

const viaEngine = (tr: Translator) => async (req: TranslateRequest) => {
  const r = await tr.translate(req);
  return { calls: r.usage?.calls ?? 0, tokens: (r.usage?.inputTokens ?? 0) + (r.usage?.outputTokens ?? 0) };
};

/** The naive way: one provider call per target language. */
const naive = (tr: Translator) => async (req: TranslateRequest) => {
  let calls = 0;
  let tokens = 0;
  for (const t of req.targets) {
    const r = await tr.translate({ ...req, targets: [t] });
    calls += r.usage?.calls ?? 0;
    tokens += (r.usage?.inputTokens ?? 0) + (r.usage?.outputTokens ?? 0);
  }
  return { calls, tokens };
};

async function main() {
  await warmDetector();
  const N = 2000;
  const a = await engine(instant);
  const b = await engine(instant, 0);
  console.log(
    `Translation engine benchmark (instant in-process provider, ${N} distinct messages per row, one core)\n`,
  );
  console.log('targets | mode              | overhead p50 | p99      | msg/s  | calls/msg | tokens/msg');
  console.log('--------|-------------------|--------------|----------|--------|-----------|-----------');
  for (const targets of [TEN.slice(0, 1), TEN.slice(0, 3), TEN]) {
    for (const [label, fn] of [
      ['engine (1 call)', viaEngine(a.translator)],
      ['naive (1/lang)', naive(b.translator)],
    ] as const) {
      // Warm-up, then measure.
      await run(fn, 1000, (i) => ({ text: `warm ${message(i)}`, targets, source: 'en', origin: 'mirror' }));
      const r = await run(fn, N, (i) => ({
        text: message(i + targets.length * 100_000),
        targets,
        source: 'en',
        origin: 'mirror',
      }));
      console.log(
        `${String(targets.length).padStart(7)} | ${label.padEnd(17)} | ${us(r.p50).padStart(12)} | ${us(r.p99).padStart(8)} | ${r.perSecond.toFixed(0).padStart(6)} | ${r.calls.toFixed(1).padStart(9)} | ${r.tokens.toFixed(0).padStart(10)}`,
      );
    }
  }

  console.log('\nOther paths (3 targets):');
  const three = TEN.slice(0, 3);
  const rows: [string, Awaited<ReturnType<typeof run>>][] = [];
  // Pro: unlimited, so the allowance never pauses the run (its check still runs).
  a.db.$sqlite!.prepare("insert into guilds (id, name, plan) values ('bench-guild', '', 'pro')").run();
  rows.push([
    'auto-detect source (eld)',
    await run(viaEngine(a.translator), N, (i) => ({
      text: message(i + 500_000),
      targets: three,
      origin: 'mirror',
    })),
  ]);
  rows.push([
    'with accounting (guild: logs, allowance, limit)',
    await run(viaEngine(a.translator), N, (i) => ({
      text: message(i + 600_000),
      targets: three,
      source: 'en',
      origin: 'mirror',
      guildId: 'bench-guild',
      userId: `u${i}`,
    })),
  ]);
  rows.push([
    'cache hit',
    await run(viaEngine(a.translator), N, (i) => ({
      text: message(600_000 + (i % 50)),
      targets: three,
      source: 'en',
      origin: 'mirror',
      guildId: 'bench-guild',
      userId: `v${i}`,
    })),
  ]);
  a.close();
  b.close();

  const fake = await startFakeGemini();
  const dir = mkdtempSync(join(tmpdir(), 'bench-translate-'));
  const db = await openDb(join(dir, 'app.db'));
  const sdk = createTranslator({
    db,
    prompt: serverPromptSource(db),
    env: loadEnv({ DATABASE_PATH: join(dir, 'app.db'), GEMINI_API_KEY: 'bench', GEMINI_BASE_URL: fake.url }),
    clock: () => new Date(),
  });
  await run(viaEngine(sdk), 100, (i) => ({
    text: `warm ${message(i)}`,
    targets: three,
    source: 'en',
    origin: 'mirror',
  }));
  rows.push([
    'real @google/genai SDK → fake Gemini on loopback',
    await run(viaEngine(sdk), 500, (i) => ({
      text: message(i + 700_000),
      targets: three,
      source: 'en',
      origin: 'mirror',
    })),
  ]);
  await fake.close();
  db.$sqlite!.close();
  rmSync(dir, { recursive: true, force: true });
  for (const [label, r] of rows) {
    console.log(
      `  ${label.padEnd(50)} p50 ${us(r.p50).padStart(8)}  p99 ${us(r.p99).padStart(8)}  ${r.perSecond.toFixed(0).padStart(6)} msg/s`,
    );
  }
  await channelLoadBench();
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
