import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../db/client';
import { messagePayload } from '../fakes/discord';
import { tableCounts } from '../helpers/server';
import { type BotHarness, eventually, startBotHarness } from './harness';

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

const EPHEMERAL = 64;
const channelNames = async () => {
  const res = await h.server.api(`/api/discord/channels?guildId=${h.guild.id}`, { admin: true });
  return (res.json as { name: string }[]).map((c) => c.name);
};

describe('login and guild sync', () => {
  it('the real discord.js client identifies once and the guild channels reach GET /api/discord/channels', async () => {
    expect(h.fake.gateway.stats.identifies).toBe(1);
    const names = await eventually(async () => {
      const n = await channelNames();
      return n.length === h.guild.channels.length ? n : null;
    });
    expect(names).toEqual(h.guild.channels.map((c) => c.name));
  });

  it('channel create, rename and delete on Discord show in the channel list', async () => {
    const id = '777000000000000001';
    h.fake.dispatch('CHANNEL_CREATE', {
      id,
      guild_id: h.guild.id,
      name: 'italian',
      type: 0,
      position: 20,
      permission_overwrites: [],
    });
    await eventually(async () => (await channelNames()).includes('italian'));
    h.fake.dispatch('CHANNEL_UPDATE', {
      id,
      guild_id: h.guild.id,
      name: 'italiano',
      type: 0,
      position: 20,
      permission_overwrites: [],
    });
    await eventually(async () => (await channelNames()).includes('italiano'));
    expect(await channelNames()).not.toContain('italian');
    h.fake.dispatch('CHANNEL_DELETE', {
      id,
      guild_id: h.guild.id,
      name: 'italiano',
      type: 0,
      position: 20,
      permission_overwrites: [],
    });
    await eventually(async () => !(await channelNames()).includes('italiano'));
  });

  it('a guild rename reaches GET /api/discord/guilds; leaving the guild marks it and empties its channels', async () => {
    const other = { id: '888000000000000001', name: 'Second Server' };
    const guildCreate = {
      ...(await import('../fakes/discord')).guildPayload({
        id: other.id,
        name: other.name,
        ownerId: h.ben.user.id,
        channels: [{ id: '888000000000000002', name: 'lobby', type: 0, position: 0 }],
        members: [],
      }),
    };
    h.fake.dispatch('GUILD_CREATE', guildCreate);
    const guildsNow = async () =>
      (await h.server.api('/api/discord/guilds', { admin: true })).json as { id: string; name: string }[];
    await eventually(async () =>
      (await guildsNow()).some((g) => g.id === other.id && g.name === 'Second Server'),
    );
    h.fake.dispatch('GUILD_UPDATE', { ...guildCreate, name: 'Second Server (renamed)' });
    await eventually(async () => (await guildsNow()).some((g) => g.name === 'Second Server (renamed)'));
    const lobby = await h.server.api(`/api/discord/channels?guildId=${other.id}`, { admin: true });
    expect(lobby.json.map((c: { name: string }) => c.name)).toEqual(['lobby']);
    h.fake.dispatch('GUILD_DELETE', { id: other.id });
    // Once the bot left, the server is gone from the picker and its channels answer the 403 of an
    // unknown server (its data is deleted 30 days later by the retention job).
    await eventually(async () => !(await guildsNow()).some((g) => g.id === other.id));
    const after = await h.server.api(`/api/discord/channels?guildId=${other.id}`, { admin: true });
    expect(after.status).toBe(403);
    const rows = (await rawGet(
      h.server.services.db,
      sql`select count(*) as n from guild_channels where guild_id = ${other.id}`,
    )) as { n: number };
    expect(rows.n).toBe(0);
  });
});

