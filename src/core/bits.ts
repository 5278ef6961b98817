/**
 * Small integers used as sets of bits (up to 31 members). Digit sets, people sets and block sets
 * all use this representation, so the helpers live here, below every kind.
 */

/** Number of set bits. */
export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555);
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24);
}

/** Index of the lowest set bit (x must be non-zero). */
export function lowestBit(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/** Index of the highest set bit (x must be non-zero): of a one-member set, its only member. */
export function highestBit(x: number): number {
  return 31 - Math.clz32(x);
}

/** True when exactly one bit is set. */
export function isSingleBit(x: number): boolean {
  return x !== 0 && (x & (x - 1)) === 0;
}

/** Indices of the set bits, lowest first. */
export function bitIndices(x: number): number[] {
  const out: number[] = [];
  while (x !== 0) {
    out.push(31 - Math.clz32(x & -x));
    x &= x - 1;
  }
  return out;
}

/** Bit count table for masks below 2^9..2^10, for hot loops that cannot afford even `popcount`. */
export const POPCOUNT_1024: Uint8Array = (() => {
  const t = new Uint8Array(1024);
  for (let i = 1; i < 1024; i++) t[i] = t[i >> 1]! + (i & 1);
  return t;
})();
