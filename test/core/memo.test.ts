/** core/memo.ts: getOrMake fills once, BoundedCache drops the oldest entry, LastKey keeps one. */
import { describe, expect, test } from 'vitest';
import { BoundedCache, getOrMake, LastKey } from '../../src/core/memo.ts';

describe('memo', () => {
  test('getOrMake makes a key once, on Map and WeakMap', () => {
    let made = 0;
    const map = new Map<string, number>();
    expect(getOrMake(map, 'a', () => ++made)).toBe(1);
    expect(getOrMake(map, 'a', () => ++made)).toBe(1);
    const key = {};
    const weak = new WeakMap<object, number>();
    expect(getOrMake(weak, key, () => ++made)).toBe(2);
    expect(getOrMake(weak, key, () => ++made)).toBe(2);
  });

  test('BoundedCache keeps at most limit entries, dropping the oldest first', () => {
    const cache = new BoundedCache<number, string>(3);
    for (let k = 0; k < 5; k++) cache.set(k, `v${k}`);
    expect(cache.size).toBe(3);
    expect(cache.get(0)).toBeUndefined();
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(4)).toBe('v4');
    cache.set(2, 'again'); // an existing key: nothing dropped
    expect(cache.size).toBe(3);
    expect(cache.getOrMake(9, () => 'nine')).toBe('nine');
    expect(cache.get(2)).toBeUndefined(); // 2 was the oldest insertion left
    expect(() => new BoundedCache(0)).toThrow(RangeError);
  });

  test('LastKey answers the last key from memory and compares through same', () => {
    let made = 0;
    const last = new LastKey<Uint8Array, number>(
      (a, b) => a.length === b.length && a.every((x, i) => x === b[i]),
      (a) => a.slice(),
    );
    const key = Uint8Array.of(1, 2, 3);
    expect(last.get(key, () => ++made)).toBe(1);
    expect(last.get(Uint8Array.of(1, 2, 3), () => ++made)).toBe(1);
    key[0] = 7; // the kept key is a copy
    expect(last.get(key, () => ++made)).toBe(2);
    expect(last.get(Uint8Array.of(1, 2, 3), () => ++made)).toBe(3);
  });
});
