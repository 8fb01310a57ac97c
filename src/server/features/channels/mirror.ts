import type { Db } from '../../../../db/client';
import type { Translator } from '../../core/translator';
import type { Conversation } from '../../core/conversation';
import { readTranslationSettings } from '../../translation/settings';
import { optedOut } from '../translation/opt-outs';
import { carryAttachments, rememberLinked } from './attachments';
import { counterparts } from './copies';
import { composeCopies, copyBody, forumPostIn, webhookUsername } from './copy-text';
import { hasExtras } from './extras';
import { labelsIn, needsLabels } from './labels';
import { type LinkedChannel, linkOfChannel, replyLinkFor } from './linked-channels';
import { attachmentsOf, type IncomingMessage, type MirrorOutcome } from './messages';
import { asWritten, translateFor } from './mirror-translation';
import { isTrivialMessage } from './trivial';
import { webhooksFor } from './webhooks';

/**
 * Mirror mode: a message in one channel of a link appears in every other channel of the link,
 * translated into that channel's language (one translator call for all of them), posted
 * through the bot's webhook as the author. This module decides what to post; the bot posts it. The message and
 * its posts: messages.ts; the link: linked-channels.ts; the copies' text: copy-text.ts; the
 * translation: mirror-translation.ts.
 */

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
