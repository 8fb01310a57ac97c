/**
 * Utterance audio for the provider, in memory only: Discord's decoded PCM (48 kHz, 16-bit,
 * stereo) down to 16 kHz mono (what speech models take; a third of the bytes, a sixth of stereo)
 * and wrapped as a WAV file.
 */

export const DISCORD_RATE = 48_000;
export const DISCORD_CHANNELS = 2;
/** What the provider gets: 16 kHz mono, 16-bit. */
export const CAPTION_RATE = 16_000;
const FACTOR = DISCORD_RATE / CAPTION_RATE;

/** 48 kHz stereo s16le → 16 kHz mono s16le (average of both channels over each group of 3 frames). */
export function downmix(pcm: Buffer): Buffer {
  const frames = Math.floor(pcm.length / 4);
  const outFrames = Math.floor(frames / FACTOR);
  const out = Buffer.alloc(outFrames * 2);
  for (let i = 0; i < outFrames; i++) {
    let sum = 0;
    for (let k = 0; k < FACTOR; k++) {
      const at = (i * FACTOR + k) * 4;
      sum += pcm.readInt16LE(at) + pcm.readInt16LE(at + 2);
    }
    out.writeInt16LE(Math.round(sum / (FACTOR * 2)), i * 2);
  }
  return out;
}

/** A RIFF/WAVE header before mono 16-bit PCM at `rate`. */
export function wav(pcm: Buffer, rate = CAPTION_RATE): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + pcm.length, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/** Milliseconds of 48 kHz stereo s16le PCM. */
export const pcmMs = (bytes: number) => (bytes / (DISCORD_RATE * DISCORD_CHANNELS * 2)) * 1000;
