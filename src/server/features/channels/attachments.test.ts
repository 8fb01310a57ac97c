import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeDiscord, startFakeDiscord } from '../../../../test/fakes/discord';
import { carryAttachments, formatSize, linkedOnEdit, uploadLimit } from './attachments';

const MiB = 1024 * 1024;
let fake: FakeDiscord;
beforeAll(async () => {
  fake = await startFakeDiscord();
});
afterAll(async () => {
  await fake?.close();
});

describe('the upload limit of a server', () => {
  it('is 10 MiB, 50 MiB at boost tier 2 and 100 MiB at tier 3', () => {
    expect([0, 1, 2, 3, null].map(uploadLimit)).toEqual([10 * MiB, 10 * MiB, 50 * MiB, 100 * MiB, 10 * MiB]);
  });

  it('decides what is uploaded: a 12 MiB file is a link at tier 0 and a file at tier 2', async () => {
    const bytes = Buffer.alloc(12 * MiB, 7);
    const a = fake.attachments.add('1', 'clip.mp4', bytes, 'video/mp4');
    const ref = { name: a.filename, url: a.url, size: a.size, contentType: 'video/mp4' };
    const low = await carryAttachments([ref], { premiumTier: 0, discordApiUrl: fake.apiUrl });
    expect(low.files).toHaveLength(0);
    expect(low.links).toEqual([`📎 [clip.mp4](${a.url}) (12 MB)`]);
    const high = await carryAttachments([ref], { premiumTier: 2, discordApiUrl: fake.apiUrl });
    expect(high.links).toHaveLength(0);
    expect(Buffer.compare(Buffer.from(high.files[0].data), bytes)).toBe(0);
  });

  it('a file Discord under-reports is cut off at the limit while downloading, and linked', async () => {
    const a = fake.attachments.add('1', 'liar.bin', Buffer.alloc(11 * MiB), 'application/octet-stream');
    const out = await carryAttachments([{ name: a.filename, url: a.url, size: 100 }], {
      discordApiUrl: fake.apiUrl,
    });
    expect(out.files).toHaveLength(0);
    expect(out.links).toEqual([`📎 [liar.bin](${a.url}) (100 B)`]);
  });

  it('past 10 files, the rest are links; a spoiler link stays hidden; an edit links the same ones', async () => {
    const refs = Array.from({ length: 11 }, (_v, i) => {
      const a = fake.attachments.add('1', `SPOILER_${i}.png`, Buffer.from([i]), 'image/png');
      return { name: a.filename, url: a.url, size: 1 };
    });
    const out = await carryAttachments(refs, { discordApiUrl: fake.apiUrl });
    expect(out.files.map((f) => [f.name, f.spoiler])).toHaveLength(10);
    expect(out.files.every((f) => f.spoiler)).toBe(true);
    expect(out.links).toEqual([`||📎 [SPOILER_10.png](${refs[10].url}) (1 B)||`]);
    expect(linkedOnEdit(refs)).toEqual(out.links);
  });

  it('sizes read as Discord shows them', () => {
    expect([0, 999, 1536, 10 * 1024, 11 * MiB, 3 * 1024 * MiB].map(formatSize)).toEqual([
      '0 B',
      '999 B',
      '1.5 KB',
      '10 KB',
      '11 MB',
      '3 GB',
    ]);
  });
});
