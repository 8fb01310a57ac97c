/** The table `npm run bench:scale` prints: each topology's figures, then B against A as ratios. */
import type { BenchDatabase } from './scale-db';
import type { MirrorResult } from './scale-mirror';
import type { MemorySample } from './scale-probe';
import type { ReadyResult } from './scale-ready';

export interface TopologyResult {
  key: 'A' | 'B';
  name: string;
  database: BenchDatabase;
  processes: string[];
  ready: ReadyResult;
  /** Each bot process: its servers, memory before it logged in and after ready (full GC each). */
  memory: { label: string; servers: number; before: MemorySample | null; after: MemorySample }[];
  /** A separate web process's memory after the bot processes were ready. */
  webMemory: MemorySample | null;
  /** The burst without the fake's rate limits, then (unless skipped) with Discord's limits. */
  mirror: MirrorResult[];
  /** Exit codes after SIGTERM (0 = clean shutdown). */
  exits: (number | null)[];
}

const MB = 1024 * 1024;
const mb = (b: number) => `${(b / MB).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

/** Growth from before the bot logged in to after ready, per 1,000 servers of that process. */
export function perThousand(m: TopologyResult['memory'][number]): { rss: number; heap: number } | null {
  if (!m.before || m.servers === 0) return null;
  const k = m.servers / 1000;
  return { rss: (m.after.rss - m.before.rss) / k, heap: (m.after.heapUsed - m.before.heapUsed) / k };
}

function ratio(b: number, a: number): string {
  return a > 0 ? `${(b / a).toFixed(2)}x` : '-';
}

export function formatReport(results: TopologyResult[], opts: { servers: number; shards: number }): string {
  const out: string[] = [];
  const dbShort = (r: TopologyResult) =>
    r.database.kind === 'postgres' ? 'PostgreSQL' : r.key === 'B' ? 'SQLite (shared file, WAL)' : 'SQLite';
  out.push(
    `Time to ready (${opts.servers.toLocaleString('en-US')} servers, ${opts.shards} shards; from the bot processes' start)`,
  );
  out.push(
    table(
      [
        'topology',
        'database',
        'boot',
        'all shards READY + GUILD_CREATEs',
        'guild sync done (rows)',
        'servers per process',
        'identifies: span / < 5 s apart',
      ],
      results.map((r) => [
        `${r.key}: ${r.name}`,
        dbShort(r),
        s(r.ready.bootMs),
        s(r.ready.gatewayMs),
        s(r.ready.syncedMs),
        r.ready.perProcess.map((p) => p.servers.toLocaleString('en-US')).join(' + '),
        `${s(r.ready.identifySpanMs)} / ${r.ready.identifiesTooClose}`,
      ]),
    ),
  );
  out.push(
    '\nMemory of each bot process after ready (full GC), against the same process before it logged in',
  );
  out.push(
    table(
      [
        'process',
        'servers',
        'RSS before -> after',
        'heap before -> after',
        'per 1,000 servers: RSS / heap',
        'CPU used',
      ],
      results.flatMap((r) => [
        ...r.memory.map((m) => {
          const k = perThousand(m);
          return [
            m.label,
            m.servers.toLocaleString('en-US'),
            `${m.before ? mb(m.before.rss) : '?'} -> ${mb(m.after.rss)}`,
            `${m.before ? mb(m.before.heapUsed) : '?'} -> ${mb(m.after.heapUsed)}`,
            k ? `${(k.rss / MB).toFixed(1)} MB / ${(k.heap / MB).toFixed(1)} MB` : '?',
            s(m.after.cpuMs),
          ];
        }),
        ...(r.webMemory
          ? [
              [
                `${r.key} web`,
                '-',
                `-> ${mb(r.webMemory.rss)}`,
                `-> ${mb(r.webMemory.heapUsed)}`,
                '-',
                s(r.webMemory.cpuMs),
              ],
            ]
          : []),
      ]),
    ),
  );
  out.push(
    '\nMirror throughput (instant provider: the fake Gemini; MESSAGE_CREATE on the fake gateway -> webhook posts)',
  );
  out.push(
    table(
      [
        'topology',
        'fake Discord',
        'servers with a link',
        'messages',
        'copies each',
        'took',
        'messages/s',
        'webhook posts/s',
        '429s',
        'copied twice',
      ],
      results.flatMap((r) =>
        r.mirror.map((m, i) => [
          r.key,
          i === 0 ? 'no limits (discord.js 50/s per process)' : "Discord's limits (one IP for all)",
          String(m.servers),
          String(m.messages),
          String(m.copies),
          s(m.seconds * 1000),
          m.messagesPerSecond.toFixed(1),
          m.postsPerSecond.toFixed(1),
          String(m.refused),
          String(m.duplicated),
        ]),
      ),
    ),
  );
  out.push(
    `\nShutdown (SIGTERM) exit codes: ${results.map((r) => `${r.key} ${r.exits.join(',')}`).join('; ')}`,
  );
  const a = results.find((r) => r.key === 'A');
  const b = results.find((r) => r.key === 'B');
  if (a && b) {
    const heapPerK = (r: TopologyResult) => {
      const ks = r.memory.map(perThousand).filter((k) => k !== null);
      return ks.length ? ks.reduce((n, k) => n + k.heap, 0) / ks.length : 0;
    };
    const rssPerK = (r: TopologyResult) => {
      const ks = r.memory.map(perThousand).filter((k) => k !== null);
      return ks.length ? ks.reduce((n, k) => n + k.rss, 0) / ks.length : 0;
    };
    out.push('\nB against A (same run, same machine)');
    out.push(
      table(
        ['', 'B / A'],
        [
          ['all shards READY + GUILD_CREATEs (time)', ratio(b.ready.gatewayMs, a.ready.gatewayMs)],
          ['guild sync done (time)', ratio(b.ready.syncedMs, a.ready.syncedMs)],
          ['heap per 1,000 servers (mean of bot processes)', ratio(heapPerK(b), heapPerK(a))],
          ['RSS per 1,000 servers (mean of bot processes)', ratio(rssPerK(b), rssPerK(a))],
          [
            'largest bot process RSS',
            ratio(
              Math.max(...b.memory.map((m) => m.after.rss)),
              Math.max(...a.memory.map((m) => m.after.rss)),
            ),
          ],
          ...a.mirror.map((m, i): [string, string] => [
            i === 0
              ? 'mirror messages/s, no limits at the fake'
              : "mirror messages/s, Discord's limits (one IP)",
            ratio(b.mirror[i]?.messagesPerSecond ?? 0, m.messagesPerSecond),
          ]),
        ],
      ),
    );
  }
  return out.join('\n');
}
