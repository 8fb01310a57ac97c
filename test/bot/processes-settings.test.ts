import { Events, type Message } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../bot/client';
import {
  type FakeDiscord,
  type FakeGuild,
  type Json,
  makeGuild,
  makeMember,
  startFakeDiscord,
} from '../fakes/discord';
import { shardOfGuild } from '../fakes/discord/gateway';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { createServices } from '../../src/server/app/services';
import type { Services } from '../../src/server/core/services';
import { onPostgres } from '../helpers/database';
import { startTestServer, type TestServer } from '../helpers/server';
import { eventually, FAKE_IDENTIFY_INTERVAL_MS } from './harness';

/**
 * A settings change made through the dashboard's API in one process is followed by every bot
 * process at its next message: a web process and two bot processes (shards 0 and 1 of 2, each with
 * services of its own: its own engine and caches, as in separate processes; on PostgreSQL its own
 * connection pool too) on one database. Each bot process mirrors a message of its server first (so whatever it keeps between
 * messages is warm), then the web process changes each server's translation tone and moves its
 * link from Spanish to French; the next message in each server is asked formal and copied into
 * French, not Spanish. (The three share one OS process's modules: module-level state is shared here;
 * test/bot/processes*.test.ts start real processes.)
 */

const ben = makeMember('ben', 'en-US');

function guildOnShard(name: string, shard: number, total: number): FakeGuild {
  const g = makeGuild(name, ['english', 'spanish', 'french'], [ben]);
  const ms = BigInt(Date.now() - 1_420_070_400_000);
  g.id = (((ms - (ms % BigInt(total)) + BigInt(shard)) << 22n) | BigInt(200 + shard)).toString();
  expect(shardOfGuild(g.id, total)).toBe(shard);
  return g;
}

const guilds = [guildOnShard('Settings shard 0', 0, 2), guildOnShard('Settings shard 1', 1, 2)];
let fake: FakeDiscord;
let gemini: FakeProvider;
let web: TestServer;
const botServices: Services[] = [];
const bots: RunningBot[] = [];

const channelOf = (g: FakeGuild, name: string) => g.channels.find((c) => c.name === name)!.id;
/** The webhook posts Discord accepted into a channel (what its members read). */
const postsIn = (g: FakeGuild, name: string) =>
  fake.calls.filter(
    (c) =>
      c.method === 'POST' &&
      /^\/webhooks\/\d+\/[^/]+$/.test(c.path) &&
      fake.rest.webhooks.get(c.path.split('/')[2])?.channel_id === channelOf(g, name) &&
      c.status === 200,
  );
/** The provider requests that translated `text`: the languages and the register each asked (its system prompt). */
const asked = (text: string) =>
  gemini.requests
    .filter(
      (r) =>
        r.translation?.messages?.some((m) => m.text.includes(text)) ?? r.translation?.text.includes(text),
    )
    .map((r) => ({
      targets: r.translation!.targets,
      tone: /Register: polite and formal/.test(r.prompt)
        ? 'formal'
        : /Register: natural casual/.test(r.prompt)
          ? 'casual'
          : null,
    }));

/** Sends a message in server i's english channel; resolves once its bot process has handled it. */
async function say(i: number, content: string): Promise<Json> {
  const g = guilds[i]!;
  let id = '';
  const done = new Promise<void>((resolve) => {
    const listener = (event: string, args: unknown[]) => {
      if (event !== Events.MessageCreate || (args[0] as Message).id !== id) return;
      bots[i]!.activity.off('handled', listener);
      resolve();
    };
    bots[i]!.activity.on('handled', listener);
  });
  const msg = fake.sendMessage({
    channelId: channelOf(g, 'english'),
    author: ben.user,
    member: ben,
    content,
  });
  id = msg.id as string;
  await done;
  return msg;
}

async function link(g: FakeGuild, language: 'es' | 'fr') {
  const res = await web.api(`/api/channels/links?guildId=${g.id}`, {
    method: 'POST',
    admin: true,
    body: {
      name: 'Talk',
      mode: 'mirror',
      channels: [
        { channelId: channelOf(g, 'english'), language: 'en' },
        { channelId: channelOf(g, language === 'es' ? 'spanish' : 'french'), language },
      ],
    },
  });
  expect(res.status).toBe(201);
  return (res.json as { id: number }).id;
}

beforeAll(async () => {
  fake = await startFakeDiscord({ guilds, shards: 2 });
  gemini = await startFakeGemini();
  const env = {
    DISCORD_TOKEN: fake.token,
    DISCORD_API_URL: fake.apiUrl,
    GEMINI_API_KEY: 'test-gemini-key',
    GEMINI_BASE_URL: gemini.url,
    DEFAULT_GUILD_ID: guilds[0]!.id,
    DISCORD_IDENTIFY_INTERVAL_MS: FAKE_IDENTIFY_INTERVAL_MS,
  };
  web = await startTestServer({ env, guilds: guilds.map((g) => ({ id: g.id, name: g.name })) });
  for (const shard of [0, 1]) {
    // On SQLite the processes' services share the web's connection: better-sqlite3 is synchronous,
    // so a second connection in this one thread would wait for a lock the first cannot release.
    const services = await createServices(web.services.env, onPostgres ? {} : { db: web.services.db });
    botServices.push(services);
    const bot = await startBot(services, { retries: 0, shards: [shard], totalShards: 2 });
    if (!bot) throw new Error(`bot process of shard ${shard} did not start`);
    bots.push(bot);
  }
  await Promise.all(bots.map((b) => b.ready));
});

afterAll(async () => {
  for (const b of bots) await b.stop();
  if (onPostgres) for (const s of botServices) await s.db.$close();
  await fake?.close();
  await gemini?.close();
  await web?.close();
});

describe('a settings change through the API, two bot processes', () => {
  it('each bot process follows the new tone and languages at its next message', async () => {
    const links = [await link(guilds[0]!, 'es'), await link(guilds[1]!, 'es')];
    for (const i of [0, 1]) {
      // Each server's messages reach the bot process of its shard only.
      expect(bots[i]!.client.guilds.cache.has(guilds[i]!.id)).toBe(true);
      expect(bots[1 - i]!.client.guilds.cache.has(guilds[i]!.id)).toBe(false);
      await say(i, `Before the change in server ${i}`);
      await eventually(() => postsIn(guilds[i]!, 'spanish').length === 1);
      expect(asked(`Before the change in server ${i}`)).toEqual([{ targets: ['es'], tone: 'casual' }]);
    }

    // The dashboard (the web process) changes both servers: formal tone, French instead of Spanish.
    for (const i of [0, 1]) {
      const g = guilds[i]!;
      const patched = await web.api(`/api/translation/settings?guildId=${g.id}`, {
        method: 'PATCH',
        admin: true,
        body: { translationTone: 'formal' },
      });
      expect(patched.status).toBe(200);
      const deleted = await web.api(`/api/channels/links/${links[i]}?guildId=${g.id}`, {
        method: 'DELETE',
        admin: true,
      });
      expect(deleted.status).toBe(200);
      await link(g, 'fr');
    }

    for (const i of [0, 1]) {
      const text = `After the change in server ${i}`;
      await say(i, text);
      await eventually(() => postsIn(guilds[i]!, 'french').length === 1);
      expect(asked(text)).toEqual([{ targets: ['fr'], tone: 'formal' }]);
      // Handled (every handler done) and nothing more in Spanish.
      expect(postsIn(guilds[i]!, 'spanish')).toHaveLength(1);
    }
  });
});
