import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { preparedPerDb } from '../../../../db/prepared';
import { readOnce } from '../../../../db/read-scope';
import { channelLinkChannels, channelLinks } from '../../../../db/schema';
import { readTranslationSettings } from '../../translation/settings';
import { DISCORD_MESSAGE_LIMIT, jumpLink } from '../../core/bot-message';
import { type Conversation, contextFor } from '../../translation/conversation';
import { counterparts } from './copies';
import { type AttachmentRef, type CopyFile, carryAttachments, rememberLinked } from './attachments';
import {
  composeExtras,
  type EmbedInput,
  type ForumPostInput,
  type ForwardInput,
  hasExtras,
  postTitle,
  joinPieces,
  type PollInput,
  piecesOf,
  splitPieces,
} from './extras';
import { splitMessage } from './split';
import { isTrivialMessage } from './trivial';
import { optedOut } from '../translation/opt-outs';
import type { Translator } from '../../translation';
import { explainTranslationFailure } from '../translation/failures';
import {
  spoken,
  translateVoiceMessage,
  VoiceFetchError,
  type VoiceMessageRef,
} from '../translation/voice-messages';
import { type StoredWebhook, webhooksFor } from './webhooks';
import { labelsIn, needsLabels, untranslatedNote } from './labels';
import type { Speaker } from '../../translation/phrases';

/**
 * Mirror mode: a message in one channel of a link appears in every other channel of the link,
 * translated into that channel's language (one translator call for all of them), posted
 * through the bot's webhook as the author. This module decides what to post; the bot posts it.
 */

export interface IncomingMessage {
  guildId: string;
  /** The channel the message is in (a thread id for a message inside a thread). */
  channelId: string;
  /** For a message inside a thread: the thread's parent channel. */
  parentChannelId?: string | null;
  messageId: string;
  authorId: string;
  authorName: string;
  avatarUrl?: string | null;
  content: string;
  attachments: AttachmentRef[];
  /** The server's boost tier (0-3): its upload limit for the re-uploaded attachments. */
  premiumTier?: number | null;
  /** The message this one replies to, when it is a reply. */
  replyToMessageId?: string | null;
  /** A Discord voice message's audio attachment (transcribed and translated on Pro and up). */
  voiceMessage?: VoiceMessageRef | null;
  /** Rich embeds (sent by an app on the member's behalf, or in a forward); link previews excluded. */
  embeds?: EmbedInput[];
  /** Sticker names. */
  stickers?: string[];
  /** A forwarded message's snapshot. */
  forward?: ForwardInput | null;
  /** A native poll. */
  poll?: PollInput | null;
  /** The first message of a new forum post: the post's title and tag names (it opens a post in each forum). */
  forumPost?: ForumPostInput | null;
}

export interface WebhookPost {
  channelId: string;
  /** Post into this thread of the channel (webhook thread_id). */
  threadId: string | null;
  language: string;
  /** The first message of the copy (the whole copy unless it is longer than one message). */
  content: string;
  /** Every message of the copy, in order (a text over 2,000 characters is several). */
  parts: string[];
  /** The original's attachments, re-uploaded with the last message of the copy (in memory, shared by every copy). */
  files: CopyFile[];
  /** The original's rich embeds, translated, with the last message of the copy (Discord's API shape). */
  embeds: object[];
  username: string;
  avatarUrl: string | null;
  webhook: StoredWebhook | null;
  /** Opens a new forum post with this title and these tags (by name; the bot keeps the ones the forum has). */
  forumPost: ForumPostInput | null;
}

export type MirrorOutcome =
  | { status: 'none' }
  | { status: 'skipped'; reason: 'prefix' | 'empty' | 'trivial' }
  | { status: 'failed'; reason: string; kind: string }
  | { status: 'ok'; source: string; posts: WebhookPost[] };

export interface LinkedChannel {
  linkId: number;
  mode: 'mirror' | 'single';
  channelId: string;
  language: string;
}

/** The active link rows of the links holding a channel: built once per database handle. */
const linkRows = preparedPerDb((db) =>
  db
    .select({
      linkId: channelLinks.id,
      mode: channelLinks.mode,
      channelId: channelLinkChannels.channelId,
      language: channelLinkChannels.language,
    })
    .from(channelLinkChannels)
    .innerJoin(channelLinks, eq(channelLinks.id, channelLinkChannels.linkId))
    .where(
      and(
        eq(channelLinks.guildId, sql.placeholder('guildId')),
        eq(channelLinks.active, true),
        inArray(
          channelLinkChannels.linkId,
          db
            .select({ id: channelLinkChannels.linkId })
            .from(channelLinkChannels)
            .where(eq(channelLinkChannels.channelId, sql.placeholder('channelId'))),
        ),
      ),
    )
    .orderBy(asc(channelLinkChannels.linkId), asc(channelLinkChannels.position))
    .prepare(),
);

