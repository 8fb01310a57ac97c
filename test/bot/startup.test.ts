import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBot } from '../../bot/client';
import { type FakeDiscord, makeGuild, startFakeDiscord } from '../fakes/discord';
import { startTestServer, type TestServer } from '../helpers/server';
import { eventually } from './harness';

let fake: FakeDiscord;
beforeAll(async () => {
  fake = await startFakeDiscord({ guilds: [makeGuild('Startup', ['general'])] });
});
afterAll(async () => {
  await fake?.close();
});

async function withServer(env: Record<string, string>, fn: (s: TestServer) => Promise<void>) {
  const server = await startTestServer({ env });
  try {
    await fn(server);
  } finally {
    await server.close();
  }
}

describe('starting and stopping the bot', () => {
  it('without DISCORD_TOKEN the bot does not start and the log says why', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await withServer({}, async (server) => {
      expect(await startBot(server.services)).toBeNull();
    });
    expect(log).toHaveBeenCalledWith('Discord bot not started: DISCORD_TOKEN is not set');
    log.mockRestore();
  });

  it('a wrong token: the server keeps running, the log says the bot could not log in', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await withServer({ DISCORD_TOKEN: 'not-the-token', DISCORD_API_URL: fake.apiUrl }, async (server) => {
      expect(await startBot(server.services, { retries: 0 })).toBeNull();
      expect((await server.api('/api/global-stats')).status).toBe(200);
    });
    expect(String(error.mock.calls[0]?.[0])).toMatch(/^Discord bot not started: /);
    error.mockRestore();
  });

  it('logs in with the fewest intents it needs and stops cleanly', async () => {
    await withServer({ DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.apiUrl }, async (server) => {
      const bot = await startBot(server.services, { retries: 0 });
      await bot!.ready;
      expect(fake.gateway.connected).toBe(true);
      // Guilds (1) + GuildMembers (2) + GuildVoiceStates (128, live captions) + GuildMessages (512)
      // + GuildMessageReactions (1024) + MessageContent (32768)
      expect(bot!.client.options.intents.bitfield).toBe(1 + 2 + 128 + 512 + 1024 + 32768);
      // Ready: the queue worker takes jobs; stopped, it takes none (another process will).
      expect(bot!.worker.claiming()).toBe(true);
      await bot!.stop();
      await eventually(() => !fake.gateway.connected);
      expect(bot!.worker.claiming()).toBe(false);
    });
  });
});
