/**
 * Calls `stop` (once each, with what asked) when this product process is asked to stop: SIGINT,
 * SIGTERM, or the process that started it going away without stopping it. A process started over
 * an IPC channel (npm start's scripts/start.mjs starts the server so; the --bot-processes
 * supervisor, core/bot-processes.ts, starts the REST proxy and the bot processes so) sees the
 * channel close when its starter is killed with SIGKILL or crashes. Without this, an orphaned bot
 * process kept its gateway sessions, and a set started again beside it would get every event twice
 * (Discord sends each event to every session of a shard). A process started by hand has no channel.
 */
export function onStopRequest(stop: (reason: string) => void): void {
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  if (typeof process.send === 'function')
    process.once('disconnect', () => stop('the process that started it is gone'));
}
