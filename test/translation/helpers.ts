import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Db, openDb } from '../../db/client';
import { loadEnv } from '../../src/server/env';
import { createQueue, DurableEvents } from '../../src/server/services/queue';
import { createTranslator, type Translator } from '../../src/server/services/translation';
import type { EngineOptions } from '../../src/server/services/translation/engine';

/** Fast retries for tests; timeouts long enough never to fire by accident. */
export const FAST: Partial<EngineOptions> = { baseDelayMs: 5, maxDelayMs: 20 };

export interface Engine {
  translator: Translator;
  db: Db;
  dir: string;
  events: DurableEvents;
  /** usage:threshold events received so far. */
  notices: Parameters<DurableEvents['publish']>[1][];
  close(): void;
}

/** The real engine over a real SQLite file in a temp folder, provider from `env`. */
export async function makeEngine(
  env: Record<string, string>,
  opts: { options?: Partial<EngineOptions>; clock?: () => Date } = {},
): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'polyglot-translate-'));
  const db = await openDb(join(dir, 'app.db'));
  const clock = opts.clock ?? (() => new Date());
  const events = new DurableEvents(createQueue(db, clock));
  const notices: Engine['notices'] = [];
  events.on('usage:threshold', (n) => notices.push(n));
  const translator = createTranslator({
    db,
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
    close() {
      db.$sqlite!.close();
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
export function seedUsage(db: Db, guildId: string, n: number, at: Date): void {
  db.$sqlite!.prepare("insert into guilds (id, name) values (?, '') on conflict do nothing").run(guildId);
  const insert = db.$sqlite!.prepare(
    `insert into translation_logs (guild_id, source_language, target_language, characters, outcome, source, created_at)
     values (?, 'en', 'es', 10, 'ok', 'mirror', ?)`,
  );
  db.$sqlite!.transaction(() => {
    for (let i = 0; i < n; i++) insert.run(guildId, at.getTime());
  })();
}