/**
 * The active link a channel belongs to, with all its channels (the given one first): one
 * statement, read once per message (db/read-scope.ts).
 */
export async function linkOfChannel(
  db: Db,
  guildId: string,
  channelId: string,
): Promise<LinkedChannel[] | null> {
  return await readOnce(`link:${guildId}:${channelId}`, async () => {
    const rows = await linkRows(db).all({ guildId, channelId });
    const own = rows.find((r) => r.channelId === channelId);
    if (!own) return null;
    const channels = rows.filter((r) => r.linkId === own.linkId);
    return [
      ...channels.filter((c) => c.channelId === channelId),
      ...channels.filter((c) => c.channelId !== channelId),
    ];
  });
}

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

interface Target {
  channelId: string;
  threadId: string | null;
  language: string;
}

/** Other channels of the link (or, for a thread, the counterpart threads in them). */
async function targetsOf(db: Db, msg: IncomingMessage, channels: LinkedChannel[]): Promise<Target[]> {
  const [origin, ...others] = channels;
  // A forum post's first message opens a post in each other forum (no counterpart exists yet).
  if (!msg.parentChannelId || msg.forumPost)
    return others.map((c) => ({ channelId: c.channelId, threadId: null, language: c.language }));
  const threads = await counterparts(db, msg.channelId);
  return others
    .filter((c) => threads.has(c.channelId) && c.channelId !== origin.channelId)
    .map((c) => ({ channelId: c.channelId, threadId: threads.get(c.channelId)!, language: c.language }));
}

/** Jump link to the copy, in `channelId` (or its thread), of the message `msg` replies to. */
export async function replyLinkFor(
  db: Db,
  msg: IncomingMessage,
  channelId: string,
  threadId: string | null,
): Promise<string | null> {
  if (!msg.replyToMessageId) return null;
  const id = (await counterparts(db, msg.replyToMessageId)).get(channelId);
  return id ? jumpLink(msg.guildId, threadId ?? channelId, id) : null;
}

/**
 * Copies are recorded under the link's channel ids (a thread's parent), so counterparts line up
 * across channels; for a message in a thread, this maps each channel to its counterpart thread.
 */
export async function threadsOf(
  db: Db,
  msg: { channelId: string; parentChannelId?: string | null },
): Promise<Map<string, string> | null> {
  return msg.parentChannelId ? await counterparts(db, msg.channelId) : null;
}

export async function translateFor(
  db: Db,
  translator: Translator,
  publicUrl: string,
  msg: IncomingMessage,
  sourceLanguage: string,
  languages: string[],
  discordApiUrl?: string,
  conversation?: Conversation,
): Promise<
  { ok: true; source: string; texts: Record<string, string> } | { ok: false; reason: string; kind: string }
> {
  const wanted = [...new Set(languages)];
  const settings = await readTranslationSettings(db, msg.guildId);
  if (!msg.content.trim() && msg.voiceMessage && discordApiUrl) {
    return translateSpoken(db, translator, publicUrl, msg, msg.voiceMessage, wanted, discordApiUrl);
  }
  // The text, a forward's text, embeds' and a poll's pieces: one call (see mirror-extras.ts).
  const text = joinPieces(piecesOf(msg));
  if (!text.trim()) return { ok: true, source: sourceLanguage, texts: {} };
  try {
    const result = await translator.translate({
      text,
      targets: wanted,
      source: settings.autoDetect ? undefined : sourceLanguage,
      tone: settings.translationTone,
      context: await contextFor(db, conversation, msg.guildId, msg),
      origin: 'mirror',
      guildId: msg.guildId,
      channelId: msg.channelId,
      userId: msg.authorId,
      username: msg.authorName,
    });
    const texts: Record<string, string> = {};
    for (const l of wanted) texts[l] = result.translations[l] ?? text;
    return { ok: true, source: result.source, texts };
  } catch (err) {
    const e = explainTranslationFailure(err, publicUrl);
    return { ok: false, reason: e.message, kind: e.kind };
  }
}

/** No translation: every copy carries the original's pieces (its author turned translation off). */
export const asWritten = (source: string) => ({
  ok: true as const,
  source,
  texts: {} as Record<string, string>,
});

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
function forumPostIn(msg: IncomingMessage, translated: string | undefined): ForumPostInput | null {
  if (!msg.forumPost) return null;
  const pieces = translated === undefined ? null : splitPieces(translated, piecesOf(msg));
  return { title: postTitle(msg, pieces), tags: msg.forumPost.tags };
}

/** Every file a copy carries: the message's, then a forwarded message's. */
export function attachmentsOf(msg: IncomingMessage): AttachmentRef[] {
  return [...msg.attachments, ...(msg.forward?.attachments ?? [])];
}

