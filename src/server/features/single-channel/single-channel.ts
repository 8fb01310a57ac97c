import { TRPCError } from '@trpc/server';
import { and, asc, eq } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import { readOnce } from '../../../../db/read-scope';
import type { RoomDelivery } from '../../../common/single-channel/schemas';
import { channelLinkChannels, channelLinkLanguages, channelLinks } from '../../../../db/schema';
import { languageName } from '../../../common/languages';
import { readTranslationSettings } from '../../translation/settings';
import type { Conversation } from '../../core/conversation';
import { contextFor } from '../../translation/conversation';
import { copiesOf } from '../channels/copies';
import { composeCopy } from '../channels/copy-text';
import { linkOfChannel } from '../channels/linked-channels';
import type { IncomingMessage } from '../channels/messages';
import { jumpLink } from '../../core/bot-message';
import type { CopyEdit } from '../channels/edits';
import { composeExtras, joinPieces, type MessageExtras, piecesOf, splitPieces } from '../channels/extras';
import { isTrivialMessage } from '../channels/trivial';
import { labelsIn, needsLabels } from '../channels/labels';
import { optedOut } from '../translation/opt-outs';
import type { Translator } from '../../core/translator';
import { explainTranslationFailure } from '../translation/failures';
import { spoken, translateVoiceMessage } from '../translation/voice-messages';

/**
 * Single-channel mode: a link of mode 'single' has one channel, and every member message there
 * gets one reply holding its translations into the link's list of languages.
 */

async function singleLink(db: Db, guildId: string, linkId: number) {
  const link = await db
    .select()
    .from(channelLinks)
    .where(and(eq(channelLinks.id, linkId), eq(channelLinks.guildId, guildId)))
    .get();
  if (!link) throw new TRPCError({ code: 'NOT_FOUND', message: `channel link ${linkId} not found` });
  if (link.mode !== 'single') {
    throw new TRPCError({
      code: 'CONFLICT',
      message: `id: channel link ${linkId} is a mirror link; only single-channel links have a list of languages`,
    });
  }
  return link;
}

export async function languagesOfLink(db: Db, linkId: number): Promise<string[]> {
  return (
    await db
      .select()
      .from(channelLinkLanguages)
      .where(eq(channelLinkLanguages.linkId, linkId))
      .orderBy(asc(channelLinkLanguages.position))
      .all()
  ).map((r) => r.language);
}

export async function readSingleChannel(db: Db, guildId: string, linkId: number) {
  const link = await singleLink(db, guildId, linkId);
  const channel = await db
    .select()
    .from(channelLinkChannels)
    .where(eq(channelLinkChannels.linkId, link.id))
    .get();
  return {
    id: link.id,
    name: link.name,
    channelId: channel?.channelId ?? null,
    channelLanguage: channel?.language ?? null,
    languages: await languagesOfLink(db, link.id),
  };
}

export async function setSingleChannelLanguages(
  db: Db,
  guildId: string,
  linkId: number,
  languages: string[],
) {
  const link = await singleLink(db, guildId, linkId);
  await db.$transaction(async (tx) => {
    // Saves at the same moment replace the list one after the other (the last one wins whole).
    await lockFor(tx, `room-languages:${link.id}`);
    await tx.delete(channelLinkLanguages).where(eq(channelLinkLanguages.linkId, link.id)).run();
    if (languages.length)
      await tx
        .insert(channelLinkLanguages)
        .values(languages.map((language, position) => ({ linkId: link.id, language, position })))
        .run();
  });
  return await readSingleChannel(db, guildId, linkId);
}

export type SingleOutcome =
  | { status: 'none' }
  | { status: 'skipped'; reason: 'prefix' | 'empty' | 'same-language' | 'trivial' | 'opted-out' }
  | { status: 'failed'; reason: string; kind: string }
  | { status: 'reply'; content: string; languages: string[]; delivery?: RoomDelivery };

/**
 * The reply for a message in a single-channel link (status 'none' when it is not in one), with
 * where the room delivers it: under the message, or in a thread started from it (issue 28).
 */
export async function planSingle(
  db: Db,
  translator: Translator,
  publicUrl: string,
  msg: IncomingMessage,
  discordApiUrl?: string,
  conversation?: Conversation,
): Promise<SingleOutcome> {
  const outcome = await planSingleReply(db, translator, publicUrl, msg, discordApiUrl, conversation);
  if (outcome.status !== 'reply') return outcome;
  const link = await linkOfChannel(db, msg.guildId, msg.channelId);
  return { ...outcome, delivery: link ? await roomDelivery(db, link[0].linkId) : 'reply' };
}

/** How a room delivers its translations (one read per message: db/read-scope.ts). */
export async function roomDelivery(db: Db, linkId: number): Promise<RoomDelivery> {
  return await readOnce(`room-delivery:${linkId}`, async () => {
    const row = await db
      .select({ delivery: channelLinks.delivery })
      .from(channelLinks)
      .where(eq(channelLinks.id, linkId))
      .get();
    return row?.delivery ?? 'reply';
  });
}

