import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot } from '../../bot/client';
import { seedGuild } from '../helpers/guilds';
import { type BotHarness, eventually, startBotHarness } from './harness';

/** The bot's own account of its connection, and Post Now answering what Discord did. */
let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await seedGuild(h.server.services, h.guild.id, { plan: 'ultimate' });
});
afterAll(async () => {
  await h?.close();
});

const status = async () => await h.server.services.botStatus.get();
const announce = (text: string, channels: [string, string][]) =>
  h.server.api(`/api/announcements?guildId=${h.guild.id}`, {
    method: 'POST',
    admin: true,
    body: {
      createdBy: 'admin',
      originalText: text,
      originalLanguage: 'en',
      targetChannels: channels.map(([name, language]) => ({ language, channelId: h.channel(name).id })),
    },
  });
const postNow = (id: number) =>
  h.server.api(`/api/announcements/${id}/post?guildId=${h.guild.id}`, { method: 'POST', admin: true });

describe('bot status', () => {
  it('is online once the bot is ready, with its shard, name and servers', async () => {
    const s = await eventually(async () => ((await status()).state === 'online' ? await status() : null));
    expect(s.shard).toEqual({ id: 0, count: 1 });
    expect(s.guilds).toBe(1);
    expect(s.tag).toBeTruthy();
    expect(s.reason).toBeNull();
  });

  it('turns the bot, invite and commands steps of the checklist green by itself', async () => {
    await h.bot.commands;
    const { createCaller } = await import('../../src/server/app/router');
    const caller = createCaller({
      ...h.server.services,
      actor: { kind: 'admin', via: 'token' },
      clientIp: 't',
    });
    const list = await caller.setup.checklist();
    const done = Object.fromEntries(list.steps.map((s) => [s.key, s.done]));
    expect(done).toMatchObject({
      bot: true,
      provider: true,
      invite: true,
      commands: true,
      channelLink: false,
    });
    await h.link('first', [
      ['english', 'en'],
      ['spanish', 'es'],
    ]);
    const after = await caller.setup.checklist();
    expect(after.steps.find((s) => s.key === 'channelLink')?.done).toBe(true);
    expect(after.complete).toBe(true);
  });
});

describe('Post Now tells what Discord did', () => {
  it("answers 'delivered' with the status posted when Discord accepted every post", async () => {
    const created = await announce('Game night on Friday.', [['news-es', 'es']]);
    const res = await postNow(created.json.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ delivery: 'delivered', status: 'posted' });
    expect(res.json.postResults).toEqual([expect.objectContaining({ language: 'es', ok: true })]);
  });

  it("answers 'failed' with each channel's reason when Discord refused one", async () => {
    const created = await announce('Patch notes are out.', [
      ['news-es', 'es'],
      ['news-fr', 'fr'],
    ]);
    h.fake.rest.fail({
      method: 'POST',
      path: new RegExp(`^/channels/${h.channel('news-fr').id}/messages$`),
      status: 403,
      body: { message: 'Missing Permissions', code: 50013 },
      times: 1,
    });
    const res = await postNow(created.json.id);
    expect(res.json).toMatchObject({ delivery: 'failed', status: 'failed' });
    expect(res.json.postResults.find((r: { language: string }) => r.language === 'fr').error).toContain(
      'Missing Permissions',
    );
  });

  it("answers 'queued' while the bot is offline, and the bot delivers it when it is back", async () => {
    await h.bot.stop();
    expect(await status()).toMatchObject({ state: 'offline', latencyMs: null });
    const created = await announce('Back after maintenance.', [['news-es', 'es']]);
    const res = await postNow(created.json.id);
    expect(res.json).toMatchObject({ delivery: 'queued', status: 'draft' });
    const bot = await startBot(h.server.services, { retries: 0 });
    if (!bot) throw new Error('bot did not restart');
    h.bot = bot;
    await bot.ready;
    await eventually(async () => (await status()).state === 'online');
    await eventually(async () => {
      const list = (await h.server.api(`/api/announcements?guildId=${h.guild.id}`, { admin: true })).json;
      return list.find(
        (a: { id: number; status: string }) => a.id === created.json.id && a.status === 'posted',
      );
    });
  });
});
