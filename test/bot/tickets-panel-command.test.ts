import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_BITS } from '../../src/common/guilds/permissions';
import { findLanguage, type Language } from '../../src/common/languages';
import { setMemberLanguage } from '../../src/server/features/translation/members';
import { type FakeChannel, type Json, snowflake } from '../fakes/discord';
import { channelPayload } from '../fakes/discord/payloads';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { type BotHarness, startBotHarness } from './harness';

/**
 * /ticket-panel channel:<text channel> end to end: the real discord.js client against the fake
 * Discord, the real server. Staff with Manage Server post the same panel as the dashboard's Post
 * panel (the 'tickets:panel' job); each bad input is answered privately with its reason in the
 * member's language (Ana reads Spanish) and nothing is queued or posted.
 */

const MANAGE_GUILD = (1n << 5n).toString();
let h: BotHarness;
let hall: FakeChannel;
const general = () => h.channel('general');
/** #news-fr takes Send Messages away from @everyone (the bot has no role granting it back). */
const closed = () => h.channel('news-fr');

beforeAll(async () => {
  h = await startBotHarness({
    prepare(guild) {
      // No Administrator on @everyone, so channel overwrites count for the bot.
      guild.everyonePermissions = [
        PERMISSION_BITS.ViewChannel,
        PERMISSION_BITS.SendMessages,
        PERMISSION_BITS.ReadMessageHistory,
      ]
        .reduce((a, b) => a | b, 0n)
        .toString();
      const news = guild.channels.find((c) => c.name === 'news-fr');
      if (!news) throw new Error('no #news-fr');
      news.permission_overwrites = [
        { id: guild.id, type: 0, allow: '0', deny: PERMISSION_BITS.SendMessages.toString() },
      ];
      hall = { id: snowflake(), name: 'Hall', type: 2 };
      guild.channels.push(hall);
    },
  });
  // Ana (Spanish) is staff with Manage Server only; Ben has no permission at all.
  h.ana.permissions = MANAGE_GUILD;
  h.ben.permissions = '0';
  await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
});
afterAll(async () => {
  await h?.close();
});

const api = (path: string, init: { method?: string; body?: unknown } = {}) =>
  h.server.api(`${path}${path.includes('?') ? '&' : '?'}guildId=${h.guild.id}`, { admin: true, ...init });

/** /ticket-panel with the channel option, resolved as Discord sends it; the ephemeral answer. */
async function panelCommand(channel: FakeChannel, opts: { member?: typeof h.ana; guildId?: string } = {}) {
  const i = h.fake.slash(
    'ticket-panel',
    [{ name: 'channel', type: 7, value: channel.id }],
    { member: opts.member ?? h.ana, channel: general() },
    { channels: { [channel.id]: channelPayload(opts.guildId ?? h.guild.id, channel) } },
  );
  const answer = await h.fake.interactionAnswer(i);
  const callback = h.fake.interactionCalls(i).find((c) => c.path.endsWith('/callback'));
  expect(callback?.body?.data?.flags & 64, 'the answer is ephemeral').toBe(64);
  return answer;
}

const panelPosts = () =>
  h.fake.calls.filter(
    (c) =>
      c.method === 'POST' &&
      /\/channels\/\d+\/messages$/.test(c.path) &&
      /Need help\?/.test(c.body?.content ?? ''),
  );

/** A refusal: the reason in the answer, nothing queued or written, no panel posted. */
async function refused(
  channel: FakeChannel,
  expected: RegExp,
  opts: Parameters<typeof panelCommand>[1] = {},
) {
  const before = await tableCounts(h.server.services);
  const posts = panelPosts().length;
  const answer: Json = await panelCommand(channel, opts);
  expect(answer.content).toMatch(expected);
  expect(await tableCounts(h.server.services)).toEqual(before);
  expect(panelPosts().length).toBe(posts);
}

describe('/ticket-panel', () => {
  it('is registered for servers only, for Manage Server by default, with a text channel option', async () => {
    const call = await h.fake.waitForCall((c) => c.method === 'PUT' && /\/commands$/.test(c.path));
    const command = (call.body as Json[]).find((c) => c.name === 'ticket-panel');
    expect(command).toMatchObject({
      default_member_permissions: MANAGE_GUILD,
      integration_types: [0],
      contexts: [0],
      options: [{ name: 'channel', type: 7, required: true, channel_types: [0, 5] }],
    });
  });

  it('without categories: the reason in Spanish, nothing queued', async () => {
    await refused(general(), /Aún no hay categorías de tickets.*No se publicó nada/);
  });

  it('below Ultimate: the plan notice, nothing queued', async () => {
    const saved = await api('/api/ticket-settings', {
      method: 'PATCH',
      body: {
        categories: [
          { name: 'Billing', questions: [] },
          { name: 'Bug', questions: [] },
        ],
      },
    });
    expect(saved.status).toBe(200);
    await setGuildPlan(h.server.services, h.guild.id, 'plus');
    await refused(general(), /requiere el plan Ultimate/);
    await setGuildPlan(h.server.services, h.guild.id, 'ultimate');
  });

  it('a member without Manage Server is refused, nothing queued', async () => {
    const answer = await panelCommand(general(), { member: h.ben });
    expect(answer.content).toContain('needs the Manage Server permission');
    // Ana reads Spanish; the same refusal for her in Spanish.
    h.ana.permissions = '0';
    try {
      await refused(general(), /necesita el permiso Gestionar servidor.*No se publicó nada/);
    } finally {
      h.ana.permissions = MANAGE_GUILD;
    }
  });

  it('a language beyond the phrase table: the refusal put into it by the provider (Chloé reads Swahili)', async () => {
    await setMemberLanguage(
      h.server.services.db,
      h.chloe.user.id,
      findLanguage('sw') as Language,
      new Date(),
    );
    h.chloe.permissions = '0';
    const before = await tableCounts(h.server.services);
    const answer = await panelCommand(general(), { member: h.chloe });
    // The fake provider answers "[sw] " + the English phrase.
    expect(answer.content).toMatch(/^\[sw\] .*Manage Server/);
    expect(await tableCounts(h.server.services)).toEqual(before);
  });

  it('a voice channel, or a channel of another server, is not a text channel of this server', async () => {
    await refused(hall, /no es un canal de texto de este servidor.*No se publicó nada/);
    const foreign: FakeChannel = { id: snowflake(), name: 'elsewhere', type: 0 };
    await refused(foreign, /no es un canal de texto de este servidor.*No se publicó nada/, {
      guildId: snowflake(),
    });
  });

  it('a channel where the bot may not send messages: the reason, nothing queued', async () => {
    await refused(closed(), /No puedo publicar en.*No se publicó nada/);
  });

  it('staff post the panel: the same panel as the dashboard, a button per category', async () => {
    const answer = await panelCommand(general());
    expect(answer.content).toContain(`El panel de tickets se está publicando en <#${general().id}>`);
    const call = await h.fake.waitForCall(
      (c) =>
        c.method === 'POST' &&
        c.path === `/channels/${general().id}/messages` &&
        /Need help\?/.test(c.body?.content ?? ''),
    );
    const buttons = call.body?.components?.[0]?.components;
    expect(buttons.map((b: Json) => [b.label, b.custom_id])).toEqual([
      ['Billing', 'ticketopen:Billing'],
      ['Bug', 'ticketopen:Bug'],
    ]);
  });
});
