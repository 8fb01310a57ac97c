import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { IDENTIFY_INTERVAL_MS, takeIdentifySlot } from '../../src/server/features/guilds/gateway-identify';
import { dropTestDb, openTestDb } from '../helpers/database';

/** The identify buckets every bot process shares (bot/features/guilds/gateway-identify.ts asks before each IDENTIFY). */
let dir: string;
let db: Db;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'polyglot-identify-'));
  db = await openTestDb(dir);
});
afterAll(async () => {
  await db?.$close();
  await dropTestDb(dir);
  rmSync(dir, { recursive: true, force: true });
});

describe('gateway identify slots', () => {
  it('of ten shards asking at the same moment, one identifies; the others hear how long to wait', async () => {
    const now = 1_800_000_000_000;
    const answers = await Promise.all(Array.from({ length: 10 }, () => takeIdentifySlot(db, 0, now)));
    expect(answers.filter((w) => w === 0)).toHaveLength(1);
    expect(answers.filter((w) => w === IDENTIFY_INTERVAL_MS)).toHaveLength(9);
    // Another bucket is free; this one again only once the interval has passed.
    expect(await takeIdentifySlot(db, 1, now)).toBe(0);
    expect(await takeIdentifySlot(db, 0, now + IDENTIFY_INTERVAL_MS - 1)).toBe(1);
    expect(await takeIdentifySlot(db, 0, now + IDENTIFY_INTERVAL_MS)).toBe(0);
  });
});
