import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { voiceTimings } from '../../bot/features/voice/session';
import { rawAll, rawRun } from '../../db/client';
import { voiceSessions } from '../../db/schema';
import type { FakeChannel } from '../fakes/discord';
import { setGuildPlan } from '../helpers/guilds';
import { tableCounts } from '../helpers/server';
import { addVoiceHall, type BotHarness, eventually, startBotHarness } from './harness';

let h: BotHarness;
let hall: FakeChannel;
beforeAll(async () => {
  h = await startBotHarness();
  hall = await addVoiceHall(h);
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await setGuildPlan(h.server.services, h.guild.id, 'pro');
  voiceTimings.connectTimeoutMs = 20_000;
});

const sessions = async () =>
  (await rawAll(
    h.server.services.db,
    sql`select id, status, end_reason as reason, target_language as languages from voice_sessions order by id`,
  )) as { id: number; status: string; reason: string | null; languages: string }[];
const start = (member = h.ana, channel: FakeChannel = hall, options: object[] = []) =>
  h.fake.slash('voice', [{ name: 'start', type: 1, options }], { member, channel });
const stop = (member = h.ana, channel: FakeChannel = hall) =>
  h.fake.slash('voice', [{ name: 'stop', type: 1, options: [] }], { member, channel });
/** Ephemeral answers: flag 64 on the callback (or the deferred one). */
const answer = async (i: ReturnType<typeof start>) => (await h.fake.interactionAnswer(i)).content as string;
const voiceOps = () => h.fake.gateway.received.filter((p) => p.op === 4);

describe('/voice start refusals (ephemeral, in the member’s language, nothing started)', () => {
  it('a plan without voice names the Pro plan', async () => {
    await setGuildPlan(h.server.services, h.guild.id, 'plus');
    const before = await tableCounts(h.server.services);
    const content = await answer(start());
    expect(content).toBe(
      '🔒 Voice translation requiere el plan Pro en este servidor. Un administrador puede mejorarlo en el panel.',
    );
    expect(await tableCounts(h.server.services)).toEqual(before);
    expect(voiceOps()).toHaveLength(0);
  });

  it('a channel that is not a voice channel', async () => {
    const content = await answer(start(h.chloe, h.channel('general')));
    expect(content).toBe(
      `<#${h.channel('general').id}> n'est pas un salon vocal. Rejoignez un salon vocal ou indiquez-en un : /voice start channel:…`,
    );
    expect(voiceOps()).toHaveLength(0);
  });

  it('missing Connect/Speak permissions', async () => {
    const everyone = (permissions: string) =>
      h.fake.dispatch('GUILD_ROLE_UPDATE', {
        guild_id: h.guild.id,
        role: {
          id: h.guild.id,
          name: '@everyone',
          color: 0,
          hoist: false,
          position: 0,
          permissions,
          managed: false,
          mentionable: false,
          flags: 0,
        },
      });
    everyone(String(1024 + 2048)); // View Channel and Send Messages only
    await eventually(
      () => !h.bot.client.guilds.cache.get(h.guild.id)?.members.me?.permissions.has('Connect'),
    );
    try {
      const content = await answer(start(h.ben));
      expect(content).toBe(
        `I need the Connect and Speak permissions in <#${hall.id}> to caption it. A server admin can grant them in the channel settings.`,
      );
    } finally {
      everyone('8');
      await eventually(() =>
        h.bot.client.guilds.cache.get(h.guild.id)?.members.me?.permissions.has('Connect'),
      );
    }
    expect(await sessions()).toHaveLength(0);
  });

  it('the plan’s voice minutes used up this month', async () => {
    const db = h.server.services.db;
    const used = await db
      .insert(voiceSessions)
      .values({
        guildId: h.guild.id,
        channelId: h.channel('german').id,
        sourceLanguage: 'auto',
        targetLanguage: 'en',
        status: 'ended',
        durationSeconds: 100 * 60,
        startedAt: new Date(),
        endedAt: new Date(),
      })
      .returning()
      .get();
    try {
      const content = await answer(start(h.ben));
      expect(content).toBe(
        'This server has used all 100 voice minutes of its plan this month. They renew next month, or right away with an upgrade.',
      );
      expect(await sessions()).toHaveLength(1);
    } finally {
      await rawRun(db, sql`delete from voice_sessions where id = ${used.id}`);
    }
  });
});

describe('a session’s life', () => {
  it('a connection that never becomes ready ends the session as error with the reason; nothing stays active', async () => {
    voiceTimings.connectTimeoutMs = 300;
    const i = start(h.ben, hall, [{ name: 'languages', type: 3, value: 'es, ja' }]);
    const last = await eventually(() => {
      const c = h.fake.interactionCalls(i).at(-1)?.body?.content;
      return typeof c === 'string' && c.includes('could not join') ? c : null;
    });
    expect(last).toMatch(
      new RegExp(
        `^❌ I could not join <#${hall.id}>, so no captions: could not connect to the voice channel`,
      ),
    );
    const [row] = await sessions();
    expect(row).toMatchObject({ status: 'error', languages: 'es,ja' });
    expect(row.reason).toMatch(/^could not connect to the voice channel/);
    // The bot asked to join (op 4 with the channel), then left (channel null).
    const ops = voiceOps().map((p) => p.d.channel_id);
    expect(ops[0]).toBe(hall.id);
    expect(ops.at(-1)).toBeNull();
    // It announced itself in the channel's chat before listening.
    const announce = h.fake.calls.find(
      (c) => c.method === 'POST' && c.path === `/channels/${hall.id}/messages`,
    );
    expect(announce?.body?.content).toMatch(
      /^🎙️ \*\*Live captions are on\*\* in this channel \(Spanish, Japanese\)/,
    );
  });

  it('a second /voice start in the same channel is refused while one runs; End Session on the dashboard makes the bot leave', async () => {
    const first = start(h.ben);
    const row = await eventually(async () => (await sessions()).find((s) => s.status === 'active'));
    const second = await answer(start(h.ana));
    expect(second).toBe(
      `Los subtítulos en vivo ya están activos en <#${hall.id}>. Usa /voice stop para terminarlos.`,
    );
    expect((await sessions()).filter((s) => s.status === 'active')).toHaveLength(1);
    const leavesBefore = voiceOps().filter((p) => p.d.channel_id === null).length;
    const res = await h.server.api(`/api/voice-translation/sessions/${row.id}`, {
      method: 'PATCH',
      admin: true,
      body: { status: 'ended', endedAt: new Date().toISOString() },
    });
    expect(res.status).toBe(200);
    await eventually(() => voiceOps().filter((p) => p.d.channel_id === null).length > leavesBefore);
    await h.fake.interactionAnswer(first);
    expect((await sessions()).find((s) => s.id === row.id)).toMatchObject({
      status: 'ended',
      reason: 'ended from the dashboard',
    });
  });

  it('/voice stop ends the running session; with none running it says so', async () => {
    start(h.ben);
    const row = await eventually(async () => (await sessions()).find((s) => s.status === 'active'));
    expect(await answer(stop(h.chloe))).toBe(`⏹️ Les sous-titres en direct de <#${hall.id}> sont terminés.`);
    expect((await sessions()).find((s) => s.id === row.id)).toMatchObject({
      status: 'ended',
      reason: 'stopped with /voice stop by chloe',
    });
    expect(await answer(stop(h.ben))).toBe(`There are no live captions running in <#${hall.id}>.`);
  });
});
