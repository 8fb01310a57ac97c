/**
 * One product process started by `npm run bench:scale`: src/main.ts as `npm start`,
 * `npm run start:web` or `npm run start:bot -- --shards a-b --total n` run it (scripts/start.mjs
 * adds only the client build and a .env file), with bench/scale-probe.ts loaded for memory samples.
 * Lines it prints are kept and can be awaited, each with the time it arrived.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MemorySample } from './scale-probe';

export interface ProductProcess {
  label: string;
  child: ChildProcess;
  startedAt: number;
  output: { at: number; line: string }[];
  /** The first line matching (past or future), and when it arrived (performance.now()). */
  line(re: RegExp, timeoutMs?: number): Promise<{ match: RegExpMatchArray; at: number }>;
  /** Memory before the bot logged in (null for a web process) and now, each after a full GC. */
  memory(): Promise<{ before: MemorySample | null; after: MemorySample }>;
  /** SIGTERM, then the exit code (SIGKILL after 20 s). */
  stop(): Promise<number | null>;
  exited: Promise<number | null>;
}

/** The repository's root: the processes run there, as `npm start` runs them. */
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export function startProductProcess(label: string, args: string[], env: NodeJS.ProcessEnv): ProductProcess {
  const child = spawn(
    process.execPath,
    [
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      '--expose-gc',
      '--import',
      'tsx',
      '--import',
      './bench/scale-probe.ts',
      'src/main.ts',
      ...args,
    ],
    { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] },
  );
  const startedAt = performance.now();
  const output: { at: number; line: string }[] = [];
  const waiters: { re: RegExp; resolve: (v: { match: RegExpMatchArray; at: number }) => void }[] = [];
  const onData = (chunk: Buffer) => {
    const at = performance.now();
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      output.push({ at, line });
      if (process.env.BENCH_VERBOSE) console.log(`  [${label}] ${line}`);
      for (const w of [...waiters]) {
        const match = line.match(w.re);
        if (match) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve({ match, at });
        }
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const tail = () =>
    output
      .slice(-30)
      .map((o) => o.line)
      .join('\n');
  return {
    label,
    child,
    startedAt,
    output,
    exited,
    line(re, timeoutMs = 180_000) {
      for (const o of output) {
        const match = o.line.match(re);
        if (match) return Promise.resolve({ match, at: o.at });
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`${label}: no line ${re} within ${timeoutMs} ms; last lines:\n${tail()}`)),
          timeoutMs,
        );
        exited.then((code) => {
          clearTimeout(timer);
          reject(new Error(`${label} exited (${code}) before printing ${re}; last lines:\n${tail()}`));
        });
        waiters.push({
          re,
          resolve: (v) => {
            clearTimeout(timer);
            resolve(v);
          },
        });
      });
    },
    memory() {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${label}: no memory answer`)), 30_000);
        child.once('message', (msg) => {
          clearTimeout(timer);
          resolve(msg as { before: MemorySample | null; after: MemorySample });
        });
        child.send('memory');
      });
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
