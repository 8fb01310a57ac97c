import { and, eq, gte, sql } from 'drizzle-orm';
import { type Db, lockFor } from '../../../../db/client';
import { voiceSessions } from '../../../../db/schema';
import { findLanguage } from '../../../common/languages';
import type { Phrase } from '../../../common/phrases';
import { LOCKED } from '../../../common/billing/phrases';
import {
  VOICE_ALREADY_RUNNING,
  VOICE_ANNOUNCEMENT_HERE,
  VOICE_ANNOUNCEMENT_IN,
  VOICE_MINUTES_USED,
  VOICE_NO_AUDIO,
  VOICE_NO_PROVIDER,
  VOICE_STARTED,
} from '../../../common/voice/phrases';
import * as VOICE_PHRASES from '../../../common/voice/phrases';
import { speakerFor } from '../../translation/phrases';
import { CAPABILITIES, unlockingPlan, VOICE_MINUTES } from '../../../common/plans';
import { readTranslationSettings } from '../../translation/settings';
import type { Services } from '../../core/services';
import { ensureGuild } from '../../core/guilds';
import { webhookUsername } from '../channels/copy-text';
import { guildDefaultLanguage } from '../translation/members';
import { languageNamesIn } from './replies';
import { guildPlan, hasCapability } from '../../core/plans';
import { monthStart } from '../../translation/accounting';
import { explainTranslationFailure } from '../translation/failures';
import { type CaptionDestination, sessionCaptionDestination } from './settings';
import { type StoredWebhook, webhookFor } from '../channels/webhooks';

/**
 * Live voice captions: a session is a row (voice_sessions) from /voice start to its end (/voice
 * stop, End Session, an empty channel, the plan's minutes, a failed connection). The bot joins and
 * listens; each utterance goes once to the provider for transcript, language and translations, and
 * its caption goes to the voice channel's chat. Minutes count per calendar month (UTC).
 */

/** At most this many target languages per session (captions stay short enough to read live). */
export const MAX_CAPTION_LANGUAGES = 5;

type Session = typeof voiceSessions.$inferSelect;

/** Seconds a session has lasted (up to now while active). */
function secondsOf(s: Session, now: Date): number {
  if (s.status !== 'active') return s.durationSeconds;
  return Math.max(0, Math.round((now.getTime() - s.startedAt.getTime()) / 1000));
}

/** Voice minutes used this month (sessions started this month; active ones up to now). */
export async function voiceMinutesUsed(db: Db, guildId: string, now: Date): Promise<number> {
  const rows = await db
    .select()
    .from(voiceSessions)
    .where(and(eq(voiceSessions.guildId, guildId), gte(voiceSessions.startedAt, monthStart(now))))
    .all();
  return rows.reduce((sum, s) => sum + secondsOf(s, now), 0) / 60;
}

/** Minutes left this month; null = unlimited (Ultimate), 0 = none (Free and Plus, or used up). */
export async function voiceMinutesLeft(db: Db, guildId: string, now: Date): Promise<number | null> {
  const allowance = VOICE_MINUTES[await guildPlan(db, guildId)];
  if (allowance === null) return null;
  return Math.max(0, allowance - (await voiceMinutesUsed(db, guildId, now)));
}

export async function activeSessionIn(db: Db, channelId: string): Promise<Session | undefined> {
  return await db
    .select()
    .from(voiceSessions)
    .where(and(eq(voiceSessions.channelId, channelId), eq(voiceSessions.status, 'active')))
    .get();
}

export async function voiceSession(db: Db, id: number): Promise<Session | undefined> {
  return await db.select().from(voiceSessions).where(eq(voiceSessions.id, id)).get();
}

