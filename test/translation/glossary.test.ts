import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { replaceGlossary } from '../../src/server/features/glossary/glossary';
import { updateTranslationStyle } from '../../src/server/features/translation-style/translation-style';
import { type FakeProvider, pseudoTranslate, startFakeGemini } from '../fakes/gemini';
import { seedGuild, setGuildPlan } from '../helpers/guilds';
import { type Engine, geminiEnv, makeEngine } from './helpers';

let fake: FakeProvider;
let e: Engine;
beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(async () => {
  fake.reset();
  // Only channel traffic (micro-batching below) waits for this window: wide enough that, on a
  // loaded machine, the settings each message reads first (PostgreSQL) don't split a burst.
  e = await makeEngine(geminiEnv(fake.url), { options: { batchWindowMs: 500 } });
  await seedGuild(e, 'g1', { plan: 'plus' });
  await replaceGlossary(e.db, 'g1', [
    { term: 'Minecraft', translations: {} },
    { term: 'Polyglot Realm', translations: {} },
    { term: '原神', translations: {} },
    { term: 'raid', translations: { es: 'incursión', fr: 'raid' } },
  ]);
});
afterEach(() => e.close());

const system = (i: number) => fake.requests[i].body.systemInstruction.parts[0].text as string;

describe('never-translate terms', () => {
  it('are hidden from the provider and come back byte for byte in every language', async () => {
    const text = 'Join MINECRAFT on the Polyglot Realm server, or play 原神 with us';
    const res = await e.translator.translate({
      text,
      targets: ['es', 'fr', 'ja', 'de'],
      source: 'en',
      origin: 'context-menu',
      guildId: 'g1',
    });
    const sent = fake.requests[0].translation!.text;
    expect(sent).not.toMatch(/minecraft|Polyglot Realm|原神/i);
    expect(sent).toMatch(/\{\{\d+\}\}/);
    for (const code of ['es', 'fr', 'ja', 'de']) {
      expect(res.translations[code]).toContain('MINECRAFT');
      expect(res.translations[code]).toContain('Polyglot Realm');
      expect(res.translations[code]).toContain('原神');
    }
  });

  it('a word merely containing a term is translated as usual', async () => {
    await e.translator.translate({
      text: 'Minecrafters unite today',
      targets: ['es'],
      source: 'en',
      origin: 'cli',
      guildId: 'g1',
    });
    expect(fake.requests[0].translation!.text).toBe('Minecrafters unite today');
  });

  it('on a plan without the glossary, terms are translated like any word', async () => {
    await setGuildPlan(e, 'g1', 'free');
    await e.translator.translate({
      text: 'Minecraft tonight',
      targets: ['es'],
      source: 'en',
      origin: 'cli',
      guildId: 'g1',
    });
    expect(fake.requests[0].translation!.text).toBe('Minecraft tonight');
    expect(system(0)).not.toMatch(/Glossary/);
  });
});

describe('fixed translations', () => {
  it('are given to the model for the terms in the text, after the fixed prefix', async () => {
    fake.respondWith(() => ({
      json: { source: 'en', translations: { es: 'La incursión empieza', fr: 'Le raid commence' } },
    }));
    const res = await e.translator.translate({
      text: 'The raid starts',
      targets: ['es', 'fr'],
      source: 'en',
      origin: 'cli',
      guildId: 'g1',
    });
    expect(system(0)).toMatch(/^Translate a Discord chat message\./);
    expect(system(0)).toContain('"raid" → es: "incursión", fr: "raid"');
    expect(res.translations).toEqual({ es: 'La incursión empieza', fr: 'Le raid commence' });
    expect(fake.requests).toHaveLength(1);
  });

  it('a miss is asked again once, for that language only, and the second answer used', async () => {
    fake.queue(
      { json: { source: 'en', translations: { es: 'El asalto empieza', fr: 'Le raid commence' } } },
      { json: { source: 'en', translations: { es: 'La incursión empieza' } } },
    );
    const res = await e.translator.translate({
      text: 'The raid starts',
      targets: ['es', 'fr'],
      source: 'en',
      origin: 'cli',
      guildId: 'g1',
    });
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1].translation!.targets).toEqual(['es']);
    expect(res.translations).toEqual({ es: 'La incursión empieza', fr: 'Le raid commence' });
  });

  it('a second miss is logged and the answer kept (no third call)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fake.respondWith(() => ({ json: { source: 'en', translations: { es: 'El asalto empieza' } } }));
    const res = await e.translator.translate({
      text: 'The raid starts',
      targets: ['es'],
      source: 'en',
      origin: 'cli',
      guildId: 'g1',
    });
    expect(fake.requests).toHaveLength(2);
    expect(res.translations.es).toBe('El asalto empieza');
    expect(warn.mock.calls.flat().join(' ')).toMatch(
      /glossary: guild g1: "raid" not translated as "incursión" in es/,
    );
    warn.mockRestore();
  });
});

