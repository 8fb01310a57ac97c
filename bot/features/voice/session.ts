import type { Readable } from 'node:stream';
import {
  EndBehaviorType,
  entersState,
  joinVoiceChannel,
  type VoiceConnection,
  VoiceConnectionStatus,
} from '@discordjs/voice';
import type { Guild, VoiceBasedChannel } from 'discord.js';
import prism from 'prism-media';
import type { BotContext } from '../../context';
import { postThroughWebhook, reportFailure } from '../../discord';
import { downmix, pcmMs, wav } from './audio';
import { closeLine, lineText, type VoiceLine } from '../../../src/common/voice/lines';
import { watchConnection } from './connection';

/**
 * One live-caption session in one voice channel: the bot joins (DAVE end-to-end encryption as
 * Discord requires, through @discordjs/voice and @snazzah/davey), receives each speaker's Opus,
 * decodes it (opusscript through prism-media), cuts utterances on silence and sends each once to
 * voice.caption; the caption goes to the channel's chat through the bot's webhook, as the speaker.
 * The row is the session's truth: every way out (stop, End Session, empty channel, minutes, a
 * lost connection) ends it through voice.end, so it never stays active after the bot left.
 */

/** Tunables (tests shorten them). */
export const voiceTimings = {
  /** Silence that ends an utterance. */
  silenceMs: 800,
  /** Shorter sounds (a cough, a click) are not sent. */
  minUtteranceMs: 400,
  /** A longer utterance is cut and sent in parts, so captions keep up with long speeches. */
  maxUtteranceMs: 15_000,
  /** Joining must reach Ready within this. */
  connectTimeoutMs: 20_000,
  /** After a disconnect, the library has this long to reconnect before the session ends. */
  reconnectMs: 5_000,
  /** The channel may stay without members this long before the session ends. */
  emptyChannelMs: 60_000,
};

interface Running {
  sessionId: number;
  guildId: string;
  channelId: string;
  connection: VoiceConnection;
  listening: Set<string>;
  timers: NodeJS.Timeout[];
  emptyTimer: NodeJS.Timeout | null;
  ended: boolean;
  /** Aborted when the session stops (a stop while still connecting ends the wait at once). */
  stopped: AbortController;
  /** Why the connection was given up (Discord voice kept refusing it). */
  failure?: VoiceLine;
}

const running = new Map<number, Running>();

export function runningIn(channelId: string): Running | undefined {
  return [...running.values()].find((r) => r.channelId === channelId);
}

/** Leaves the channel and ends the session row (unless it already ended, e.g. End Session). */
export async function stopSession(
  ctx: BotContext,
  sessionId: number,
  outcome: { status: 'ended' | 'error'; reason: string } | null,
): Promise<void> {
  const r = running.get(sessionId);
  if (r) {
    r.ended = true;
    r.stopped.abort();
    running.delete(sessionId);
    for (const t of r.timers) clearTimeout(t);
    if (r.emptyTimer) clearTimeout(r.emptyTimer);
    try {
      r.connection.destroy();
    } catch {
      // already destroyed
    }
  }
  if (outcome) await ctx.caller.voice.bot.end({ sessionId, ...outcome });
}

/** Every session this process runs ends (the bot shuts down). */
export async function stopAllSessions(ctx: BotContext, reason: string): Promise<void> {
  for (const id of [...running.keys()]) await stopSession(ctx, id, { status: 'ended', reason });
}

