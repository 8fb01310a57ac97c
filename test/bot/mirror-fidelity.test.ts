import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from '../fakes/discord';
import { type FakeReply, pseudoTranslate, type RecordedRequest } from '../fakes/gemini';
import { type BotHarness, eventually, recordedCopies, startBotHarness, webhookPostsIn } from './harness';

/** Issue 16: long messages arrive whole; a burst of messages shares one provider call. */
let h: BotHarness;
beforeAll(async () => {
  // A window long enough that a loaded test machine still delivers the burst within it.
  h = await startBotHarness({ overrides: { translatorOptions: { batchWindowMs: 1000 } } });
  await h.link('Fidelity', [
    ['english', 'en'],
    ['spanish', 'es'],
    ['french', 'fr'],
  ]);
});
afterAll(async () => {
  await h?.close();
});

const postsIn = (channel: string) => webhookPostsIn(h, channel);

/** About `n` characters of prose in sentences of ~60 characters. */
const prose = (n: number, word: string) => {
  const out: string[] = [];
  let len = 0;
  for (let i = 0; len < n; i++) {
    const s = `Sentence ${i} tells the ${word} story of the long raid night.`;
    out.push(s);
    len += s.length + 1;
  }
  return out
    .join(' ')
    .slice(0, n)
    .replace(/\s\S*$/, '.');
};

describe('a message over 2,000 characters', () => {
  let original: Json;
  it('becomes three copies in each channel, cut at sentence ends, in order', async () => {
    const text = prose(4500, 'first');
    expect(text.length).toBeGreaterThan(4400);
    original = h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: text,
    });
    const copies = await recordedCopies(h, original.id, 6);
    expect(copies.filter((c) => c.language === 'es')).toHaveLength(3);
    const es = postsIn('spanish')
      .slice(-3)
      .map((c) => c.body?.content as string);
    expect(es.every((p) => p.length <= 2000)).toBe(true);
    expect(es[0].startsWith('[es] Sentence 0')).toBe(true);
    for (const p of es.slice(0, 2)) expect(p.endsWith('.')).toBe(true);
    // Nothing lost: the parts put together are the whole translation.
    expect(es.join(' ')).toBe(`[es] ${text}`);
  });

  it('an edit edits the three copies; a shorter edit deletes the copies it no longer needs', async () => {
    const edited = prose(4500, 'second');
    h.fake.editMessage(original, edited);
    const edits = () =>
      h.fake.calls.filter(
        (c) => c.method === 'PATCH' && /^\/webhooks\/\d+\/[^/]+\/messages\/\d+$/.test(c.path),
      );
    await eventually(() => edits().length >= 6);
    expect(edits().every((c) => String(c.body?.content).includes('second'))).toBe(true);

    h.fake.editMessage(original, 'Short now.');
    const deletes = () =>
      h.fake.calls.filter(
        (c) => c.method === 'DELETE' && /^\/webhooks\/\d+\/[^/]+\/messages\/\d+$/.test(c.path),
      );
    await eventually(() => deletes().length >= 4);
    const copies = await recordedCopies(h, original.id, 2);
    expect(copies).toHaveLength(2);
  });

  it('deleting the original deletes every copy', async () => {
    const text = prose(4500, 'third');
    const msg = h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: text,
    });
    await recordedCopies(h, msg.id, 6);
    const before = h.fake.calls.filter((c) => c.method === 'DELETE').length;
    h.fake.deleteMessage(msg);
    await eventually(() => h.fake.calls.filter((c) => c.method === 'DELETE').length - before >= 6);
  });
});

describe('a burst of messages', () => {
  it('a burst of four messages is translated in at most two calls, each copy in the right channel with the right reply link', async () => {
    const first = h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: 'Who brings the map?',
    });
    await recordedCopies(h, first.id, 2);
    const before = h.gemini.requests.length;
    // Four messages, at most two calls, whatever order they reach the engine in: those within the
    // window go together, and those that come while a call is in flight gather behind it and leave
    // together. The provider holds a first call that did not carry all four until the next call
    // reaches it (the gathered ones leave after MAX_GATHER_MS behind a call that does not end), so
    // the test does not depend on how fast this machine answers.
    const burst = ['Ready?', 'I do', 'I bring potions', 'Great, see you there'];
    const texts = (r: RecordedRequest) =>
      r.translation?.messages?.map((m) => m.text) ?? [r.translation?.text ?? ''];
    let releaseFirst: () => void = () => {};
    const firstHeld = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    h.gemini.respondWith(async (req): Promise<FakeReply> => {
      if (req.index === before && texts(req).length < burst.length) await firstHeld;
      else releaseFirst();
      return pseudoTranslate(req);
    });
    // A busy channel: messages in quick succession (the first of a burst goes at once, the next
    // three travel together), the last a reply to the first message.
    const ready = h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ana.user,
      member: h.ana,
      content: 'Ready?',
    });
    const a = h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ana.user,
      member: h.ana,
      content: 'I do',
    });
    const b = h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.chloe.user,
      member: h.chloe,
      content: 'I bring potions',
    });
    const c = h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: 'Great, see you there',
      replyTo: { messageId: first.id, channelId: h.channel('english').id },
    });
    for (const m of [ready, a, b, c]) await recordedCopies(h, m.id, 2);
    h.gemini.respondWith(pseudoTranslate);
    const calls = h.gemini.requests.slice(before);
    const shown = `calls: ${calls.map((r) => texts(r).join(' + ')).join(' | ')}`;
    expect(calls.length, shown).toBeLessThanOrEqual(2);
    expect(calls.flatMap(texts).sort(), shown).toEqual([...burst].sort());
    const firstCopies = await recordedCopies(h, first.id, 2);
    const esFirst = firstCopies.find((x) => x.language === 'es')!;
    const es = postsIn('spanish').map((p) => p.body?.content as string);
    expect(es).toContain('[es] I do');
    expect(es).toContain('[es] I bring potions');
    const reply = es.find((p) => p.endsWith('[es] Great, see you there'))!;
    expect(reply).toContain(`/${h.channel('spanish').id}/${esFirst.id}`);
    expect(postsIn('french').map((p) => p.body?.content)).toContain('[fr] I bring potions');
  });
});
