import type { Server } from 'node:http';
import { type WebSocket, WebSocketServer } from 'ws';
import { type FakeGuild, type FakeUser, guildPayload, type Json, snowflake, userPayload } from './payloads';

/**
 * The gateway side of the fake Discord: HELLO, IDENTIFY -> READY + GUILD_CREATE, heartbeats,
 * RESUME with replay of what the client missed, op 7 RECONNECT and op 9 INVALID SESSION.
 * Every dispatch is numbered and kept per session, so a resumed client gets exactly the events
 * after the last sequence it saw: nothing lost, nothing twice.
 */
interface Session {
  id: string;
  seq: number;
  log: { s: number; payload: Json }[];
  socket: WebSocket | null;
  /** [shard id, shard count] as the client identified. */
  shard: [number, number];
}

/** guild_id >> 22 (the id's timestamp, below 2^42: exact as a number), computed once per id. */
const idTimestamps = new Map<string, number>();

/** The shard that carries a server's events: (guild_id >> 22) % count (Discord's formula). */
export function shardOfGuild(guildId: string, count: number): number {
  if (count <= 1) return 0;
  let timestamp = idTimestamps.get(guildId);
  if (timestamp === undefined) {
    if (!/^\d+$/.test(guildId)) return 0;
    timestamp = Number(BigInt(guildId) >> 22n);
    idTimestamps.set(guildId, timestamp);
  }
  return timestamp % count;
}

/** The server a dispatch is about (GUILD_CREATE/UPDATE/DELETE name it by id, the rest by guild_id). */
function guildOf(t: string, d: Json): string | undefined {
  if (typeof d?.guild_id === 'string') return d.guild_id;
  if (t === 'GUILD_CREATE' || t === 'GUILD_UPDATE' || t === 'GUILD_DELETE') return d?.id;
  return undefined;
}

export interface GatewayStats {
  identifies: number;
  resumes: number;
  heartbeats: number;
}

export class FakeGateway {
  readonly wss: WebSocketServer;
  readonly stats: GatewayStats = { identifies: 0, resumes: 0, heartbeats: 0 };
  /**
   * Every identified session's socket as it closed, with the close code: 1000 when the bot closed it
   * (discord.js's destroy at shutdown), 1006 when the connection ended without a close frame (the
   * bot's process died), or the code the fake closed it with (drop).
   */
  readonly closeLog: { shard: [number, number]; code: number }[] = [];
  /** Every IDENTIFY with a valid token: the shard it named and when (Date.now()). */
  readonly identifyLog: { shard: [number, number]; at: number }[] = [];
  private sessions = new Map<string, Session>();
  /** The session identified or resumed last (the only one when the bot runs one shard). */
  private current: Session | null = null;
  /** The latest session of each shard id. */
  private byShard = new Map<number, Session>();
  private url = '';

  constructor(
    server: Server,
    private readonly opts: {
      token: string;
      botUser: FakeUser;
      applicationId: string;
      guilds: () => FakeGuild[];
    },
  ) {
    this.wss = new WebSocketServer({ server });
    this.wss.on('connection', (ws) => this.onConnection(ws));
  }

  setUrl(url: string) {
    this.url = url;
  }

  get connected(): boolean {
    return this.current?.socket?.readyState === 1;
  }

  /**
   * Sends a dispatch event (kept for replay when the client is away or resumes) to the session of
   * the shard that holds its server, or to the latest session for events without a server.
   */
  dispatch(t: string, d: Json): number {
    const session = this.sessionFor(guildOf(t, d));
    if (!session) throw new Error(`fake discord: no session to dispatch ${t} to (is the bot logged in?)`);
    return this.sendDispatch(session, t, d);
  }

  /** The shards identified so far: id, count and whether the socket is open. */
  shards(): { id: number; count: number; connected: boolean }[] {
    return [...this.byShard.values()]
      .map((s) => ({ id: s.shard[0], count: s.shard[1], connected: s.socket?.readyState === 1 }))
      .sort((a, b) => a.id - b.id);
  }

  private sessionFor(guildId: string | undefined): Session | null {
    if (guildId !== undefined)
      for (const session of this.byShard.values())
        if (session.shard[1] > 1 && shardOfGuild(guildId, session.shard[1]) === session.shard[0])
          return session;
    return this.current;
  }

  /** Closes the socket the way a network cut or a Discord restart does (client resumes). */
  drop(code = 4000): void {
    this.current?.socket?.close(code, 'fake discord dropped the connection');
  }

  /** Op 7: Discord asks the client to reconnect and resume. */
  reconnect(): void {
    this.send(this.current?.socket, { op: 7, d: null });
  }