describe('custom instructions and slang (Pro)', () => {
  it('go into the system instruction after the fixed prefix, in a stable order; not on lower plans', async () => {
    await updateTranslationStyle(e.db, 'g1', {
      customInstructions: 'Keep block names in English.',
      slang: true,
    });
    await e.translator.translate({
      text: 'gg ez noobs',
      targets: ['es'],
      source: 'en',
      origin: 'cli',
      guildId: 'g1',
    });
    expect(system(0)).not.toMatch(/block names|slang/); // Plus: locked
    await setGuildPlan(e, 'g1', 'pro');
    await e.translator.translate({
      text: 'gg ez noobs',
      targets: ['fr'],
      source: 'en',
      origin: 'cli',
      guildId: 'g1',
    });
    const s = system(1);
    const prefix = system(0).split('\nRegister:')[0];
    expect(s.startsWith(prefix)).toBe(true);
    expect(s.indexOf('Register:')).toBeLessThan(s.indexOf('slang'));
    expect(s.indexOf('slang')).toBeLessThan(s.indexOf('Keep block names in English.'));
  });
});

describe('micro-batching', () => {
  it('messages of one busy channel within the window share one call, each with its own placeholders and answer', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((r) => {
      open = r;
    });
    fake.respondWith(async (req) => {
      if (fake.requests.length === 1) await gate;
      return pseudoTranslate(req);
    });
    const ask = (text: string) =>
      e.translator.translate({
        text,
        targets: ['es', 'fr'],
        source: 'en',
        origin: 'mirror',
        guildId: 'g1',
        channelId: 'c1',
      });
    const first = ask('First message of the burst');
    // The channel was quiet: the first goes at once, before the burst reaches the batcher.
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1), { timeout: 10_000, interval: 5 });
    const rest = [
      ask('Hello <@111> **friend**'),
      ask('The boss is at <t:1700000000:R>'),
      ask('See https://example.com'),
    ];
    // The first call is held until the three gather behind it, whatever the machine's load.
    await vi.waitFor(() => expect(e.translator.gathering!()).toBe(3), { timeout: 10_000, interval: 5 });
    open();
    const results = await Promise.all([first, ...rest]);
    // The first goes at once (the channel was quiet); the next three travel together.
    expect(fake.requests).toHaveLength(2);
    const batch = fake.requests[1].translation!;
    expect(batch.messages).toHaveLength(3);
    // In the order they reached the batcher (on PostgreSQL each first reads the server's settings).
    expect(batch.messages!.map((m) => m.text).sort()).toEqual([
      'Hello {{0}} {{1}}friend{{2}}',
      'See {{0}}',
      'The boss is at {{0}}',
    ]);
    expect(results[1].translations.es).toBe('[es] Hello <@111> **friend**');
    expect(results[2].translations.fr).toBe('[fr] The boss is at <t:1700000000:R>');
    expect(results[3].translations.es).toBe('[es] See https://example.com');
    expect(results.slice(1).every((r) => r.usage!.calls < 1)).toBe(true);
  });

  it('a message missing from the batch answer is asked again alone', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((r) => {
      open = r;
    });
    fake.respondWith(async (req) => {
      // The first call is held until the next two gather behind it, whatever the machine's load.
      if (fake.requests.length === 1) await gate;
      const reply = pseudoTranslate(req) as { json: { items?: unknown[] } };
      if (reply.json.items) reply.json.items = reply.json.items.slice(0, 1);
      return reply;
    });
    const ask = (text: string) =>
      e.translator.translate({
        text,
        targets: ['es'],
        source: 'en',
        origin: 'mirror',
        guildId: 'g1',
        channelId: 'c2',
      });
    const one = ask('one');
    await vi.waitFor(() => expect(fake.requests).toHaveLength(1), { timeout: 10_000, interval: 5 });
    const rest = [ask('two two'), ask('three three')];
    await vi.waitFor(() => expect(e.translator.gathering!()).toBe(2), { timeout: 10_000, interval: 5 });
    open();
    const res = await Promise.all([one, ...rest]);
    expect(res.map((r) => r.translations.es)).toEqual(['[es] one', '[es] two two', '[es] three three']);
    expect(fake.requests.map((r) => (r.translation!.messages ? 'batch' : 'one'))).toEqual([
      'one',
      'batch',
      'one',
    ]);
  });
});
