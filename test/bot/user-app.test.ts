import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../db/client';
import { type FakeChannel, messagePayload, snowflake } from '../fakes/discord';
import { FAKE_TRANSCRIPT } from '../fakes/gemini';
import { type BotHarness, eventually, startBotHarness } from './harness';

/** A real voice message: espeak-ng saying FAKE_TRANSCRIPT, encoded to Ogg Opus. */
const VOICE = readFileSync(new URL('../fixtures/voice-message.ogg', import.meta.url));
const IS_VOICE_MESSAGE = 1 << 13;

/**
 * The user-installed app (issue 28): Translate Message and /translate declared for both installs
 * and every context, delivered by the fake Discord as Discord sends them (context 1 or 2 and no
 * guild_id; or a server without the bot), answered privately under the user's daily allowance.
 */

const EPHEMERAL = 64;
const CAP = 3;
let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({ env: { USER_APP_DAILY_LIMIT: String(CAP) } });
});
afterAll(async () => {
  await h?.close();
});

const dm: FakeChannel = { id: snowflake(), name: 'dm', type: 1 };
const usedToday = async (userId: string) =>
  Number(
    (
      await rawGet<{ n: number | null }>(
        h.server.services.db,
        sql`select sum(count) as n from user_app_usage where user_id = ${userId}`,
      )
    )?.n ?? 0,
  );

describe('command registration', () => {
  it('Translate Message and /translate are declared for the user install and every context; the rest stay server-only', async () => {
    // What the bot registered at start, as the fake Discord keeps and answers it (GET returns the same).
    const registered = await eventually(() => h.fake.rest.commands.get('global'));
    expect(registered.length).toBeGreaterThan(20);
    const byName = new Map(registered.map((c) => [c.name as string, c]));
    for (const name of ['Translate Message', 'translate']) {
      expect(byName.get(name)).toMatchObject({ integration_types: [0, 1], contexts: [0, 1, 2] });
    }
    for (const name of ['setlanguage', 'translate-me', 'hide-translations-of', 'warn', 'poll']) {
      expect(byName.get(name), name).toMatchObject({ integration_types: [0], contexts: [0] });
    }
  });
});

describe('in a DM, a group DM and a server without the bot', () => {
  it('Translate Message in a DM (context 2): deferred privately, answered in the locale, counted per user, no server row', async () => {
    const target = messagePayload({
      channelId: dm.id,
      author: h.ben.user,
      content: 'See you at the station',
    });
    delete target.guild_id;
    const i = h.fake.contextMenu('Translate Message', target, {
      member: h.chloe,
      channel: dm,
      userInstall: { context: 2 },
    });
    expect(i.guild_id).toBeUndefined();
    expect(i.context).toBe(2);
    const deferred = await h.fake.waitForCall(
      (c) => c.path.includes(i.token) && c.path.endsWith('/callback'),
    );
    expect(deferred.body).toEqual({ type: 5, data: { flags: EPHEMERAL } });
    const answer = await h.fake.interactionAnswer(i);
    expect(answer.content).toContain('**English → French**\n[fr] See you at the station');
    expect(await usedToday(h.chloe.user.id)).toBe(1);
  });

  it('/translate in the bot’s DM (context 1) and in a group DM (context 2)', async () => {
    const inBotDm = await h.fake.interactionAnswer(
      h.fake.slash('translate', [{ name: 'text', type: 3, value: 'Where is the museum?' }], {
        member: h.ana,
        channel: dm,
        userInstall: { context: 1 },
      }),
    );
    expect(inBotDm.content).toContain('[es] Where is the museum?');
    const group: FakeChannel = { id: snowflake(), name: 'trip', type: 3 };
    const inGroup = await h.fake.interactionAnswer(
      h.fake.slash('translate', [{ name: 'text', type: 3, value: 'Bring an umbrella' }], {
        member: h.ana,
        channel: group,
        userInstall: { context: 2, groupDm: true },
      }),
    );
    expect(inGroup.content).toContain('[es] Bring an umbrella');
    expect(await usedToday(h.ana.user.id)).toBe(2);
  });

  it('in a server without the bot (context 0, installed by the user): the user path, not a server’s settings', async () => {
    const elsewhere = snowflake();
    const channel: FakeChannel = { id: snowflake(), name: 'lobby', type: 0 };
    const target = messagePayload({
      channelId: channel.id,
      guildId: elsewhere,
      author: h.ben.user,
      content: 'Good luck',
    });
    const answer = await h.fake.interactionAnswer(
      h.fake.contextMenu('Translate Message', target, {
        member: h.ana,
        channel,
        userInstall: { context: 0, guildId: elsewhere },
      }),
    );
    expect(answer.content).toContain('[es] Good luck');
    expect(await usedToday(h.ana.user.id)).toBe(3);
  });

  it(`past the daily cap (${CAP}) the user is told when it resets and the provider is not asked`, async () => {
    const before = h.gemini.requests.length;
    const over = await h.fake.interactionAnswer(
      h.fake.slash('translate', [{ name: 'text', type: 3, value: 'One more please' }], {
        member: h.ana,
        channel: dm,
        userInstall: { context: 1 },
      }),
    );
    expect(over.content).toContain(`today’s ${CAP} translations`);
    expect(JSON.stringify(h.gemini.requests.slice(before))).not.toContain('One more please');
    expect(await usedToday(h.ana.user.id)).toBe(CAP);
  });

  it('in a server with the bot, /translate follows that server (no user allowance taken)', async () => {
    const i = h.fake.slash('translate', [{ name: 'text', type: 3, value: 'Team meeting at noon' }], {
      member: h.chloe,
      channel: h.channel('general'),
    });
    const answer = await h.fake.interactionAnswer(i);
    expect(h.fake.interactionCalls(i)[0]?.body).toEqual({ type: 5, data: { flags: EPHEMERAL } });
    expect(answer.content).toContain('[fr] Team meeting at noon');
    expect(await usedToday(h.chloe.user.id)).toBe(1);
  });

  it('bad inputs: blank text, text over the limit, a message with no text: refused plainly, nothing counted', async () => {
    const blank = await h.fake.interactionAnswer(
      h.fake.slash('translate', [{ name: 'text', type: 3, value: '   ' }], {
        member: h.ben,
        channel: dm,
        userInstall: { context: 1 },
      }),
    );
    expect(blank).toMatchObject({ content: '❌ text: write something to translate.', flags: EPHEMERAL });
    const long = await h.fake.interactionAnswer(
      h.fake.slash('translate', [{ name: 'text', type: 3, value: 'x'.repeat(1501) }], {
        member: h.ben,
        channel: dm,
        userInstall: { context: 1 },
      }),
    );
    expect(long.content).toBe('❌ text: at most 1500 characters (this one has 1501).');
    const empty = messagePayload({ channelId: dm.id, author: h.chloe.user, content: '' });
    delete empty.guild_id;
    const noText = await h.fake.interactionAnswer(
      h.fake.contextMenu('Translate Message', empty, {
        member: h.ben,
        channel: dm,
        userInstall: { context: 2 },
      }),
    );
    expect(noText.content).toContain('This message has no text to translate');
    expect(await usedToday(h.ben.user.id)).toBe(0);
  });
});

