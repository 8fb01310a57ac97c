import { MIRROR_FORWARDED, MIRROR_POLL_VOTE } from '../../../common/channels/phrases';
import type { Speaker } from '../../translation/phrases';
import type { AttachmentRef } from './attachments';

/**
 * What a mirror copy carries besides the text (issue 16): rich embeds (title, description and
 * fields translated; colour, links, images, footer kept), stickers by name, a forwarded message
 * (its text translated under a "Forwarded" line) and a native poll as a read-only summary linking
 * to the original. Every piece to translate goes into ONE translator call: the pieces are lines of
 * one text, separated by marker lines the engine keeps byte for byte (they are Discord
 * `<id:…>` tokens, which the engine swaps for placeholders), then split back per language.
 */

/** A rich embed as Discord sends it (link previews are not carried: Discord makes them again from the URL). */
export interface EmbedInput {
  title?: string | null;
  description?: string | null;
  url?: string | null;
  color?: number | null;
  timestamp?: string | null;
  author?: { name: string; url?: string | null; icon_url?: string | null } | null;
  footer?: { text: string; icon_url?: string | null } | null;
  image?: { url: string } | null;
  thumbnail?: { url: string } | null;
  fields?: { name: string; value: string; inline?: boolean | null }[];
}

/** A forwarded message's snapshot (message reference type FORWARD). */
export interface ForwardInput {
  content: string;
  attachments: AttachmentRef[];
  embeds: EmbedInput[];
  stickers: string[];
}

/** A Discord native poll (message.poll). */
export interface PollInput {
  question: string;
  answers: string[];
}

export interface MessageExtras {
  content: string;
  embeds?: EmbedInput[];
  stickers?: string[];
  forward?: ForwardInput | null;
  poll?: PollInput | null;
  /** The first message of a forum post: its title, translated with the text (issue 28). */
  forumPost?: ForumPostInput | null;
}

/** A forum post's title and its tags by name (tags are matched by name in each forum). */
export interface ForumPostInput {
  title: string;
  tags: string[];
}

/** Discord's longest thread (forum post) name. */
export const THREAD_NAME_MAX = 100;

/** Discord's embed limits (characters). */
const EMBED_LIMITS = { title: 256, description: 4096, fieldName: 256, fieldValue: 1024, total: 6000 };
/** Embeds in one message. */
export const MAX_EMBEDS = 10;

const MARKER = (n: number) => `<id:polyglotpart${n}>`;

/** Every embed the copy carries: the message's own, then the forwarded message's. */
function embedsOf(m: MessageExtras): EmbedInput[] {
  return [...(m.embeds ?? []), ...(m.forward?.embeds ?? [])].slice(0, MAX_EMBEDS);
}

/** The texts to translate, in a fixed order: content, forwarded text, embeds' pieces, the poll. */
export function piecesOf(m: MessageExtras): string[] {
  const pieces = [m.content, m.forward?.content ?? ''];
  for (const e of embedsOf(m)) {
    pieces.push(e.title ?? '', e.description ?? '');
    for (const f of e.fields ?? []) pieces.push(f.name, f.value);
  }
  if (m.poll) pieces.push(m.poll.question, ...m.poll.answers);
  // Last, so the other pieces keep their places.
  if (m.forumPost) pieces.push(m.forumPost.title);
  return pieces;
}

/** One text for one translator call: the non-empty pieces, separated by marker lines. */
export function joinPieces(pieces: string[]): string {
  const used = pieces.filter((p) => p.trim());
  return used.map((p, i) => (i === 0 ? p : `${MARKER(i)}\n${p}`)).join('\n');
}

/** The pieces back from a (translated) joined text; null when the markers did not come back in order. */
export function splitPieces(text: string, pieces: string[]): string[] | null {
  const used = pieces.map((p, i) => (p.trim() ? i : -1)).filter((i) => i >= 0);
  const found: string[] = [];
  let rest = text;
  for (let n = 1; n < used.length; n++) {
    const at = rest.indexOf(MARKER(n));
    if (at < 0) return null;
    found.push(rest.slice(0, at).trim());
    rest = rest.slice(at + MARKER(n).length);
  }
  found.push(rest.trim());
  const out = pieces.map(() => '');
  used.forEach((index, n) => {
    out[index] = found[n] ?? '';
  });
  return out;
}