async function planSingleReply(
  db: Db,
  translator: Translator,
  publicUrl: string,
  msg: IncomingMessage,
  discordApiUrl?: string,
  conversation?: Conversation,
): Promise<SingleOutcome> {
  if (msg.parentChannelId) return { status: 'none' };
  const channels = await linkOfChannel(db, msg.guildId, msg.channelId);
  if (channels?.[0].mode !== 'single') return { status: 'none' };
  const languages = await languagesOfLink(db, channels[0].linkId);
  if (languages.length === 0) return { status: 'none' };
  const settings = await readTranslationSettings(db, msg.guildId);
  if (settings.skipPrefix && msg.content.startsWith(settings.skipPrefix))
    return { status: 'skipped', reason: 'prefix' };
  if (settings.skipTrivial && isTrivialMessage(msg, settings.trivialTerms))
    return { status: 'skipped', reason: 'trivial' };
  if (await optedOut(db, msg.guildId, msg.authorId)) return { status: 'skipped', reason: 'opted-out' };
  if (!msg.content.trim() && msg.voiceMessage && discordApiUrl) {
    return singleVoiceReply(db, translator, publicUrl, msg, languages, discordApiUrl);
  }
  // A forward's text and a native poll are translated too (in the same call); embeds are left to the original.
  const extras: MessageExtras | null =
    msg.forward?.content.trim() || msg.poll
      ? {
          content: msg.content,
          forward: msg.forward ? { ...msg.forward, attachments: [], embeds: [] } : null,
          poll: msg.poll ?? null,
        }
      : null;
  if (!msg.content.trim() && !extras) return { status: 'skipped', reason: 'empty' };
  try {
    const result = await translator.translate({
      text: extras ? joinPieces(piecesOf(extras)) : msg.content,
      targets: languages,
      source: settings.autoDetect ? undefined : channels[0].language,
      tone: settings.translationTone,
      context: await contextFor(db, conversation, msg.guildId, msg),
      origin: 'single',
      guildId: msg.guildId,
      channelId: msg.channelId,
      userId: msg.authorId,
      username: msg.authorName,
    });
    const shown = languages.filter(
      (l) => result.translations[l] !== undefined && !result.skipped.includes(l),
    );
    if (shown.length === 0) return { status: 'skipped', reason: 'same-language' };
    const link = jumpLink(msg.guildId, msg.channelId, msg.messageId);
    // A forward's "Forwarded" and a poll's "vote in the original" lines in each language (labels.ts).
    const speakers = await labelsIn(translator, shown, needsLabels(extras ?? msg, false));
    const body = shown
      .map((l) => {
        if (!extras) return `**${languageName(l)}**: ${result.translations[l]}`;
        const speak = speakers.get(l)!;
        const split = splitPieces(result.translations[l], piecesOf(extras));
        return `**${languageName(l)}**\n${composeExtras(extras, split, speak, link).text}${speak.mark()}`;
      })
      .join('\n');
    return { status: 'reply', content: composeCopy(body, { attachments: [] }), languages: shown };
  } catch (err) {
    const e = explainTranslationFailure(err, publicUrl);
    return { status: 'failed', reason: e.message, kind: e.kind };
  }
}

/** A voice message in a single-channel link: one reply with the transcript and its translations. */
async function singleVoiceReply(
  db: Db,
  translator: Translator,
  publicUrl: string,
  msg: IncomingMessage,
  languages: string[],
  discordApiUrl: string,
): Promise<SingleOutcome> {
  if (!msg.voiceMessage) return { status: 'none' };
  try {
    const result = await translateVoiceMessage({
      db,
      translator,
      discordApiUrl,
      guildId: msg.guildId,
      voice: msg.voiceMessage,
      targets: languages,
      tone: (await readTranslationSettings(db, msg.guildId)).translationTone,
      origin: 'single',
      channelId: msg.channelId,
      userId: msg.authorId,
      username: msg.authorName,
    });
    if (!result?.transcript) return { status: 'skipped', reason: 'empty' };
    const shown = languages.filter(
      (l) => result.translations[l] !== undefined && !result.skipped.includes(l),
    );
    const lines = [
      spoken(`*${result.transcript}*`),
      ...shown.map((l) => `**${languageName(l)}**: ${result.translations[l]}`),
    ];
    return { status: 'reply', content: composeCopy(lines.join('\n'), { attachments: [] }), languages: shown };
  } catch (err) {
    const e = explainTranslationFailure(err, publicUrl);
    return { status: 'failed', reason: e.message, kind: e.kind };
  }
}

/** A message of a single-channel link was edited: the new text of its translations reply. */
export async function planSingleEdit(
  db: Db,
  translator: Translator,
  publicUrl: string,
  msg: IncomingMessage,
  conversation?: Conversation,
): Promise<{ status: 'ok'; edits: CopyEdit[] } | { status: 'none' } | { status: 'failed'; reason: string }> {
  const replies = await copiesOf(db, msg.messageId, ['reply']);
  if (replies.length === 0) return { status: 'none' };
  const plan = await planSingle(db, translator, publicUrl, msg, undefined, conversation);
  if (plan.status === 'failed') return { status: 'failed', reason: plan.reason };
  if (plan.status !== 'reply') return { status: 'none' };
  return {
    status: 'ok',
    edits: replies.map((r) => ({
      channelId: r.copyChannelId,
      threadId: null,
      messageId: r.copyMessageId,
      kind: 'reply' as const,
      content: plan.content,
      webhook: null,
    })),
  };
}
