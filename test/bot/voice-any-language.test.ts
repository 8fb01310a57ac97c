import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { voiceTimings } from '../../bot/features/voice/session';
import { findLanguage, type Language } from '../../src/common/languages';
import * as VOICE_PHRASES from '../../src/common/voice/phrases';
import { setMemberLanguage } from '../../src/server/features/translation/members';
import { untranslatedMark } from '../../src/server/translation/phrases';
import type { FakeChannel, FakeMember } from '../fakes/discord';
import { setGuildPlan } from '../helpers/guilds';
import { addVoiceHall, type BotHarness, eventually, startBotHarness, textsAskedInto } from './harness';

/**
 * Issue 27: /voice answers a member in a language its phrase tables lack. Ana reads Swahili: her
 * /voice replies (a refusal, /voice stop with nothing running, a connection that fails with its
 * reason) come in Swahili from the provider (the fake Gemini answers "[sw] " + the text), the voice
 * phrases asked in one batched call and never again. With the provider down, Ben (Yoruba) reads
 * English with the line saying so.
 */

let h: BotHarness;
let hall: FakeChannel;
beforeAll(async () => {
  h = await startBotHarness({ overrides: { translatorOptions: { attempts: 1 } } });
  const at = new Date();
  await setMemberLanguage(h.server.services.db, h.ana.user.id, findLanguage('sw') as Language, at);
  await setMemberLanguage(h.server.services.db, h.ben.user.id, findLanguage('yo') as Language, at);
  hall = await addVoiceHall(h);
});
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await setGuildPlan(h.server.services, h.guild.id, 'pro');
  h.gemini.reset();
});

const voice = (member: FakeMember, sub: 'start' | 'stop', channel: FakeChannel, options: object[] = []) =>
  h.fake.slash('voice', [{ name: sub, type: 1, options }], { member, channel });
const answer = async (i: ReturnType<typeof voice>) => (await h.fake.interactionAnswer(i)).content as string;

/** Every text the provider was asked to put into `code`. */
const askedInto = (code: string) => textsAskedInto(h, code);

describe('a Swahili member', () => {
  it('/voice replies come in Swahili, the voice phrases asked of the provider once in one call', async () => {
    const none = await answer(voice(h.ana, 'stop', hall));
    expect(none).toBe(`[sw] ${VOICE_PHRASES.VOICE_NO_SESSION.en.replace('{channel}', `<#${hall.id}>`)}`);
    // One call held every voice phrase (the reply's whole set), each once.
    expect(h.gemini.requests).toHaveLength(1);
    const asked = askedInto('sw');
    expect(asked).toHaveLength(Object.keys(VOICE_PHRASES).length);
    expect(new Set(asked).size).toBe(asked.length);

    // Another reply of the set costs nothing more.
    const general = h.channel('general');
    const notVoice = await answer(voice(h.ana, 'start', general));
    expect(notVoice).toBe(
      `[sw] ${VOICE_PHRASES.VOICE_NOT_A_VOICE_CHANNEL.en.replace('{channel}', `<#${general.id}>`)}`,
    );
    expect(h.gemini.requests).toHaveLength(1);
  });

  it('a plan without voice: the locked notice in Swahili', async () => {
    await setGuildPlan(h.server.services, h.guild.id, 'plus');
    const locked = await answer(voice(h.ana, 'start', hall));
    expect(locked).toMatch(/^\[sw\] 🔒 Voice translation .*Pro/);
  });

  it('a connection that fails: the reply and its reason in Swahili', async () => {
    voiceTimings.connectTimeoutMs = 300;
    try {
      const i = voice(h.ana, 'start', hall);
      const last = await eventually(() => {
        const c = h.fake.interactionCalls(i).at(-1)?.body?.content;
        return typeof c === 'string' && c.includes('could not join') ? c : null;
      });
      // The outer phrase and the nested reason, each translated; no English line.
      expect(last).toMatch(
        new RegExp(
          `^\\[sw\\] ❌ I could not join <#${hall.id}>, so no captions: \\[sw\\] could not connect to the voice channel: \\[sw\\] `,
        ),
      );
      expect(last).not.toContain('In English');
    } finally {
      voiceTimings.connectTimeoutMs = 20_000;
    }
  });
});

describe('the provider down', () => {
  it('a Yoruba member reads English with the untranslated line, and the next reply asks again', async () => {
    h.gemini.respondWith(() => ({ status: 503, body: { error: { code: 503, message: 'overloaded' } } }));
    const none = await answer(voice(h.ben, 'stop', hall));
    expect(none).toBe(
      `${VOICE_PHRASES.VOICE_NO_SESSION.en.replace('{channel}', `<#${hall.id}>`)}${untranslatedMark('yo')}`,
    );
    h.gemini.reset();
    expect(await answer(voice(h.ben, 'stop', hall))).toMatch(/^\[yo\] /);
  });
});
