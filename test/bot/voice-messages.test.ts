import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawGet } from '../../db/client';
import type { Json } from '../fakes/discord';
import { FAKE_TRANSCRIPT } from '../fakes/gemini';
import { setGuildPlan } from '../helpers/guilds';
import { type BotHarness, eventually, startBotHarness, webhookPostsIn } from './harness';

/** A real voice message: espeak-ng saying FAKE_TRANSCRIPT, encoded to Ogg Opus. */
const VOICE = readFileSync(new URL('../fixtures/voice-message.ogg', import.meta.url));
const IS_VOICE_MESSAGE = 1 << 13;

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness();
  await h.link('Voice hall', [
    ['english', 'en'],
    ['spanish', 'es'],
    ['french', 'fr'],
  ]);
  const single = await h.link('Lobby', [['general', 'en']], 'single');
  await h.server.api(`/api/channels/links/${single.id}/languages?guildId=${h.guild.id}`, {
    method: 'PUT',
    admin: true,
    body: { languages: ['es', 'de'] },
  });
});
afterAll(async () => {
  await h?.close();
});

const postsIn = (channel: string) => webhookPostsIn(h, channel);

/** Ben records a voice message in `channel`: the fake Discord serves its audio on loopback. */
function voiceMessage(channel: string): { msg: Json; url: string } {
  const attachment = h.fake.attachments.add(h.channel(channel).id, 'voice-message.ogg', VOICE, 'audio/ogg');
  const msg = h.fake.sendMessage({
    channelId: h.channel(channel).id,
    author: h.ben.user,
    member: h.ben,
    content: '',
    flags: IS_VOICE_MESSAGE,
    attachments: [{ ...attachment, duration_secs: 2.5, waveform: 'AAAA' }],
  });
  return { msg, url: attachment.url };
}

const logCount = async () =>
  ((await rawGet(h.server.services.db, sql`select count(*) as n from translation_logs`)) as { n: number }).n;

describe('voice messages on a Pro server', () => {
  beforeAll(async () => await setGuildPlan(h.server.services, h.guild.id, 'pro'));

  it('are mirrored into the linked channels as the translated transcript with the audio linked, in one provider call', async () => {
    const calls = h.gemini.requests.length;
    const logs = await logCount();
    const { url } = voiceMessage('english');
    await eventually(() => postsIn('spanish').length >= 1 && postsIn('french').length >= 1);
    expect(postsIn('spanish').at(-1)!.body?.content).toBe(`🎤 [es] ${FAKE_TRANSCRIPT}\n${url}`);
    expect(postsIn('french').at(-1)!.body?.content).toBe(`🎤 [fr] ${FAKE_TRANSCRIPT}\n${url}`);
    expect(postsIn('spanish').at(-1)!.body?.username).toBe('ben G.');
    // One provider call with the audio inline (the very bytes Discord served), fetched once.
    expect(h.gemini.requests.length - calls).toBe(1);
    const req = h.gemini.requests.at(-1)!;
    expect(req.audio).toHaveLength(1);
    expect(Buffer.compare(req.audio[0].bytes, VOICE)).toBe(0);
    expect(h.fake.attachments.fetched.filter((p) => url.endsWith(p))).toHaveLength(1);
    // Counted against the allowance: one translation per language delivered.
    expect((await logCount()) - logs).toBe(2);
  });

  it('Translate Message gives the transcript and its translation in the member’s language', async () => {
    const { msg } = voiceMessage('german');
    const i = h.fake.contextMenu('Translate Message', msg, { member: h.ana, channel: h.channel('german') });
    const answer = await h.fake.interactionAnswer(i);
    expect(answer.content).toBe(
      `🎤 *${FAKE_TRANSCRIPT}*\n**English → Spanish**\n[es] ${FAKE_TRANSCRIPT}\n-# Choose your language with /setlanguage.`,
    );
  });

  it('in single-channel mode, the reply holds the transcript and each language', async () => {
    const { msg } = voiceMessage('general');
    const reply = await h.fake.waitForCall(
      (c) =>
        c.method === 'POST' &&
        c.path === `/channels/${h.channel('general').id}/messages` &&
        c.body?.message_reference?.message_id === msg.id,
    );
    expect(reply.body?.content).toBe(
      `🎤 *${FAKE_TRANSCRIPT}*\n**Spanish**: [es] ${FAKE_TRANSCRIPT}\n**German**: [de] ${FAKE_TRANSCRIPT}`,
    );
  });
});

describe('voice messages on a Free server (voice translation is Pro)', () => {
  beforeAll(async () => await setGuildPlan(h.server.services, h.guild.id, 'free'));

  it('are mirrored as the audio link only: no provider call, no transcript, no error', async () => {
    const calls = h.gemini.requests.length;
    const before = postsIn('spanish').length;
    const { msg, url } = voiceMessage('english');
    await eventually(() => postsIn('spanish').length > before);
    expect(postsIn('spanish').at(-1)!.body?.content).toBe(url);
    expect(h.gemini.requests.length).toBe(calls);
    expect(h.fake.attachments.fetched.some((p) => url.endsWith(p))).toBe(false);
    const marks = h.fake.calls.filter((c) => c.path.includes(`/messages/${msg.id}/reactions/`));
    expect(marks).toHaveLength(0);
  });

  it('Translate Message answers the locked notice in the member’s language', async () => {
    const { msg } = voiceMessage('german');
    const i = h.fake.contextMenu('Translate Message', msg, { member: h.ana, channel: h.channel('german') });
    const answer = await h.fake.interactionAnswer(i);
    expect(answer.content).toBe(
      '🔒 Voice translation requiere el plan Pro en este servidor. Un administrador puede mejorarlo en el panel.',
    );
  });
});
