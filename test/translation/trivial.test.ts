import { describe, expect, it } from 'vitest';
import { ownTermProblem, trivialTermsInput } from '../../src/common/trivial-terms';
import { isTrivialText } from '../../src/server/translation/trivial';

describe('trivial chatter: not sent to the provider, not copied', () => {
  it.each([
    'ok',
    'OK!',
    'okkk',
    'lol',
    'LOOOL',
    'gg wp',
    'gg',
    'thx',
    'ty!',
    'xD',
    'xDDD',
    'haha',
    'hahahaha',
    'ahaha',
    'ахаха',
    'jajaja',
    'jeje',
    'kkkkk',
    'mdr',
    'ptdr',
    'rsrs',
    'ㅋㅋㅋ',
    'www',
    'ｗｗｗ',
    '草',
    '哈哈哈',
    'лол',
    'хахаха',
    '+1',
    '👍',
    '😂😂😂',
    '<:pepe:1234567>',
    '<@123456789012345678> lol',
    'ok ok ok',
    '!!!',
    'lol 😂',
  ])('%j is trivial', (text) => {
    expect(isTrivialText(text)).toBe(true);
  });

  it.each([
    // Answers members expect to be translated.
    'no',
    'sí',
    'si',
    'yes',
    'oui',
    'non',
    'nein',
    'ja',
    'da',
    'нет',
    'ha', // one syllable: not laughter
    'merci',
    'gracias',
    'ok but why?',
    'lol that was close',
    'hello there',
    '5',
    '9pm',
    'https://example.com/news',
    'lol https://example.com/meme',
    'ok ok ok ok ok', // past four words
    '',
    '   ',
  ])('%j is not trivial', (text) => {
    expect(isTrivialText(text)).toBe(false);
  });
});

describe("a server's own short-chatter terms", () => {
  const own = ['kekw', 'pog', 'órale'];

  it.each(['kekw', 'KEKW', 'pogggg', 'pog kekw', 'kekw lol', 'jajaja órale', 'Órale!!', 'pog pog gg xd'])(
    '%j is trivial with the server’s own terms and not without them (unless built in)',
    (text) => {
      expect(isTrivialText(text, own)).toBe(true);
    },
  );

  it('does not make them trivial for a server without them', () => {
    for (const text of ['kekw', 'pog kekw', 'órale']) expect(isTrivialText(text)).toBe(false);
  });

  it.each([
    'pog pog pog pog pog', // over the word limit
    'kekw that was great', // other words
    'kekw https://example.com', // a link is content
    'pog 5', // a number is an answer
    'no kekw', // a yes/no word is an answer
    'pogchamp', // a whole word, not a prefix
  ])('%j is still content with the server’s own terms', (text) => {
    expect(isTrivialText(text, own)).toBe(false);
  });
});

describe("checking a server's own terms", () => {
  it('normalizes, collapses duplicates and names the offending term', () => {
    expect(trivialTermsInput.parse([' Pog ', 'POG', 'ｋｅｋｗ'])).toEqual(['pog', 'kekw']);
    for (const [term, problem] of [
      ['gg ez', 'must be one word'],
      ['', 'must be 1 to 32 characters'],
      ['a'.repeat(33), 'must be 1 to 32 characters'],
      [':)', 'must be letters and digits only'],
      ['123', 'must contain a letter'],
    ] as const) {
      const res = trivialTermsInput.safeParse(['ok', term]);
      expect(res.success).toBe(false);
      expect(res.error?.issues[0].message.startsWith(`"${term}" ${problem}`)).toBe(true);
    }
    expect(ownTermProblem('kekw')).toBeNull();
    expect(trivialTermsInput.safeParse(Array.from({ length: 51 }, (_, i) => `t${i}`)).success).toBe(false);
    expect(trivialTermsInput.parse(Array.from({ length: 60 }, () => 'same'))).toEqual(['same']);
  });
});
