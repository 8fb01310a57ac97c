import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type RunningBot, startBot } from '../../bot/client';
import type { Db } from '../../db/client';
import { guildChannels, guildRoles } from '../../db/schema';
import { type GuildSnapshot, MAX_STATEMENT_PARAMS, syncGuilds } from '../../src/server/features/guilds/sync';
import { type FakeDiscord, type FakeGuild, makeGuild, snowflake, startFakeDiscord } from '../fakes/discord';
import { startTestServer, type TestServer } from '../helpers/server';
import { eventually, FAKE_IDENTIFY_INTERVAL_MS } from './harness';

/**
 * On connecting, the bot syncs every server it is in many at a time (bot.syncGuilds): each server's
 * channel and role pickers then list exactly what Discord has, whatever was stored before.
 */

const SERVERS = 7;

function server(i: number): FakeGuild {
  const g = makeGuild(`Sync ${i}`, ['general', 'english', 'spanish', `only-${i}`]);
  g.roles = [
    ...(g.roles ?? []),
    { id: snowflake(), name: 'Mods', position: 5, color: 0x3498db },
    { id: snowflake(), name: `Gamer ${i}`, position: 3, color: 0x2ecc71 },
  ];
  return g;
}

let fake: FakeDiscord;
let app: TestServer;
let bot: RunningBot | null = null;
const guilds = Array.from({ length: SERVERS }, (_, i) => server(i));
/** A server whose data our procedure refuses (a channel whose category id is no Discord id). */
const broken = server(99);
broken.channels[1] = { ...broken.channels[1]!, parent_id: 'not-a-snowflake' };

async function connect(): Promise<void> {
  bot = await startBot(app.services, { retries: 0 });
  if (!bot) throw new Error('bot did not start');
  await bot.ready;
}

async function disconnect(): Promise<void> {
  await bot?.stop();
  bot = null;
  await eventually(() => !fake.gateway.connected);
}

const get = async (path: string) => (await app.api(path, { admin: true })).json;
/** What the dashboard's pickers list for a server. */
const pickers = async (g: FakeGuild) => ({
  channels: (await get(`/api/discord/channels?guildId=${g.id}`)).map((c: { name: string }) => c.name),
  roles: (await get(`/api/discord/roles?guildId=${g.id}`)).map((r: { name: string }) => r.name),
});
/** What Discord has: text channels by position, roles highest first. */
const discord = (g: FakeGuild) => ({
  channels: [...g.channels].sort((a, b) => (a.position ?? 0) - (b.position ?? 0)).map((c) => c.name),
  roles: [...(g.roles ?? [])].sort((a, b) => b.position - a.position).map((r) => r.name),
});

beforeAll(async () => {
  fake = await startFakeDiscord({ guilds: [...guilds, broken] });
  app = await startTestServer({
    env: {
      DISCORD_TOKEN: fake.token,
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_IDENTIFY_INTERVAL_MS: FAKE_IDENTIFY_INTERVAL_MS,
    },
  });
});
afterAll(async () => {
  await bot?.stop();
  await fake?.close();
  await app?.close();
});

describe('guild sync on connecting', () => {
  it("lists each server's channels and roles as Discord has them; a server that fails does not stop the others", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await connect();
      for (const g of guilds) expect(await pickers(g)).toEqual(discord(g));
      // The broken server's sync failed alone, and the log names it.
      expect(errors.mock.calls.map((c) => String(c[0]))).toContainEqual(
        expect.stringMatching(new RegExp(`^Syncing server ${broken.id} failed`)),
      );
    } finally {
      errors.mockRestore();
    }
    const listed = (await get('/api/discord/guilds')).map((g: { id: string }) => g.id);
    for (const g of guilds) expect(listed).toContain(g.id);
    expect(listed).not.toContain(broken.id);
  });

  it('after changes made while the bot was offline: renamed ones renamed, vanished ones gone, new ones there', async () => {
    // Removed from server 6 while connected: its pickers are emptied, it leaves the server list.
    fake.dispatch('GUILD_DELETE', { id: guilds[6]!.id });
    await eventually(
      async () => !(await get('/api/discord/guilds')).some((g: { id: string }) => g.id === guilds[6]!.id),
    );
    await disconnect();

    const [a, b, c, d, e] = guilds as [FakeGuild, FakeGuild, FakeGuild, FakeGuild, FakeGuild];
    a.channels[1]!.name = 'english-chat';
    b.channels.splice(2, 1);
    c.channels.push({ id: snowflake(), name: 'brand-new', type: 0, position: 9 });
    d.roles![1]!.name = 'Moderators';
    e.roles!.splice(2, 1);
    a.name = 'Sync 0 renamed';
    // Server 6 added the bot back while it was offline; the broken server was fixed.
    broken.channels[1] = { ...broken.channels[1]!, parent_id: null };

    await connect();
    for (const g of [...guilds, broken]) expect(await pickers(g)).toEqual(discord(g));
    const listed = await get('/api/discord/guilds');
    for (const g of [...guilds, broken]) expect(listed.map((x: { id: string }) => x.id)).toContain(g.id);
    expect(listed.find((g: { id: string }) => g.id === a.id).name).toBe('Sync 0 renamed');
  });
});

