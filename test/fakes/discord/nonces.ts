import type { Json } from './payloads';

/**
 * Create Message's nonce, as Discord treats it: with `enforce_nonce: true`, a message with the same
 * nonce created by the same author within the last few minutes is answered again (200, the same
 * message) and nothing new is created; without enforce_nonce the nonce is only echoed on the
 * message. A nonce longer than 25 characters (or neither a string nor an integer) is a 400.
 */

/** Discord keeps a nonce "for a few minutes"; the fake holds it this long. */
export const NONCE_WINDOW_MS = 5 * 60_000;

export class FakeNonces {
  private seen = new Map<string, { messageId: string; at: number }>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** A 400 body when the nonce is not one Discord accepts, else null. */
  invalid(body: Json | null): Json | null {
    const nonce = body?.nonce;
    if (nonce === undefined || nonce === null) return null;
    const ok =
      (typeof nonce === 'string' && nonce.length <= 25) ||
      (typeof nonce === 'number' && Number.isInteger(nonce));
    if (ok) return null;
    return {
      message: 'Invalid Form Body',
      code: 50035,
      errors: {
        nonce: { _errors: [{ code: 'BASE_TYPE_BAD_LENGTH', message: 'Must be 25 or fewer in length.' }] },
      },
    };
  }

  /** The id of the message this author already created with this nonce (enforced), if still in the window. */
  existing(authorId: string, body: Json | null): string | null {
    if (body?.enforce_nonce !== true || body.nonce === undefined || body.nonce === null) return null;
    const hit = this.seen.get(`${authorId}:${body.nonce}`);
    if (!hit || this.now() - hit.at > NONCE_WINDOW_MS) return null;
    return hit.messageId;
  }

  /** Remembers a created message's nonce (when enforced). */
  created(authorId: string, body: Json | null, messageId: string): void {
    if (body?.enforce_nonce !== true || body.nonce === undefined || body.nonce === null) return;
    this.seen.set(`${authorId}:${body.nonce}`, { messageId, at: this.now() });
  }
}
