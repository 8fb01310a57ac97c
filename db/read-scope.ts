import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One read per row per message (issue 23/24). A member's message passes through moderation, the
 * single-channel and mirror planners, the conversation context and the translation engine, and
 * each of them needs the server's translation settings, the channel's link and the plan; before
 * this scope they read the same rows up to six times per message.
 *
 * `withReadScope(fn)` opens a scope for one unit of work (the bot's message procedures open it);
 * inside it `readOnce(key, load)` loads a row once and answers the same value to every later
 * read of that key. Nothing outlives the scope: the next message reads again, so a change saved
 * from the dashboard, by any process, is seen by the next message without any invalidation. The
 * scope is for reads of configuration that nothing in the same unit of work writes; counters and
 * usage are never read through it. Outside a scope `readOnce` simply loads.
 */
type Memo = Map<string, Promise<unknown>>;

const scope = new AsyncLocalStorage<Memo>();

/** Runs `fn` with its own read memo; inside another scope, joins that one. */
export function withReadScope<T>(fn: () => Promise<T>): Promise<T> {
  if (scope.getStore()) return fn();
  return scope.run(new Map(), fn);
}

/** `load()` once per key in the current scope (a failed load is not kept); outside a scope, every time. */
export function readOnce<T>(key: string, load: () => Promise<T>): Promise<T> {
  const memo = scope.getStore();
  if (!memo) return load();
  let value = memo.get(key) as Promise<T> | undefined;
  if (!value) {
    value = load();
    memo.set(key, value);
    value.catch(() => memo.delete(key));
  }
  return value;
}