const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The embeds of a copy in Discord's API shape, with translated pieces (from `at` in `pieces`). */
function translatedEmbeds(
  embeds: EmbedInput[],
  pieces: string[],
  at: number,
): { embeds: object[]; next: number } {
  let i = at;
  const out = embeds.map((e) => {
    const title = pieces[i++];
    const description = pieces[i++];
    const fields = (e.fields ?? []).map((f) => ({
      name: clip(pieces[i++] || f.name, EMBED_LIMITS.fieldName),
      value: clip(pieces[i++] || f.value, EMBED_LIMITS.fieldValue),
      ...(f.inline ? { inline: true } : {}),
    }));
    return {
      ...(e.title ? { title: clip(title || e.title, EMBED_LIMITS.title) } : {}),
      ...(e.description ? { description: clip(description || e.description, EMBED_LIMITS.description) } : {}),
      ...(e.url ? { url: e.url } : {}),
      ...(e.color != null ? { color: e.color } : {}),
      ...(e.timestamp ? { timestamp: e.timestamp } : {}),
      ...(e.author ? { author: e.author } : {}),
      ...(e.footer ? { footer: e.footer } : {}),
      ...(e.image ? { image: { url: e.image.url } } : {}),
      ...(e.thumbnail ? { thumbnail: { url: e.thumbnail.url } } : {}),
      ...(fields.length ? { fields } : {}),
    };
  });
  // Discord refuses a message whose embeds hold more than 6,000 characters: the last ones go.
  let total = 0;
  const kept = out.filter((e) => {
    total += JSON.stringify(e).length;
    return total <= EMBED_LIMITS.total;
  });
  return { embeds: kept, next: i };
}

export interface CopyExtras {
  /** The copy's text: forwarded block, translated text, stickers, poll summary. */
  text: string;
  /** Embeds in Discord's API shape (empty: none). */
  embeds: object[];
}

/**
 * A copy from the translated pieces (null: untranslated, the originals are used), its own lines in
 * the speaker's language (labels.ts; the caller ends the copy with `speak.mark()`). `link` is the
 * original message (the poll summary points there).
 */
export function composeExtras(
  m: MessageExtras,
  translated: string[] | null,
  speak: Pick<Speaker, 'label'>,
  link: string,
): CopyExtras {
  const original = piecesOf(m);
  const pieces = translated ?? original;
  const lines: string[] = [];
  if (m.forward) {
    lines.push(`-# ↪ *${speak.label(MIRROR_FORWARDED)}*`);
    const text = pieces[1] || m.forward.content;
    if (text.trim()) lines.push(...text.split('\n').map((l) => `> ${l}`));
    for (const s of m.forward.stickers) lines.push(`> [sticker: ${s}]`);
  }
  if (pieces[0]?.trim()) lines.push(pieces[0]);
  for (const s of m.stickers ?? []) lines.push(`[sticker: ${s}]`);
  const { embeds, next } = translatedEmbeds(embedsOf(m), pieces, 2);
  if (m.poll) {
    const question = pieces[next] || m.poll.question;
    lines.push(`📊 **${question}**`);
    m.poll.answers.forEach((a, k) => {
      lines.push(`${k + 1}. ${pieces[next + 1 + k] || a}`);
    });
    lines.push(`-# ${speak.label(MIRROR_POLL_VOTE, { link })}`);
  }
  return { text: lines.join('\n'), embeds };
}

/** A forum post's title in the copy's language (the original's when it did not come back). */
export function postTitle(m: MessageExtras, translated: string[] | null): string {
  const title = (translated?.at(-1) || m.forumPost?.title || '').replace(/\s+/g, ' ').trim();
  return clip(title || 'Post', THREAD_NAME_MAX);
}

/** Whether the message carries anything besides text and files. */
export function hasExtras(m: MessageExtras): boolean {
  return Boolean(m.embeds?.length || m.stickers?.length || m.forward || m.poll || m.forumPost);
}
