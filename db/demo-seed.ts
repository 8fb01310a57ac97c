import type { Db } from './client';

/** What every part of the demo seeding shares (demo.ts builds it once per guild). */

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** mulberry32: a small seeded PRNG, so the same guild and time give the same data. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const weighted = <T>(items: readonly T[], weights: readonly number[]): T => {
    const total = weights.reduce((a, b) => a + b, 0);
    let r = next() * total;
    for (let i = 0; i < items.length; i++) {
      r -= weights[i];
      if (r < 0) return items[i];
    }
    return items[items.length - 1];
  };
  return { next, int, weighted };
}

export function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

export interface DemoSeed {
  db: Db;
  guildId: string;
  rnd: ReturnType<typeof prng>;
  /** Now, in ms. */
  t: number;
  ago: (ms: number) => Date;
  snowflake: (kind: number, n: number) => string;
  userId: (m: number) => string;
  staffId: string;
  /** Channel ids by name, filled by seedGuildAndChannels. */
  ch: Record<string, string>;
  add: (what: string, n?: number) => void;
}
