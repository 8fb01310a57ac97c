import type { Db } from '../../../../db/client';
import type { Conversation } from '../../core/conversation';
import { copiesOf, counterparts, forgetCopy, sharedCopies, takeCopies } from './copies';
import { composeCopies, copyBody } from './copy-text';
import { linkOfChannel, replyLinkFor, threadsOf } from './linked-channels';
import { attachmentsOf, type IncomingMessage } from './messages';
import { asWritten, translateFor } from './mirror-translation';
import { linkedOnEdit } from './attachments';
import { DISCORD_MESSAGE_LIMIT } from '../../core/bot-message';
import type { Translator } from '../../core/translator';
import { type StoredWebhook, webhookFor } from './webhooks';
import { labelsIn, needsLabels } from './labels';
import { optedOut } from '../translation/opt-outs';

/**
 * Mirror mode after a copy is posted: an original edited (new text for each copy), deleted
 * (every copy goes), or a thread started (its counterparts). mirror.ts plans the first post.
 */

export interface CopyEdit {
  channelId: string;
  threadId: string | null;
  messageId: string;
  kind: 'webhook' | 'reply' | 'reaction';
  content: string;
  /** The copy's translated embeds, on the message of the copy that holds them. */
  embeds?: object[];
  webhook: StoredWebhook | null;
}

/**
 * An original was edited: the new text of each of its mirror copies (one translator call). A copy
 * in several messages keeps its messages in order; when the new text needs fewer, the extra ones
 * are deleted (and forgotten); when it needs more, the last one holds the rest, cut at the limit.
 */
export async function planEdit(
  db: Db,
  translator: Translator,
  publicUrl: string,
  msg: IncomingMessage,
  conversation?: Conversation,
): Promise<
  | { status: 'ok'; edits: CopyEdit[]; deletes?: CopyDelete[] }
  | { status: 'none' }
  | { status: 'failed'; reason: string }
> {
  const all = await copiesOf(db, msg.messageId, ['webhook']);
  // A copy combined with other messages' (posted together behind the webhook limit) stays as it is.
  const shared = await sharedCopies(
    db,
    all.map((c) => c.copyMessageId),
    msg.messageId,
  );
  const copies = all.filter((c) => !shared.has(c.copyMessageId)).sort((a, b) => a.id - b.id);
  if (copies.length === 0) return { status: 'none' };
  const channels = await linkOfChannel(db, msg.guildId, msg.parentChannelId ?? msg.channelId);
  const sourceLanguage = channels?.[0].language ?? 'en';
  const languages = copies.map((c) => c.language);
  // An author who turned translation off: the copies carry the new text as written (mirror.ts).
  const untranslated = await optedOut(db, msg.guildId, msg.authorId);
  const [tr, speakers] = await Promise.all([
    untranslated
      ? asWritten(sourceLanguage)
      : translateFor(db, translator, publicUrl, msg, sourceLanguage, languages, undefined, conversation),
    labelsIn(translator, languages, needsLabels(msg, untranslated)),
  ]);
  if (!tr.ok) return { status: 'failed', reason: tr.reason };
  const threads = await threadsOf(db, msg);
  const byChannel = new Map<string, typeof copies>();
  for (const c of copies) byChannel.set(c.copyChannelId, [...(byChannel.get(c.copyChannelId) ?? []), c]);
  const edits: CopyEdit[] = [];
  const deletes: CopyDelete[] = [];
  for (const [channelId, rows] of byChannel) {
    const threadId = threads?.get(channelId) ?? null;
    const webhook = await webhookFor(db, channelId);
    // The uploaded files stay on the copy (an edit changes only the text); link lines are written again.
    const language = rows[0].language;
    const body = copyBody(msg, tr.texts[language], speakers.get(language)!, untranslated);
    const parts = composeCopies(body.text, {
      replyLink: await replyLinkFor(db, msg, channelId, threadId),
      tail: linkedOnEdit(attachmentsOf(msg), msg.premiumTier, msg.messageId),
    });
    if (parts.length > rows.length) {
      const rest = parts.splice(rows.length - 1).join('\n');
      parts.push(rest.length > DISCORD_MESSAGE_LIMIT ? `${rest.slice(0, DISCORD_MESSAGE_LIMIT - 1)}…` : rest);
    }
    for (const [i, c] of rows.entries()) {
      if (i < parts.length) {
        const last = i === Math.min(parts.length, rows.length) - 1;
        edits.push({
          channelId,
          threadId,
          messageId: c.copyMessageId,
          kind: c.kind,
          content: parts[i],
          ...(last && body.embeds.length ? { embeds: body.embeds } : {}),
          webhook,
        });
      } else {
        await forgetCopy(db, c.copyMessageId);
        deletes.push({ channelId, threadId, messageId: c.copyMessageId, kind: c.kind, webhook });
      }
    }
  }
  return { status: 'ok', edits, ...(deletes.length ? { deletes } : {}) };
}

export interface CopyDelete {
  channelId: string;
  threadId: string | null;
  messageId: string;
  kind: 'webhook' | 'reply' | 'reaction';
  webhook: StoredWebhook | null;
}

/** An original was deleted: every copy to delete (and the rows are forgotten). */
export async function planDelete(
  db: Db,
  msg: { messageId: string; channelId: string; parentChannelId?: string | null },
): Promise<CopyDelete[]> {
  const threads = await threadsOf(db, msg);
  const out: CopyDelete[] = [];
  const taken = await takeCopies(db, msg.messageId);
  // A copy that also carries other messages' lines (combined behind the webhook limit) stays.
  const shared = await sharedCopies(
    db,
    taken.map((c) => c.copyMessageId),
    msg.messageId,
  );
  for (const c of taken.filter((t) => !shared.has(t.copyMessageId))) {
    const threadId = c.kind === 'webhook' ? (threads?.get(c.copyChannelId) ?? null) : null;
    out.push({
      channelId: c.copyChannelId,
      threadId,
      messageId: c.copyMessageId,
      kind: c.kind,
      webhook: c.kind === 'webhook' ? await webhookFor(db, c.copyChannelId) : null,
    });
  }
  return out;
}

/**
 * A thread was started in a linked channel: where to open its counterparts. A thread started
 * from a message opens on that message's copy in each other channel; a standalone thread opens
 * as a new thread (recorded as a copy so messages inside it find their way).
 */
export async function planThread(
  db: Db,
  guildId: string,
  thread: { id: string; parentChannelId: string; name: string },
): Promise<{ channelId: string; language: string; onMessageId: string | null }[]> {
  const channels = await linkOfChannel(db, guildId, thread.parentChannelId);
  if (channels?.[0].mode !== 'mirror') return [];
  const existing = await counterparts(db, thread.id);
  return channels.slice(1).map((c) => ({
    channelId: c.channelId,
    language: c.language,
    onMessageId: existing.get(c.channelId) ?? null,
  }));
}

/**
 * A forum post of a linked forum was deleted: the matching post in each other forum, to delete
 * (their rows are forgotten). Discord deletes a post's messages with it.
 */
export async function planPostDelete(
  db: Db,
  guildId: string,
  post: { threadId: string; parentChannelId: string },
): Promise<{ channelId: string; threadId: string }[]> {
  const channels = await linkOfChannel(db, guildId, post.parentChannelId);
  if (channels?.[0].mode !== 'mirror') return [];
  const posts = await counterparts(db, post.threadId);
  await takeCopies(db, post.threadId, ['webhook']);
  return [...posts]
    .filter(([channelId, id]) => channelId !== post.parentChannelId && id !== post.threadId)
    .map(([channelId, threadId]) => ({ channelId, threadId }));
}
