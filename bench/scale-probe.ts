/**
 * Loaded into each product process `npm run bench:scale` starts (`node --expose-gc --import tsx
 * --import ./bench/scale-probe.ts src/main.ts ...`); it changes nothing in the product.
 * It takes a memory sample (after a full GC) the moment the process prints "Starting the bot",
 * before the bot logs in (the process with its code loaded, no servers yet), and answers the
 * bench's IPC message 'memory' with that sample and a fresh one.
 */
export interface MemorySample {
  rss: number;
  heapUsed: number;
  /** Buffers and other memory outside the JS heap. */
  external: number;
  /** CPU time the process has used so far (user + system), in ms. */
  cpuMs: number;
}

function sample(): MemorySample {
  (globalThis as { gc?: () => void }).gc?.();
  const m = process.memoryUsage();
  const cpu = process.cpuUsage();
  return { rss: m.rss, heapUsed: m.heapUsed, external: m.external, cpuMs: (cpu.user + cpu.system) / 1000 };
}

let before: MemorySample | null = null;
const write = process.stdout.write.bind(process.stdout) as (...args: unknown[]) => boolean;
process.stdout.write = ((chunk: unknown, ...rest: unknown[]) => {
  if (!before && String(chunk).includes('Starting the bot')) before = sample();
  return write(chunk, ...rest);
}) as typeof process.stdout.write;

process.on('message', (msg) => {
  if (msg === 'memory') process.send?.({ before, after: sample() });
});
// The IPC channel alone does not keep the process running.
process.channel?.unref();
