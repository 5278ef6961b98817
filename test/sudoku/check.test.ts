import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { findClash } from '../../src/sudoku/check.ts';
import { regularRegions } from '../../src/sudoku/regions.ts';

/** The plain definition: the first pair (a < b) of equal non-zero digits sharing a house. */
function firstClashPair(size: number, regions: ArrayLike<number>, grid: ArrayLike<number>): [number, number] | null {
  for (let a = 0; a < size * size; a++) {
    for (let b = a + 1; b < size * size; b++) {
      if (grid[a] === 0 || grid[a] !== grid[b]) continue;
      if (Math.floor(a / size) === Math.floor(b / size) || a % size === b % size || regions[a] === regions[b]) return [a, b];
    }
  }
  return null;
}

describe('findClash', () => {
  test.prop([fc.constantFrom(4, 6, 8, 9), fc.integer({ min: 0, max: 1_000_000 }), fc.double({ min: 0, max: 0.5, noNaN: true })], { numRuns: 400 })(
    'finds the first clashing pair, or none, exactly as the pairwise definition (its one-pass pre-check never hides a clash)',
    (size, seed, density) => {
      let x = seed + 1;
      const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32;
      const grid = Uint8Array.from({ length: size * size }, () => (next() < density ? 1 + Math.floor(next() * size) : 0));
      const regions = regularRegions(size);
      const clash = findClash(size, regions, grid);
      expect(clash ? [clash.a, clash.b] : null).toEqual(firstClashPair(size, regions, grid));
    },
  );

  test('block numbers outside 0..N−1 are still compared by equality', () => {
    const regions = [7, 7, 9, 9, 7, 7, 9, 9, 3, 3, 5, 5, 3, 3, 5, 5];
    const grid = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(findClash(4, regions, grid)).toMatchObject({ a: 0, b: 5, house: 'block' });
  });
});
