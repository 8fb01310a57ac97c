/**
 * What the bot says about its own gateway connection (one report per bot process): the shapes the
 * services' status box holds and /healthz reads. The box itself (kept in memory and in bot_status)
 * is the guilds capability's (features/guilds/bot-status.ts).
 */

/** What the bot found when it compared its application commands with Discord's at start. */
export interface CommandsStatus {
  state: 'registered' | 'failed';
  /** 'global' (every server) or 'guild' (DISCORD_COMMANDS_GUILD_ID only, for development). */
  scope: 'global' | 'guild';
  guildId: string | null;
  /** sha256 of the command set's JSON, first 12 hex digits. */
  hash: string;
  count: number;
  /** This start replaced Discord's set (false: Discord already had it). */
  changed: boolean;
  /** When it was checked (ISO date-time). */
  at: string;
  /** Why registering failed (missing scope, network), when it did. */
  error: string | null;
}

export type BotState = 'not_configured' | 'connecting' | 'online' | 'offline';

export interface BotStatus {
  state: BotState;
  /** When the bot entered this state (ISO date-time). */
  since: string;
  /** Gateway heartbeat round trip in milliseconds, when online and measured. */
  latencyMs: number | null;
  /** Shard this process runs and how many there are. */
  shard: { id: number; count: number } | null;
  /** Every shard this process runs and whether it is ready (absent from older reports). */
  shards?: ReportedShard[];
  /** The bot's Discord name (name#0000 or name) once logged in. */
  tag: string | null;
  /** How many servers the bot is in, when online. */
  guilds: number | null;
  /** Why it is offline (login refused, disallowed intents, network), when known. */
  reason: string | null;
  /** The application commands' registration, once the bot has checked them (null before). */
  commands: CommandsStatus | null;
}

/** A shard in a report: ready (the status page), and since issue 24 its state for /healthz. */
export interface ReportedShard {
  id: number;
  ready: boolean;
  /** discord.js's state (Ready, Connecting, Reconnecting, ...). */
  status?: string;
  /** Heartbeat round trip in ms (-1 before the first). */
  ping?: number;
  guilds?: number;
  /** When the newest heartbeat was acknowledged (ISO date-time). */
  lastHeartbeat?: string | null;
}

/** The newest report of one process, and when it was written. */
export interface ProcessReport {
  status: BotStatus;
  at: Date;
  /** Written in the last BOT_STATUS_FRESH_MS of features/guilds/bot-status.ts (an older one is of a process hung or gone). */
  fresh: boolean;
}

export interface BotStatusReport {
  state: Exclude<BotState, 'not_configured'>;
  latencyMs?: number | null;
  shard?: { id: number; count: number } | null;
  shards?: ReportedShard[];
  tag?: string | null;
  guilds?: number | null;
  reason?: string | null;
  commands?: CommandsStatus | null;
}

/**
 * The bot's own account of its gateway connection, as the services carry it (Services.botStatus):
 * the bot reports through guilds.bot.reportStatus, setup and status read it, /healthz
 * (core/health.ts) reads the bot processes' reports. features/guilds/bot-status.ts keeps it
 * (createBotStatus); declared here so the container names it without importing a capability.
 */
export interface BotStatusBox {
  get(): Promise<BotStatus>;
  /** Resolves once the report is stored for the other processes. */
  report(update: BotStatusReport, at: Date): Promise<BotStatus>;
  /**
   * The newest report of each of these processes of this machine (by pid), however old: the bot
   * processes `npm start -- --bot-processes N` started (their /healthz, core/health.ts). Empty
   * without the database.
   */
  reportsOf(pids: number[]): Promise<Map<number, ProcessReport>>;
}
