import { Collection, LimitedCollection } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { LazyCollection } from '../../bot/lazy-collection';

/**
 * The caches that allocate their Map only while they hold something (bot/lazy-collection.ts,
 * issue 24): they behave as discord.js's Collection and LimitedCollection do, operation by
 * operation, and hold no Map while empty.
 */

type Op = ['set', string, number] | ['delete', string] | ['clear'];

function apply(c: Collection<string, number>, ops: Op[]): void {
  for (const op of ops) {
    if (op[0] === 'set') c.set(op[1], op[2]);
    else if (op[0] === 'delete') c.delete(op[1]);
    else c.clear();
  }
}

const OPS: Op[] = [
  ['set', 'a', 1],
  ['set', 'b', 2],
  ['set', 'keep', 100],
  ['set', 'c', 3],
  ['set', 'd', 4],
  ['set', 'b', 20],
  ['delete', 'c'],
  ['set', 'e', 5],
  ['set', 'f', 6],
];

describe('LazyCollection', () => {
  it('keeps what a LimitedCollection of the same limits keeps, in the same order', () => {
    const keepOverLimit = (v: number) => v >= 100;
    for (const maxSize of [0, 1, 3, Number.POSITIVE_INFINITY]) {
      const limited = new LimitedCollection<string, number>({ maxSize, keepOverLimit });
      const lazy = LazyCollection.kind<string, number>({ maxSize, keepOverLimit })();
      apply(limited, OPS);
      apply(lazy, OPS);
      expect([...lazy.entries()], `maxSize ${maxSize}`).toEqual([...limited.entries()]);
      expect(lazy.size).toBe(limited.size);
    }
  });

  it('reads as a Collection: lookups, iteration, and the methods built on them', () => {
    const c = LazyCollection.kind<string, number>()();
    expect(c).toBeInstanceOf(Collection);
    expect(c.size).toBe(0);
    expect(c.get('a')).toBeUndefined();
    expect(c.first()).toBeUndefined();
    expect([...c]).toEqual([]);
    c.set('b', 2).set('a', 1).set('c', 3);
    expect(c.get('a')).toBe(1);
    expect(c.has('c')).toBe(true);
    expect([...c.keys()]).toEqual(['b', 'a', 'c']);
    expect([...c.values()]).toEqual([2, 1, 3]);
    const seen: string[] = [];
    c.forEach((v, k, map) => {
      expect(map).toBe(c);
      seen.push(`${k}${v}`);
    });
    expect(seen).toEqual(['b2', 'a1', 'c3']);
    expect(c.hasAll('a', 'b')).toBe(true);
    expect(c.hasAll('a', 'z')).toBe(false);
    expect(c.hasAny('z', 'c')).toBe(true);
    const odd = c.filter((v) => v % 2 === 1);
    expect(odd.constructor).toBe(Collection);
    expect([...odd.keys()]).toEqual(['a', 'c']);
    expect(c.map((v) => v * 10)).toEqual([20, 10, 30]);
    expect(c.find((v) => v > 1)).toBe(2);
    expect(c.clone().equals(c)).toBe(true);
    expect([...c.sort((x, y) => x - y).keys()]).toEqual(['a', 'b', 'c']);
    expect(c.sweep((v) => v < 3)).toBe(2);
    expect([...c.keys()]).toEqual(['c']);
    expect(c.toJSON()).toEqual([3]);
  });

  it('holds no Map while empty: none before the first entry, none again after the last goes', () => {
    const c = LazyCollection.kind<string, number>({ maxSize: 20 })();
    expect(c.items).toBeNull();
    c.set('a', 1);
    expect(c.items).toBeInstanceOf(Collection);
    c.set('b', 2);
    c.delete('a');
    expect(c.items?.size).toBe(1);
    c.delete('b');
    expect(c.items).toBeNull();
    c.set('c', 3);
    c.clear();
    expect(c.items).toBeNull();
    expect(c.size).toBe(0);
  });

  it('one that stores nothing is shared by every holder, and stays empty', () => {
    const make = LazyCollection.kind<string, number>({ maxSize: 0 });
    const a = make();
    expect(make()).toBe(a);
    a.set('x', 1);
    expect(a.size).toBe(0);
    expect(a.items).toBeNull();
    // keepOverLimit may keep some: then each holder has its own.
    const keeping = LazyCollection.kind<string, number>({ maxSize: 0, keepOverLimit: (v) => v > 5 });
    const k = keeping();
    expect(keeping()).not.toBe(k);
    k.set('small', 1).set('big', 9);
    expect([...k.keys()]).toEqual(['big']);
  });
});
