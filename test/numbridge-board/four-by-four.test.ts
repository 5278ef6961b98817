/**
 * Why a 4×4 regular request above grade 1 is refused up front (request.ts): singles solve every
 * unique 4×4 Sudoku. Checked here by exhaustion, not by sampling.
 *
 * - Grids: every grid with first row 1 2 3 4 (12 of them); relabelling the digits gives all 288,
 *   and neither uniqueness nor the prover depends on the labels.
 * - Uniqueness of all 2^16 given-patterns of a grid, from the full pattern down: a pattern with a
 *   non-unique one-cell-larger pattern is not unique either, so the counter runs only where needed.
 * - Singles are monotone: more givens leave fewer candidates, so every single found on a pattern
 *   is found (or already placed) on any larger pattern of the same grid. Proving the MINIMAL
 *   unique patterns at tier 1 therefore covers every unique pattern.
 */
import { describe, expect, test } from 'vitest';
import { prove } from '../../src/sudoku/logic/index.ts';
import { regularRegions } from '../../src/sudoku/regions.ts';
import { solve } from '../../src/sudoku/solver.ts';

const N = 4;
const CELLS = N * N;
const regions = regularRegions(N);

function gridsWithFirstRow1234(): Uint8Array[] {
  const grids: Uint8Array[] = [];
  const g = new Uint8Array(CELLS);
  g.set([1, 2, 3, 4]);
  const fits = (i: number, d: number): boolean => {
    for (let j = 0; j < i; j++) {
      if (g[j] === d && (j >> 2 === i >> 2 || (j & 3) === (i & 3) || regions[j] === regions[i])) return false;
    }
    return true;
  };
  const fill = (i: number): void => {
    if (i === CELLS) return void grids.push(g.slice());
    for (let d = 1; d <= N; d++) {
      if (fits(i, d)) {
        g[i] = d;
        fill(i + 1);
        g[i] = 0;
      }
    }
  };
  fill(N);
  return grids;
}

describe('4×4 regular boards', () => {
  test('every unique one is solved by singles (exhaustive)', () => {
    const grids = gridsWithFirstRow1234();
    expect(grids).toHaveLength(12);
    const patterns = 1 << CELLS;
    const byCount: number[][] = Array.from({ length: CELLS + 1 }, () => []);
    for (let m = 0; m < patterns; m++) {
      let k = 0;
      for (let x = m; x; x &= x - 1) k++;
      byCount[k]!.push(m);
    }
    const givens = new Uint8Array(CELLS);
    const board = { size: N, regions, givens };
    const load = (grid: Uint8Array, m: number): void => {
      for (let i = 0; i < CELLS; i++) givens[i] = (m >> i) & 1 ? grid[i]! : 0;
    };
    let minimal = 0;
    let stalled = 0;
    for (const grid of grids) {
      const unique = new Uint8Array(patterns);
      for (let k = CELLS; k >= 0; k--) {
        for (const m of byCount[k]!) {
          let possible = true;
          for (let b = 0; b < CELLS && possible; b++) if (!((m >> b) & 1) && !unique[m | (1 << b)]) possible = false;
          if (!possible) continue;
          load(grid, m);
          if (solve(board, { limit: 2 }).count === 1) unique[m] = 1;
        }
      }
      for (let m = 0; m < patterns; m++) {
        if (!unique[m]) continue;
        let isMinimal = true;
        for (let b = 0; b < CELLS && isMinimal; b++) if ((m >> b) & 1 && unique[m & ~(1 << b)]) isMinimal = false;
        if (!isMinimal) continue;
        minimal++;
        load(grid, m);
        if (!prove(board, { maxTier: 1, collectSteps: false }).solved) stalled++;
      }
    }
    expect(minimal).toBeGreaterThan(0);
    expect(stalled).toBe(0);
  });
});
