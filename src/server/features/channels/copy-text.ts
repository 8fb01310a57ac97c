import { DISCORD_MESSAGE_LIMIT, jumpLink } from '../../core/bot-message';
import type { Speaker } from '../../translation/phrases';
import { composeExtras, type ForumPostInput, hasExtras, piecesOf, postTitle, splitPieces } from './extras';
import { untranslatedNote } from './labels';
import type { IncomingMessage } from './messages';
import { splitMessage } from './split';

/** What a copy says: the webhook's name, the text split to Discord's limit, its embeds and forum post title. */

/** Webhook names may not contain "discord" and hold at most 80 characters. */
export function webhookUsername(name: string): string {
  const clean =
    name
      .replace(/discord/gi, 'Dlscord')
      .replace(/clyde/gi, 'Clyd3')
      .trim() || 'Member';
  return clean.slice(0, 80);
}

/** The translated text, then a reply's jump link above and attachments as links below. */
export function composeCopy(
  text: string,
  opts: { replyLink?: string | null; attachments: { name: string; url: string }[] },
): string {
  const head = opts.replyLink ? `-# ↪ [replying to this message](${opts.replyLink})\n` : '';
  const tail = opts.attachments.length ? `\n${opts.attachments.map((a) => a.url).join('\n')}` : '';
  const room = DISCORD_MESSAGE_LIMIT - head.length - tail.length;
  const body = text.length > room ? `${text.slice(0, Math.max(0, room - 1))}…` : text;
  return `${head}${body}${tail}`.trim();
}

/**
 * A mirror copy as one or more messages: a reply's jump link above the first, attachments as links
 * below the last, the text split at natural boundaries when over Discord's limit.
 */
export function composeCopies(text: string, opts: { replyLink?: string | null; tail: string[] }): string[] {
  const head = opts.replyLink ? `-# ↪ [replying to this message](${opts.replyLink})\n` : '';
  const tail = opts.tail.length ? `\n${opts.tail.join('\n')}` : '';
  const parts = splitMessage(text, DISCORD_MESSAGE_LIMIT - Math.max(head.length, tail.length));
  if (parts.length === 0) parts.push('');
  parts[0] = `${head}${parts[0]}`;
  const last = parts.length - 1;
  if (`${parts[last]}${tail}`.length <= DISCORD_MESSAGE_LIMIT) parts[last] = `${parts[last]}${tail}`;
  else parts.push(tail.trim());
  return parts.map((p) => p.trim()).filter((p, i) => p || i === 0);
}

/**
 * A copy's text and embeds in the speaker's language from the translation of the joined pieces;
 * `untranslated`: its author turned translation off, so it carries their words under a note.
 */
export function copyBody(
  msg: IncomingMessage,
  translated: string | undefined,
  speak: Speaker,
  untranslated = false,
): { text: string; embeds: object[] } {
  let body: { text: string; embeds: object[] } = { text: translated ?? msg.content, embeds: [] };
  if (hasExtras(msg)) {
    const split = translated === undefined ? null : splitPieces(translated, piecesOf(msg));
    body = composeExtras(msg, split, speak, jumpLink(msg.guildId, msg.channelId, msg.messageId));
  }
  const note = untranslated ? `\n${untranslatedNote(speak)}` : '';
  return { text: `${body.text}${note}${speak.mark()}`.trim(), embeds: body.embeds };
}

/** A new forum post's title in a language, with its tags (null: not a forum post's first message). */
export function forumPostIn(msg: IncomingMessage, translated: string | undefined): ForumPostInput | null {
  if (!msg.forumPost) return null;
  const pieces = translated === undefined ? null : splitPieces(translated, piecesOf(msg));
  return { title: postTitle(msg, pieces), tags: msg.forumPost.tags };
}
