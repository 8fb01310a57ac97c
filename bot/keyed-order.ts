/**
 * Work that must happen one after another per key (a server's synced lists, a ticket's replies):
 * each call runs once every earlier call sharing one of its keys has ended (failed ones too), and
 * later calls of any of its keys wait for it. Each domain makes its own, so keys never mix.
 */
export function createKeyedOrder(): <T>(keys: readonly string[], fn: () => Promise<T>) => Promise<T> {
  const tails = new Map<string, Promise<void>>();
  return <T>(keys: readonly string[], fn: () => Promise<T>): Promise<T> => {
    const before = new Set<Promise<void>>();
    for (const key of keys) {
      const tail = tails.get(key);
      if (tail) before.add(tail);
    }
    const run = (before.size ? Promise.all(before).then(fn) : fn()) as Promise<T>;
    const done = run.then(
      () => {},
      () => {},
    );
    for (const key of keys) tails.set(key, done);
    void done.then(() => {
      for (const key of keys) if (tails.get(key) === done) tails.delete(key);
    });
    return run;
  };
}