/** Every statement the database runs while `fn` runs, with how many values it carried. */
async function statements(db: Db, fn: () => Promise<unknown>): Promise<{ sql: string; params: number }[]> {
  const exec = db.$exec;
  const query = exec.query;
  const seen: { sql: string; params: number }[] = [];
  (exec as { query: typeof query }).query = (text, params, shape) => {
    // Other work of the server (timers) may run statements meanwhile: only the synced tables count.
    if (/"(guilds|guild_channels|guild_roles)"/.test(text)) seen.push({ sql: text, params: params.length });
    return query.call(exec, text, params, shape);
  };
  try {
    await fn();
    if (process.env.SHOW_STATEMENTS) console.log(seen.map((s) => `${s.params} ${s.sql.slice(0, 80)}`));
  } finally {
    (exec as { query: typeof query }).query = query;
  }
  return seen;
}

function snapshots(count: number, tag: string, channels = 5, roles = 3): GuildSnapshot[] {
  return Array.from({ length: count }, (_, i) => ({
    guild: { id: `${7_000_000 + i}`, name: `${tag} ${i}`, icon: null },
    channels: Array.from({ length: channels }, (_, c) => ({
      id: `${8_000_000 + i * 100 + c}`,
      name: `${tag}-${c}`,
      type: 0,
      parentId: null,
      position: c,
    })),
    roles: Array.from({ length: roles }, (_, r) => ({
      id: `${9_000_000 + i * 100 + r}`,
      name: `${tag} role ${r}`,
      color: 0,
      position: r + 1,
      managed: false,
      assignable: r > 0,
    })),
  }));
}

const channelNames = async (db: Db, pattern: string) =>
  await db
    .select({ name: guildChannels.name })
    .from(guildChannels)
    .where(like(guildChannels.name, pattern))
    .all();

describe('syncGuilds (the service)', () => {
  // Nothing else runs statements meanwhile (the bot's queue worker polls).
  beforeAll(disconnect);

  it('runs the same few statements for 1 server as for 300', async () => {
    const db = app.services.db;
    const one = await statements(db, () => syncGuilds(db, snapshots(1, 'one')));
    const many = await statements(db, () => syncGuilds(db, snapshots(300, 'many')));
    // guilds upsert; channels delete + upsert; roles delete + upsert
    expect(one).toHaveLength(5);
    expect(many.map((s) => s.sql.split(' (')[0])).toEqual(one.map((s) => s.sql.split(' (')[0]));
    // Synced again with fewer channels and roles: each server keeps exactly its new lists.
    const again = snapshots(300, 'again', 2, 1);
    const rerun = await statements(db, () => syncGuilds(db, again));
    expect(rerun).toHaveLength(5);
    expect(await channelNames(db, 'again-%')).toHaveLength(600);
    expect(await channelNames(db, 'many-%')).toHaveLength(0);
    const roles = await db.select().from(guildRoles).where(like(guildRoles.name, '% role %')).all();
    expect(new Set(roles.map((r) => r.name))).toEqual(new Set(['again role 0']));
    expect(roles).toHaveLength(300);
  });

  it('splits statements that would pass the engines’ limit of bound values (SQLite 32,766)', async () => {
    const db = app.services.db;
    // 6,000 servers of 5 channels: 36,000 values to delete the vanished ones by, 180,000 to insert.
    const list = snapshots(6_000, 'big');
    const seen = await statements(db, () => syncGuilds(db, list));
    expect(Math.max(...seen.map((s) => s.params))).toBeLessThanOrEqual(MAX_STATEMENT_PARAMS);
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.length).toBeLessThanOrEqual(20);
    expect(await channelNames(db, 'big-%')).toHaveLength(30_000);
  });
});
