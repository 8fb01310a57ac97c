import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBot } from '../../bot/client';
import { joinExchange } from '../../src/server/features/exchange/exchange';
import { type FakeMember, type Json, userPayload } from '../fakes/discord';
import { installModerationRoutes, type ModerationFake } from '../fakes/discord/moderation';
import { type FakeThreads, installThreads } from '../fakes/discord/threads';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { type BotHarness, eventually, makeMember, startBotHarness } from './harness';

/**
 * Language exchange end to end: the real discord.js client against the fake Discord (private
 * threads, thread members, DM channels), the real server. Ana (es) learns English, Ben (en)
 * learns Spanish: they are matched, both told in their own language, and get a private thread with
 * a starter prompt in both languages. Chloé (fr) waits; /exchange next re-pairs Ben with Diego.
 */

let h: BotHarness;
let threads: FakeThreads;
let dms: ModerationFake;
const diego = makeMember('diego', 'es-ES');
const eve = makeMember('eve', 'en-GB');
const fumiko = makeMember('fumiko', 'ja');
const goran = makeMember('goran', 'en-US');
const hana = makeMember('hana', 'en-US');

beforeAll(async () => {
  h = await startBotHarness({
    prepare: (guild) => {
      guild.members.push(diego, eve, fumiko, goran, hana);
    },
  });
  threads = installThreads(h.fake);
  dms = installModerationRoutes(h.fake);
  await setGuildPlan(h.server.services, h.guild.id, 'pro');
});
afterAll(async () => {
  await h?.close();
});

const general = () => h.channel('general');
const exchange = (member: FakeMember, sub: string, options: Json[] = []) => run(member, sub, options);
/** The command's first answer (the deferral) was ephemeral: only the member sees the reply. */
const ephemeral = (i: Json) =>
  h.fake.calls.some(
    (c) => c.path.includes(`/${i.token}/callback`) && ((c.body?.data?.flags ?? 0) & 64) === 64,
  );
const run = async (member: FakeMember, sub: string, options: Json[] = []) => {
  const i = h.fake.slash('exchange', [{ name: sub, type: 1, options }], { member, channel: general() });
  const answer = await h.fake.interactionAnswer(i);
  return { ...answer, ephemeral: ephemeral(i) } as Json;
};
const join = (member: FakeMember, native: string, learning: string) =>
  exchange(member, 'join', [
    { name: 'native', type: 3, value: native },
    { name: 'learning', type: 3, value: learning },
  ]);
const api = (path = '', init: { method?: string; body?: unknown } = {}) =>
  h.server.api(`/api/guilds/${h.guild.id}/exchange${path}`, { admin: true, ...init });

type Pair = {
  id: number;
  a: { userId: string; native: string; told: string | null };
  b: { userId: string; native: string; told: string | null };
  threadId: string | null;
  threadUrl: string | null;
  delivery: string;
};
const state = async (): Promise<{ waiting: { userId: string }[]; pairs: Pair[] }> => (await api()).json;
const pairOf = async (member: FakeMember) =>
  (await state()).pairs.find((p) => p.a.userId === member.user.id || p.b.userId === member.user.id);

