import { EventEmitter, once } from 'node:events';
import { type CacheFactory, Client, Events, GatewayIntentBits, Partials } from 'discord.js';
import { boundedCaches, SWEEPERS } from './client-caches';
import { keepMessageMembers } from './message-members';
import type { CommandsStatus } from '../src/server/core/bot-status';
import type { Services } from '../src/server/core/services';
import { type BotContext, botCaller } from './context';
import { EVENTS } from './events';
import type { BotCommand, BotEvent } from './handlers';
import { databaseIdentifyThrottler } from './features/guilds/gateway-identify';
import { createQueueWorker, type QueueWorker } from './queue-worker';
import { SERVER_EVENTS } from './server-events';
import { type ShardState, shardStates, watchStatus } from './features/guilds/status';

export type { ShardState };
import { stopAllSessions } from './features/voice/session';
import { stopRetries } from './features/channels/marks';
import { attachWebhookRest, detachWebhookRest, webhookRest } from './webhook-rest';
import { registerCommands } from './commands/register';

export interface RunningBot {
  client: Client;
  /** Resolves once the client is ready (every guild of READY has arrived) and caught up: each guild synced, pending work delivered. */
  ready: Promise<void>;
  /** Takes the queue's jobs for this process's shards (started once the client is ready). */
  worker: QueueWorker;
  /** Each shard this process runs and its gateway state (Ready, Connecting, Reconnecting, ...). */
  shards(): ShardState[];
  /**
   * The application commands checked against Discord's once ready (and registered when they
   * differed); null in a process that does not run shard 0 (another process registers them).
   */
  commands: Promise<CommandsStatus | null>;
  /** Stops claiming jobs, finishes those in flight (bounded), leaves voice, disconnects. */
  stop(): Promise<void>;
  /**
   * Each Discord event once every handler of it has finished (or failed): 'handled' with the
   * event's name and arguments. What was done for an event is done by then (messages posted,
   * roles given, rows written).
   */
  activity: EventEmitter<BotActivity>;
  /** How many of each Discord event the handlers have finished since the start, and how many of them failed. */
  handledCounts(): Record<string, { handled: number; failed: number }>;
}

export interface BotActivity {
  handled: [name: string, args: unknown[], failed: boolean];
}

/** Which shards a process runs: 'auto' opens the count Discord recommends (GET /gateway/bot), all here. */
export interface ShardOptions {
  shards?: 'auto' | number[];
  /** Total shards across every process (required with a list of ids). */
  totalShards?: number;
}

/**
 * The fewest intents the bot needs: guilds and channels (sync), guild messages and their content
 * (mirror, single-channel, Translate Message), reactions (flag translations, reaction roles) and
 * members (welcome messages). Message Content and Server Members are privileged: enable them in
 * the Developer Portal (docs/discord-setup.md).
 */
export const INTENTS = [
  GatewayIntentBits.Guilds,
  GatewayIntentBits.GuildMessages,
  GatewayIntentBits.MessageContent,
  GatewayIntentBits.GuildMessageReactions,
  GatewayIntentBits.GuildMembers,
  // Live captions: who is in which voice channel, and the voice connection's own handshake.
  GatewayIntentBits.GuildVoiceStates,
];

/** A request's time to answer through the REST proxy (discord.js's own is 15 s), waits for the bot's limits included. */
export const PROXIED_TIMEOUT_MS = 60_000;

