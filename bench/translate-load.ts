/**
 * Part of `npm run bench:translate` (issue 16): one busy channel, a steady 10 messages a second, 5
 * target languages, with conversation context as a mirror sends it; today's behaviour (the prompt of
 * before issue 16, one provider call per message, no context passed) against the new engine (stable
 * prefix, context, micro-batching) in the same run. The provider answers after a fixed delay, like
 * a real one, and counts tokens at 4 characters a token on what it was actually sent.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDb } from '../db/client';
import { loadEnv } from '../src/server/core/env';
import { CONTEXT_MESSAGES } from '../src/server/translation/conversation';
import { createTranslator } from '../src/server/translation';
import type { TranslateResult } from '../src/server/core/translator';
import { serverPromptSource } from '../src/server/app/services';
import { MICRO_BATCH_WINDOW_MS } from '../src/server/translation/batcher';
import type { EngineOptions } from '../src/server/translation/options';
import type { Provider } from '../src/server/translation/providers/types';

const roughTokens = (s: string) => Math.ceil(s.length / 4);
const RATE_PER_SECOND = 10;
const TARGETS = ['es', 'fr', 'de', 'ja', 'pt'];
const PROVIDER_LATENCY_MS = 300;
/** Gemini 2.5 Flash caches a prompt prefix implicitly only from 1,024 tokens on. */
const IMPLICIT_CACHE_MIN_TOKENS = 1024;

const LINES = [
  'anyone up for the dungeon tonight?',
  'yeah I can join after dinner, around 9',
  'do we need the fire resistance potions for that one?',
  'bring them, the boss hits hard in phase 2 <@123456789012345678>',
  'lol last time we wiped three times 😂',
  'ok I will craft some more, who has spare blaze powder?',
  'check the guide here https://example.com/guide it explains **everything**',
  'thanks! see you all at 9 then :wave:',
];

interface Sent {
  calls: number;
  input: number;
  output: number;
  cached: number;
  /** When the provider call that carried each message started. */
  callStart: Map<string, number>;
}

/** Answers single and batch requests after a fixed delay. */
function slowProvider(sent: Sent): Provider {
  let previousSystem = '';
  return {
    name: 'simulated',
    model: 'bench',
    async complete(req) {
      const now = performance.now();
      const ask = JSON.parse(req.user) as {
        text?: string;
        messages?: { id: string; text: string; source: string | null }[];
        targets: string[];
        source?: string | null;
      };
      const texts = ask.messages ? ask.messages.map((m) => m.text) : [ask.text as string];
      for (const t of texts) sent.callStart.set(t, now);
      await new Promise((r) => setTimeout(r, PROVIDER_LATENCY_MS));
      const tr = (t: string) => Object.fromEntries(ask.targets.map((c) => [c, `[${c}] ${t}`]));
      const text = ask.messages
        ? JSON.stringify({
            items: ask.messages.map((m) => ({ id: m.id, source: 'en', translations: tr(m.text) })),
          })
        : JSON.stringify({ source: ask.source ?? 'en', translations: tr(ask.text as string) });
      let common = 0;
      while (common < req.system.length && req.system[common] === previousSystem[common]) common++;
      previousSystem = req.system;
      const cachedTokens =
        roughTokens(req.system.slice(0, common)) >= IMPLICIT_CACHE_MIN_TOKENS
          ? roughTokens(req.system.slice(0, common))
          : 0;
      const res = {
        text,
        inputTokens: roughTokens(req.system + req.user),
        outputTokens: roughTokens(text),
        cachedTokens,
      };
      sent.calls += 1;
      sent.input += res.inputTokens;
      sent.output += res.outputTokens;
      sent.cached += cachedTokens;
      return res;
    },
  };
}

