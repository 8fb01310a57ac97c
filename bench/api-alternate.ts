/**
 * bench:api --alternate <rounds>: server CPU per read with the before and after servers running
 * side by side, measured in turn, round after round. On a machine other work loads, the load
 * changes between the halves of an open-loop run (before first, after second) more than a few
 * percent of CPU; measuring the two in turn, several times, puts both under the same load.
 * Closed loop (IN_FLIGHT reads at a time, each path READS times): CPU per read, not latency.
 */
import type { ChildProcess } from 'node:child_process';
import { cpuMs, get } from './http-load';

const IN_FLIGHT = 4;
const READS = 400;

export interface RunningServer {
  label: string;
  child: ChildProcess;
  url: string;
}

interface Total {
  cpu: number;
  reads: number;
  errors: number;
}

/** READS reads of one path; the server's CPU time meanwhile and the failed answers. */
async function readPath(server: RunningServer, path: string, token: string): Promise<Total> {
  const base = new URL(server.url);
  const pid = server.child.pid as number;
  const before = cpuMs(pid);
  let errors = 0;
  for (let i = 0; i < READS; i += IN_FLIGHT) {
    const statuses = await Promise.all(Array.from({ length: IN_FLIGHT }, () => get(base, path, token)));
    errors += statuses.filter((s) => s < 200 || s >= 300).length;
  }
  return { cpu: cpuMs(pid) - before, reads: READS, errors };
}

/** Prints each round's mean CPU per read of every server, then each path's over all rounds; false on any failed answer. */
export async function alternate(
  servers: RunningServer[],
  paths: readonly string[],
  token: string,
  rounds: number,
): Promise<boolean> {
  const totals = new Map(servers.map((s) => [s.label, new Map<string, Total>()]));
  for (let round = 1; round <= rounds; round++) {
    const cells: string[] = [];
    for (const server of servers) {
      let cpu = 0;
      let reads = 0;
      for (const path of paths) {
        const t = await readPath(server, path, token);
        const into = totals.get(server.label) as Map<string, Total>;
        const sum = into.get(path) ?? { cpu: 0, reads: 0, errors: 0 };
        into.set(path, { cpu: sum.cpu + t.cpu, reads: sum.reads + t.reads, errors: sum.errors + t.errors });
        cpu += t.cpu;
        reads += t.reads;
      }
      cells.push(`${server.label} ${(cpu / reads).toFixed(3)} ms`);
    }
    console.log(`  round ${round}: server CPU per read, mean over the paths: ${cells.join(', ')}`);
  }
  console.log(`\nServer CPU per read over ${rounds} rounds (ms; failed answers)`);
  console.log(`${'path'.padEnd(36)}${servers.map((s) => s.label.padStart(26)).join('')}`);
  let ok = true;
  for (const path of [...paths, 'all paths']) {
    const cells = servers.map((s) => {
      const by = totals.get(s.label) as Map<string, Total>;
      const t =
        path === 'all paths'
          ? [...by.values()].reduce((a, b) => ({
              cpu: a.cpu + b.cpu,
              reads: a.reads + b.reads,
              errors: a.errors + b.errors,
            }))
          : (by.get(path) as Total);
      if (t.errors) ok = false;
      return `${(t.cpu / t.reads).toFixed(3)}; ${t.errors}`.padStart(26);
    });
    console.log(`${path.replace(/\?guildId=.*/, '').padEnd(36)}${cells.join('')}`);
  }
  return ok;
}
