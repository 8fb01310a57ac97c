import { type ChildProcess, spawn } from 'node:child_process';
import type { ChildBot } from './health';

/**
 * `npm start -- --bot-processes N` (or BOT_PROCESSES=N): the bot in N processes of its own behind
 * one REST limiter (issue 24, docs/processes.md). This process keeps the web tier and starts, as
 * its children, the REST proxy (`--rest-proxy`: Discord's limits for the whole bot, bot/rest-proxy.ts)
 * and then N bot processes (`--bot --shards a-b --total T`, and `--health-port` base + i when given)
 * given DISCORD_REST_PROXY. With one
 * process (plain `npm start`) there is no proxy: its one limiter is the bot's. An operator's own
 * proxy (DISCORD_REST_PROXY already set) is used instead of starting one.
 *
 * A child that exits on its own stops the whole set (exit code 1), so the supervisor running `npm
 * start` (systemd, a container runtime) restarts it; at shutdown the bots stop first, then the proxy.
 */

export interface BotProcessesOptions {
  processes: number;
  /** Shards across every bot process (at least one a process). */
  totalShards: number;
  /** This program's entry and its node options (tsx in development, the built main.js otherwise). */
  entry?: string[];
  env?: NodeJS.ProcessEnv;
  /**
   * Each bot process's GET /healthz and /metrics: child i (from 0) on this port + i; 0, each on a
   * free port of its own (logged at its start); absent, none (the bot processes' own health is not
   * served, this process's /healthz still reports them).
   */
  healthPort?: number;
  /** Where the children's lines go (this process's stdout by default). */
  write?: (line: string) => void;
}

export interface BotProcesses {
  /** The REST proxy the bot processes use. */
  proxyUrl: string;
  pids(): { proxy: number | null; bots: number[] };
  /** Each bot process, its shards and whether it exited (this process's /healthz, core/health.ts). */
  bots(): ChildBot[];
  /** Resolves when one of them exits without being asked to (its name and exit code). */
  exited: Promise<{ name: string; code: number | null }>;
  /** Stops the bot processes (SIGTERM, graceful), then the proxy. */
  stop(): Promise<void>;
}

/** The command line of bot child `i` (from 0): its shards, and its health port when there is a base. */
export function botProcessArgs(i: number, shards: number[], total: number, healthPort?: number): string[] {
  const list = shards.length === 1 ? `${shards[0]}` : `${shards[0]}-${shards[shards.length - 1]}`;
  const health =
    healthPort === undefined ? [] : ['--health-port', String(healthPort === 0 ? 0 : healthPort + i)];
  return ['--bot', '--shards', list, '--total', String(total), ...health];
}

/** Shards 0..total-1 in `processes` contiguous ranges, the first ones one longer when uneven. */
export function shardRanges(processes: number, total: number): number[][] {
  const ranges: number[][] = [];
  let next = 0;
  for (let i = 0; i < processes; i++) {
    const size = Math.floor(total / processes) + (i < total % processes ? 1 : 0);
    ranges.push(Array.from({ length: size }, (_, k) => next + k));
    next += size;
  }
  return ranges;
}

interface Child {
  name: string;
  proc: ChildProcess;
  exit: Promise<number | null>;
  stopping: boolean;
  /** A bot process's shards (empty for the proxy). */
  shards: number[];
}

export async function startBotProcesses(opts: BotProcessesOptions): Promise<BotProcesses> {
  if (!(Number.isInteger(opts.processes) && opts.processes >= 2))
    throw new Error('--bot-processes: must be a whole number, 2 or more');
  if (!(Number.isInteger(opts.totalShards) && opts.totalShards >= opts.processes))
    throw new Error(`--total: at least one shard a bot process (${opts.processes})`);
  const entry = opts.entry ?? [...process.execArgv, process.argv[1] as string];
  const env = opts.env ?? process.env;
  const write = opts.write ?? ((line: string) => process.stdout.write(`${line}\n`));
  const children: Child[] = [];
  let exitedOnItsOwn: (v: { name: string; code: number | null }) => void = () => {};
  const exited = new Promise<{ name: string; code: number | null }>((resolve) => {
    exitedOnItsOwn = resolve;
  });

  function start(
    name: string,
    args: string[],
    extraEnv: NodeJS.ProcessEnv,
    onLine?: (line: string) => void,
    shards: number[] = [],
  ) {
    const proc = spawn(process.execPath, [...entry, ...args], {
      env: { ...env, ...extraEnv },
      // The IPC channel tells the child when this process is gone (core/stop-requests.ts).
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    });
    let partial = '';
    const onData = (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        if (!line) continue;
        write(line);
        onLine?.(line);
      }
    };
    proc.stdout?.on('data', onData);
    proc.stderr?.on('data', onData);
    const child: Child = {
      name,
      proc,
      stopping: false,
      shards,
      exit: new Promise((resolve) => proc.on('exit', (code) => resolve(code))),
    };
    void child.exit.then((code) => {
      if (!child.stopping) exitedOnItsOwn({ name, code });
    });
    children.push(child);
    write(`Started ${name} (pid ${proc.pid})`);
    return child;
  }

  async function stopAll() {
    const bots = children.filter((c) => c.name !== 'the REST proxy');
    const proxies = children.filter((c) => c.name === 'the REST proxy');
    for (const group of [bots, proxies]) {
      for (const c of group) {
        c.stopping = true;
        if (c.proc.exitCode === null && c.proc.signalCode === null) c.proc.kill('SIGTERM');
      }
      await Promise.all(group.map((c) => c.exit));
    }
  }

  let proxyUrl = env.DISCORD_REST_PROXY?.trim() ?? '';
  if (proxyUrl) {
    write(`Bot processes use the REST proxy in DISCORD_REST_PROXY (${proxyUrl})`);
  } else {
    let found: (url: string) => void = () => {};
    const url = new Promise<string>((resolve) => {
      found = resolve;
    });
    const proxy = start('the REST proxy', ['--rest-proxy', '--proxy-port', '0'], {}, (line) => {
      const m = line.match(/REST proxy on (http\S+?)(?:["\s]|$)/);
      if (m?.[1]) found(m[1]);
    });
    const first = await Promise.race([url, proxy.exit.then(() => null)]);
    if (!first) {
      await stopAll();
      throw new Error('the REST proxy did not start (its lines above say why)');
    }
    proxyUrl = first;
  }
  const ranges = shardRanges(opts.processes, opts.totalShards);
  ranges.forEach((shards, i) => {
    const list = shards.length === 1 ? `${shards[0]}` : `${shards[0]}-${shards[shards.length - 1]}`;
    start(
      `bot process ${i + 1} of ${opts.processes} (shards ${list} of ${opts.totalShards})`,
      botProcessArgs(i, shards, opts.totalShards, opts.healthPort),
      { DISCORD_REST_PROXY: proxyUrl },
      undefined,
      shards,
    );
  });
  return {
    proxyUrl,
    pids: () => ({
      proxy: children.find((c) => c.name === 'the REST proxy')?.proc.pid ?? null,
      bots: children.filter((c) => c.name !== 'the REST proxy').map((c) => c.proc.pid as number),
    }),
    bots: () =>
      children
        .filter((c) => c.name !== 'the REST proxy')
        .map((c) => ({
          name: c.name,
          pid: c.proc.pid as number,
          shards: c.shards,
          exited:
            c.proc.exitCode === null && c.proc.signalCode === null
              ? null
              : { code: c.proc.exitCode, signal: c.proc.signalCode },
        })),
    exited,
    stop: stopAll,
  };
}