/** The languages captions are written in: the ones asked for, else the members' (most common first). */
export function captionLanguages(requested: string | null | undefined, memberLanguages: string[]): string[] {
  const asked = (requested ?? '')
    .split(/[\s,;]+/)
    .map((c) => findLanguage(c)?.code)
    .filter((c): c is string => Boolean(c));
  if (asked.length) return [...new Set(asked)].slice(0, MAX_CAPTION_LANGUAGES);
  const counts = new Map<string, number>();
  for (const l of memberLanguages) counts.set(l, (counts.get(l) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([l]) => l)
    .slice(0, MAX_CAPTION_LANGUAGES);
}

export type VoiceStartResult =
  | {
      ok: true;
      session: Session;
      languages: string[];
      minutesLeft: number | null;
      /** For the channel's chat, in the server's default language. */
      announcement: string;
      /** The reply once the bot is in, in the member's language. */
      startedMessage: string;
    }
  | { ok: false; reason: 'locked' | 'no-provider' | 'no-audio' | 'minutes' | 'running'; message: string };

/**
 * /voice start: every refusal (plan, provider, minutes, a session already in the channel) answers
 * in the member's language and writes nothing; otherwise the session row, status active.
 */
export async function startVoiceSession(
  s: Pick<Services, 'db' | 'translator' | 'clock'>,
  input: {
    guildId: string;
    channelId: string;
    channelName: string;
    languages: string[];
    startedBy: string;
    memberLanguage: string;
    /** Asked in /voice start (captions:); otherwise the server's default, else the voice channel's chat. */
    caption?: CaptionDestination | null;
  },
): Promise<VoiceStartResult> {
  const { db, translator } = s;
  const lang = input.memberLanguage;
  // Resolved before the server's lock is taken (a provider call never runs under it).
  const speak = await speakerFor(translator, lang, VOICE_PHRASES, LOCKED);
  const no = (reason: Exclude<VoiceStartResult, { ok: true }>['reason'], phrase: Phrase, vars = {}) => ({
    ok: false as const,
    reason,
    message: speak(phrase, vars),
  });
  const now = s.clock();
  if (!(await hasCapability(db, input.guildId, 'voice'))) {
    return no('locked', LOCKED, { feature: CAPABILITIES.voice.label, plan: unlockingPlan('voice').name });
  }
  if (!translator.provider) return no('no-provider', VOICE_NO_PROVIDER);
  if (!translator.audio || !translator.translateAudio) return no('no-audio', VOICE_NO_AUDIO);
  const languages = input.languages.length ? input.languages : [lang];
  // The minutes left and the channel's running session are checked and the session written under
  // the server's lock: /voice start pressed at the same moment (two members, a double submit) makes
  // one session, the others are told it is running.
  const started = await db.$transaction(async (tx) => {
    await lockFor(tx, `voice-sessions:${input.guildId}`);
    const left = await voiceMinutesLeft(tx, input.guildId, now);
    if (left !== null && left < 1 / 60) {
      return no('minutes', VOICE_MINUTES_USED, {
        minutes: VOICE_MINUTES[await guildPlan(tx, input.guildId)] ?? 0,
      });
    }
    if (await activeSessionIn(tx, input.channelId)) {
      return no('running', VOICE_ALREADY_RUNNING, { channel: `<#${input.channelId}>` });
    }
    await ensureGuild(tx, input.guildId);
    const caption = await sessionCaptionDestination(tx, input.guildId, input.caption);
    const session = await tx
      .insert(voiceSessions)
      .values({
        guildId: input.guildId,
        channelId: input.channelId,
        sourceLanguage: 'auto',
        targetLanguage: languages.join(','),
        status: 'active',
        startedBy: input.startedBy,
        startedAt: now,
        captionChannelId: caption?.channelId ?? null,
        captionThreadId: caption?.threadId ?? null,
      })
      .returning()
      .get();
    return { ok: true as const, session, caption, left };
  });
  if (!started.ok) return started;
  const { session, caption, left } = started;
  // The channel's chat reads the server's default language; the member's reply, theirs.
  const channelSpeak = await speakerFor(
    translator,
    await guildDefaultLanguage(db, input.guildId),
    VOICE_PHRASES,
  );
  const where = caption?.threadId ?? caption?.channelId;
  const announcement = channelSpeak(where ? VOICE_ANNOUNCEMENT_IN : VOICE_ANNOUNCEMENT_HERE, {
    languages: languageNamesIn(languages, channelSpeak.language),
    channel: `<#${where}>`,
  });
  const startedMessage = speak(VOICE_STARTED, {
    channel: `<#${input.channelId}>`,
    languages: languageNamesIn(languages, speak.language),
  });
  return { ok: true, session, languages, minutesLeft: left, announcement, startedMessage };
}

/**
 * Ends an active session (idempotent: an ended or failed one stays as it is). status 'error' keeps
 * the reason (a failed connection); 'ended' records why it ended (stopped, empty channel, minutes).
 */
export async function endVoiceSession(
  db: Db,
  sessionId: number,
  outcome: { status: 'ended' | 'error'; reason: string },
  now: Date,
): Promise<Session | null> {
  const s = await voiceSession(db, sessionId);
  if (s?.status !== 'active') return s ?? null;
  return (
    (await db
      .update(voiceSessions)
      .set({
        status: outcome.status,
        endReason: outcome.reason.slice(0, 300),
        endedAt: now,
        durationSeconds: secondsOf(s, now),
      })
      .where(and(eq(voiceSessions.id, s.id), eq(voiceSessions.status, 'active')))
      .returning()
      .get()) ?? null
  );
}

/** Sessions still marked active (the bot, starting, ends them: it is in no voice channel then). */
export async function activeVoiceSessions(db: Db): Promise<Session[]> {
  return await db.select().from(voiceSessions).where(eq(voiceSessions.status, 'active')).all();
}

export type CaptionResult =
  | {
      status: 'caption';
      content: string;
      characters: number;
      username: string;
      /** Where to post it: the channel whose webhook posts, and its thread if any. */
      channelId: string;
      threadId: string | null;
      webhook: StoredWebhook | null;
    }
  | { status: 'silent' }
  | { status: 'ended'; reason: string }
  | { status: 'failed'; reason: string };

/**
 * One utterance of one speaker (WAV in memory): transcript, language and every target translation
 * in one provider call, the session's characters counted, the caption's text returned.
 */
export async function captionUtterance(
  s: Pick<Services, 'db' | 'translator' | 'clock' | 'env'>,
  input: { sessionId: number; audio: Uint8Array; mimeType: string; userId: string; username: string },
): Promise<CaptionResult> {
  const session = await voiceSession(s.db, input.sessionId);
  if (session?.status !== 'active') return { status: 'ended', reason: 'session is not active' };
  const left = await voiceMinutesLeft(s.db, session.guildId, s.clock());
  if (left !== null && left <= 0) return { status: 'ended', reason: 'voice minutes used' };
  if (!s.translator.translateAudio) return { status: 'failed', reason: 'provider takes no audio' };
  const languages = session.targetLanguage.split(',').filter(Boolean);
  try {
    const result = await s.translator.translateAudio({
      audio: input.audio,
      mimeType: input.mimeType,
      targets: languages,
      tone: (await readTranslationSettings(s.db, session.guildId)).translationTone,
      origin: 'voice',
      guildId: session.guildId,
      channelId: session.channelId,
      userId: input.userId,
      username: input.username,
    });
    if (!result.transcript) return { status: 'silent' };
    const characters = result.transcript.length;
    // Counted in one statement: speakers captioned at the same moment each add theirs.
    await s.db
      .update(voiceSessions)
      .set({ charactersProcessed: sql`${voiceSessions.charactersProcessed} + ${characters}` })
      .where(and(eq(voiceSessions.id, session.id), eq(voiceSessions.status, 'active')))
      .run();
    return {
      status: 'caption',
      content: captionText(result.transcript, result.source, languages, result.translations),
      characters,
      username: webhookUsername(input.username),
      channelId: session.captionChannelId ?? session.channelId,
      threadId: session.captionThreadId,
      webhook: await webhookFor(s.db, session.captionChannelId ?? session.channelId),
    };
  } catch (err) {
    return { status: 'failed', reason: explainTranslationFailure(err, s.env.PUBLIC_URL).message };
  }
}

/** The caption: the original line, then one short line per other language. */
export function captionText(
  transcript: string,
  source: string,
  languages: string[],
  translations: Record<string, string>,
): string {
  const lines = [`> ${transcript}`];
  for (const l of languages) {
    const t = translations[l];
    if (t && l !== source) lines.push(`-# ${l.toUpperCase()} · ${t}`);
  }
  const text = lines.join('\n');
  return text.length > 2000 ? `${text.slice(0, 1999)}…` : text;
}
