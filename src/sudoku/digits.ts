/** Digit sets as bit masks (see types.ts for the layout). */
import { bitIndices, popcount } from '../core/bits.ts';
import type { Digit, DigitSet } from './types.ts';

/** The set holding only d. */
export function digitBit(d: Digit): DigitSet {
  return 1 << (d - 1);
}

/** The digit of a one-member set. */
export function bitDigit(bit: DigitSet): Digit {
  return 32 - Math.clz32(bit);
}

export function digitCount(set: DigitSet): number {
  return popcount(set);
}

/** Members, smallest first. */
export function digitsOf(set: DigitSet): Digit[] {
  return bitIndices(set).map((i) => i + 1);
}

export function digitSetOf(digits: Iterable<Digit>): DigitSet {
  let s = 0;
  for (const d of digits) s |= 1 << (d - 1);
  return s;
}
