import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type FakeProvider, pseudoTranslate, startFakeGemini } from '../fakes/gemini';
import { geminiEnv, makeEngine } from './helpers';

/**
 * Issue 24: batching without a dead zone. While a call of a channel is in flight, the channel's
 * next messages gather and leave in one call when it ends, whatever the gap between them; a batch
 * under AI moderation carries each message's verdict in that same call.
 */

let fake: FakeProvider;
beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(async () => {
  await fake.close();
});

describe('gathering behind a call in flight', () => {
  for (const moderate of [false, true]) {
    it(`messages arriving while the channel's call is in flight share the next call${moderate ? ', verdicts included' : ''}`, async () => {
      fake.reset();
      // A window far shorter than the gaps below: the old batcher would send each message alone.
      const e = await makeEngine(geminiEnv(fake.url), { options: { batchWindowMs: 20 } });
      let open: () => void = () => {};
      const gate = new Promise<void>((r) => {
        open = r;
      });
      fake.respondWith(async (req) => {
        if (fake.requests.length === 1) await gate;
        return pseudoTranslate(req);
      });
      const ask = (text: string) =>
        e.translator.translate({
          text,
          targets: ['es', 'fr'],
          source: 'en',
          origin: 'mirror',
          guildId: 'g-gather',
          channelId: `c-${moderate}`,
          moderate,
        });
      try {
        const first = ask('the first message goes at once');
        await vi.waitFor(() => expect(fake.requests).toHaveLength(1), { timeout: 10_000, interval: 5 });
        const rest = [];
        for (let i = 0; i < 5; i++) {
          rest.push(ask(`message number ${i} of the burst`));
          await new Promise((r) => setTimeout(r, 60)); // 60 ms apart: past the 20 ms window
        }
        expect(fake.requests).toHaveLength(1);
        // All five reached the batcher (each first reads the server's settings: slow under load).
        await vi.waitFor(() => expect(e.translator.gathering!()).toBe(5), { timeout: 10_000, interval: 5 });
        open();
        const results = await Promise.all([first, ...rest]);
        expect(fake.requests).toHaveLength(2);
        const batch = fake.requests[1].translation!;
        expect(batch.messages).toHaveLength(5);
        expect(results[3].translations.fr).toBe('[fr] message number 2 of the burst');
        expect(results.slice(1).every((r) => r.usage!.calls === 0.2)).toBe(true);
        if (moderate) {
          expect(batch.moderate).toBe(true);
          expect(fake.requests[1].body.systemInstruction.parts[0].text).toContain('Judge each message');
          for (const r of results)
            expect(r.moderation).toEqual({ flagged: false, category: 'none', reason: '' });
        } else {
          for (const r of results) expect(r.moderation).toBeUndefined();
        }
      } finally {
        open();
        await e.close();
      }
    });
  }
});
