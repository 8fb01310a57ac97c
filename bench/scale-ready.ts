/**
 * Time to ready for `npm run bench:scale`: from the bot processes' start to (1) every shard READY
 * and every server's GUILD_CREATE received (discord.js's clientReady, which the bot logs as
 * "logged in as ... in N servers") and (2) the bot's guild sync done for every server (a row in
 * the guilds table each; the bot syncs them one by one once ready).
 */
import type { FakeDiscord } from '../test/fakes/discord';
import { type BenchDatabase, guildCounter } from './scale-db';
import type { ProductProcess } from './scale-process';

export interface ReadyResult {
  /** Start of the bot processes to "Starting the bot" (the process booted, its code loaded), slowest. */
  bootMs: number;
  /** Start to every process's clientReady (all its shards READY, all its servers received), slowest. */
  gatewayMs: number;
  /** Start to every server's row written by the guild sync. */
  syncedMs: number;
  perProcess: { label: string; servers: number; bootMs: number; gatewayMs: number }[];
  /** First to last IDENTIFY the fake received. */
  identifySpanMs: number;
  /**
   * IDENTIFYs that came less than 5 s after another of the same rate-limit key (shard id %
   * max_concurrency): Discord allows one per key per 5 s. Each process paces only its own.
   */
  identifiesTooClose: number;
}

/** Identifies closer than 5 s to the previous one of their key (shard % maxConcurrency). */
export function identifiesTooClose(
  log: { shard: [number, number]; at: number }[],
  maxConcurrency: number,
): number {
  const last = new Map<number, number>();
  let close = 0;
  for (const { shard, at } of [...log].sort((a, b) => a.at - b.at)) {
    const key = shard[0] % maxConcurrency;
    const previous = last.get(key);
    if (previous !== undefined && at - previous < 5000) close++;
    last.set(key, at);
  }
  return close;
}

export async function waitForReady(opts: {
  fake: FakeDiscord;
  bots: ProductProcess[];
  database: BenchDatabase;
  tag: string;
  servers: number;
  shards: number;
  /** What GET /gateway/bot announced as max_concurrency (every shard when absent). */
  maxConcurrency?: number;
}): Promise<ReadyResult> {
  const start = Math.min(...opts.bots.map((p) => p.startedAt));
  const counter = await guildCounter(opts.database, opts.tag);
  try {
    const perProcess = await Promise.all(
      opts.bots.map(async (p) => {
        const boot = await p.line(/Starting the bot/);
        const ready = await p.line(/logged in as .* in (\d+) servers/);
        return {
          label: p.label,
          servers: Number(ready.match[1]),
          bootMs: boot.at - start,
          gatewayMs: ready.at - start,
        };
      }),
    );
    const shards = opts.fake.gateway.shards();
    if (shards.length !== opts.shards || shards.some((s) => !s.connected || s.count !== opts.shards))
      throw new Error(`not every shard is connected: ${JSON.stringify(shards)}`);
    const total = perProcess.reduce((n, p) => n + p.servers, 0);
    if (total !== opts.servers)
      throw new Error(`the bot processes hold ${total} servers, not ${opts.servers}`);
    const deadline = Date.now() + 600_000;
    for (let synced = await counter.count(); synced < opts.servers; synced = await counter.count()) {
      if (Date.now() > deadline)
        throw new Error(`only ${synced} of ${opts.servers} servers synced in 10 minutes`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const log = opts.fake.gateway.identifyLog;
    return {
      bootMs: Math.max(...perProcess.map((p) => p.bootMs)),
      gatewayMs: Math.max(...perProcess.map((p) => p.gatewayMs)),
      syncedMs: performance.now() - start,
      perProcess,
      identifySpanMs: log.length ? Math.max(...log.map((i) => i.at)) - Math.min(...log.map((i) => i.at)) : 0,
      identifiesTooClose: identifiesTooClose(log, opts.maxConcurrency ?? opts.shards),
    };
  } finally {
    await counter.close();
  }
}