describe('voice messages and refusals where the bot has no server', () => {
  it('a voice message in a DM is transcribed and translated under the user’s allowance, the very audio sent once', async () => {
    const before = await usedToday(h.chloe.user.id);
    const calls = h.gemini.requests.length;
    const attachment = h.fake.attachments.add(dm.id, 'voice-message.ogg', VOICE, 'audio/ogg');
    const target = messagePayload({
      channelId: dm.id,
      author: h.ben.user,
      content: '',
      flags: IS_VOICE_MESSAGE,
      attachments: [{ ...attachment, duration_secs: 2.5, waveform: 'AAAA' }],
    });
    delete target.guild_id;
    const i = h.fake.contextMenu('Translate Message', target, {
      member: h.chloe,
      channel: dm,
      userInstall: { context: 2 },
    });
    const answer = await h.fake.interactionAnswer(i);
    expect(answer.content).toContain(
      `🎤 *${FAKE_TRANSCRIPT}*\n**English → French**\n[fr] ${FAKE_TRANSCRIPT}`,
    );
    // Private: deferred as ephemeral.
    expect(h.fake.interactionCalls(i)[0]?.body).toEqual({ type: 5, data: { flags: EPHEMERAL } });
    // One provider call carrying the bytes Discord served; one of today's translations taken.
    expect(h.gemini.requests.length - calls).toBe(1);
    const req = h.gemini.requests.at(-1)!;
    expect(req.audio).toHaveLength(1);
    expect(Buffer.compare(req.audio[0].bytes, VOICE)).toBe(0);
    expect(await usedToday(h.chloe.user.id)).toBe(before + 1);
  });

  it('a message with neither text nor voice is refused in the user’s language, nothing counted', async () => {
    const before = await usedToday(h.chloe.user.id);
    const empty = messagePayload({ channelId: dm.id, author: h.ben.user, content: '' });
    delete empty.guild_id;
    const answer = await h.fake.interactionAnswer(
      h.fake.contextMenu('Translate Message', empty, {
        member: h.chloe,
        channel: dm,
        userInstall: { context: 2 },
      }),
    );
    expect(answer.content).toBe("Ce message n'a pas de texte à traduire.");
    expect(await usedToday(h.chloe.user.id)).toBe(before);
  });
});
