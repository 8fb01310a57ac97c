import { randomBytes } from 'node:crypto';
import { createSocket, type RemoteInfo, type Socket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import tls from 'node:tls';
import { type WebSocket, WebSocketServer } from 'ws';
import type { Json } from './payloads';
import { FakeDaveCall } from './voice-dave';
import {
  AES_MODE,
  discoveryResponse,
  isDiscoveryRequest,
  type RtpState,
  rtpPacket,
  SILENCE_FRAME,
  XCHACHA_MODE,
} from './voice-rtp';

/**
 * A fake Discord voice server on loopback, for @discordjs/voice 0.19 driven by the real
 * discord.js client: the voice gateway (WebSocket, v8: Hello 8, Identify 0, Ready 2, Select
 * Protocol 1, Session Description 4, Heartbeat 3 / ACK 6, Speaking 5, Resume 7 / Resumed 9,
 * Clients Connect 11 / Client Disconnect 13) and RTP over UDP (IP discovery, then packets
 * encrypted with aead_aes256_gcm_rtpsize, the mode the library picks when node has AES-GCM).
 *
 * DAVE: with `dave` on, the server requires it as Discord does since March 2026 (a connection
 * that does not offer it, Identify's max_dave_protocol_version, is closed with 4017), answers
 * dave_protocol_version 1 in Session Description and runs the MLS group as its external sender
 * (voice-dave.ts); members that `daveJoin` the call are real MLS clients whose Opus frames are
 * DAVE-encrypted. With `dave` off it answers version 0 (the library's pass-through).
 *
 * The library always opens wss://<endpoint>?v=8, so this server speaks TLS with a self-signed
 * certificate for 127.0.0.1 (test/fixtures/voice-tls); `trust()` makes TLS connections to this
 * port (and only those) accept it.
 */

const TLS_DIR = new URL('../../fixtures/voice-tls/', import.meta.url);

export const VoiceOp = {
  Identify: 0,
  SelectProtocol: 1,
  Ready: 2,
  Heartbeat: 3,
  SessionDescription: 4,
  Speaking: 5,
  HeartbeatAck: 6,
  Resume: 7,
  Hello: 8,
  Resumed: 9,
  ClientsConnect: 11,
  ClientDisconnect: 13,
} as const;

/** One bot connection to the voice gateway. */
export interface VoiceClient {
  ws: WebSocket;
  serverId: string;
  userId: string;
  sessionId: string;
  /** The bot's own SSRC (Ready). */
  ssrc: number;
  /** Whether the bot offered DAVE (Identify's max_dave_protocol_version). */
  maxDaveProtocolVersion: number | null;
  mode: string | null;
  secretKey: Buffer | null;
  /** Where the bot's UDP socket is (learned from its IP discovery packet). */
  udp: RemoteInfo | null;
  seq: number;
  ready: boolean;
  /** The DAVE group of this call (dave on), from Session Description. */
  dave: FakeDaveCall | null;
}

export class FakeVoiceServer {
  /** Every JSON payload the bot sent on the voice gateway, in order. */
  readonly received: Json[] = [];
  readonly clients: VoiceClient[] = [];
  /** Tokens issued in VOICE_SERVER_UPDATE: guild id -> token. */
  readonly tokens = new Map<string, string>();
  /** Session ids from the bot's VOICE_STATE_UPDATE: guild id -> session id. */
  readonly sessions = new Map<string, string>();
  /** When set, the server closes every new connection with this code right after Identify (4017: DAVE required). */
  refuseWith: number | null = null;
  /** DAVE protocol version 1 required and negotiated (see voice-dave.ts); off: version 0. */
  dave = false;
  /** The voice channel the bot asked for, by guild (voice-gateway.ts sets it from op 4). */
  readonly channels = new Map<string, string>();
  /** Who speaks under each SSRC (announceSpeaker). */
  private readonly speakers = new Map<number, string>();
  private nextSsrc = 1000;
  private restoreTls: (() => void) | null = null;

  private constructor(
    private readonly https: Server,
    private readonly wss: WebSocketServer,
    private readonly udp: Socket,
  ) {
    wss.on('connection', (ws) => this.onConnection(ws));
    udp.on('message', (msg, rinfo) => this.onUdp(msg, rinfo));
  }

  static async start(): Promise<FakeVoiceServer> {
    const https = createServer({
      cert: readFileSync(new URL('cert.pem', TLS_DIR)),
      key: readFileSync(new URL('key.pem', TLS_DIR)),
    });
    const wss = new WebSocketServer({ server: https });
    const udp = createSocket('udp4');
    await new Promise<void>((resolve) => https.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => udp.bind(0, '127.0.0.1', resolve));
    const server = new FakeVoiceServer(https, wss, udp);
    server.trust();
    return server;
  }

  get port(): number {
    return (this.https.address() as AddressInfo).port;
  }

  /** What VOICE_SERVER_UPDATE carries: host:port (the library puts wss:// before it). */
  get endpoint(): string {
    return `127.0.0.1:${this.port}`;
  }

  get udpPort(): number {
    return (this.udp.address() as AddressInfo).port;
  }

  /** The bot's current connection (ready: it selected a protocol and got its key). */
  current(serverId?: string): VoiceClient | undefined {
    return this.clients
      .filter((c) => c.ready && c.ws.readyState === 1 && (!serverId || c.serverId === serverId))
      .at(-1);
  }

  issueToken(guildId: string): string {
    const token = randomBytes(8).toString('hex');
    this.tokens.set(guildId, token);
    return token;
  }

  /** A member's audio stream: announced with op 5 Speaking, then sent as RTP under its SSRC. */
  announceSpeaker(client: VoiceClient, userId: string): RtpState {
    const ssrc = this.nextSsrc++;
    this.speakers.set(ssrc, userId);
    this.send(client, { op: VoiceOp.Speaking, d: { user_id: userId, ssrc, speaking: 1 } });
    return {
      ssrc,
      sequence: randomBytes(2).readUInt16BE(0),
      timestamp: randomBytes(4).readUInt32BE(0),
      nonce: 0,
    };
  }

  /** Op 11: members connected to the call (as Discord tells each client). */
  clientsConnect(client: VoiceClient, userIds: string[]): void {
    this.send(client, { op: VoiceOp.ClientsConnect, d: { user_ids: userIds } });
  }

  /**
   * DAVE on: the member connects (op 11) and is added to the call's MLS group by the server's
   * proposal, the bot's commit and the member's welcome; resolves once the transition executed.
   */
  async daveJoin(client: VoiceClient, userId: string): Promise<void> {
    if (!client.dave) throw new Error('fake voice: DAVE is not on for this call');
    this.clientsConnect(client, [userId]);
    await client.dave.addMember(userId);
  }

  /** DAVE on: the member leaves (op 13) and is removed from the group (a new epoch). */
  async daveLeave(client: VoiceClient, userId: string): Promise<void> {
    if (!client.dave) throw new Error('fake voice: DAVE is not on for this call');
    this.send(client, { op: VoiceOp.ClientDisconnect, d: { user_id: userId } });
    await client.dave.removeMember(userId);
  }

  /**
   * Plays Opus packets as the member, one every 20 ms (paced like a real client), then the 5
   * silence frames a Discord client sends when the member stops talking. Resolves after the last.
   */
  async play(
    client: VoiceClient,
    rtp: RtpState,
    packets: Buffer[],
    frameMs = 20,
    /** Called right after the last packet of speech is sent (the utterance's end). */
    onSpeechEnd?: () => void,
  ): Promise<void> {
    if (!client.udp || !client.secretKey || !client.mode) throw new Error('fake voice: client not ready');
    const frames = [...packets, ...Array.from({ length: 5 }, () => SILENCE_FRAME)];
    const start = performance.now();
    for (let i = 0; i < frames.length; i++) {
      const speaker = this.speakers.get(rtp.ssrc);
      const frame =
        client.dave && speaker && frames[i] !== SILENCE_FRAME
          ? client.dave.encrypt(speaker, frames[i])
          : frames[i];
      const packet = rtpPacket(rtp, frame, client.mode, client.secretKey);
      this.udp.send(packet, client.udp.port, client.udp.address);
      if (i === packets.length - 1) onSpeechEnd?.();
      const wait = start + (i + 1) * frameMs - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
  }

  /** Closes the bot's voice websocket (a network cut: below 4000 the library resumes). */
  drop(client: VoiceClient, code = 1012): void {
    client.ws.close(code, 'fake voice server dropped the connection');
  }

  /** Makes TLS connections to this server's port accept its self-signed certificate (only those). */
  private trust(): void {
    const ca = readFileSync(new URL('cert.pem', TLS_DIR));
    const original = tls.connect;
    const port = this.port;
    const patched = ((...args: unknown[]) => {
      const options = args[0] as tls.ConnectionOptions | undefined;
      if (options && typeof options === 'object' && Number(options.port) === port) {
        args[0] = { ...options, ca };
      }
      return (original as (...a: unknown[]) => tls.TLSSocket)(...args);
    }) as typeof tls.connect;
    tls.connect = patched;
    this.restoreTls = () => {
      if (tls.connect === patched) tls.connect = original;
    };
  }

  async close(): Promise<void> {
    this.restoreTls?.();
    for (const c of this.clients) c.ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    this.https.closeAllConnections();
    await new Promise<void>((resolve) => this.https.close(() => resolve()));
    await new Promise<void>((resolve) => this.udp.close(() => resolve()));
  }

  private onConnection(ws: WebSocket) {
    const client: VoiceClient = {
      ws,
      serverId: '',
      userId: '',
      sessionId: '',
      ssrc: 0,
      maxDaveProtocolVersion: null,
      mode: null,
      secretKey: null,
      udp: null,
      seq: 0,
      ready: false,
      dave: null,
    };
    this.clients.push(client);
    this.send(client, { op: VoiceOp.Hello, d: { heartbeat_interval: 13_750 } });
    ws.on('message', (raw, binary) => {
      if (binary) {
        // DAVE's binary MLS messages from the bot: [opcode][payload].
        const bytes = raw as Buffer;
        client.dave?.onBinary(bytes[0]!, bytes.subarray(1));
        return;
      }
      let msg: Json;
      try {
        msg = JSON.parse(raw.toString());
      } catch {
        ws.close(4002, 'Failed to decode payload');
        return;
      }
      this.received.push(msg);
      client.dave?.onJson(msg);
      this.onPayload(client, msg);
    });
  }

  private onPayload(client: VoiceClient, msg: Json) {
    const d = msg.d ?? {};
    switch (msg.op) {
      case VoiceOp.Heartbeat:
        this.send(client, { op: VoiceOp.HeartbeatAck, d: { t: d.t } });
        return;
      case VoiceOp.Identify:
      case VoiceOp.Resume: {
        const token = this.tokens.get(d.server_id);
        if (!token || d.token !== token || this.sessions.get(d.server_id) !== d.session_id) {
          client.ws.close(4004, 'Authentication failed');
          return;
        }
        if (msg.op === VoiceOp.Resume) return this.resume(client, d);
        if (this.refuseWith !== null) {
          client.ws.close(this.refuseWith, 'refused by the fake voice server');
          return;
        }
        if (this.dave && !(d.max_dave_protocol_version >= 1)) {
          client.ws.close(4017, 'E2EE/DAVE protocol required');
          return;
        }
        client.serverId = d.server_id;
        client.userId = d.user_id;
        client.sessionId = d.session_id;
        client.maxDaveProtocolVersion = d.max_dave_protocol_version ?? null;
        client.ssrc = this.nextSsrc++;
        this.send(client, {
          op: VoiceOp.Ready,
          d: {
            ssrc: client.ssrc,
            ip: '127.0.0.1',
            port: this.udpPort,
            modes: [AES_MODE, XCHACHA_MODE],
          },
        });
        return;
      }
      case VoiceOp.SelectProtocol: {
        const mode = d.data?.mode;
        if (d.protocol !== 'udp' || ![AES_MODE, XCHACHA_MODE].includes(mode)) {
          client.ws.close(4016, 'Unknown encryption mode');
          return;
        }
        client.mode = mode;
        client.secretKey = randomBytes(32);
        client.ready = true;
        this.send(client, {
          op: VoiceOp.SessionDescription,
          d: {
            mode,
            secret_key: [...client.secretKey],
            audio_codec: 'opus',
            video_codec: null,
            media_session_id: randomBytes(8).toString('hex'),
            dave_protocol_version: this.dave ? 1 : 0,
          },
        });
        if (this.dave) {
          const channelId = this.channels.get(client.serverId) ?? '0';
          client.dave = new FakeDaveCall(
            channelId,
            client.userId,
            (payload) => this.send(client, payload),
            (op, payload) => this.sendBinary(client, op, payload),
          );
          client.dave.start();
        }
        return;
      }
      default:
        // op 5 Speaking from the bot (it never speaks here) and anything else: recorded only.
        return;
    }
  }

  /** Resume: the same session goes on over a new socket (same SSRC, key and UDP address). */
  private resume(client: VoiceClient, d: Json) {
    const old = this.clients.filter((c) => c !== client && c.sessionId === d.session_id && c.ready).at(-1);
    if (!old) {
      client.ws.close(4006, 'Session no longer valid');
      return;
    }
    Object.assign(client, { ...old, ws: client.ws, seq: client.seq });
    this.send(client, { op: VoiceOp.Resumed, d: null });
  }

  private onUdp(msg: Buffer, rinfo: RemoteInfo) {
    if (!isDiscoveryRequest(msg)) return; // keep-alives (8 bytes) and the bot's own RTP
    const ssrc = msg.readUInt32BE(4);
    const client = this.clients.find((c) => c.ssrc === ssrc);
    if (!client) return;
    client.udp = rinfo;
    this.udp.send(discoveryResponse(msg, rinfo.address, rinfo.port), rinfo.port, rinfo.address);
  }

  /** A binary voice gateway message: [seq u16][opcode u8][payload] (DAVE's MLS messages). */
  private sendBinary(client: VoiceClient, op: number, payload: Buffer) {
    if (client.ws.readyState !== 1) return;
    client.seq++;
    const head = Buffer.alloc(3);
    head.writeUInt16BE(client.seq & 0xffff);
    head.writeUInt8(op, 2);
    client.ws.send(Buffer.concat([head, payload]));
  }

  private send(client: VoiceClient, payload: Json) {
    if (client.ws.readyState !== 1) return;
    client.seq++;
    client.ws.send(JSON.stringify({ ...payload, seq: client.seq }));
  }
}
