/**
 * Writes of a server's synced lists (its channels, its roles, its whole sync on connecting) run one
 * after another, each reading Discord's state when its turn comes: an event arriving while an older
 * list is being written is written after it, never overwritten by it.
 */
const tails = new Map<string, Promise<void>>();

/**
 * Runs `fn` once every earlier write of these servers has ended (failed ones too); later writes of
 * any of them wait for this one. `fn` reads the lists it writes when it runs, not before.
 */
export function inGuildOrder<T>(guildIds: readonly string[], fn: () => Promise<T>): Promise<T> {
  const before = new Set<Promise<void>>();
  for (const id of guildIds) {
    const tail = tails.get(id);
    if (tail) before.add(tail);
  }
  const run = (before.size ? Promise.all(before).then(fn) : fn()) as Promise<T>;
  const done = run.then(
    () => {},
    () => {},
  );
  for (const id of guildIds) tails.set(id, done);
  void done.then(() => {
    for (const id of guildIds) if (tails.get(id) === done) tails.delete(id);
  });
  return run;
}
