import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../db/client';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { onPostgres, tablesMentioning } from '../helpers/database';
import { startTestServer, type TestServer } from '../helpers/server';
import { geminiEnv } from './helpers';

let fake: FakeProvider;
let s: TestServer;
beforeAll(async () => {
  fake = await startFakeGemini();
  s = await startTestServer({ env: geminiEnv(fake.url) });
});
afterAll(async () => {
  await s.close();
  await fake.close();
});

const CANARY = 'zq-canary-7f3e9b21-quokka';
/** Conversation context (previous messages of the channel) is held in memory only, never on disk. */
const CONTEXT_CANARY = 'zq-context-4be1-wombat';

/** Every file of the database folder (app.db, app.db-wal, app.db-shm, ...) as bytes. */
const dbFiles = () => readdirSync(s.dir).map((name) => ({ name, bytes: readFileSync(join(s.dir, name)) }));

describe('privacy: no message content on disk', () => {
  it('a canary translated 100 times appears in no byte of the SQLite file or its WAL', async () => {
    for (let i = 0; i < 100; i++) {
      const res = await s.services.translator.translate({
        text: `Message ${i} mentions ${CANARY} again`,
        targets: ['es', 'fr'],
        source: 'en',
        context: [`someone: earlier message ${i} about ${CONTEXT_CANARY}`],
        origin: 'mirror',
        guildId: 'g-privacy',
        channelId: 'c-privacy',
        userId: `u-${i % 7}`,
        username: 'someone',
      });
      expect(res.translations.es).toContain(CANARY);
    }
    // The provider did see it (so the test would notice a write), 100 calls.
    expect(fake.requests.filter((r) => r.raw.includes(CANARY))).toHaveLength(100);
    expect(fake.requests.filter((r) => r.translation?.context?.[0]?.includes(CONTEXT_CANARY))).toHaveLength(
      100,
    );
    const rows = await rawGet(
      s.services.db,
      sql`select count(*) as n from translation_logs where guild_id = 'g-privacy'`,
    );
    expect(rows).toEqual({ n: 200 });
    if (onPostgres) {
      // No database file here: no row of any table holds either text.
      for (const c of [CANARY, CONTEXT_CANARY]) expect(await tablesMentioning(s.services.db, c)).toEqual([]);
      return;
    }

    const files = dbFiles();
    expect(files.map((f) => f.name)).toEqual(expect.arrayContaining(['app.db', 'app.db-wal']));
    expect(files.find((f) => f.name === 'app.db-wal')!.bytes.length).toBeGreaterThan(0);
    const needles = [CANARY, CONTEXT_CANARY].flatMap((c) => [
      Buffer.from(c, 'utf8'),
      Buffer.from(c, 'utf16le'),
    ]);
    for (const needle of needles) {
      for (const f of files) expect(f.bytes.includes(needle), f.name).toBe(false);
    }
    // After a checkpoint and close as well.
    s.services.db.$sqlite?.pragma('wal_checkpoint(TRUNCATE)');
    await s.stop();
    for (const f of dbFiles()) {
      expect(f.bytes.includes(Buffer.from(CANARY)), f.name).toBe(false);
      expect(f.bytes.includes(Buffer.from(CONTEXT_CANARY)), f.name).toBe(false);
    }
  });
});