/** Joins and listens; resolves when connected, or ends the session as `error` with the reason. */
export async function runSession(
  ctx: BotContext,
  guild: Guild,
  channel: VoiceBasedChannel,
  sessionId: number,
  minutesLeft: number | null,
): Promise<{ ok: true } | { ok: false; reason: VoiceLine }> {
  const connection = joinVoiceChannel({
    channelId: channel.id,
    guildId: guild.id,
    adapterCreator: guild.voiceAdapterCreator,
    selfDeaf: false,
    selfMute: true,
  });
  const r: Running = {
    sessionId,
    guildId: guild.id,
    channelId: channel.id,
    connection,
    listening: new Set(),
    timers: [],
    emptyTimer: null,
    ended: false,
    stopped: new AbortController(),
  };
  running.set(sessionId, r);
  connection.on('error', (err) => console.warn(`voice session ${sessionId}: ${err.message}`));
  // A server that keeps refusing the bot (4017 without DAVE, a bad token): the session fails.
  let connected = false;
  const watched = watchConnection(connection, (code) => {
    const reason: VoiceLine = {
      phrase: connected ? 'VOICE_CONNECTION_LOST' : 'VOICE_COULD_NOT_CONNECT',
      vars: { why: closeLine(code) },
    };
    r.failure = reason;
    if (!r.ended) void stopSession(ctx, sessionId, { status: 'error', reason: lineText(reason) });
  });
  try {
    await entersState(
      connection,
      VoiceConnectionStatus.Ready,
      AbortSignal.any([AbortSignal.timeout(voiceTimings.connectTimeoutMs), r.stopped.signal]),
    );
  } catch {
    if (r.failure) return { ok: false, reason: r.failure };
    if (r.ended) return { ok: false, reason: { phrase: 'VOICE_ENDED_BEFORE_JOIN' } };
    const reason: VoiceLine = {
      phrase: 'VOICE_COULD_NOT_CONNECT',
      vars: { why: closeLine(watched.lastClose()) },
    };
    await stopSession(ctx, sessionId, { status: 'error', reason: lineText(reason) });
    return { ok: false, reason };
  }
  if (r.ended) return { ok: false, reason: { phrase: 'VOICE_ENDED_WHILE_CONNECTING' } };
  connected = true;

  connection.on(VoiceConnectionStatus.Disconnected, async (_before, state) => {
    const kicked = 'closeCode' in state && state.closeCode === 4014;
    try {
      // Moved to another channel, or a network blip: the library reconnects by itself when it can.
      await Promise.race([
        entersState(connection, VoiceConnectionStatus.Signalling, voiceTimings.reconnectMs),
        entersState(connection, VoiceConnectionStatus.Connecting, voiceTimings.reconnectMs),
      ]);
    } catch {
      if (r.ended) return;
      await stopSession(
        ctx,
        sessionId,
        kicked
          ? { status: 'ended', reason: lineText(closeLine(4014)) }
          : {
              status: 'error',
              reason: lineText({
                phrase: 'VOICE_CONNECTION_LOST',
                vars: { why: closeLine(watched.lastClose()) },
              }),
            },
      );
    }
  });
  connection.on(VoiceConnectionStatus.Destroyed, () => {
    if (!r.ended) void stopSession(ctx, sessionId, { status: 'error', reason: 'voice connection closed' });
  });
  if (minutesLeft !== null) {
    r.timers.push(
      setTimeout(
        () => void stopSession(ctx, sessionId, { status: 'ended', reason: 'voice minutes used' }),
        Math.max(0, minutesLeft * 60_000),
      ),
    );
  }
  connection.receiver.speaking.on('start', (userId) => listen(ctx, r, userId));
  return { ok: true };
}

/** One speaker's utterances: Opus → PCM until silence, then one caption call. */
function listen(ctx: BotContext, r: Running, userId: string): void {
  if (r.ended || r.listening.has(userId)) return;
  r.listening.add(userId);
  const opus = r.connection.receiver.subscribe(userId, {
    end: { behavior: EndBehaviorType.AfterSilence, duration: voiceTimings.silenceMs },
  });
  utterancesOf(
    opus,
    (pcm) => void caption(ctx, r, userId, pcm),
    (err) => {
      r.listening.delete(userId);
      if (err) console.warn(`voice session ${r.sessionId}: undecodable audio from ${userId}: ${err.message}`);
      // Still sending (a client that transmits through its pauses): listen again at once, since
      // the receiver announces a speaker only after a gap in their packets.
      else if (!r.ended && r.connection.receiver.speaking.users.has(userId)) listen(ctx, r, userId);
    },
  );
}

