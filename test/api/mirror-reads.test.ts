import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { botCaller } from '../../bot/context';
import { statementsDuring as statementsOf } from '../helpers/database';
import { seedChannels } from '../helpers/guilds';
import { recordingTranslator } from '../helpers/recording-translator';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * One read per row per message (db/read-scope.ts): a mirrored message reads the server's
 * translation settings and its channel's link once, however many steps need them, and the next
 * message reads them again, so what an admin saves on the dashboard applies from the next message.
 */
const guildId = '710000000000000001';
const [en, es, fr, de] = [
  '710000000000000011',
  '710000000000000012',
  '710000000000000013',
  '710000000000000014',
];
let s: TestServer;
const rec = recordingTranslator();

beforeAll(async () => {
  s = await startTestServer({ overrides: { translator: rec.translator } });
  await seedChannels(s.services, guildId, [en, es, fr, de]);
});
afterAll(() => s.close());

let next = 0;
const send = (content: string) =>
  botCaller(s.services).channels.bot.onMessage({
    guildId,
    channelId: en,
    messageId: String(720000000000000000n + BigInt(next++)),
    authorId: '730000000000000001',
    authorName: 'Ana',
    content,
  });

const link = async (channels: { channelId: string; language: string }[]) => {
  const res = await s.api(`/api/channels/links?guildId=${guildId}`, {
    method: 'POST',
    admin: true,
    body: { name: 'chat', mode: 'mirror', channels },
  });
  expect(res.status).toBe(201);
  return (res.json as { id: number }).id;
};

/** The statements the database runs while `fn` runs. */
const statementsDuring = (fn: () => Promise<unknown>) => statementsOf(s.services.db, fn);

describe('a mirrored message reads each row once', () => {
  it('reads the settings and the link once per message, and the webhooks of all its channels in one statement', async () => {
    const id = await link([
      { channelId: en, language: 'en' },
      { channelId: es, language: 'es' },
      { channelId: fr, language: 'fr' },
    ]);
    const seen = await statementsDuring(async () => {
      const plan = await send('hello everyone');
      expect(plan.status).toBe('ok');
    });
    const from = (table: string) =>
      seen.filter((t) => t.startsWith('select') && t.includes(`from "${table}"`));
    expect(from('translation_settings')).toHaveLength(1);
    expect(from('channel_link_channels')).toHaveLength(1);
    expect(from('channel_webhooks')).toHaveLength(1);
    expect(from('channel_webhooks')[0]).toMatch(/ in \(/);
    await s.api(`/api/channels/links/${id}?guildId=${guildId}`, { method: 'DELETE', admin: true });
  });

  it('sees a dashboard change of the settings or the link from the next message on', async () => {
    const first = await link([
      { channelId: en, language: 'en' },
      { channelId: es, language: 'es' },
    ]);
    const before = await send('>>note to self');
    expect(before.status === 'ok' && before.posts.map((p) => p.language)).toEqual(['es']);

    const patched = await s.api(`/api/translation/settings?guildId=${guildId}`, {
      method: 'PATCH',
      admin: true,
      body: { skipPrefix: '>>' },
    });
    expect(patched.status).toBe(200);
    expect(await send('>>note to self')).toMatchObject({ status: 'skipped', reason: 'prefix' });

    // The link is replaced by one with other channels: the next message follows the new one.
    await s.api(`/api/channels/links/${first}?guildId=${guildId}`, { method: 'DELETE', admin: true });
    expect((await send('anyone here?')).status).toBe('none');
    await link([
      { channelId: en, language: 'en' },
      { channelId: fr, language: 'fr' },
      { channelId: de, language: 'de' },
    ]);
    const after = await send('anyone here?');
    expect(after.status === 'ok' && after.posts.map((p) => p.language)).toEqual(['fr', 'de']);
  });
});
