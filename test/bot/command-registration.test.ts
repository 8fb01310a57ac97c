import { SlashCommandBuilder } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningBot, startBot } from '../../bot/client';
import { COMMANDS } from '../../bot/commands';
import type { BotCommand } from '../../bot/handlers';
import { createCaller } from '../../src/server/app/router';
import { type BotHarness, startBotHarness } from './harness';

/**
 * The bot registers its application commands by itself (issue 26): once on a fresh application,
 * not again when it restarts with the same set, again when the set changed.
 */
let h: BotHarness;
const extra: BotCommand[] = [];
beforeAll(async () => {
  h = await startBotHarness();
});
afterAll(async () => {
  await h?.close();
});

const puts = () =>
  h.fake.rest.calls.filter((c) => c.method === 'PUT' && /^\/applications\/\d+\/commands$/.test(c.path));
const gets = () =>
  h.fake.rest.calls.filter((c) => c.method === 'GET' && /^\/applications\/\d+\/commands$/.test(c.path));
const restart = async (commands?: BotCommand[]): Promise<RunningBot> => {
  await h.bot.stop();
  const bot = await startBot(h.server.services, { retries: 0, commands });
  if (!bot) throw new Error('bot did not start');
  h.bot = bot;
  await bot.ready;
  return bot;
};

describe('commands register themselves', () => {
  it('a fresh application gets every command, globally, once', async () => {
    const result = await h.bot.commands;
    expect(result).toMatchObject({
      state: 'registered',
      scope: 'global',
      changed: true,
      count: COMMANDS.length,
    });
    expect(puts()).toHaveLength(1);
    const names = (h.fake.rest.commands.get('global') ?? []).map((c) => c.name).sort();
    expect(names).toEqual(COMMANDS.map((c) => c.data.name).sort());
    // The checklist reads what the bot found.
    const caller = createCaller({
      ...h.server.services,
      actor: { kind: 'admin', via: 'token' },
      clientIp: 't',
    });
    const step = (await caller.setup.checklist()).steps.find((s) => s.key === 'commands');
    expect(step).toMatchObject({ done: true });
    expect(step?.summary).toContain(`${COMMANDS.length} commands registered for every server`);
  });

  it('a restart with the same commands reads them and registers nothing', async () => {
    const first = await h.bot.commands;
    const bot = await restart();
    const result = await bot.commands;
    expect(result).toMatchObject({ state: 'registered', changed: false, hash: first?.hash });
    expect(gets()).toHaveLength(2);
    expect(puts()).toHaveLength(1);
  });

  it('a changed set (one command more) is registered again, and then stays', async () => {
    extra.push({
      kind: 'slash',
      data: new SlashCommandBuilder().setName('ping').setDescription('Answers pong'),
      execute: async () => {},
    });
    const changed = await (await restart([...COMMANDS, ...extra])).commands;
    expect(changed).toMatchObject({ state: 'registered', changed: true, count: COMMANDS.length + 1 });
    expect(puts()).toHaveLength(2);
    expect((h.fake.rest.commands.get('global') ?? []).map((c) => c.name)).toContain('ping');
    const again = await (await restart([...COMMANDS, ...extra])).commands;
    expect(again).toMatchObject({ changed: false, hash: changed?.hash });
    expect(puts()).toHaveLength(2);
  });

  it('a description edited on Discord (someone else registered) is put back', async () => {
    const stored = h.fake.rest.commands.get('global') ?? [];
    const setlanguage = stored.find((c) => c.name === 'setlanguage');
    if (!setlanguage) throw new Error('setlanguage not registered');
    setlanguage.description = 'an older description';
    const result = await (await restart([...COMMANDS, ...extra])).commands;
    expect(result).toMatchObject({ changed: true });
    expect(puts()).toHaveLength(3);
  });
});

describe('DISCORD_COMMANDS_GUILD_ID (development)', () => {
  it('registers on that server only, not globally', async () => {
    const before = puts().length;
    h.server.services.env = { ...h.server.services.env, DISCORD_COMMANDS_GUILD_ID: h.guild.id };
    try {
      const result = await (await restart()).commands;
      expect(result).toMatchObject({
        state: 'registered',
        scope: 'guild',
        guildId: h.guild.id,
        changed: true,
      });
      expect(puts()).toHaveLength(before);
      expect((h.fake.rest.commands.get(h.guild.id) ?? []).length).toBe(COMMANDS.length);
    } finally {
      h.server.services.env = { ...h.server.services.env, DISCORD_COMMANDS_GUILD_ID: undefined };
    }
  });
});
