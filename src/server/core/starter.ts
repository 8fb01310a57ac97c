/**
 * A product process started by another one over an IPC channel (npm start's scripts/start.mjs
 * starts the server so; the --bot-processes supervisor, core/bot-processes.ts, starts the REST
 * proxy and the bot processes so) stops as on SIGTERM when that process goes away without stopping
 * it (killed with SIGKILL, crashed): the channel closes. Without this, an orphaned bot process kept
 * its gateway sessions, and a set started again beside it would get every event twice (Discord
 * sends each event to every session of a shard). A process started by hand (no channel) is not
 * concerned.
 */
export function stopWhenStarterGone(stop: (reason: string) => void): void {
  if (typeof process.send !== 'function') return;
  process.once('disconnect', () => stop('the process that started it is gone'));
}
