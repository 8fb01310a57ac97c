import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rawGet } from '../../db/client';
import { explainTranslationFailure } from '../../src/server/features/translation/failures';
import { OverloadedError } from '../../src/server/translation';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { geminiEnv, makeEngine } from './helpers';

/** vi.waitFor's bound (its default, 1 s, passes on a loaded machine): a limit on waiting, not a speed target. */
const WAIT = { timeout: 30_000 };

/**
 * Under a burst the engine's queue is bounded: a member's command goes before channel traffic, and
 * channel messages past the server's queue are shed at once instead of every later one waiting longer.
 */

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(async () => {
  await fake.close();
});

const mirror = (text: string) => ({
  text,
  targets: ['es'],
  source: 'en',
  origin: 'mirror' as const,
  guildId: 'g-burst',
});

describe('a burst of channel messages', () => {
  it('sheds what exceeds the server queue, serves a command first, and the breaker stays closed', async () => {
    const e = await makeEngine(geminiEnv(fake.url), {
      options: { perGuildConcurrency: 1, concurrency: 4, maxQueuedPerGuild: 3, batchWindowMs: 0 },
    });
    let open: () => void = () => {};
    const gate = new Promise<void>((r) => {
      open = r;
    });
    fake.respondWith(async (req) => {
      await gate;
      return { json: { source: 'en', translations: { es: `[es] ${req.translation?.text}` } } };
    });
    try {
      const calls = () => e.translator.providerCalls?.('g-burst') ?? { active: 0, waiting: 0 };
      const first = e.translator.translate(mirror('message 0'));
      await vi.waitFor(() => expect(fake.requests).toHaveLength(1), WAIT); // in flight, holding the server's one slot
      // In the order they arrive: each waits for a slot before the next is sent (each reads the
      // server's settings first, which takes a round trip on PostgreSQL).
      const queued = [];
      for (const i of [1, 2, 3]) {
        queued.push(e.translator.translate(mirror(`message ${i}`)));
        await vi.waitFor(() => expect(calls().waiting).toBe(i), WAIT);
      }
      const shed = await Promise.allSettled(
        [4, 5].map((i) => e.translator.translate(mirror(`message ${i}`))),
      );
      for (const s of shed) {
        expect(s.status).toBe('rejected');
        const err = (s as PromiseRejectedResult).reason;
        expect(err).toBeInstanceOf(OverloadedError);
        expect(explainTranslationFailure(err, 'http://x').message).toContain('very busy');
      }
      expect(calls()).toEqual({ active: 1, waiting: 3 });
      // A member's Translate Message on the same server waits behind the call in flight only.
      const command = e.translator.translate({ ...mirror('translate this for me'), origin: 'context-menu' });
      await vi.waitFor(() => expect(calls().waiting).toBe(4), WAIT); // waiting for the slot, as the others
      open();
      const results = await Promise.all([first, ...queued, command]);
      expect(results.map((r) => r.translations.es)).toEqual([
        '[es] message 0',
        '[es] message 1',
        '[es] message 2',
        '[es] message 3',
        '[es] translate this for me',
      ]);
      expect(fake.requests.map((r) => r.translation?.text)).toEqual([
        'message 0',
        'translate this for me',
        'message 1',
        'message 2',
        'message 3',
      ]);
      // Shedding says nothing about the provider: the next message goes through at once.
      fake.reset();
      const after = await e.translator.translate(mirror('after the burst'));
      expect(after.translations.es).toBe('[es] after the burst');
      // The shed messages are in the logs as errors (what the dashboard's error figures count).
      const errors = (await rawGet(
        e.db,
        sql`select count(*) as n from translation_logs where guild_id = 'g-burst' and outcome = 'error'`,
      )) as { n: number };
      expect(errors.n).toBe(2);
    } finally {
      fake.reset();
      await e.close();
    }
  });
});
