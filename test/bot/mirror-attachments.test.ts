import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guildPayload, type Json, type RecordedCall } from '../fakes/discord';
import { type BotHarness, eventually, recordedCopies, startBotHarness } from './harness';

/** Issue 16: mirror copies carry the original's files, re-uploaded (not as bare links). */
let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await h.link('Files', [
    ['english', 'en'],
    ['spanish', 'es'],
    ['french', 'fr'],
  ]);
});
afterAll(async () => {
  await h?.close();
});

const isExecute = (c: RecordedCall) => c.method === 'POST' && /^\/webhooks\/\d+\/[^/]+$/.test(c.path);
const postsIn = (channel: string): RecordedCall[] => {
  const id = h.channel(channel).id;
  return h.fake.calls.filter(
    (c) =>
      isExecute(c) && h.fake.rest.webhooks.get(c.path.split('/')[2])?.channel_id === id && c.status === 200,
  );
};

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(40_000)]);
const SECRET = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(5_000)]);
const MiB = 1024 * 1024;

describe('a message with files', () => {
  let original: Json;
  let imageUrl: string;
  let bigUrl: string;
  let goneUrl: string;

  it('re-uploads each file to every copy byte-identical, a spoiler stays a spoiler, an oversized one is a link line', async () => {
    const channelId = h.channel('english').id;
    const image = h.fake.attachments.add(channelId, 'raid-map.png', PNG, 'image/png');
    const spoiler = h.fake.attachments.add(channelId, 'SPOILER_boss.png', SECRET, 'image/png');
    // Discord says it is 11 MiB: over the 10 MiB a server without boosts may upload.
    const big = {
      ...h.fake.attachments.add(channelId, 'raid.mp4', randomBytes(64), 'video/mp4'),
      size: 11 * MiB,
    };
    // A file the CDN no longer serves: the copy still goes out, with a link line.
    goneUrl = `${h.fake.apiUrl.replace(/\/api$/, '')}/attachments/${channelId}/1/notes.txt`;
    const gone = { filename: 'notes.txt', url: goneUrl, size: 2048, content_type: 'text/plain' };
    imageUrl = image.url;
    bigUrl = big.url;
    original = h.fake.sendMessage({
      channelId,
      author: h.ben.user,
      member: h.ben,
      content: 'Here is the map for tonight',
      attachments: [image, spoiler, big, gone],
    });
    await recordedCopies(h, original.id, 2);
    for (const [channel, code] of [
      ['spanish', 'es'],
      ['french', 'fr'],
    ]) {
      const post = postsIn(channel).at(-1)!;
      expect(post.body?.content).toBe(
        [
          `[${code}] Here is the map for tonight`,
          `📎 [raid.mp4](${bigUrl}) (11 MB)`,
          `📎 [notes.txt](${goneUrl}) (2 KB)`,
        ].join('\n'),
      );
      expect(post.body?.content).not.toContain(imageUrl);
      expect(post.files.map((f) => [f.name, f.size, f.spoiler])).toEqual([
        ['raid-map.png', PNG.length, false],
        ['SPOILER_boss.png', SECRET.length, true],
      ]);
      expect(Buffer.compare(post.files[0].bytes, PNG)).toBe(0);
      expect(Buffer.compare(post.files[1].bytes, SECRET)).toBe(0);
      expect(post.files[0].contentType).toBe('image/png');
    }
    // Each file downloaded once for all copies; the oversized one never.
    expect(h.fake.attachments.fetched.filter((p) => imageUrl.endsWith(p))).toHaveLength(1);
    expect(h.fake.attachments.fetched.some((p) => bigUrl.endsWith(p))).toBe(false);
    // The copies as Discord stores them hold the two files.
    const copies = await recordedCopies(h, original.id, 2);
    for (const c of copies) {
      expect(h.fake.rest.uploads.get(c.id)?.map((f) => f.name)).toEqual(['raid-map.png', 'SPOILER_boss.png']);
    }
  });

  it('an edit changes the text of the copies and keeps their files', async () => {
    const copies = await recordedCopies(h, original.id, 2);
    h.fake.editMessage(original, 'Here is the new map for tonight');
    const edits = () =>
      h.fake.calls.filter(
        (c) => c.method === 'PATCH' && copies.some((copy) => c.path.endsWith(`/messages/${copy.id}`)),
      );
    await eventually(() => edits().length >= 2);
    for (const edit of edits()) {
      // The link lines stay too, the failed download's included.
      expect(edit.body?.content).toMatch(/^\[(es|fr)\] Here is the new map for tonight\n📎 \[raid\.mp4\]/);
      expect(edit.body?.content).toContain(`📎 [notes.txt](${goneUrl}) (2 KB)`);
      expect(edit.body?.attachments).toBeUndefined();
      expect(edit.files).toHaveLength(0);
    }
    for (const c of copies) {
      const stored = h.fake.rest.messages.get(c.id);
      expect(stored?.content).toContain('new map');
      expect(stored?.attachments.map((a: Json) => a.filename)).toEqual(['raid-map.png', 'SPOILER_boss.png']);
    }
  });
});

describe('a boosted server', () => {
  it('at tier 2 uploads a file over 10 MiB (its limit is 50 MiB)', async () => {
    h.fake.dispatch('GUILD_UPDATE', { ...guildPayload(h.guild), premium_tier: 2 });
    await eventually(() => h.bot.client.guilds.cache.get(h.guild.id)?.premiumTier === 2);
    const channelId = h.channel('english').id;
    const clip = randomBytes(2048);
    // Discord reports 12 MiB (the fake serves a small body; the decision is made on the size).
    const big = { ...h.fake.attachments.add(channelId, 'clip.mp4', clip, 'video/mp4'), size: 12 * MiB };
    const before = postsIn('spanish').length;
    h.fake.sendMessage({ channelId, author: h.ben.user, member: h.ben, content: 'clip', attachments: [big] });
    await eventually(() => postsIn('spanish').length > before);
    const post = postsIn('spanish').at(-1)!;
    expect(post.body?.content).toBe('[es] clip');
    expect(post.files.map((f) => f.name)).toEqual(['clip.mp4']);
    h.fake.dispatch('GUILD_UPDATE', { ...guildPayload(h.guild), premium_tier: 0 });
    await eventually(() => h.bot.client.guilds.cache.get(h.guild.id)?.premiumTier === 0);
  });
});

describe('a file from outside Discord', () => {
  it('is not downloaded: a link line, the copy still posted', async () => {
    const before = postsIn('spanish').length;
    h.fake.sendMessage({
      channelId: h.channel('english').id,
      author: h.ben.user,
      member: h.ben,
      content: 'look',
      attachments: [{ filename: 'x.png', url: 'http://127.0.0.2:1/x.png', size: 1536 }],
    });
    await eventually(() => postsIn('spanish').length > before);
    const post = postsIn('spanish').at(-1)!;
    expect(post.body?.content).toBe('[es] look\n📎 [x.png](http://127.0.0.2:1/x.png) (1.5 KB)');
    expect(post.files).toHaveLength(0);
  });
});
