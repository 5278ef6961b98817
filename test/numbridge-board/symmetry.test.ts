import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { isReachable, isSymmetricPattern, mapCell, orbitsOf, SYMMETRIES, symmetryProblem } from '../../src/numbridge-board/symmetry.ts';
import { neighbours } from '../../src/sudoku/hex.ts';

const SIZES = [4, 5, 6, 7, 8, 9];

describe('rhombus symmetries', () => {
  test.each(SIZES)('each maps hex neighbours to hex neighbours and is an involution (%i×%i)', (n) => {
    for (const s of ['rot180', 'diag', 'antidiag'] as const) {
      for (let cell = 0; cell < n * n; cell++) {
        expect(mapCell(n, s, mapCell(n, s, cell))).toBe(cell);
        const image = new Set(neighbours(n, cell, 'hex').map((c) => mapCell(n, s, c)));
        expect(image).toEqual(new Set(neighbours(n, mapCell(n, s, cell), 'hex')));
      }
    }
  });

  test('a quarter turn is not a symmetry of the hex rhombus', () => {
    // (r, c) → (c, N−1−r) maps the neighbour (r−1, c+1) of (r, c) to a non-neighbour.
    const n = 9;
    const quarter = (cell: number) => (cell % n) * n + (n - 1 - Math.floor(cell / n));
    const broken = Array.from({ length: n * n }, (_, cell) => cell).some((cell) => {
      const image = new Set(neighbours(n, cell, 'hex').map(quarter));
      const target = new Set(neighbours(n, quarter(cell), 'hex'));
      return [...image].some((c) => !target.has(c));
    });
    expect(broken).toBe(true);
  });

  test.each(SIZES)('orbits partition the %i×%i board, with sizes 1, 2 and 4', (n) => {
    for (const s of SYMMETRIES) {
      const o = orbitsOf(n, s);
      expect([...o.cells].sort((a, b) => a - b)).toEqual(Array.from({ length: n * n }, (_, i) => i));
      expect(o.sizes[1] + 2 * o.sizes[2] + 4 * o.sizes[4]).toBe(n * n);
      for (let k = 0; k < o.count; k++) for (let i = o.start[k]!; i < o.start[k + 1]!; i++) expect(o.orbitOf[o.cells[i]!]).toBe(k);
    }
  });

  test('parity: rot180 and all need an even count on even boards, any count elsewhere', () => {
    expect(symmetryProblem(6, 'rot180', 13)).toMatch(/must be even/);
    expect(symmetryProblem(6, 'rot180', 14)).toBeNull();
    expect(symmetryProblem(8, 'all', 25)).toMatch(/must be even/);
    expect(symmetryProblem(9, 'rot180', 29)).toBeNull();
    expect(symmetryProblem(6, 'diag', 13)).toBeNull();
    expect(symmetryProblem(9, 'all', 30)).toBeNull();
  });

  test.prop([fc.nat(40), fc.nat(6), fc.nat(12), fc.nat(10)])('isReachable agrees with trying every combination', (total, ones, twos, fours) => {
    let brute = false;
    for (let a = 0; a <= ones; a++) for (let b = 0; b <= twos; b++) for (let c = 0; c <= fours; c++) if (a + 2 * b + 4 * c === total) brute = true;
    expect(isReachable(total, ones, twos, fours)).toBe(brute);
  });

  test('isSymmetricPattern', () => {
    const g = new Uint8Array(81);
    g[1] = 1; // r1c2
    expect(isSymmetricPattern(9, 'none', g)).toBe(true);
    expect(isSymmetricPattern(9, 'rot180', g)).toBe(false);
    g[79] = 2; // r9c8, its half-turn image: the digits may differ, only the pattern counts
    expect(isSymmetricPattern(9, 'rot180', g)).toBe(true);
    expect(isSymmetricPattern(9, 'diag', g)).toBe(false);
    expect(isSymmetricPattern(9, 'antidiag', g)).toBe(false);
    g[9] = 3; // r2c1 and r8c9: now all three
    g[71] = 4;
    expect(isSymmetricPattern(9, 'all', g)).toBe(true);
  });
});
