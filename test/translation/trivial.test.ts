import { describe, expect, it } from 'vitest';
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
