import { parseArgs } from 'node:util';

/** The command line of src/main.ts (npm start, start:web, start:bot, start:proxy). */
export interface ProcessOptions {
  role: 'all' | 'web' | 'bot' | 'proxy';
  /** The REST proxy's port (--rest-proxy; bot processes reach it through DISCORD_REST_PROXY). */
  proxyPort?: number;
  /** Shard ids this process runs of `total`, or 'auto' (every shard Discord recommends). */
  shards: 'auto' | number[];
  total?: number;
  /**
   * Bot processes: serve GET /healthz and /metrics on this port (none when absent). With
   * `--bot-processes N`: the first bot child's port, child i (from 0) on this + i (0: each child a
   * free port of its own, logged at its start); from BOT_HEALTH_PORT too.
   */
  healthPort?: number;
  demo: boolean;
  /**
   * `npm start -- --bot-processes N` (or BOT_PROCESSES=N), N of 2 or more: the bot runs in N child
   * processes behind one REST proxy, `total` shards across them (N by default); this process keeps
   * the web tier (core/bot-processes.ts). Absent or 1: the bot runs in this process.
   */
  botProcesses?: number;
}

/** Where `--rest-proxy` listens unless `--proxy-port` says otherwise. */
export const DEFAULT_PROXY_PORT = 4480;

/** "0-3", "0,2,5" or "3" -> shard ids. */
function parseShardList(text: string): number[] {
  const ids = new Set<number>();
  for (const part of text.split(',')) {
    const m = part.trim().match(/^(\d+)(?:-(\d+))?$/);
    if (!m) throw new Error(`--shards: "${text}" is not a list like 0-3 or 0,2,5`);
    const from = Number(m[1]);
    const to = m[2] === undefined ? from : Number(m[2]);
    if (to < from) throw new Error(`--shards: ${part} goes backwards`);
    for (let i = from; i <= to; i++) ids.add(i);
  }
  return [...ids].sort((a, b) => a - b);
}

export function parseProcessArgs(argv: string[]): ProcessOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      bot: { type: 'boolean', default: false },
      web: { type: 'boolean', default: false },
      'rest-proxy': { type: 'boolean', default: false },
      'proxy-port': { type: 'string' },
      shards: { type: 'string' },
      total: { type: 'string' },
      'health-port': { type: 'string' },
      demo: { type: 'boolean', default: false },
      'bot-processes': { type: 'string' },
    },
    strict: true,
  });
  if (values.bot && values.web) throw new Error('--bot and --web together: leave both out to run everything');
  if (values['rest-proxy'] && (values.bot || values.web))
    throw new Error('--rest-proxy runs alone: leave out --bot and --web');
  if (values['proxy-port'] !== undefined && !values['rest-proxy'])
    throw new Error('--proxy-port goes with --rest-proxy');
  const role = values['rest-proxy'] ? 'proxy' : values.bot ? 'bot' : values.web ? 'web' : 'all';
  const proxyPort = values['rest-proxy'] ? Number(values['proxy-port'] ?? DEFAULT_PROXY_PORT) : undefined;
  if (proxyPort !== undefined && !(Number.isInteger(proxyPort) && proxyPort >= 0 && proxyPort <= 65535))
    throw new Error('--proxy-port: must be a port number');
  const processesText = values['bot-processes'] ?? process.env.BOT_PROCESSES?.trim();
  const botProcesses = processesText ? Number(processesText) : undefined;
  if (botProcesses !== undefined) {
    if (!(Number.isInteger(botProcesses) && botProcesses >= 1))
      throw new Error(
        `--bot-processes (BOT_PROCESSES): "${processesText}" is not a whole number of processes, 1 or more`,
      );
    if (values['bot-processes'] !== undefined && role !== 'all')
      throw new Error('--bot-processes goes with npm start alone: leave out --bot, --web and --rest-proxy');
  }
  if (role === 'all' && botProcesses !== undefined && botProcesses > 1) {
    if (values.shards !== undefined)
      throw new Error(
        '--shards: with --bot-processes the shards are split between the processes; give --total alone',
      );
    const total = values.total === undefined ? botProcesses : Number(values.total);
    if (!Number.isInteger(total) || total < botProcesses)
      throw new Error(
        `--total: must be a whole number of shards, at least one a bot process (${botProcesses})`,
      );
    const baseText = values['health-port'] ?? process.env.BOT_HEALTH_PORT?.trim();
    const base = baseText ? Number(baseText) : undefined;
    if (base !== undefined && !(Number.isInteger(base) && base >= 0 && base + botProcesses - 1 <= 65535))
      throw new Error(
        `--health-port (BOT_HEALTH_PORT): "${baseText}" is not a port the ${botProcesses} bot processes' ports can start at (0, or 1 to ${65536 - botProcesses})`,
      );
    return {
      role,
      shards: 'auto',
      total,
      healthPort: base,
      demo: Boolean(values.demo) || process.env.DEMO_DATA === '1',
      botProcesses,
    };
  }
  let shards: ProcessOptions['shards'] = 'auto';
  let total: number | undefined;
  if (values.shards !== undefined || values.total !== undefined) {
    if (role === 'web') throw new Error('--shards: the web tier runs no shards');
    if (role === 'proxy') throw new Error('--shards: the REST proxy runs no shards');
    if (values.shards === undefined || values.total === undefined)
      throw new Error('--shards and --total go together, e.g. --shards 0-1 --total 4');
    total = Number(values.total);
    if (!Number.isInteger(total) || total < 1)
      throw new Error('--total: must be a whole number of shards, 1 or more');
    shards = parseShardList(values.shards);
    const outside = shards.find((id) => id >= (total as number));
    if (outside !== undefined) throw new Error(`--shards: shard ${outside} is not below --total ${total}`);
  }
  const healthPort = values['health-port'] === undefined ? undefined : Number(values['health-port']);
  if (healthPort !== undefined && !(Number.isInteger(healthPort) && healthPort >= 0 && healthPort <= 65535))
    throw new Error('--health-port: must be a port number');
  return {
    role,
    proxyPort,
    shards,
    total,
    healthPort,
    demo: Boolean(values.demo) || process.env.DEMO_DATA === '1',
  };
}
