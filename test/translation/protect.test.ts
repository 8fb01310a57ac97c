import { describe, expect, it } from 'vitest';
import { nothingToTranslate, plainWords, protect, restore } from '../../src/server/translation/protect';

const tokensOf = (text: string) => protect(text).tokens;

describe('what is protected', () => {
  it.each([
    [
      'ping <@123456789012345678> and <@!1> and <@&2> in <#3>',
      ['<@123456789012345678>', '<@!1>', '<@&2>', '<#3>'],
    ],
    ['use </ticket create:1234567890> now', ['</ticket create:1234567890>']],
    ['at <t:1767225600:F> or <t:1767225600>', ['<t:1767225600:F>', '<t:1767225600>']],
    ['nice <:pepe:1234567> <a:dance:7654321>', ['<:pepe:1234567>', '<a:dance:7654321>']],
    ['family 👨‍👩‍👧 wave 👋🏽 flag 🇧🇷 key 1️⃣ heart ❤️', ['👨‍👩‍👧', '👋🏽', '🇧🇷', '1️⃣', '❤️']],
    ['see https://example.com/a?b=1. Or <https://x.org>', ['https://example.com/a?b=1', '<https://x.org>']],
    ['run `npm i` then ``a ` b``', ['`npm i`', '``a ` b``']],
    [
      '**bold** *it* __under__ ~~gone~~ ||spoiler||',
      ['**', '**', '*', '*', '__', '__', '~~', '~~', '||', '||'],
    ],
    ['> quoted\n# Title\n-# small', ['> ', '# ', '-# ']],
    ['hey :wave: @everyone @here', [':wave:', '@everyone', '@here']],
  ])('%j', (text, expected) => {
    expect(tokensOf(text)).toEqual(expected);
  });

  it('leaves words alone: snake_case, clock times, a lone hyphen list, punctuation after a link', () => {
    expect(tokensOf('my_variable_name at 10:30:45 - ok')).toEqual([]);
    const p = protect('read https://example.com/docs.');
    expect(p.text).toBe('read {{0}}.');
  });

  it('keeps a code block whole, whatever it holds', () => {
    const block = '```ts\nconst a = <@1>; // **not bold** https://x.y\n```';
    expect(tokensOf(`look:\n${block}\ndone`)).toEqual([block]);
  });
});

describe('restore', () => {
  it('puts every original byte back, wherever the translation moved the placeholders', () => {
    const p = protect('Hello <@42>, look at **this** 👀');
    expect(p.text).toBe('Hello {{0}}, look at {{1}}this{{2}} {{3}}');
    expect(restore('{{3}} Mira {{1}}esto{{2}}, {{0}}', p.tokens)).toEqual({
      ok: true,
      text: '👀 Mira **esto**, <@42>',
    });
  });

  it('tolerates spaces inside the braces', () => {
    const p = protect('hi <@42>');
    expect(restore('hola {{ 0 }}', p.tokens)).toEqual({ ok: true, text: 'hola <@42>' });
  });

  it.each([
    ['hola', 'lost placeholder {{0}} {{1}}'],
    ['hola {{0}} {{0}} {{1}}', 'repeated placeholder {{0}}'],
    ['hola {{0}} {{1}} {{7}}', 'unknown placeholder {{7}}'],
  ])('refuses %j: %s', (translated, problem) => {
    const p = protect('hi <@42> 👋');
    expect(restore(translated, p.tokens)).toEqual({ ok: false, problem });
  });
});

describe('nothing to translate', () => {
  it.each(['👍', '<@123> <:pog:999999>', 'https://example.com/clip', '```\ncode\n```', '**<@1>**'])(
    '%j',
    (text) => {
      expect(nothingToTranslate(text)).toBe(true);
    },
  );

  it('finds the words among the formatting', () => {
    expect(nothingToTranslate('👍 ok')).toBe(false);
    expect(plainWords('Hi <@1>, see https://x.io 🎉')).toBe('Hi , see');
  });
});
