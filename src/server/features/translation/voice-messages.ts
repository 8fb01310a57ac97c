import type { Db } from '../../../../db/client';
import { languageName } from '../../../common/languages';
import type { Phrase } from '../../../common/phrases';
import { LOCKED } from '../../../common/billing/phrases';
import { VOICE_NO_AUDIO, VOICE_NO_PROVIDER, VOICE_NOTHING_HEARD } from '../../../common/voice/phrases';
import { phraseIn } from '../../translation/phrases';
import { CAPABILITIES, unlockingPlan } from '../../../common/plans';
import { readTranslationSettings } from '../../translation/settings';
import type { Env } from '../../core/env';
import { DiscordDownloadError, downloadFromDiscord } from '../../core/discord-cdn';
import type { memberLanguage } from './members';
import { hasCapability } from '../../core/plans';
import type { TranslateAudioResult, TranslationOrigin, Translator } from '../../core/translator';
import { explainTranslationFailure } from './failures';

/**
 * Discord voice messages (message flag IS_VOICE_MESSAGE, one audio/ogg Opus attachment) are
 * transcribed and translated in one provider call, like text. Voice translation is the `voice`
 * capability (Pro and up): on a lower plan, or with a provider that takes no audio, a voice message
 * gets no transcript and no error (its copies still link the audio). The audio is fetched from
 * Discord into memory, bounded in size and time, and never written to disk.
 */

/** Largest voice message fetched (Discord's voice messages are a few hundred KB a minute). */
export const MAX_VOICE_MESSAGE_BYTES = 8 * 1024 * 1024;
/** How long fetching the audio from Discord's CDN may take. */
export const VOICE_FETCH_TIMEOUT_MS = 15_000;

/** The voice message's attachment, as the bot saw it. */
export interface VoiceMessageRef {
  url: string;
  contentType: string | null;
  size: number;
}

/** Whether this guild's voice messages get transcripts (plan and provider both allow it). */
export async function transcribesVoiceMessages(
  db: Db,
  translator: Translator,
  guildId: string,
): Promise<boolean> {
  return (
    Boolean(translator.audio && translator.translateAudio) && (await hasCapability(db, guildId, 'voice'))
  );
}

export class VoiceFetchError extends Error {
  override name = 'VoiceFetchError';
}

/** The attachment's bytes, in memory; only from Discord's hosts (or the configured API's). */
export async function fetchVoiceAudio(
  ref: VoiceMessageRef,
  discordApiUrl: string,
  maxBytes = MAX_VOICE_MESSAGE_BYTES,
): Promise<Uint8Array> {
  if (ref.size > maxBytes) throw new VoiceFetchError(`voice message: larger than ${maxBytes} bytes`);
  try {
    return await downloadFromDiscord(ref.url, { discordApiUrl, maxBytes, timeoutMs: VOICE_FETCH_TIMEOUT_MS });
  } catch (err) {
    if (err instanceof DiscordDownloadError) throw new VoiceFetchError(`voice message: ${err.message}`);
    throw err;
  }
}

export interface VoiceMessageTranslation {
  db: Db;
  translator: Translator;
  discordApiUrl: string;
  /** The server whose plan and allowance apply; absent for the user-installed app (the user's own allowance). */
  guildId?: string;
  voice: VoiceMessageRef;
  targets: string[];
  tone?: 'casual' | 'formal';
  origin: TranslationOrigin;
  channelId?: string;
  userId?: string;
  username?: string;
}

/**
 * Transcript and translations of a voice message; null when this guild's voice messages get none
 * (plan below Pro, provider without audio). Translation errors (allowance, provider) are thrown.
 */
export async function translateVoiceMessage(
  v: VoiceMessageTranslation & { guildId: string },
): Promise<TranslateAudioResult | null> {
  if (!(await transcribesVoiceMessages(v.db, v.translator, v.guildId))) return null;
  return transcribeVoice(v);
}

/**
 * The audio fetched from Discord, transcribed and translated in one provider call, with no plan
 * check (the caller decided: a Pro server's voice capability, or the user-installed app's daily
 * allowance). Null when the provider takes no audio; translation errors are thrown.
 */
export async function transcribeVoice(v: VoiceMessageTranslation): Promise<TranslateAudioResult | null> {
  const { translator } = v;
  if (!translator.translateAudio) return null;
  const audio = await fetchVoiceAudio(v.voice, v.discordApiUrl);
  return translator.translateAudio({
    audio,
    mimeType: v.voice.contentType?.split(';')[0].trim() || 'audio/ogg',
    targets: v.targets,
    tone: v.tone,
    origin: v.origin,
    guildId: v.guildId,
    channelId: v.channelId,
    userId: v.userId,
    username: v.username,
  });
}

/** A transcript line as copies show it: the microphone says it was spoken. */
export function spoken(text: string): string {
  return `🎤 ${text}`;
}

/**
 * The private answer of Translate Message on a voice message: the transcript and its translation
 * in the member's language; null when no speech was heard.
 */
export function voiceAnswer(
  result: TranslateAudioResult | null,
  target: Awaited<ReturnType<typeof memberLanguage>>,
) {
  if (!result?.transcript) return null;
  return {
    ok: true as const,
    text: result.translations[target.code] ?? result.transcript,
    source: result.source,
    sourceName: languageName(result.source),
    target: target.code,
    targetName: languageName(target.code),
    targetFrom: target.from,
    alreadyInTarget: result.skipped.includes(target.code),
    transcript: result.transcript as string | null,
  };
}

/**
 * Translate Message on a voice message: its transcript in the member's language (Pro and up; the
 * locked notice, or why the provider cannot, in the member's language otherwise).
 */
export async function translateVoiceForMember(
  ctx: { db: Db; translator: Translator; env: Env; guildId: string },
  input: { userId: string; username: string; channelId: string; voiceMessage: VoiceMessageRef },
  target: Awaited<ReturnType<typeof memberLanguage>>,
) {
  // A refusal in the member's language (phraseIn: the table, else translated once and kept).
  const fail = async (phrase: Phrase, kind?: string, vars?: Record<string, string>) => ({
    ok: false as const,
    message: await phraseIn(ctx.translator, phrase, target.code, vars),
    kind,
  });
  if (!(await hasCapability(ctx.db, ctx.guildId, 'voice'))) {
    return fail(LOCKED, 'locked', { feature: CAPABILITIES.voice.label, plan: unlockingPlan('voice').name });
  }
  if (!ctx.translator.provider) return fail(VOICE_NO_PROVIDER, 'unavailable');
  if (!ctx.translator.audio) return fail(VOICE_NO_AUDIO, 'unavailable');
  try {
    const result = await translateVoiceMessage({
      db: ctx.db,
      translator: ctx.translator,
      discordApiUrl: ctx.env.DISCORD_API_URL,
      guildId: ctx.guildId,
      voice: input.voiceMessage,
      targets: [target.code],
      tone: (await readTranslationSettings(ctx.db, ctx.guildId)).translationTone,
      origin: 'context-menu',
      channelId: input.channelId,
      userId: input.userId,
      username: input.username,
    });
    return voiceAnswer(result, target) ?? fail(VOICE_NOTHING_HEARD);
  } catch (err) {
    const e = explainTranslationFailure(err, ctx.env.PUBLIC_URL);
    if (e.kind === 'failed') console.error('translate voice message failed:', err);
    return { ok: false as const, message: e.message, kind: e.kind };
  }
}
