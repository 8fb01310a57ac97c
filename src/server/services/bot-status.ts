/**
 * What the bot process last said about its own connection, kept in memory beside the services
 * (the bot runs in the same process and reports through the bot.reportStatus procedure on ready,
 * disconnect, reconnect and every heartbeat). Nothing here is stored: after a restart the state
 * starts again from "connecting" (or "not configured" without a token).
 */
export type BotState = 'not_configured' | 'connecting' | 'online' | 'offline';

export interface BotStatus {
  state: BotState;
  /** When the bot entered this state (ISO date-time). */
  since: string;
  /** Gateway heartbeat round trip in milliseconds, when online and measured. */
  latencyMs: number | null;
  /** Shard this process runs and how many there are. */
  shard: { id: number; count: number } | null;
  /** The bot's Discord name (name#0000 or name) once logged in. */
  tag: string | null;
  /** How many servers the bot is in, when online. */
  guilds: number | null;
  /** Why it is offline (login refused, disallowed intents, network), when known. */
  reason: string | null;
}

export interface BotStatusReport {
  state: Exclude<BotState, 'not_configured'>;
  latencyMs?: number | null;
  shard?: { id: number; count: number } | null;
  tag?: string | null;
  guilds?: number | null;
  reason?: string | null;
}

export interface BotStatusBox {
  get(): BotStatus;
  report(update: BotStatusReport, at: Date): BotStatus;
}

/** The holder the services carry; `configured` is whether DISCORD_TOKEN is set. */
export function createBotStatus(configured: boolean, at: Date): BotStatusBox {
  let status: BotStatus = {
    state: configured ? 'connecting' : 'not_configured',
    since: at.toISOString(),
    latencyMs: null,
    shard: null,
    tag: null,
    guilds: null,
    reason: null,
  };
  return {
    get: () => status,
    report(update, when) {
      if (status.state === 'not_configured') return status;
      const changed = update.state !== status.state;
      status = {
        state: update.state,
        since: changed ? when.toISOString() : status.since,
        latencyMs: update.state === 'online' ? (update.latencyMs ?? status.latencyMs) : null,
        shard: update.shard !== undefined ? update.shard : status.shard,
        tag: update.tag !== undefined ? update.tag : status.tag,
        guilds: update.state === 'online' ? (update.guilds ?? status.guilds) : status.guilds,
        reason: update.state === 'offline' ? (update.reason ?? status.reason) : null,
      };
      return status;
    },
  };
}
