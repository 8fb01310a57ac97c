import { type Client, Events, Status } from 'discord.js';
import type { BotContext } from '../../context';

/** Why Discord closed the gateway, in words an operator can act on (docs/discord-setup.md). */
const CLOSE_REASONS: Record<number, string> = {
  4004: 'Discord refused the bot token (reset it in the Developer Portal)',
  4013: 'Discord refused the requested gateway intents',
  4014: 'disallowed intents: turn on Message Content and Server Members in the Developer Portal',
};

/** A gateway shard of this process as /healthz and the status reports show it. */
export interface ShardState {
  id: number;
  /** discord.js's state: Ready, Connecting, Reconnecting, Resuming, Disconnected, ... */
  status: string;
  /** Heartbeat round trip in ms (-1 before the first). */
  ping: number;
  /** Servers on this shard. */
  guilds: number;
  /** When the newest heartbeat was acknowledged (ISO date-time), null before the first. */
  lastHeartbeat: string | null;
}

/** Every shard of this process: its gateway state, heartbeat and servers (one pass over the servers). */
export function shardStates(client: Client): ShardState[] {
  const guilds = new Map<number, number>();
  for (const g of client.guilds.cache.values()) guilds.set(g.shardId, (guilds.get(g.shardId) ?? 0) + 1);
  return [...client.ws.shards.values()].map((shard) => ({
    id: shard.id,
    status: Status[shard.status] ?? String(shard.status),
    ping: shard.ping,
    guilds: guilds.get(shard.id) ?? 0,
    lastHeartbeat: shard.lastPingTimestamp > 0 ? new Date(shard.lastPingTimestamp).toISOString() : null,
  }));
}

/** What each report carries of the shards: `ready` for the status page, the rest for /healthz. */
const reportedShards = (client: Client) =>
  shardStates(client).map((s) => ({ ...s, ping: Math.round(s.ping), ready: s.status === 'Ready' }));

function snapshot(client: Client) {
  const shard = client.ws.shards.first();
  const ping = client.ws.ping;
  return {
    latencyMs: Number.isFinite(ping) && ping >= 0 ? Math.round(ping) : null,
    shard: { id: shard?.id ?? 0, count: client.ws.shards.size || 1 },
    shards: reportedShards(client),
    tag: client.user?.tag ?? null,
    guilds: client.guilds.cache.size,
  };
}

/**
 * Reports the gateway connection to the server (bot.reportStatus) on ready, disconnect,
 * reconnect and resume, and every shard's state and heartbeat every 30 seconds while online (a
 * web process that started this one as a child reads them for its /healthz, docs/processes.md).
 * Returns the function that stops watching.
 */
export function watchStatus(ctx: BotContext): () => void {
  const { client } = ctx;
  const report = (input: Parameters<BotContext['caller']['guilds']['bot']['reportStatus']>[0]) => {
    ctx.caller.guilds.bot.reportStatus(input).catch((err) => console.error('bot status report failed:', err));
  };
  const online = () => report({ state: 'online', ...snapshot(client) });
  const onDisconnect = (event: { code: number }, shardId: number) =>
    report({
      state: 'offline',
      shard: { id: shardId, count: client.ws.shards.size || 1 },
      shards: reportedShards(client),
      reason: CLOSE_REASONS[event.code] ?? `the gateway closed (code ${event.code})`,
    });
  const onReconnecting = () => report({ state: 'connecting', shards: reportedShards(client) });
  const onError = (err: Error) => report({ state: 'offline', reason: err.message });

  client.on(Events.ClientReady, online);
  client.on(Events.ShardResume, online);
  // A shard that identified again (a new session, not a resume) once the client was ready.
  const onShardReady = () => {
    if (client.isReady()) online();
  };
  client.on(Events.ShardReady, onShardReady);
  client.on(Events.ShardDisconnect, onDisconnect);
  client.on(Events.ShardReconnecting, onReconnecting);
  client.on(Events.ShardError, onError);
  const timer = setInterval(() => {
    if (client.isReady()) online();
  }, 30_000);
  timer.unref();
  return () => {
    clearInterval(timer);
    client.off(Events.ClientReady, online);
    client.off(Events.ShardResume, online);
    client.off(Events.ShardReady, onShardReady);
    client.off(Events.ShardDisconnect, onDisconnect);
    client.off(Events.ShardReconnecting, onReconnecting);
    client.off(Events.ShardError, onError);
  };
}
