import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawAll } from '../../db/client';
import type { RecordedCall } from '../fakes/discord';
import { pseudoTranslate } from '../fakes/gemini';
import { type BotHarness, eventually, startBotHarness } from './harness';

/**
 * Issue 24: nothing vanishes. A channel message that cannot be translated now gets its reason's
 * reaction on the original, is counted per reason (a counter, never the text), and is tried again
 * while fresh: the copies arrive late and the reaction goes away.
 */

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({
    // New tries after 100 ms, 200 ms...; one provider slot; a channel message waits 150 ms at most.
    env: { TRANSLATION_RETRY_MS: '100', TRANSLATION_FRESH_MS: '60000' },
    overrides: {
      translatorOptions: {
        attempts: 1,
        concurrency: 1,
        minConcurrency: 1,
        maxWaitMs: 150,
        batchWindowMs: 0,
        breakerThreshold: 100,
      },
    },
  });
  await h.link('Marks', [
    ['english', 'en'],
    ['spanish', 'es'],
    ['french', 'fr'],
  ]);
});
afterAll(async () => {
  await h?.close();
});

const reactionCall = (method: 'PUT' | 'DELETE', messageId: string, mark: string) => (c: RecordedCall) =>
  c.method === method &&
  c.path === `/channels/${h.channel('english').id}/messages/${messageId}/reactions/${mark}/@me`;

const postsWith = (text: string) =>
  h.fake.calls.filter(
    (c) => c.method === 'POST' && /^\/webhooks\/\d+\/[^/]+$/.test(c.path) && c.body?.content?.includes(text),
  );

async function counts(reason: string) {
  const rows = (await rawAll(
    h.server.services.db,
    sql`select marked, recovered from untranslated_daily where guild_id = ${h.guild.id} and reason = ${reason}`,
  )) as { marked: number; recovered: number }[];
  return { marked: Number(rows[0]?.marked ?? 0), recovered: Number(rows[0]?.recovered ?? 0) };
}

const send = (content: string) =>
  h.fake.sendMessage({ channelId: h.channel('english').id, author: h.ben.user, member: h.ben, content });

describe('a message that cannot be translated now', () => {
  it('provider down: ⚠️ on the original, counted, tried again; the copies arrive and the mark goes', async () => {
    h.gemini.reset();
    h.gemini.queue({ status: 503, body: { error: { code: 503, message: 'overloaded' } } });
    const before = await counts('unavailable');
    const msg = send('The provider is down for this one');
    await h.fake.waitForCall(reactionCall('PUT', msg.id, '⚠️'));
    await eventually(async () => (await counts('unavailable')).marked === before.marked + 1);
    // The new try posts both copies, then takes the mark away and counts the message as recovered.
    await eventually(() => postsWith('The provider is down for this one').length === 2);
    await h.fake.waitForCall(reactionCall('DELETE', msg.id, '⚠️'));
    await eventually(async () => (await counts('unavailable')).recovered === before.recovered + 1);
    expect(postsWith('[es] The provider is down for this one')).toHaveLength(1);
    // Posted after its turn, the copy says so and links the original.
    expect(String(postsWith('[es] The provider is down for this one')[0].body?.content)).toMatch(
      new RegExp(
        `^-# ↩ posted late: \\[original message\\]\\(https://discord.com/channels/${h.guild.id}/\\d+/${msg.id}\\)\n`,
      ),
    );
    // The counter holds no text.
    const rows = await rawAll(h.server.services.db, sql`select * from untranslated_daily`);
    expect(JSON.stringify(rows)).not.toContain('provider is down');
  });

  it('overload: a message that waited too long for a provider slot gets 🕓, is counted, and is copied later', async () => {
    h.gemini.reset();
    let open: () => void = () => {};
    const gate = new Promise<void>((r) => {
      open = r;
    });
    h.gemini.respondWith(async (req) => {
      if (req.translation?.text.includes('slow one')) await gate;
      return pseudoTranslate(req);
    });
    const before = await counts('overloaded');
    try {
      send('The slow one holds the only slot');
      await eventually(() => h.gemini.requests.length === 1);
      const shed = send('This one waits too long');
      await h.fake.waitForCall(reactionCall('PUT', shed.id, '🕓'));
      await eventually(async () => (await counts('overloaded')).marked === before.marked + 1);
      open();
      await eventually(() => postsWith('This one waits too long').length === 2, 10_000);
      await h.fake.waitForCall(reactionCall('DELETE', shed.id, '🕓'));
      await eventually(async () => (await counts('overloaded')).recovered === before.recovered + 1);
      expect(postsWith('The slow one holds the only slot')).toHaveLength(2);
    } finally {
      open();
      h.gemini.reset();
    }
  });

  it('placeholders broken on both answers: the copies are posted with every protected piece, never dropped', async () => {
    h.gemini.reset();
    h.gemini.respondWith((req) => {
      const t = req.translation!;
      // Every placeholder lost, every time.
      const translations = Object.fromEntries(t.targets.map((c) => [c, `[${c}] mira esto`]));
      return { json: { source: 'en', translations } };
    });
    try {
      const msg = send('look at this <@123456789012345678> https://example.com/map');
      await eventually(
        () => postsWith('[es] mira esto').length === 1 && postsWith('[fr] mira esto').length === 1,
      );
      for (const post of [...postsWith('[es] mira esto'), ...postsWith('[fr] mira esto')]) {
        expect(post.body?.content).toContain('<@123456789012345678>');
        expect(post.body?.content).toContain('https://example.com/map');
      }
      expect(h.fake.calls.some((c) => c.path.includes(`/messages/${msg.id}/reactions/`))).toBe(false);
    } finally {
      h.gemini.reset();
    }
  });
});
