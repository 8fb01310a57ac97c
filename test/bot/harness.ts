import type { ClientEvents } from 'discord.js';
import { sql } from 'drizzle-orm';
import { type RunningBot, startBot } from '../../bot/client';
import { rawAll } from '../../db/client';
import type { ServiceOverrides } from '../../src/server/app/services';
import {
  type FakeChannel,
  type FakeDiscord,
  type FakeGuild,
  type FakeMember,
  makeGuild,
  makeMember,
  type RecordedCall,
  snowflake,
  startFakeDiscord,
} from '../fakes/discord';
import { type FakeProvider, startFakeGemini } from '../fakes/gemini';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The whole product against fakes of Discord and Gemini: the real server (HTTP, SQLite file,
 * translation engine through @google/genai) and the real discord.js client logged into the
 * fake Discord.
 */
export interface BotHarness {
  fake: FakeDiscord;
  gemini: FakeProvider;
  server: TestServer;
  bot: RunningBot;
  guild: FakeGuild;
  /** Members who talk in the tests: Ana (es-ES), Ben (en-US), Chloé (fr). */
  ana: FakeMember;
  ben: FakeMember;
  chloe: FakeMember;
  channel(name: string): FakeGuild['channels'][number];
  /** Creates a channel link through the REST API, as the dashboard does. */
  link(name: string, channels: [string, string][], mode?: 'mirror' | 'single'): Promise<{ id: number }>;
  close(): Promise<void>;
}

export const CHANNELS = [
  'general',
  'english',
  'spanish',
  'french',
  'german',
  'japanese',
  'mod-log',
  'news-en',
  'news-es',
  'news-fr',
];

/**
 * The identify interval for a server whose bot talks to the fake Discord, which does not enforce
 * Discord's 5 s (env DISCORD_IDENTIFY_INTERVAL_MS): a restart in a test identified within 5 s of
 * the first start and waited out the rest. test/bot/processes.test.ts checks the real 5 s between
 * two processes' identifies, test/bot/gateway-identify.test.ts the slots themselves.
 */
export const FAKE_IDENTIFY_INTERVAL_MS = '100';

export async function startBotHarness(
  opts: {
    env?: Record<string, string>;
    overrides?: ServiceOverrides;
    /** Changes the server before the fake Discord starts (roles, permissions). */
    prepare?: (guild: FakeGuild) => void;
  } = {},
): Promise<BotHarness> {
  const ana = makeMember('ana', 'es-ES');
  const ben = makeMember('ben', 'en-US');
  const chloe = makeMember('chloe', 'fr');
  const guild = makeGuild('Polyglot Test Server', CHANNELS, [ana, ben, chloe]);
  opts.prepare?.(guild);
  const fake = await startFakeDiscord({ guilds: [guild] });
  const gemini = await startFakeGemini();
  const server = await startTestServer({
    env: {
      DISCORD_TOKEN: fake.token,
      DISCORD_API_URL: fake.apiUrl,
      GEMINI_API_KEY: 'test-gemini-key',
      GEMINI_BASE_URL: gemini.url,
      DEFAULT_GUILD_ID: guild.id,
      DISCORD_IDENTIFY_INTERVAL_MS: FAKE_IDENTIFY_INTERVAL_MS,
      ...opts.env,
    },
    overrides: opts.overrides,
  });
  const bot = await startBot(server.services, { retries: 0 });
  if (!bot) throw new Error('bot did not start');
  await bot.ready;
  const channel = (name: string) => {
    const c = guild.channels.find((x) => x.name === name);
    if (!c) throw new Error(`no channel ${name}`);
    return c;
  };
  const harness: BotHarness = {
    fake,
    gemini,
    server,
    bot,
    guild,
    ana,
    ben,
    chloe,
    channel,
    async link(name, channels, mode = 'mirror') {
      const res = await server.api(`/api/channels/links?guildId=${guild.id}`, {
        method: 'POST',
        admin: true,
        body: {
          name,
          mode,
          channels: channels.map(([c, language]) => ({ channelId: channel(c).id, language })),
        },
      });
      if (res.status !== 201) throw new Error(`link not created: ${res.status} ${res.text}`);
      return res.json;
    },
    async close() {
      await harness.bot.stop();
      await fake.close();
      await gemini.close();
      await server.close();
    },
  };
  return harness;
}

