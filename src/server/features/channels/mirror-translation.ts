import type { Db } from '../../../../db/client';
import type { Translator } from '../../core/translator';
import type { Conversation } from '../../core/conversation';
import { contextFor } from '../../translation/conversation';
import { explainTranslationFailure } from '../translation/failures';
import { readTranslationSettings } from '../../translation/settings';
import {
  spoken,
  translateVoiceMessage,
  VoiceFetchError,
  type VoiceMessageRef,
} from '../translation/voice-messages';
import { joinPieces, piecesOf } from './extras';
import type { IncomingMessage } from './messages';

/** A message's text, or a voice message's transcript, in every language of the link's other channels: one call. */

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
  // The text, a forward's text, embeds' and a poll's pieces: one call (see extras.ts).
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
