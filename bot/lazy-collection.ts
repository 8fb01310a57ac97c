import { Collection } from 'discord.js';

/**
 * A discord.js cache whose Map exists only while it holds something (issue 24).
 *
 * discord.js gives every channel three caches (its messages, its threads, its permission
 * overwrites) and every server about fifteen, each a `Collection` (a `Map`): V8 allocates an empty
 * Map's table up front, about 220 bytes with the Map, so 1,000 servers of 30 channels paid ~20 MB
 * for caches that stayed empty (`npm run bench:caches`). This one is a `Collection` to every
 * reader (same methods, `instanceof Collection`, `filter` and `clone` make plain Collections) but
 * keeps its entries in an inner Collection made on the first `set` and dropped when the last entry
 * goes: an empty one is a small object.
 *
 * With `maxSize` it keeps discord.js's `LimitedCollection` rules exactly: 0 stores nothing (unless
 * `keepOverLimit` says keep), past `maxSize` the oldest entry that `keepOverLimit` does not keep
 * makes room.
 *
 * Built without Map's constructor (`Object.create`), so every Map method that reads the Map's own
 * storage is overridden below, including those of `Collection` that call `super` (hasAll, hasAny,
 * sort); the others work through these.
 */
export interface LazyLimits<K, V> {
  maxSize?: number;
  keepOverLimit?: ((value: V, key: K, collection: Collection<K, V>) => boolean) | null;
}

/** Read by an empty one's iterators: never written. */
const NOTHING: ReadonlyMap<never, never> = Object.freeze(new Map<never, never>());

export class LazyCollection<K, V> extends Collection<K, V> {
  /** The entries, null while there are none (the only field of an instance). */
  declare items: Collection<K, V> | null;
  /** On the prototype that `kind` makes, shared by every cache of one kind. */
  declare readonly maxSize: number;
  declare readonly keepOverLimit: ((value: V, key: K, collection: Collection<K, V>) => boolean) | null;

  /**
   * Makes empty caches of one kind (its limits). Not `new LazyCollection()`: Map's constructor
   * would allocate. Each cache is one field (`items`) on a prototype holding the limits.
   */
  static kind<K, V>(limits: LazyLimits<K, V> = {}): () => LazyCollection<K, V> {
    const proto = Object.create(LazyCollection.prototype, {
      maxSize: { value: limits.maxSize ?? Number.POSITIVE_INFINITY },
      keepOverLimit: { value: limits.keepOverLimit ?? null },
    });
    function LazyCache(this: { items: null }) {
      this.items = null;
    }
    LazyCache.prototype = proto;
    const Made = LazyCache as unknown as new () => LazyCollection<K, V>;
    // One that stores nothing never changes: every holder shares it.
    if (proto.maxSize === 0 && !proto.keepOverLimit) {
      const none = new Made();
      return () => none;
    }
    return () => new Made();
  }

  private get stored(): ReadonlyMap<K, V> {
    return this.items ?? (NOTHING as ReadonlyMap<K, V>);
  }

  override get(key: K): V | undefined {
    return this.items?.get(key);
  }

  override has(key: K): boolean {
    return this.items?.has(key) ?? false;
  }

  override set(key: K, value: V): this {
    if (this.maxSize === 0 && !this.keepOverLimit?.(value, key, this)) return this;
    this.items ??= new Collection<K, V>();
    const items = this.items;
    if (items.size >= this.maxSize && !items.has(key)) {
      for (const [k, v] of items) {
        if (!(this.keepOverLimit?.(v, k, this) ?? false)) {
          items.delete(k);
          break;
        }
      }
    }
    items.set(key, value);
    return this;
  }

  override delete(key: K): boolean {
    const items = this.items;
    if (!items) return false;
    const had = items.delete(key);
    if (items.size === 0) this.items = null;
    return had;
  }

  override clear(): void {
    this.items = null;
  }

  override entries(): MapIterator<[K, V]> {
    return this.stored.entries() as MapIterator<[K, V]>;
  }

  override keys(): MapIterator<K> {
    return this.stored.keys() as MapIterator<K>;
  }

  override values(): MapIterator<V> {
    return this.stored.values() as MapIterator<V>;
  }

  override [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }

  override forEach(fn: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown): void {
    for (const [k, v] of this.stored) fn.call(thisArg, v, k, this);
  }

  override hasAll(...keys: K[]): boolean {
    return keys.every((k) => this.has(k));
  }

  override hasAny(...keys: K[]): boolean {
    return keys.some((k) => this.has(k));
  }

  override sort(compareFunction?: (a: V, b: V, ak: K, bk: K) => number): this {
    this.items?.sort(compareFunction);
    return this;
  }
}

// Map's `size` is an accessor reading the Map's own storage.
Object.defineProperty(LazyCollection.prototype, 'size', {
  get(this: LazyCollection<unknown, unknown>) {
    return this.items?.size ?? 0;
  },
  configurable: true,
});
// `filter`, `map`, `clone` and the like make `new this.constructor[Symbol.species]()`: a plain
// Collection. discord.js also reads `constructor.name` to warn when a cache it needs whole is
// limited (permission overwrites); this one never limits those.
Object.defineProperty(LazyCollection.prototype, 'constructor', { value: Collection, configurable: true });