/** A voice message's translated transcript per language (none when the plan or provider has no voice). */
async function translateSpoken(
  db: Db,
  translator: Translator,
  publicUrl: string,
  msg: IncomingMessage,
  voice: VoiceMessageRef,
  wanted: string[],
  discordApiUrl: string,
): Promise<
  { ok: true; source: string; texts: Record<string, string> } | { ok: false; reason: string; kind: string }
> {
  try {
    const result = await translateVoiceMessage({
      db,
      translator,
      discordApiUrl,
      guildId: msg.guildId,
      voice,
      targets: wanted,
      tone: (await readTranslationSettings(db, msg.guildId)).translationTone,
      origin: 'mirror',
      channelId: msg.channelId,
      userId: msg.authorId,
      username: msg.authorName,
    });
    if (!result?.transcript) return { ok: true, source: result?.source ?? 'und', texts: {} };
    const texts: Record<string, string> = {};
    for (const l of wanted) texts[l] = spoken(result.translations[l] ?? result.transcript);
    return { ok: true, source: result.source, texts };
  } catch (err) {
    // Audio that cannot be fetched (too large, gone): the copies still link it, without a transcript.
    if (err instanceof VoiceFetchError) {
      console.warn(`voice message ${msg.messageId} not transcribed: ${err.message}`);
      return { ok: true, source: 'und', texts: {} };
    }
    const e = explainTranslationFailure(err, publicUrl);
    if (e.kind === 'failed') console.warn(`voice message ${msg.messageId}: ${(err as Error).message}`);
    return { ok: false, reason: e.message, kind: e.kind };
  }
}

/** What to post for a new message in a mirror-linked channel. */
export async function planMirror(
  db: Db,
  translator: Translator,
  publicUrl: string,
  msg: IncomingMessage,
  discordApiUrl?: string,
  conversation?: Conversation,
): Promise<MirrorOutcome> {
  const channels = await linkOfChannel(db, msg.guildId, msg.parentChannelId ?? msg.channelId);
  if (channels?.[0].mode !== 'mirror') return { status: 'none' };
  const { skipPrefix, skipTrivial, trivialTerms } = await readTranslationSettings(db, msg.guildId);
  if (skipPrefix && msg.content.startsWith(skipPrefix)) return { status: 'skipped', reason: 'prefix' };
  if (!msg.content.trim() && attachmentsOf(msg).length === 0 && !hasExtras(msg))
    return { status: 'skipped', reason: 'empty' };
  // A new forum post is never trivial: its title alone is worth a post in every forum.
  if (skipTrivial && !msg.forumPost && isTrivialMessage(msg, trivialTerms))
    return { status: 'skipped', reason: 'trivial' };
  const targets = await targetsOf(db, msg, channels);
  if (targets.length === 0) return { status: 'none' };
  // An author who turned translation off (/translate-me off): copied as written, never sent to the provider.
  const untranslated = await optedOut(db, msg.guildId, msg.authorId);
  const languages = targets.map((t) => t.language);
  // Files download while the text is translated (and the copy's own lines are resolved).
  const [tr, carried, speakers] = await Promise.all([
    untranslated
      ? asWritten(channels[0].language)
      : translateFor(
          db,
          translator,
          publicUrl,
          msg,
          channels[0].language,
          languages,
          discordApiUrl,
          conversation,
        ),
    msg.voiceMessage
      ? { files: [], links: msg.attachments.map((a) => a.url), linkedUrls: [] } // the audio stays linked, as it was transcribed
      : carryAttachments(attachmentsOf(msg), { premiumTier: msg.premiumTier, discordApiUrl }),
    labelsIn(translator, languages, needsLabels(msg, untranslated)),
  ]);
  if (!tr.ok) return { status: 'failed', reason: tr.reason, kind: tr.kind };
  if (carried.linkedUrls.length) rememberLinked(msg.messageId, carried.linkedUrls);
  const webhooks = await webhooksFor(
    db,
    targets.map((t) => t.channelId),
  );
  return {
    status: 'ok',
    source: tr.source,
    posts: await Promise.all(
      targets.map(async (t) => {
        const body = copyBody(msg, tr.texts[t.language], speakers.get(t.language)!, untranslated);
        const parts = composeCopies(body.text, {
          replyLink: await replyLinkFor(db, msg, t.channelId, t.threadId),
          tail: carried.links,
        });
        return {
          channelId: t.channelId,
          threadId: t.threadId,
          language: t.language,
          content: parts[0],
          parts,
          files: carried.files,
          embeds: body.embeds,
          username: webhookUsername(msg.authorName),
          avatarUrl: msg.avatarUrl ?? null,
          webhook: webhooks.get(t.channelId) ?? null,
          forumPost: forumPostIn(msg, tr.texts[t.language]),
        };
      }),
    ),
  };
}
