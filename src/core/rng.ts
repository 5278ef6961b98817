/**
 * Seeded randomness. Every random choice in puzzlemill flows from an `Rng`, and every `Rng` from a
 * seed string, so the same command with the same `--seed` writes the same bytes on any machine.
 *
 * Generator: xoshiro128** (Blackman & Vigna), 32-bit state words, which JavaScript handles exactly
 * with `Math.imul` and `>>> 0`. Seeding: the seed string is hashed into 128 bits with cyrb128-style
 * mixing, then SplitMix32 spreads it so that similar seeds give unrelated streams.
 */

/** Hash any sequence of seed parts into four 32-bit words (never all zero). */
export function hashSeed(...parts: ReadonlyArray<string | number>): [number, number, number, number] {
  const text = parts.map(String).join('\u241f'); // a separator no part contains, so ("ab","c") ≠ ("a","bc")
  let h1 = 1779033703, h2 = 3144134277, h3 = 1013904242, h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [splitmix(h1), splitmix(h2), splitmix(h3), splitmix(h4 | 1)];
}

function splitmix(x: number): number {
  x = (x + 0x9e3779b9) | 0;
  let z = x;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** A deterministic pseudo-random stream. Not for cryptography. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  /** The seed parts are joined, so `new Rng(runSeed, 'murder', 6, k)` names one puzzle's stream. */
  constructor(...seedParts: ReadonlyArray<string | number>) {
    [this.a, this.b, this.c, this.d] = hashSeed(...seedParts);
  }

  /** Next 32-bit unsigned integer. */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5), 7), 9) >>> 0;
    const t = this.b << 9;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    return result;
  }

  /** A float in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /** A uniform integer in [0, n), without modulo bias. */
  int(n: number): number {
    if (!(n >= 1 && n <= 4294967296)) throw new RangeError(`Rng.int: bound ${n} out of range`);
    if (Math.floor(n) !== n) return this.intOfFraction(n);
    // The largest multiple of n up to 2³², and x mod n, by division and floor: `%` on values past
    // int32 is a float remainder, four times slower (the layout walk draws ~5,000 numbers a
    // board). Exact: quotients of integers below 2³² are never rounded up to the next integer.
    const limit = Math.floor(4294967296 / n) * n;
    let x: number;
    do x = this.nextU32(); while (x >= limit);
    return x - Math.floor(x / n) * n;
  }

  /** `int` of a bound that is no whole number, as it always answered. */
  private intOfFraction(n: number): number {
    const limit = 4294967296 - (4294967296 % n);
    let x: number;
    do x = this.nextU32(); while (x >= limit);
    return x % n;
  }

  /** A uniform integer in [lo, hi]. */
  range(lo: number, hi: number): number {
    return lo + this.int(hi - lo + 1);
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }

  /** One element, uniformly. */
  pick<T>(items: ArrayLike<T>): T {
    if (items.length === 0) throw new RangeError('Rng.pick: empty list');
    return items[this.int(items.length)]!;
  }

  /** Fisher–Yates shuffle in place; returns the same array. */
  shuffle<T, A extends { length: number; [i: number]: T }>(items: A): A {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = items[i]!;
      items[i] = items[j]!;
      items[j] = t;
    }
    return items;
  }

  /**
   * A child stream named by `label`, derived from this stream's current state (forking does not
   * advance it). So the same state and label give the same child, but a draw from this stream
   * between two forks changes every later child: for children that depend on the seed alone, fork
   * from a stream that is never drawn from (as generateBoard's root is).
   */
  fork(label: string | number): Rng {
    return new Rng(this.a, this.b, this.c, this.d, label);
  }
}

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}
