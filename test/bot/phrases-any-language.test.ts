import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKED } from '../../src/common/billing/phrases';
import * as EXCHANGE_PHRASES from '../../src/common/exchange/phrases';
import { findLanguage, type Language } from '../../src/common/languages';
import * as XP_PHRASES from '../../src/common/xp/phrases';
import { setMemberLanguage } from '../../src/server/features/translation/members';
import { untranslatedMark } from '../../src/server/translation/phrases';
import type { FakeMember, Json } from '../fakes/discord';
import { setGuildPlan } from '../helpers/guilds';
import { type BotHarness, startBotHarness, textsAskedInto } from './harness';

/**
 * Issue 27: the bot's replies in a language its phrase tables lack. Ana's language is Swahili: her
 * /rank, /leaderboard and /exchange answers come in Swahili from the provider (the fake Gemini
 * answers "[sw] " + the text), each phrase asked once, in one batched call per capability, and
 * never again on the next replies. With the provider down, Ben (Yoruba) reads English with the
 * line saying so, and no error.
 */

let h: BotHarness;
beforeAll(async () => {
  h = await startBotHarness({ overrides: { translatorOptions: { attempts: 1 } } });
  // Pro: leveling and the language exchange are both on.
  await setGuildPlan(h.server.services, h.guild.id, 'pro');
  const at = new Date();
  await setMemberLanguage(h.server.services.db, h.ana.user.id, findLanguage('sw') as Language, at);
  await setMemberLanguage(h.server.services.db, h.ben.user.id, findLanguage('yo') as Language, at);
});
afterAll(async () => {
  await h?.close();
});

const slash = async (name: string, member: FakeMember, options: Json[] = []) =>
  (await h.fake.interactionAnswer(h.fake.slash(name, options, { member, channel: h.channel('general') })))
    .content as string;
const exchange = (member: FakeMember, sub: string, options: Json[] = []) =>
  slash('exchange', member, [{ name: sub, type: 1, options }]);

/** Every text the provider was asked to put into `code`. */
const askedInto = (code: string) => textsAskedInto(h, code);

describe('a Swahili member', () => {
  it('/rank, /leaderboard and /exchange answer in Swahili, each phrase asked of the provider once', async () => {
    h.gemini.reset();
    const rank = await slash('rank', h.ana);
    // No XP yet: the phrase in Swahili with her name filled in after the translation.
    expect(rank).toMatch(/^\[sw\] /);
    const board = await slash('leaderboard', h.ana);
    // The title and the empty line: two phrases, each in Swahili.
    expect(board.split('\n').filter((l) => l.startsWith('[sw] '))).toHaveLength(2);
    const status = await exchange(h.ana, 'status');
    expect(status).toMatch(/^\[sw\] /);
    const bad = await exchange(h.ana, 'join', [
      { name: 'native', type: 3, value: 'Klingon' },
      { name: 'learning', type: 3, value: 'es' },
    ]);
    expect(bad).toMatch(/^\[sw\] .*Klingon/);

    // XP's phrases went in one call, the exchange's in another (the LOCKED notice rode along).
    const texts = askedInto('sw');
    const calls = h.gemini.requests.length;
    expect(calls).toBe(2);
    // Every phrase of both sets (and the LOCKED notice) once, none twice.
    const phrases = new Set([...Object.values(XP_PHRASES), ...Object.values(EXCHANGE_PHRASES), LOCKED]);
    expect(texts).toHaveLength(phrases.size);
    expect(new Set(texts).size).toBe(texts.length);

    // The next replies (another member reading Swahili too) cost nothing more.
    await slash('rank', h.ana);
    await slash('leaderboard', h.ana);
    await exchange(h.ana, 'status');
    expect(h.gemini.requests).toHaveLength(calls);
  });
});

describe('the provider down', () => {
  it('a Yoruba member reads English with the untranslated line, and the next reply asks again', async () => {
    h.gemini.reset();
    h.gemini.respondWith(() => ({ status: 503, body: { error: { code: 503, message: 'overloaded' } } }));
    const rank = await slash('rank', h.ben);
    const [before, after] = XP_PHRASES.NO_XP_YET.en.split('{name}');
    expect(rank.startsWith(before)).toBe(true);
    expect(rank.endsWith(`${after}${untranslatedMark('yo')}`)).toBe(true);
    const board = await slash('leaderboard', h.ben);
    // Two phrases in English, one line saying so.
    expect(board).toBe(
      `${XP_PHRASES.LEADERBOARD_TITLE.en}${untranslatedMark('yo')}\n${XP_PHRASES.LEADERBOARD_EMPTY.en}`,
    );
    h.gemini.reset();
    expect(await slash('rank', h.ben)).toMatch(/^\[yo\] /);
  });
});
