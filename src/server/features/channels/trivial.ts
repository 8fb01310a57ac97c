import { isTrivialText } from '../../translation/trivial';
import { hasExtras } from './extras';
import type { IncomingMessage } from './messages';

/**
 * A channel message skipped as trivial chatter (issue 28) when the server's "Skip short chatter"
 * switch is on: its text is trivial (src/server/translation/trivial.ts) and it carries nothing else
 * (no attachment, embed, sticker, forward, poll or voice), and it is not a reply (a reply answers
 * someone, who should read it in their language). ownTerms: the server's own terms (translation settings).
 */
export function isTrivialMessage(msg: IncomingMessage, ownTerms: readonly string[] = []): boolean {
  if (msg.replyToMessageId || msg.voiceMessage || msg.attachments.length > 0 || hasExtras(msg)) return false;
  return isTrivialText(msg.content, ownTerms);
}
