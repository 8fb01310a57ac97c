import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Phrase, say } from '../../../common/phrases';
import { protect, restore } from '../../translation/protect';
import { composeExtras, joinPieces, piecesOf, splitPieces } from './extras';

/** The copy's own lines from the English table (labels.ts gives the speaker of the channel's language). */
const english = { label: (p: Phrase, vars?: Record<string, string | number>) => say(p, 'en', vars) };

describe('the pieces of a copy in one text', () => {
  it('come back as they went, whatever they hold (the engine keeps the markers byte for byte)', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 40 }), { minLength: 1, maxLength: 8 }), (raw) => {
        const pieces = raw.map((p) => p.replace(/<id:/g, '<i d:'));
        const joined = joinPieces(pieces);
        // What the provider sees: the markers are placeholders, as mentions are.
        const { text, tokens } = protect(joined);
        const back = restore(text, tokens);
        if (!back.ok) return false;
        const split = splitPieces(back.text, pieces);
        return JSON.stringify(split) === JSON.stringify(pieces.map((p) => (p.trim() ? p.trim() : '')));
      }),
    );
  });

  it('a single piece is sent as it is (a plain message is translated as before)', () => {
    expect(joinPieces(['Hello there', '', ''])).toBe('Hello there');
  });

  it('markers out of order: null, and the copy falls back to the original pieces', () => {
    const pieces = ['a', 'b', 'c'];
    const joined = joinPieces(pieces);
    const swapped = joined
      .replace('<id:polyglotpart1>', '<id:x>')
      .replace('<id:polyglotpart2>', '<id:polyglotpart1>');
    expect(splitPieces(swapped, pieces)).toBeNull();
    const m = { content: 'hi', poll: { question: 'Q?', answers: ['yes', 'no'] } };
    expect(composeExtras(m, null, english, 'https://discord.com/channels/1/2/3').text).toBe(
      'hi\n📊 **Q?**\n1. yes\n2. no\n-# Poll: vote in the original message: https://discord.com/channels/1/2/3',
    );
    expect(piecesOf(m)).toEqual(['hi', '', 'Q?', 'yes', 'no']);
  });

  it('embeds over Discord’s limits are cut to them', () => {
    const long = 'x'.repeat(300);
    const m = { content: '', embeds: [{ title: 'T', fields: [{ name: 'n', value: 'v' }] }] };
    const out = composeExtras(m, ['', '', long, '', 'n', 'v'.repeat(2000)], english, '');
    const embed = out.embeds[0] as { title: string; fields: { value: string }[] };
    expect(embed.title).toHaveLength(256);
    expect(embed.fields[0].value).toHaveLength(1024);
  });
});
