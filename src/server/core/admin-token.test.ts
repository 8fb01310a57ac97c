import { describe, expect, it } from 'vitest';
import { tokensMatch } from './admin-token';

describe('tokensMatch (the expected token hashed once)', () => {
  it('compares against the token it is given now, not the one it hashed before', () => {
    expect(tokensMatch('token-a', 'token-a')).toBe(true);
    expect(tokensMatch('token-b', 'token-a')).toBe(false);
    // The expected token changes (another token checked, or the admin token replaced): the kept
    // digest is the new one's at once.
    expect(tokensMatch('token-a', 'token-b')).toBe(false);
    expect(tokensMatch('token-b', 'token-b')).toBe(true);
    expect(tokensMatch('token-a', 'token-a')).toBe(true);
  });

  it('refuses a prefix, an extension and a different length', () => {
    expect(tokensMatch('token', 'token-a')).toBe(false);
    expect(tokensMatch('token-a-and-more', 'token-a')).toBe(false);
    expect(tokensMatch('', 'token-a')).toBe(false);
  });
});
