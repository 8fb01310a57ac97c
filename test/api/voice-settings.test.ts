import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guildChannels } from '../../db/schema';
import { setGuildPlan } from '../helpers/guilds';
import { startTestServer, type TestServer, tableCounts } from '../helpers/server';

/** GET/PATCH /api/voice-translation/settings: the default text channel or thread for live captions. */
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({
    guilds: [
      { id: '901', plan: 'pro' },
      { id: '902', plan: 'pro' },
    ],
  });
  await s.services.db
    .insert(guildChannels)
    .values([
      { id: '111', guildId: '901', name: 'captions', type: 0 },
      { id: '112', guildId: '901', name: 'Voice', type: 2 },
      { id: '113', guildId: '901', name: 'Live captions', type: 11, parentId: '111' },
      { id: '114', guildId: '901', name: 'Category', type: 4 },
      { id: '121', guildId: '902', name: 'elsewhere', type: 0 },
    ])
    .run();
});
afterAll(() => s.close());

const api = (init: { method?: string; body?: unknown; guildId?: string } = {}) =>
  s.api(`/api/voice-translation/settings?guildId=${init.guildId ?? '901'}`, { admin: true, ...init });

describe('voice settings', () => {
  it('starts with the voice channel’s own chat (null), then takes a text channel or a thread, and null again', async () => {
    expect((await api()).json).toEqual({ captionChannelId: null });
    for (const id of ['111', '113', null]) {
      const res = await api({ method: 'PATCH', body: { captionChannelId: id } });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ captionChannelId: id });
      expect((await api()).json).toEqual({ captionChannelId: id });
    }
  });

  it('refuses a channel that cannot take captions, or another server’s, and writes nothing', async () => {
    const before = await tableCounts(s.services);
    for (const [id, status, error] of [
      ['112', 400, 'captionChannelId: 112 (#Voice) is a voice channel, not a text channel or thread'],
      ['114', 400, 'captionChannelId: 114 (#Category) is a category, not a text channel or thread'],
      [
        '121',
        400,
        'captionChannelId: 121 is not a text channel or thread of this server (pick one from the list; the bot syncs channels while it is connected)',
      ],
      [
        '999',
        400,
        'captionChannelId: 999 is not a text channel or thread of this server (pick one from the list; the bot syncs channels while it is connected)',
      ],
      ['#general', 400, 'captionChannelId: must be a Discord id'],
    ] as const) {
      const res = await api({ method: 'PATCH', body: { captionChannelId: id } });
      expect(res.status, id).toBe(status);
      expect(res.json.error).toBe(error);
    }
    expect((await api({ method: 'PATCH', body: {} })).status).toBe(400);
    expect(await tableCounts(s.services)).toEqual(before);
  });

  it('is locked below Pro (naming Pro) and needs credentials', async () => {
    await setGuildPlan(s.services, '902', 'plus');
    const res = await api({ guildId: '902' });
    expect(res.status).toBe(403);
    expect(res.json.locked).toMatchObject({ capability: 'voice', plan: 'pro' });
    const before = await tableCounts(s.services);
    expect((await api({ guildId: '902', method: 'PATCH', body: { captionChannelId: '121' } })).status).toBe(
      403,
    );
    expect(await tableCounts(s.services)).toEqual(before);
    expect((await s.api('/api/voice-translation/settings?guildId=901')).status).toBe(401);
  });
});