  /** Op 9: the session is invalid; resumable=false makes the client identify anew. */
  invalidate(resumable: boolean): void {
    const session = this.current;
    if (!session) return;
    this.send(session.socket, { op: 9, d: resumable });
    if (!resumable) this.sessions.delete(session.id);
  }

  async close(): Promise<void> {
    for (const s of this.sessions.values()) s.socket?.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private onConnection(ws: WebSocket) {
    this.send(ws, { op: 10, d: { heartbeat_interval: 41250 } });
    ws.on('message', (raw) => {
      let msg: Json;
      try {
        msg = JSON.parse(raw.toString());
      } catch {
        ws.close(4002, 'decode error');
        return;
      }
      this.onPayload(ws, msg);
    });
    ws.on('close', (code) => {
      for (const s of this.sessions.values())
        if (s.socket === ws) {
          s.socket = null;
          this.closeLog.push({ shard: s.shard, code });
        }
    });
  }

  /** Payloads the bot sent besides heartbeat, identify and resume (op 4 voice state updates). */
  readonly received: Json[] = [];
  /** Called with each of those payloads (the fake voice server answers op 4, see voice-gateway.ts). */
  readonly payloadListeners: ((msg: Json) => void)[] = [];

  private onPayload(ws: WebSocket, msg: Json) {
    switch (msg.op) {
      case 1:
        this.stats.heartbeats++;
        this.send(ws, { op: 11 });
        return;
      case 2:
        return this.identify(ws, msg.d);
      case 6:
        return this.resume(ws, msg.d);
      default:
        // Other ops the bot sends (op 4: join or leave a voice channel), for tests to read.
        this.received.push(msg);
        for (const listener of this.payloadListeners) listener(msg);
        return;
    }
  }

  private identify(ws: WebSocket, d: Json) {
    if (d?.token !== this.opts.token) {
      ws.close(4004, 'Authentication failed.');
      return;
    }
    this.stats.identifies++;
    const shard: [number, number] =
      Array.isArray(d?.shard) && d.shard.length === 2 ? [Number(d.shard[0]), Number(d.shard[1])] : [0, 1];
    this.identifyLog.push({ shard, at: Date.now() });
    const session: Session = { id: snowflake(), seq: 0, log: [], socket: ws, shard };
    this.sessions.set(session.id, session);
    this.current = session;
    this.byShard.set(shard[0], session);
    // Each shard gets the servers of its own shard only.
    const guilds = this.guildsOfShard(shard[0], shard[1]);
    this.sendDispatch(session, 'READY', {
      v: 10,
      user: { ...userPayload(this.opts.botUser), verified: true, mfa_enabled: false, flags: 0 },
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      resume_gateway_url: this.url,
      shard,
      application: { id: this.opts.applicationId, flags: 0 },
      private_channels: [],
      relationships: [],
      presences: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      user_settings: {},
    });
    for (const g of guilds) this.sendDispatch(session, 'GUILD_CREATE', guildPayload(g));
  }

  /**
   * The servers of one shard, in list order. The list is split once per shard count (not scanned
   * again by every shard's IDENTIFY: 100 shards of 100,000 servers) and split again when servers
   * were added, removed or renumbered since.
   */
  private partition: { count: number; ids: string[]; byShard: number[][] } | null = null;
  private guildsOfShard(shard: number, count: number): FakeGuild[] {
    const guilds = this.opts.guilds();
    let p = this.partition;
    let same = p !== null && p.count === count && p.ids.length === guilds.length;
    for (let i = 0; same && p && i < guilds.length; i++) same = guilds[i]!.id === p.ids[i];
    if (!p || !same) {
      p = { count, ids: guilds.map((g) => g.id), byShard: Array.from({ length: count }, () => []) };
      for (const [i, g] of guilds.entries()) p.byShard[shardOfGuild(g.id, count)]?.push(i);
      this.partition = p;
    }
    return (p.byShard[shard] ?? []).map((i) => guilds[i]!);
  }

  private resume(ws: WebSocket, d: Json) {
    const session = this.sessions.get(d?.session_id);
    if (!session || d?.token !== this.opts.token) {
      this.send(ws, { op: 9, d: false });
      return;
    }
    this.stats.resumes++;
    session.socket = ws;
    this.current = session;
    this.byShard.set(session.shard[0], session);
    for (const entry of session.log) if (entry.s > d.seq) this.send(ws, entry.payload);
    this.sendDispatch(session, 'RESUMED', {});
  }

  private sendDispatch(session: Session, t: string, d: Json): number {
    const s = ++session.seq;
    const payload = { op: 0, t, s, d };
    session.log.push({ s, payload });
    this.send(session.socket, payload);
    return s;
  }

  private send(ws: WebSocket | null | undefined, payload: Json) {
    if (ws && ws.readyState === 1) ws.send(JSON.stringify(payload));
  }
}
