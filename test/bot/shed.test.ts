import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawAll } from '../../db/client';
import type { RecordedCall } from '../fakes/discord';
import { type BotHarness, eventually, startBotHarness } from './harness';

/**
 * Issue 24: a channel's post queue is bounded (MIRROR_QUEUE_MAX). A copy that finds it full is
 * shed: 🚦 on the original, counted, and tried again while the message is fresh, like the other
 * marks. The copy then comes after later messages' copies, so it says so on its first line and
 * links the original; the mark goes and the message counts as recovered.
 */

let h: BotHarness;
/** Webhook posts the fake holds until `release()`: the channel's queue backs up behind the first. */
let held = 0;
let release: () => void = () => {};
let gate: Promise<void> | null = null;

beforeAll(async () => {
  h = await startBotHarness({
    env: { MIRROR_QUEUE_MAX: '1', TRANSLATION_RETRY_MS: '50', TRANSLATION_FRESH_MS: '60000' },
  });
  await h.link('Shed', [
    ['english', 'en'],
    ['spanish', 'es'],
  ]);
  const rest = h.fake.rest;
  const handle = rest.handle.bind(rest);
  rest.handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (gate && req.method === 'POST' && /\/webhooks\/\d+\/[^/?]+/.test(req.url ?? '')) {
      held++;
      await gate;
    }
    return handle(req, res);
  };
});
afterAll(async () => {
  release();
  await h?.close();
});

const english = () => h.channel('english').id;
const send = (content: string) =>
  h.fake.sendMessage({ channelId: english(), author: h.ben.user, member: h.ben, content });
const reactionCall = (method: 'PUT' | 'DELETE', messageId: string) => (c: RecordedCall) =>
  c.method === method && c.path === `/channels/${english()}/messages/${messageId}/reactions/🚦/@me`;
const spanishPosts = () =>
  h.fake.calls.filter(
    (c) => c.method === 'POST' && /^\/webhooks\/\d+\/[^/]+$/.test(c.path) && c.status === 200,
  );

async function counts() {
  const rows = (await rawAll(
    h.server.services.db,
    sql`select marked, recovered from untranslated_daily where guild_id = ${h.guild.id} and reason = 'queue_full'`,
  )) as { marked: number; recovered: number }[];
  return { marked: Number(rows[0]?.marked ?? 0), recovered: Number(rows[0]?.recovered ?? 0) };
}

describe('a copy shed by a full post queue', () => {
  it('gets 🚦, is tried again, and arrives late under a line linking the original', async () => {
    gate = new Promise<void>((r) => {
      release = r;
    });
    // The first copy is held at Discord; the second waits in the queue (1 at most); the third is shed.
    send('first of three');
    await eventually(() => held === 1);
    send('second of three');
    const third = send('third of three');
    await h.fake.waitForCall(reactionCall('PUT', third.id));
    await eventually(async () => (await counts()).marked === 1);
    expect(spanishPosts()).toHaveLength(0);

    gate = null;
    release();
    await h.fake.waitForCall(reactionCall('DELETE', third.id), 10_000);
    await eventually(async () => (await counts()).recovered === 1);
    const contents = spanishPosts().map((c) => String(c.body?.content));
    expect(contents).toHaveLength(3);
    expect(contents[0]).toContain('first of three');
    expect(contents[1]).toContain('second of three');
    expect(contents[0]).not.toContain('posted late');
    const late = contents.find((c) => c.includes('third of three'));
    expect(late?.split('\n')[0]).toBe(
      `-# ↩ posted late: [original message](https://discord.com/channels/${h.guild.id}/${english()}/${third.id})`,
    );
    // The late copy is a copy like the others: recorded under the original.
    const copies = await rawAll(
      h.server.services.db,
      sql`select copy_message_id from message_copies where original_message_id = ${third.id}`,
    );
    expect(copies).toHaveLength(1);
  });
});
