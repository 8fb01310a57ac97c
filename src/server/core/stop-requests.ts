/**
 * Calls `stop` once, with the first of what asks this product process to stop: SIGINT, SIGTERM, or
 * the process that started it going away without stopping it (a later request finds the stop under
 * way: the supervisor's SIGTERM followed by the supervisor's own exit, say). A process started over
 * an IPC channel (npm start's scripts/start.mjs starts the server so; the --bot-processes
 * supervisor, core/bot-processes.ts, starts the REST proxy and the bot processes so) sees the
 * channel close when its starter is killed with SIGKILL or crashes. Without this, an orphaned bot
 * process kept its gateway sessions, and a set started again beside it would get every event twice
 * (Discord sends each event to every session of a shard). A process started by hand has no channel.
 */
export function onStopRequest(stop: (reason: string) => void): void {
  let asked = false;
  const request = (reason: string) => () => {
    if (asked) return;
    asked = true;
    stop(reason);
  };
  process.once('SIGINT', request('SIGINT'));
  process.once('SIGTERM', request('SIGTERM'));
  if (typeof process.send === 'function')
    process.once('disconnect', request('the process that started it is gone'));
}
