import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../../db/client';
import { guilds, translationLogs } from '../../db/schema';
import { loadEnv } from '../../src/server/core/env';
import { createQueue, DurableEvents } from '../../src/server/core/queue';
import { createTranslator } from '../../src/server/translation';
import type { Translator } from '../../src/server/core/translator';
import { serverPromptSource } from '../../src/server/app/services';
import type { EngineOptions } from '../../src/server/translation/options';
import { dropTestDb, openTestDb } from '../helpers/database';

/** Fast retries for tests; timeouts long enough never to fire by accident. */
export const FAST: Partial<EngineOptions> = { baseDelayMs: 5, maxDelayMs: 20 };

export interface Engine {
  translator: Translator;
  db: Db;
  dir: string;
  events: DurableEvents;
  /** usage:threshold events received so far. */
  notices: Parameters<DurableEvents['publish']>[1][];
  close(): Promise<void>;
}

/** The real engine over a real SQLite file in a temp folder, provider from `env`. */
export async function makeEngine(
  env: Record<string, string>,
  opts: { options?: Partial<EngineOptions>; clock?: () => Date } = {},
): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'polyglot-translate-'));
  const db = await openTestDb(dir);
  const clock = opts.clock ?? (() => new Date());
  const events = new DurableEvents(createQueue(db, clock));
  const notices: Engine['notices'] = [];
  events.on('usage:threshold', (n) => notices.push(n));
  const translator = createTranslator({
    db,
    prompt: serverPromptSource(db),
    env: loadEnv({ DATABASE_PATH: join(dir, 'app.db'), ...env }),
    clock,
    events,
    options: { ...FAST, ...opts.options },
  });
  return {
    translator,
    db,
    dir,
    events,
    notices,
    async close() {
      await db.$close();
      await dropTestDb(dir);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const geminiEnv = (url: string) => ({
  GEMINI_API_KEY: 'test-key',
  GEMINI_BASE_URL: url,
  GEMINI_MODEL: 'gemini-test',
});

/** A clock the test moves by hand. */
export function manualClock(start: string) {
  let now = new Date(start);
  return {
    clock: () => now,
    set(iso: string) {
      now = new Date(iso);
    },
    advance(ms: number) {
      now = new Date(now.getTime() + ms);
    },
  };
}

/** Adds `n` delivered-translation rows for the guild at `at` (usage so far this month). */
export async function seedUsage(db: Db, guildId: string, n: number, at: Date): Promise<void> {
  await db.insert(guilds).values({ id: guildId, name: '' }).onConflictDoNothing().run();
  const row = {
    guildId,
    sourceLanguage: 'en',
    targetLanguage: 'es',
    characters: 10,
    outcome: 'ok' as const,
    source: 'mirror',
    createdAt: at,
  };
  for (let done = 0; done < n; done += 500) {
    await db
      .insert(translationLogs)
      .values(Array.from({ length: Math.min(500, n - done) }, () => row))
      .run();
  }
}