describe('/exchange join refuses bad input and writes nothing', () => {
  it('below Pro: the locked notice in the member language, naming Pro', async () => {
    await setGuildPlan(h.server.services, h.guild.id, 'plus');
    try {
      const before = await tableCounts(h.server.services);
      const answer = await join(h.ana, 'es', 'en');
      expect(answer.content).toContain('requiere el plan Pro');
      expect(answer.ephemeral).toBe(true);
      for (const sub of ['status', 'next'])
        expect((await exchange(h.ben, sub)).content).toContain('needs the Pro plan on this server');
      expect(await tableCounts(h.server.services)).toEqual(before);
    } finally {
      await setGuildPlan(h.server.services, h.guild.id, 'pro');
    }
  });

  it('an unknown language and the same language twice, each in the member language', async () => {
    const before = await tableCounts(h.server.services);
    const unknown = await join(h.ana, 'klingon', 'en');
    expect(unknown.content).toContain('«klingon» no es un idioma que conozca');
    expect(unknown.ephemeral).toBe(true);
    const unknownFr = await join(h.chloe, 'fr', 'elvish');
    expect(unknownFr.content).toContain('« elvish » n’est pas une langue que je connais');
    const same = await join(h.ben, 'en', 'EN');
    expect(same.content).toContain('must be different');
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('the language options autocomplete from the product language table', async () => {
    const i = h.fake.autocomplete('exchange', 'native', 'span', { member: h.ana, channel: general() });
    const call = await h.fake.waitForCall((c) => c.path.includes(`/${i.token}/callback`));
    const choices = call.body?.data?.choices as { name: string; value: string }[];
    expect(choices.map((c) => c.value)).toContain('es');
  });
});

describe('matching', () => {
  it('the exchange channel is picked from the server channels (a text channel)', async () => {
    const before = await tableCounts(h.server.services);
    const bad = await api('', { method: 'PATCH', body: { channelId: '123' } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/^channelId: /);
    expect(await tableCounts(h.server.services)).toEqual(before);
    const ok = await api('', { method: 'PATCH', body: { channelId: general().id } });
    expect(ok.status).toBe(200);
    expect(ok.json.channelName).toBe('general');
  });

  it('a member alone waits, told so in their language', async () => {
    const answer = await join(h.ana, 'es', 'en');
    expect(answer.content).toContain('Estás en el intercambio de idiomas: hablas Español y aprendes English');
    expect((await state()).waiting.map((w) => w.userId)).toEqual([h.ana.user.id]);
  });

  it('two complementary members are paired: both told in their own language, a private thread with both and a starter in both languages', async () => {
    const answer = await join(h.ben, 'en', 'es');
    // Ben (who ran the command) reads it in his reply, in English, with the thread.
    expect(answer.content).toContain('You have a language exchange partner');
    expect(answer.content).toContain(`<@${h.ana.user.id}> speaks Español and is learning English`);
    const pair = await eventually(async () => {
      const p = await pairOf(h.ana);
      return p?.delivery === 'delivered' ? p : null;
    });
    expect(answer.content).toContain(`Your private practice thread: <#${pair.threadId}>`);
    // Ana, who was waiting, gets a DM in Spanish.
    const anaDm = await eventually(() => dms.dms(h.ana.user.id)[0]);
    expect(anaDm).toContain(
      `Tienes pareja de intercambio en Polyglot Test Server: <@${h.ben.user.id}> habla English`,
    );
    expect(anaDm).toContain(`<#${pair.threadId}>`);
    expect(dms.dms(h.ben.user.id)).toEqual([]);
    expect(pair.a.told).toBe('dm');
    expect(pair.b.told).toBe('reply');
    // The private thread: in #general, not invitable, both members added.
    const thread = threads.threads.get(pair.threadId ?? '');
    expect(thread?.channel.type).toBe(12);
    expect(thread?.channel.parent_id).toBe(general().id);
    expect(thread?.invitable).toBe(false);
    expect([...(thread?.members ?? [])]).toEqual(expect.arrayContaining([h.ana.user.id, h.ben.user.id]));
    expect(pair.threadUrl).toBe(`https://discord.com/channels/${h.guild.id}/${pair.threadId}`);
    const starter = h.fake.calls.find(
      (c) => c.method === 'POST' && c.path === `/channels/${pair.threadId}/messages`,
    );
    expect(starter?.body?.content).toContain('¡Bienvenidos a vuestro intercambio de idiomas!');
    expect(starter?.body?.content).toContain('Welcome to your language exchange!');
    expect(starter?.body?.allowed_mentions?.users).toEqual(
      expect.arrayContaining([h.ana.user.id, h.ben.user.id]),
    );
  });

  it('a third member with no complement waits; status answers privately in their language', async () => {
    await join(h.chloe, 'fr', 'en');
    const status = await exchange(h.chloe, 'status');
    expect(status.content).toMatch(
      /En attente d’un partenaire depuis <t:\d+:R>\. Vous parlez Français et apprenez English/,
    );
    expect(status.ephemeral).toBe(true);
    const ben = await exchange(h.ben, 'status');
    expect(ben.content).toContain(`Your partner: <@${h.ana.user.id}>`);
    expect((await state()).waiting.map((w) => w.userId)).toEqual([h.chloe.user.id]);
  });

  it('joining twice is answered and writes nothing', async () => {
    const before = await tableCounts(h.server.services);
    const again = await join(h.ana, 'es', 'fr');
    expect(again.content).toContain(
      'Ya estás en el intercambio de idiomas (hablas Español, aprendes English)',
    );
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('/exchange next ends the pair and pairs with someone else than the previous partner', async () => {
    const old = await pairOf(h.ben);
    await join(diego, 'es', 'en');
    const answer = await exchange(h.ben, 'next');
    expect(answer.content).toContain(`Your exchange with <@${h.ana.user.id}> has ended`);
    expect(answer.content).toContain(`<@${diego.user.id}> speaks Español`);
    const pair = await eventually(async () => {
      const p = await pairOf(h.ben);
      return p && p.id !== old?.id && p.delivery === 'delivered' ? p : null;
    });
    expect([pair.a.userId, pair.b.userId].sort()).toEqual([h.ben.user.id, diego.user.id].sort());
    // Ana is told her exchange ended, in Spanish, and waits (not matched with Ben again).
    const ended = await eventually(() => dms.dms(h.ana.user.id).find((t) => t.includes('ha terminado')));
    expect(ended).toContain(`Tu intercambio de idiomas con <@${h.ben.user.id}>`);
    expect((await state()).waiting.map((w) => w.userId)).toContain(h.ana.user.id);
    const diegoDm = await eventually(() => dms.dms(diego.user.id)[0]);
    expect(diegoDm).toContain(`<@${h.ben.user.id}> habla English`);
    // The old pair's thread is archived and locked.
    const oldThread = threads.threads.get(old?.threadId ?? '');
    await eventually(() => oldThread?.channel.thread_metadata?.locked);
    expect(oldThread?.channel.thread_metadata?.archived).toBe(true);
  });

  it('next while waiting ends nothing', async () => {
    const before = await tableCounts(h.server.services);
    const answer = await exchange(h.chloe, 'next');
    expect(answer.content).toMatch(/vous attendez depuis <t:\d+:R>/);
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('a member whose DMs are closed is told in the pair thread; the dashboard does not call it a DM', async () => {
    dms.closedDms.add(h.chloe.user.id);
    await join(eve, 'en', 'fr');
    const pair = await eventually(async () => {
      const p = await pairOf(h.chloe);
      return p?.delivery === 'delivered' ? p : null;
    });
    const chloe = pair.a.userId === h.chloe.user.id ? pair.a : pair.b;
    expect(chloe.told).toBe('thread');
    expect(dms.dms(h.chloe.user.id)).toEqual([]);
    expect(threads.threads.get(pair.threadId ?? '')?.members.has(h.chloe.user.id)).toBe(true);
  });

  it('/exchange leave ends the pair; the partner is told and waits again', async () => {
    const before = await tableCounts(h.server.services);
    const answer = await exchange(diego, 'leave');
    expect(answer.content).toContain('Has salido del intercambio de idiomas');
    expect((await tableCounts(h.server.services)).exchange_members).toBe(before.exchange_members! - 1);
    await eventually(() => dms.dms(h.ben.user.id).find((t) => t.includes('has ended')));
    expect((await state()).waiting.map((w) => w.userId)).toContain(h.ben.user.id);
    const notIn = await exchange(diego, 'status');
    expect(notIn.content).toContain('No estás en el intercambio de idiomas');
  });
});

describe('durable delivery', () => {
  it('a pair stored while the bot was away is delivered when it connects: thread and both DMs', async () => {
    await h.bot.stop();
    const { db, clock } = h.server.services;
    const base = { username: '', replyLanguage: 'ja' };
    await joinExchange(
      db,
      h.guild.id,
      { ...base, userId: fumiko.user.id, native: 'ja', learning: 'en' },
      clock(),
    );
    const made = await joinExchange(
      db,
      h.guild.id,
      { ...base, replyLanguage: 'en', userId: goran.user.id, native: 'en', learning: 'ja' },
      clock(),
    );
    expect(made.kind === 'joined' && made.created.length).toBe(1);
    expect((await pairOf(fumiko))?.delivery).toBe('queued');
    const bot = await startBot(h.server.services, { retries: 0 });
    if (!bot) throw new Error('bot did not restart');
    h.bot = bot;
    await bot.ready;
    const pair = await eventually(async () => {
      const p = await pairOf(fumiko);
      return p?.delivery === 'delivered' ? p : null;
    });
    expect(pair.threadId).toBeTruthy();
    expect(await eventually(() => dms.dms(fumiko.user.id)[0])).toContain(
      '言語交換のパートナーが見つかりました',
    );
    expect(await eventually(() => dms.dms(goran.user.id)[0])).toContain(
      'You have a language exchange partner',
    );
  });
});

describe('a member leaving the server', () => {
  it('leaves the exchange: the pair ends and the partner is told in their language', async () => {
    const before = await pairOf(goran);
    expect(before).toBeTruthy();
    h.fake.dispatch('GUILD_MEMBER_REMOVE', { guild_id: h.guild.id, user: userPayload(goran.user) });
    const ended = await eventually(() => dms.dms(fumiko.user.id).find((t) => t.includes('終了しました')));
    expect(ended).toContain(`<@${goran.user.id}>`);
    expect(await pairOf(fumiko)).toBeUndefined();
    const s = await state();
    expect(s.waiting.map((w) => w.userId)).toContain(fumiko.user.id);
    expect(s.waiting.map((w) => w.userId)).not.toContain(goran.user.id);
  });
});

describe('without an exchange channel', () => {
  it('a partner whose DMs are closed is not called told: the one who ran the command is asked to say hello', async () => {
    expect((await api('', { method: 'PATCH', body: { channelId: '' } })).status).toBe(200);
    dms.closedDms.add(fumiko.user.id);
    const answer = await join(hana, 'en', 'ja');
    expect(answer.content).toContain(`<@${fumiko.user.id}> speaks 日本語`);
    expect(answer.content).toContain(
      `I could not reach <@${fumiko.user.id}> by direct message (their DMs are closed): say hello to them yourself in the server.`,
    );
    const pair = await pairOf(hana);
    expect(pair?.threadId).toBeNull();
    expect(pair?.delivery).toBe('failed');
    const fumikoSide = pair?.a.userId === fumiko.user.id ? pair?.a : pair?.b;
    expect(fumikoSide?.told).toBe('failed');
  });
});

describe('npm run deploy-commands', () => {
  it('registers /exchange with join (two autocompleted language options), leave, status and next', async () => {
    const { deployCommands } = await import('../../bot/deploy-commands');
    const saved = await deployCommands({
      token: h.fake.token,
      applicationId: h.fake.applicationId,
      api: h.fake.apiUrl,
      guildId: h.guild.id,
    });
    expect(saved.names).toContain('exchange');
    const command = h.fake.rest.commands.get(h.guild.id)!.find((c) => c.name === 'exchange')!;
    expect(command.options.map((o: Json) => o.name)).toEqual(['join', 'leave', 'status', 'next']);
    expect(command.options[0].options).toMatchObject([
      { name: 'native', type: 3, required: true, autocomplete: true },
      { name: 'learning', type: 3, required: true, autocomplete: true },
    ]);
  });
});