describe('/setlanguage', () => {
  it('stores a language from the table and answers privately in plain words', async () => {
    const i = h.fake.slash('setlanguage', [{ name: 'language', type: 3, value: 'fr' }], {
      member: h.chloe,
      channel: h.channel('general'),
    });
    const answer = await h.fake.interactionAnswer(i);
    expect(answer.flags).toBe(EPHEMERAL);
    expect(answer.content).toContain('Your language is now **French** (Français)');
    const row = await rawGet(
      h.server.services.db,
      sql`select language from user_languages where user_id = ${h.chloe.user.id}`,
    );
    expect(row).toEqual({ language: 'fr' });
  });

  it('an unknown language code gets a clear private error and nothing is stored', async () => {
    const before = await tableCounts(h.server.services);
    const i = h.fake.slash('setlanguage', [{ name: 'language', type: 3, value: 'klingon' }], {
      member: h.ben,
      channel: h.channel('general'),
    });
    const answer = await h.fake.interactionAnswer(i);
    expect(answer.flags).toBe(EPHEMERAL);
    expect(answer.content).toContain('"klingon" is not a language I know');
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('autocomplete offers matching languages by name, native name or code', async () => {
    const i = h.fake.autocomplete('setlanguage', 'language', 'span', {
      member: h.ben,
      channel: h.channel('general'),
    });
    const call = await h.fake.waitForCall((c) => c.path.includes(i.token) && c.path.endsWith('/callback'));
    expect(call.body?.type).toBe(8); // APPLICATION_COMMAND_AUTOCOMPLETE_RESULT
    expect(call.body?.data.choices[0]).toEqual({ name: 'Spanish · Español (es)', value: 'es' });
    const j = h.fake.autocomplete('setlanguage', 'language', '日本', {
      member: h.ben,
      channel: h.channel('general'),
    });
    const call2 = await h.fake.waitForCall((c) => c.path.includes(j.token) && c.path.endsWith('/callback'));
    expect(call2.body?.data.choices.map((c: { value: string }) => c.value)).toEqual(['ja']);
  });

  it('an empty autocomplete lists languages, at most 25 (Discord refuses more)', async () => {
    const i = h.fake.autocomplete('setlanguage', 'language', '', {
      member: h.ben,
      channel: h.channel('general'),
    });
    const call = await h.fake.waitForCall((c) => c.path.includes(i.token) && c.path.endsWith('/callback'));
    expect(call.body?.data.choices.length).toBeGreaterThan(5);
    expect(call.body?.data.choices.length).toBeLessThanOrEqual(25);
  });
});

describe('Apps > Translate Message', () => {
  const original = () =>
    messagePayload({
      channelId: h.channel('general').id,
      guildId: h.guild.id,
      author: h.ben.user,
      content: 'Good morning, team!',
    });

  it('defers privately, then shows the translation into the language the member chose, naming the source', async () => {
    // Chloé chose French above.
    const i = h.fake.contextMenu('Translate Message', original(), {
      member: h.chloe,
      channel: h.channel('general'),
    });
    const deferred = await h.fake.waitForCall(
      (c) => c.path.includes(i.token) && c.path.endsWith('/callback'),
    );
    expect(deferred.body).toEqual({ type: 5, data: { flags: EPHEMERAL } });
    const answer = await h.fake.interactionAnswer(i);
    expect(answer.content).toBe('**English → French**\n[fr] Good morning, team!');
  });

  it('without a chosen language, the Discord locale decides (es-ES → Spanish) and the reply suggests /setlanguage', async () => {
    const i = h.fake.contextMenu('Translate Message', original(), {
      member: h.ana,
      channel: h.channel('general'),
    });
    const answer = await h.fake.interactionAnswer(i);
    expect(answer.content).toContain('**English → Spanish**\n[es] Good morning, team!');
    expect(answer.content).toContain('/setlanguage');
  });

  it('a message with no text gets a plain answer, in the member’s language', async () => {
    const empty = messagePayload({
      channelId: h.channel('general').id,
      guildId: h.guild.id,
      author: h.ben.user,
      content: '',
    });
    const i = h.fake.contextMenu('Translate Message', empty, {
      member: h.ana,
      channel: h.channel('general'),
    });
    const answer = await h.fake.interactionAnswer(i);
    expect(answer.content).toBe('Este mensaje no tiene texto que traducir.');
  });

  it('when the provider fails, the member reads a plain apology, not an error', async () => {
    h.gemini.respondWith(() => ({
      status: 400,
      body: { error: { code: 400, message: 'bad', status: 'INVALID_ARGUMENT' } },
    }));
    try {
      const msg = messagePayload({
        channelId: h.channel('general').id,
        guildId: h.guild.id,
        author: h.ben.user,
        content: 'Provider down test',
      });
      const i = h.fake.contextMenu('Translate Message', msg, {
        member: h.ana,
        channel: h.channel('general'),
      });
      const answer = await h.fake.interactionAnswer(i, 15_000);
      expect(answer.content).toMatch(/^Sorry, the translation/);
      expect(answer.content).not.toMatch(/Error|at \w+ \(/);
    } finally {
      h.gemini.reset();
    }
  });
});

describe('unknown commands', () => {
  it('a command the bot no longer has gets a private explanation', async () => {
    const i = h.fake.slash('oldcommand', [], { member: h.ben, channel: h.channel('general') });
    const answer = await h.fake.interactionAnswer(i);
    expect(answer.flags).toBe(EPHEMERAL);
    expect(answer.content).toContain('it was removed');
    expect(answer.content).not.toContain('npm');
  });
});

describe('npm run deploy-commands', () => {
  it('registers /setlanguage (with autocomplete) and the Translate Message context menu, globally or to one server', async () => {
    const { deployCommands, parseArgs } = await import('../../bot/deploy-commands');
    const global = await deployCommands({
      token: h.fake.token,
      applicationId: h.fake.applicationId,
      api: h.fake.apiUrl,
    });
    expect(global.names.slice(0, 2)).toEqual(['setlanguage', 'Translate Message']);
    const commands = h.fake.rest.commands.get('global')!;
    expect(commands.map((c) => c.name)).toEqual(global.names);
    expect(commands[0]).toMatchObject({
      name: 'setlanguage',
      type: 1,
      options: [{ name: 'language', type: 3, required: true, autocomplete: true }],
    });
    expect(commands[1]).toMatchObject({ name: 'Translate Message', type: 3 });
    const one = await deployCommands({
      ...parseArgs(['--guild', h.guild.id]),
      token: h.fake.token,
      applicationId: h.fake.applicationId,
      api: h.fake.apiUrl,
    });
    expect(one.scope).toBe(`server ${h.guild.id}`);
    expect(h.fake.rest.commands.get(h.guild.id)?.map((c) => c.name)).toEqual(global.names);
    expect(() => parseArgs(['--guild'])).toThrow('--guild needs a server id');
  });
});
