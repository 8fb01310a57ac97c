import { type Client, Events, Status } from 'discord.js';
import type { BotContext } from '../../context';

/** Why Discord closed the gateway, in words an operator can act on (docs/discord-setup.md). */
const CLOSE_REASONS: Record<number, string> = {
  4004: 'Discord refused the bot token (reset it in the Developer Portal)',
  4013: 'Discord refused the requested gateway intents',
  4014: 'disallowed intents: turn on Message Content and Server Members in the Developer Portal',
};

/** Every shard of this process and whether its gateway session is ready (the status page samples it). */
const shardStates = (client: Client) =>
  client.ws.shards.map((s) => ({ id: s.id, ready: s.status === Status.Ready }));

function snapshot(client: Client) {
  const shard = client.ws.shards.first();
  const ping = client.ws.ping;
  return {
    latencyMs: Number.isFinite(ping) && ping >= 0 ? Math.round(ping) : null,
    shard: { id: shard?.id ?? 0, count: client.ws.shards.size || 1 },
    shards: shardStates(client),
    tag: client.user?.tag ?? null,
    guilds: client.guilds.cache.size,
  };
}

/**
 * Reports the gateway connection to the server (bot.reportStatus) on ready, disconnect,
 * reconnect and resume, and the heartbeat latency every 30 seconds while online.
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
      shards: shardStates(client),
      reason: CLOSE_REASONS[event.code] ?? `the gateway closed (code ${event.code})`,
    });
  const onReconnecting = () => report({ state: 'connecting', shards: shardStates(client) });
  const onError = (err: Error) => report({ state: 'offline', reason: err.message });

  client.on(Events.ClientReady, online);
  client.on(Events.ShardResume, online);
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
    client.off(Events.ShardDisconnect, onDisconnect);
    client.off(Events.ShardReconnecting, onReconnecting);
    client.off(Events.ShardError, onError);
  };
}