interface LoadResult {
  label: string;
  inputPerMessage: number;
  outputPerMessage: number;
  cachedPerMessage: number;
  callsPerMessage: number;
  addedP50: number;
  addedP99: number;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function runLoad(
  label: string,
  n: number,
  options: Partial<EngineOptions>,
  withContext: boolean,
): Promise<LoadResult> {
  const sent: Sent = { calls: 0, input: 0, output: 0, cached: 0, callStart: new Map() };
  const dir = mkdtempSync(join(tmpdir(), 'bench-load-'));
  const db = await openDb(join(dir, 'app.db'));
  db.$sqlite!.prepare("insert into guilds (id, name, plan) values ('load-guild', '', 'pro')").run();
  const translator = createTranslator({
    db,
    prompt: serverPromptSource(db),
    env: loadEnv({ DATABASE_PATH: join(dir, 'app.db') }),
    clock: () => new Date(),
    provider: slowProvider(sent),
    options,
  });
  const history: string[] = [];
  const submitted = new Map<string, number>();
  const pending: Promise<TranslateResult>[] = [];
  const start = performance.now();
  for (let i = 0; i < n; i++) {
    // A steady rate: message i leaves at start + i × 100 ms.
    const due = start + (i * 1000) / RATE_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const text = `${LINES[i % LINES.length]} (#${i})`;
    const context = withContext ? history.slice(-CONTEXT_MESSAGES) : undefined;
    history.push(`member${i % 4}: ${text}`);
    submitted.set(text, performance.now());
    pending.push(
      translator.translate({
        text,
        targets: TARGETS,
        source: 'en',
        context,
        origin: 'mirror',
        guildId: 'load-guild',
        channelId: 'load-channel',
        userId: `u${i % 4}`,
        username: `member${i % 4}`,
      }),
    );
  }
  const results = await Promise.all(pending);
  // Steady state: the figures leave out the first second (the channel's first message goes alone).
  const steady = results.slice(RATE_PER_SECOND);
  const sum = (f: (r: TranslateResult) => number) => steady.reduce((a, r) => a + f(r), 0) / steady.length;
  const added = [...submitted]
    .slice(RATE_PER_SECOND)
    .map(([text, at]) => (sent.callStart.get(text) ?? at) - at)
    .sort((a, b) => a - b);
  db.$sqlite!.close();
  rmSync(dir, { recursive: true, force: true });
  return {
    label,
    inputPerMessage: sum((r) => r.usage?.inputTokens ?? 0),
    outputPerMessage: sum((r) => r.usage?.outputTokens ?? 0),
    cachedPerMessage: sum((r) => r.usage?.cachedTokens ?? 0),
    callsPerMessage: sum((r) => r.usage?.calls ?? 0),
    addedP50: pct(added, 50),
    addedP99: pct(added, 99),
  };
}

export async function channelLoadBench(n = 150): Promise<void> {
  console.log(
    `\nOne busy channel: ${RATE_PER_SECOND} messages/s steady, ${TARGETS.length} targets, ${n} messages, provider answering in ${PROVIDER_LATENCY_MS} ms`,
  );
  // Warm-up (JIT, detector, SQLite), not printed.
  await runLoad('warm-up', 30, { batchWindowMs: MICRO_BATCH_WINDOW_MS }, true);
  const today = await runLoad(
    'today (1 call/msg, old prompt)',
    n,
    { batchWindowMs: 0, legacyPrompt: true },
    false,
  );
  const rows = [
    today,
    await runLoad('new, no batching (window 0)', n, { batchWindowMs: 0 }, true),
    await runLoad('new, window 50 ms', n, { batchWindowMs: 50 }, true),
    await runLoad(
      `new, window ${MICRO_BATCH_WINDOW_MS} ms (default)`,
      n,
      { batchWindowMs: MICRO_BATCH_WINDOW_MS },
      true,
    ),
  ];
  console.log(
    "Per message, steady state (after the first second). wait = from translate() to the start of the provider call carrying the message; added = wait minus today's wait at the same percentile.",
  );
  console.log(
    'mode                              | in tok/msg | out tok/msg | cached tok/msg | calls/msg | wait p50 | wait p99 | added p50 | added p99 | input vs today',
  );
  console.log(
    '----------------------------------|------------|-------------|----------------|-----------|----------|----------|-----------|-----------|---------------',
  );
  for (const r of rows) {
    const saving = 1 - r.inputPerMessage / today.inputPerMessage;
    console.log(
      `${r.label.padEnd(33)} | ${r.inputPerMessage.toFixed(0).padStart(10)} | ${r.outputPerMessage.toFixed(0).padStart(11)} | ${r.cachedPerMessage.toFixed(0).padStart(14)} | ${r.callsPerMessage.toFixed(2).padStart(9)} | ${`${r.addedP50.toFixed(1)} ms`.padStart(8)} | ${`${r.addedP99.toFixed(1)} ms`.padStart(8)} | ${`${(r.addedP50 - today.addedP50).toFixed(1)} ms`.padStart(9)} | ${`${(r.addedP99 - today.addedP99).toFixed(1)} ms`.padStart(9)} | ${r === today ? '' : `${(saving * 100).toFixed(0)} % fewer`}`,
    );
  }
  const best = rows.at(-1) as LoadResult;
  const saving = 1 - best.inputPerMessage / today.inputPerMessage;
  console.log('\nGoals (default window):');
  console.log(
    `  input tokens/msg ≥ 40 % lower than today: ${(saving * 100).toFixed(0)} % → ${saving >= 0.4 ? 'met' : 'NOT met'}`,
  );
  console.log(
    `  calls/msg ≤ 0.5: ${best.callsPerMessage.toFixed(3)} → ${best.callsPerMessage <= 0.5 ? 'met' : 'NOT met'}`,
  );
  const addedP99 = best.addedP99 - today.addedP99;
  console.log(
    `  added latency p99 ≤ window + 5 ms (${MICRO_BATCH_WINDOW_MS + 5} ms): ${addedP99.toFixed(1)} ms → ${addedP99 <= MICRO_BATCH_WINDOW_MS + 5 ? 'met' : 'NOT met'} (raw wait p99 ${best.addedP99.toFixed(1)} ms)`,
  );
  console.log(
    `  cached tokens: what the provider reports (Gemini's implicit cache starts at ${IMPLICIT_CACHE_MIN_TOKENS} prompt tokens; this prompt is shorter, so 0 is expected)`,
  );
}