/**
 * Decodes one speaker's Opus packets (opusscript through prism-media) and hands over each
 * utterance's PCM (48 kHz stereo): when the stream ends (the receiver ends it after
 * voiceTimings.silenceMs of silence), or every maxUtteranceMs of continuous speech. Too short
 * sounds are dropped.
 */
export function utterancesOf(
  opus: Readable,
  onUtterance: (pcm: Buffer) => void,
  onDone: (err?: Error) => void,
): void {
  const decoder = new prism.opus.Decoder({ rate: 48_000, channels: 2, frameSize: 960 });
  const chunks: Buffer[] = [];
  let bytes = 0;
  const flush = () => {
    const pcm = Buffer.concat(chunks);
    chunks.length = 0;
    bytes = 0;
    if (pcmMs(pcm.length) >= voiceTimings.minUtteranceMs) onUtterance(pcm);
  };
  decoder.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    bytes += chunk.length;
    if (pcmMs(bytes) >= voiceTimings.maxUtteranceMs) flush();
  });
  decoder.once('end', () => {
    flush();
    onDone();
  });
  decoder.once('error', (err) => onDone(err));
  // The receiver destroys a speaker's stream on a packet it cannot decrypt, and every stream
  // when the connection ends: what was heard so far still counts, and the speaker can start anew.
  opus.once('error', (err) => console.warn(`voice: a speaker's audio stream failed: ${err.message}`));
  opus.once('close', () => {
    if (!decoder.writableEnded) decoder.end();
  });
  opus.pipe(decoder);
}

/** One utterance → voice.caption → the caption through the channel's webhook, as the speaker. */
export async function caption(
  ctx: BotContext,
  r: Pick<Running, 'sessionId' | 'guildId' | 'channelId' | 'ended'>,
  userId: string,
  pcm: Buffer,
): Promise<void> {
  if (r.ended) return;
  const guild = ctx.client.guilds.cache.get(r.guildId);
  const member = guild?.members.cache.get(userId) ?? (await guild?.members.fetch(userId).catch(() => null));
  const username = member?.displayName ?? 'Member';
  const result = await ctx.caller.voice.bot.caption({
    sessionId: r.sessionId,
    audio: new Uint8Array(wav(downmix(pcm))),
    mimeType: 'audio/wav',
    userId,
    username,
  });
  if (result.status === 'ended') {
    await stopSession(ctx, r.sessionId, { status: 'ended', reason: result.reason });
    return;
  }
  if (result.status === 'failed')
    console.warn(`voice session ${r.sessionId}: caption failed: ${result.reason}`);
  if (result.status !== 'caption') return;
  try {
    await postThroughWebhook(ctx, r.guildId, {
      channelId: result.channelId,
      threadId: result.threadId,
      content: result.content,
      username: result.username,
      avatarUrl: member?.displayAvatarURL() ?? null,
      webhook: result.webhook,
    });
  } catch (err) {
    await reportFailure(ctx, r.guildId, result.threadId ?? result.channelId, 'post a voice caption', err);
  }
}

/** A member joined or left: an empty channel ends the session after a while; back in time, it goes on. */
export function checkEmpty(ctx: BotContext, channel: VoiceBasedChannel): void {
  const r = runningIn(channel.id);
  if (!r) return;
  // From the voice states (a member in voice is kept in the bounded member cache, client-caches.ts,
  // but one already in voice when the bot connected may not be): the bot itself and known bots aside.
  let people = 0;
  for (const state of channel.guild.voiceStates.cache.values())
    if (state.channelId === channel.id && state.id !== channel.client.user.id && !state.member?.user.bot)
      people++;
  if (people > 0) {
    if (r.emptyTimer) clearTimeout(r.emptyTimer);
    r.emptyTimer = null;
    return;
  }
  if (r.emptyTimer) return;
  r.emptyTimer = setTimeout(
    () => void stopSession(ctx, r.sessionId, { status: 'ended', reason: 'the voice channel was empty' }),
    voiceTimings.emptyChannelMs,
  );
}
