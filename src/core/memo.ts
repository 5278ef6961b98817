/**
 * Memos: remember what was built for a key so that the next ask costs a look-up. Three shapes,
 * all small on purpose:
 *
 *   getOrMake(map, key, make)   a Map or WeakMap the caller owns, filled on the first ask of a key
 *                               (per-layout tables, scratch per size: bounded by what the keys are)
 *   BoundedCache(limit)         a Map that keeps at most `limit` entries, dropping the oldest
 *                               (first set) when full: for keys that are not bounded (layouts by
 *                               text, an irregular file has one per line)
 *   LastKey(same, keep)         one entry, the last key asked: for callers that ask about one key
 *                               many times in a row (a batch of boards of one layout), where even
 *                               building a Map key costs more than comparing with the last one
 *
 * A made value is never undefined (a Map answering undefined means "not there").
 */

/** What getOrMake needs of a map: Map and WeakMap both have it. */
export interface MapLike<K, V> {
  get(key: K): V | undefined;
  set(key: K, value: V): unknown;
}

/** The value of `key` in `map`, made with `make(key)` and kept there on the first ask. */
export function getOrMake<K, V>(map: MapLike<K, V>, key: K, make: (key: K) => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make(key);
    map.set(key, value);
  }
  return value;
}

/** A Map of at most `limit` entries; setting a new key when full drops the oldest entry first. */
export class BoundedCache<K, V> implements MapLike<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`limit ${limit}: at least 1`);
  }

  get size(): number {
    return this.map.size;
  }

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): this {
    if (this.map.size >= this.limit && !this.map.has(key)) this.map.delete(this.map.keys().next().value as K);
    this.map.set(key, value);
    return this;
  }

  /** getOrMake on this cache. */
  getOrMake(key: K, make: (key: K) => V): V {
    return getOrMake(this, key, make);
  }

  clear(): void {
    this.map.clear();
  }
}

/**
 * A one-entry memo: the value of the last key asked. `same(key, kept)` says whether a key is the
 * kept one; `keep(key)` is what is kept (a copy, when the caller may change the key's contents
 * later, as with a typed array).
 */
export class LastKey<K, V> {
  private kept: K | undefined = undefined;
  private value: V | undefined = undefined;

  constructor(
    private readonly same: (key: K, kept: K) => boolean,
    private readonly keep: (key: K) => K = (key) => key,
  ) {}

  get(key: K, make: (key: K) => V): V {
    if (this.value !== undefined && this.same(key, this.kept!)) return this.value;
    const value = make(key);
    this.kept = this.keep(key);
    this.value = value;
    return value;
  }
}