/** Starts the Discord bot when DISCORD_TOKEN is set; otherwise says so and returns null. */
export async function startBot(
  services: Services,
  opts: {
    retries?: number;
    globalRequestsPerSecond?: number;
    /** Webhook calls' own global limit (Discord applies 50/s to the IP for calls without a bot token). */
    webhookRequestsPerSecond?: number;
    queuePollMs?: number;
    /** The command set to register (every command of bot/commands by default). */
    commands?: BotCommand[];
    /** What discord.js keeps in memory (bounded by default: client-caches.ts; bench:caches compares). */
    makeCache?: CacheFactory;
  } & ShardOptions = {},
): Promise<RunningBot | null> {
  const token = services.env.DISCORD_TOKEN;
  if (!token) {
    console.log('Discord bot not started: DISCORD_TOKEN is not set');
    return null;
  }
  const caller = botCaller(services);
  // Through the shared REST proxy when there is one (one limiter for every bot process,
  // rest-proxy.ts): it holds a request while the bot's limits say wait, so answers may take longer.
  const proxy = services.env.DISCORD_REST_PROXY;
  if (proxy) console.log(`Discord REST through the shared proxy at ${proxy}`);
  const restApi = {
    api: proxy ?? services.env.DISCORD_API_URL,
    ...(proxy ? { timeout: PROXIED_TIMEOUT_MS } : {}),
  };
  const client = new Client({
    intents: INTENTS,
    // Events about messages the bot has not cached (older edits, deletes, reactions) still arrive;
    // Partials.User: a reaction removed by a member the bot has not seen since it started still
    // takes the reaction role away (Discord sends only the user id then). Partials.GuildMember: a
    // member who leaves (or changes) while not in the bounded member cache still arrives.
    partials: [Partials.Message, Partials.Channel, Partials.Reaction, Partials.User, Partials.GuildMember],
    rest: {
      ...restApi,
      retries: opts.retries ?? 3,
      // Discord's own global limit is 50 requests a second; only benchmarks change this.
      globalRequestsPerSecond: opts.globalRequestsPerSecond ?? 50,
    },
    allowedMentions: { parse: [] },
    makeCache: opts.makeCache ?? boundedCaches(),
    sweepers: SWEEPERS,
    // Identify turns shared by every bot process of the installation (Discord: one per 5 s per bucket).
    ws: { buildIdentifyThrottler: databaseIdentifyThrottler(caller) },
    ...(Array.isArray(opts.shards)
      ? { shards: opts.shards, shardCount: opts.totalShards ?? Math.max(...opts.shards) + 1 }
      : { shards: 'auto' as const }),
  });
  attachWebhookRest(client, {
    ...restApi,
    retries: opts.retries ?? 3,
    globalRequestsPerSecond: opts.webhookRequestsPerSecond ?? 50,
  });
  // Discord's 429s on the bot's own REST and on the webhook REST (metrics: polyglot_discord_429_total).
  for (const rest of new Set([client.rest, webhookRest(client)])) {
    rest.on('response', (_request, response) => {
      if (response.status === 429)
        services.metrics.discord429.inc({ scope: response.headers.get('x-ratelimit-scope') ?? 'user' });
    });
  }
  const ctx: BotContext = { client, caller, services };
  let caughtUp: () => void = () => {};
  const caughtUpOnce = new Promise<void>((resolve) => {
    caughtUp = resolve;
  });
  // Before the features' listeners: the author's member as each message brought it.
  keepMessageMembers(client);
  const activity = new EventEmitter<BotActivity>();
  const counts: Record<string, { handled: number; failed: number }> = {};
  // One listener per event name: an event is handled once all its handlers have finished.
  const handlers = new Map<string, BotEvent[]>();
  for (const event of EVENTS) handlers.set(event.name, [...(handlers.get(event.name) ?? []), event]);
  for (const [name, events] of handlers) {
    client.on(name, (...args: unknown[]) => {
      let failed = false;
      const run = Promise.all(
        events.map((event) =>
          (event.run as (ctx: BotContext, ...a: unknown[]) => Promise<void>)(ctx, ...args).catch((err) => {
            failed = true;
            console.error(`Discord event ${name} failed:`, err);
          }),
        ),
      ).then(() => {
        counts[name] ??= { handled: 0, failed: 0 };
        const count = counts[name];
        count.handled++;
        if (failed) count.failed++;
        activity.emit('handled', name, args, failed);
      });
      if (name === Events.ClientReady) void run.finally(caughtUp);
    });
  }
  const unsubscribe = [...SERVER_EVENTS.map((e) => e.subscribe(ctx)), watchStatus(ctx)];
  const worker = createQueueWorker(ctx, { pollMs: opts.queuePollMs });
  client.once('clientReady', () => worker.start());
  const commands = once(client, 'clientReady').then(async (): Promise<CommandsStatus | null> => {
    if (!client.isReady() || !client.ws.shards.has(0)) return null;
    const guildId = services.env.DISCORD_COMMANDS_GUILD_ID;
    const result = await registerCommands(client, { guildId, commands: opts.commands, at: services.clock });
    const where = guildId ? `server ${guildId} (DISCORD_COMMANDS_GUILD_ID)` : 'every server';
    if (result.state === 'failed') console.error(`Commands not registered for ${where}: ${result.error}`);
    else
      console.log(
        result.changed
          ? `Registered ${result.count} commands for ${where} (set ${result.hash})`
          : `Commands up to date for ${where} (set ${result.hash})`,
      );
    await ctx.caller.guilds.bot
      .reportStatus({ state: 'online', commands: result })
      .catch((err) => console.error('bot status report failed:', err));
    return result;
  });
  commands.catch(() => {});
  client.on('error', (err) => console.error('Discord client error:', err));
  const ready = once(client, 'clientReady').then(() => caughtUpOnce);
  ready.catch(() => {});
  try {
    await client.login(token);
  } catch (err) {
    await worker.stop();
    for (const off of unsubscribe) off();
    detachWebhookRest(client);
    await client.destroy();
    console.error(`Discord bot not started: ${(err as Error).message}`);
    await ctx.caller.guilds.bot
      .reportStatus({ state: 'offline', reason: (err as Error).message })
      .catch(() => {});
    return null;
  }
  const shards = (): ShardState[] => shardStates(client);
  // Gateway latency per shard, read when /metrics is scraped.
  services.metrics.shards.source = shards;
  return {
    client,
    ready,
    commands,
    worker,
    activity,
    handledCounts: () => structuredClone(counts),
    shards,
    async stop() {
      if (services.metrics.shards.source === shards) services.metrics.shards.source = null;
      await worker.stop();
      stopRetries(client);
      for (const off of unsubscribe) off();
      // Leaving every voice channel ends its session (never active after the bot left).
      await stopAllSessions(ctx, 'the bot shut down');
      detachWebhookRest(client);
      await client.destroy();
      await ctx.caller.guilds.bot
        .reportStatus({ state: 'offline', reason: 'the bot was stopped' })
        .catch(() => {});
    },
  };
}
