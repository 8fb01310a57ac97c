import { createCipheriv, createDecipheriv } from 'node:crypto';

/**
 * RTP as Discord voice sends it, and as @discordjs/voice 0.19 reads it (src/receive/VoiceReceiver.ts):
 * a 12-byte header (version 2, payload type 120 = Opus, sequence, timestamp, SSRC) that is the
 * AEAD's additional data, the Opus payload encrypted with the session's secret key, the 16-byte
 * auth tag, and a 4-byte big-endian nonce counter at the very end ("rtpsize" modes). For
 * aead_aes256_gcm_rtpsize the 12-byte GCM nonce is those 4 bytes followed by 8 zero bytes.
 */

export const RTP_OPUS_PAYLOAD_TYPE = 120;
/** The frame Discord clients send 5 times when they stop talking (Opus silence). */
export const SILENCE_FRAME = Buffer.from([0xf8, 0xff, 0xfe]);
/** 20 ms at 48 kHz. */
export const SAMPLES_PER_FRAME = 960;

export const AES_MODE = 'aead_aes256_gcm_rtpsize';
export const XCHACHA_MODE = 'aead_xchacha20_poly1305_rtpsize';

export interface RtpState {
  ssrc: number;
  sequence: number;
  timestamp: number;
  nonce: number;
}

function gcmNonce(counter: number): Buffer {
  const nonce = Buffer.alloc(12);
  nonce.writeUInt32BE(counter >>> 0, 0);
  return nonce;
}

/** One encrypted RTP packet carrying `opus`; advances the state (sequence, timestamp, nonce). */
export function rtpPacket(state: RtpState, opus: Buffer, mode: string, secretKey: Buffer): Buffer {
  if (mode !== AES_MODE) throw new Error(`fake voice: sending with ${mode} is not implemented`);
  const header = Buffer.alloc(12);
  header[0] = 0x80; // version 2, no padding, no extension
  header[1] = RTP_OPUS_PAYLOAD_TYPE;
  header.writeUInt16BE(state.sequence & 0xffff, 2);
  header.writeUInt32BE(state.timestamp >>> 0, 4);
  header.writeUInt32BE(state.ssrc >>> 0, 8);
  const counter = state.nonce >>> 0;
  const cipher = createCipheriv('aes-256-gcm', secretKey, gcmNonce(counter));
  cipher.setAAD(header);
  const encrypted = Buffer.concat([cipher.update(opus), cipher.final()]);
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(counter, 0);
  state.sequence = (state.sequence + 1) & 0xffff;
  state.timestamp = (state.timestamp + SAMPLES_PER_FRAME) >>> 0;
  state.nonce = (state.nonce + 1) >>> 0;
  return Buffer.concat([header, encrypted, cipher.getAuthTag(), tail]);
}

/** Decrypts a packet the bot sent (to check what it plays, if it ever speaks). */
export function openRtpPacket(packet: Buffer, secretKey: Buffer): { ssrc: number; opus: Buffer } {
  const header = packet.subarray(0, 12);
  const counter = packet.readUInt32BE(packet.length - 4);
  const tag = packet.subarray(packet.length - 20, packet.length - 4);
  const decipher = createDecipheriv('aes-256-gcm', secretKey, gcmNonce(counter));
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  const opus = Buffer.concat([decipher.update(packet.subarray(12, packet.length - 20)), decipher.final()]);
  return { ssrc: header.readUInt32BE(8), opus };
}

/**
 * IP discovery (Discord's UDP handshake): the client sends type 1, length 70, its SSRC and 66
 * empty bytes; the server answers type 2 with the address it saw (NUL-terminated, from byte 8)
 * and the port (big-endian, last two bytes).
 */
export function isDiscoveryRequest(msg: Buffer): boolean {
  return msg.length === 74 && msg.readUInt16BE(0) === 1 && msg.readUInt16BE(2) === 70;
}

export function discoveryResponse(request: Buffer, address: string, port: number): Buffer {
  const res = Buffer.alloc(74);
  res.writeUInt16BE(2, 0);
  res.writeUInt16BE(70, 2);
  res.writeUInt32BE(request.readUInt32BE(4), 4);
  res.write(address, 8, 'utf8');
  res.writeUInt16BE(port, 72);
  return res;
}

/** The fixture format: each Opus packet as a 2-byte big-endian length then its bytes. */
export function readOpusPackets(file: Buffer): Buffer[] {
  const packets: Buffer[] = [];
  for (let at = 0; at + 2 <= file.length; ) {
    const len = file.readUInt16BE(at);
    packets.push(file.subarray(at + 2, at + 2 + len));
    at += 2 + len;
  }
  return packets;
}

export function writeOpusPackets(packets: Buffer[]): Buffer {
  return Buffer.concat(
    packets.flatMap((p) => {
      const len = Buffer.alloc(2);
      len.writeUInt16BE(p.length, 0);
      return [len, p];
    }),
  );
}