/**
 * Polls until check() returns a value (not undefined/false), or fails after timeoutMs (30 s: the
 * suite runs two files at once on 2 CPUs, and a loaded machine makes a first message slow).
 */
export async function eventually<T>(
  check: () => T | undefined | false | null | Promise<T | undefined | false | null>,
  timeoutMs = 30_000,
): Promise<T> {
  const start = Date.now();
  for (;;) {
    const v = await check();
    if (v !== undefined && v !== false && v !== null) return v;
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Opens the voice channel "Voice hall" on the harness's server (CHANNEL_CREATE); resolves once the bot has it. */
export async function addVoiceHall(h: BotHarness): Promise<FakeChannel> {
  const hall: FakeChannel = { id: snowflake(), name: 'Voice hall', type: 2, position: 20 };
  h.guild.channels.push(hall);
  h.fake.dispatch('CHANNEL_CREATE', {
    id: hall.id,
    guild_id: h.guild.id,
    name: hall.name,
    type: 2,
    position: 20,
    parent_id: null,
    permission_overwrites: [],
    bitrate: 64000,
    user_limit: 0,
    rtc_region: null,
  });
  await eventually(() => h.bot.client.channels.cache.has(hall.id));
  return hall;
}

/** Every text the fake provider was asked to put into `code` (a batch's messages, or a single text). */
export function textsAskedInto(h: BotHarness, code: string): string[] {
  return h.gemini.requests.flatMap((r) => {
    const t = r.translation;
    if (!t?.targets.includes(code)) return [];
    return t.messages ? t.messages.map((m) => m.text) : [t.text];
  });
}

/** The webhook posts Discord accepted into a channel of the harness's server (what its members read). */
export function webhookPostsIn(h: BotHarness, channel: string): RecordedCall[] {
  const id = h.channel(channel).id;
  return h.fake.calls.filter(
    (c) =>
      c.method === 'POST' &&
      /^\/webhooks\/\d+\/[^/]+$/.test(c.path) &&
      h.fake.rest.webhooks.get(c.path.split('/')[2])?.channel_id === id &&
      c.status === 200,
  );
}

/**
 * Resolves once the bot has finished handling a Discord event named `name` whose arguments pass
 * `match` (every handler of it done: what it was going to do is done). Call it before causing the
 * event; await it before asserting that the event changed nothing.
 */
export function handled<K extends keyof ClientEvents>(
  h: BotHarness,
  name: K,
  match: (...args: ClientEvents[K]) => boolean = () => true,
  timeoutMs = 30_000,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      h.bot.activity.off('handled', listener);
      reject(new Error(`the bot did not finish handling ${name} in time`));
    }, timeoutMs);
    const listener = (event: string, args: unknown[]) => {
      if (event !== name || !match(...(args as ClientEvents[K]))) return;
      clearTimeout(timer);
      h.bot.activity.off('handled', listener);
      resolve();
    };
    h.bot.activity.on('handled', listener);
  });
}

export interface CopyRow {
  id: string;
  channelId: string;
  language: string;
  kind: string;
}

/**
 * The copies the bot recorded for an original (it records them right after posting), waiting
 * until at least `n` are there.
 */
export function recordedCopies(h: BotHarness, originalId: string, n = 1): Promise<CopyRow[]> {
  return eventually(async () => {
    const rows = (await rawAll(
      h.server.services.db,
      sql`select copy_message_id as id, copy_channel_id as "channelId", language, kind from message_copies where original_message_id = ${originalId} order by id`,
    )) as CopyRow[];
    return rows.length >= n ? rows : null;
  });
}

export { makeMember };
