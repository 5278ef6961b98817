import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { isSolutionOf } from '../../src/sudoku/check.ts';
import { regularRegions } from '../../src/sudoku/regions.ts';
import { geometryFor } from '../../src/sudoku/geometry.ts';
import { BitboardSolver } from '../../src/sudoku/bitboard.ts';
import { LayoutSolver, solve } from '../../src/sudoku/solver.ts';
import type { Board } from '../../src/sudoku/types.ts';
import { bruteCount } from '../helpers/brute.ts';

/** A random full grid for the layout, then a random subset of it kept as givens. */
function randomPuzzle(size: number, regions: Uint8Array, seed: number, keep: number): Board {
  const empty = { size, regions, givens: new Uint8Array(size * size) };
  const full = solve(empty, { rng: new Rng('fill', seed) }).solution!;
  const rng = new Rng('holes', seed);
  const givens = Uint8Array.from(full, (d) => (rng.chance(keep) ? d : 0));
  return { size, regions, givens };
}

/** Any partition into N groups of N cells (not necessarily connected: the solver must not care). */
function randomPartition(size: number, seed: number): Uint8Array {
  const cells = new Rng('partition', seed).shuffle(Array.from({ length: size * size }, (_, i) => i));
  const regions = new Uint8Array(size * size);
  cells.forEach((cell, i) => (regions[cell] = Math.floor(i / size)));
  return regions;
}

/** Random givens that need not come from a solution (0, 1 or many solutions). */
function randomGivens(size: number, seed: number, density: number): Uint8Array {
  const rng = new Rng('givens', seed);
  return Uint8Array.from({ length: size * size }, () => (rng.chance(density) ? rng.range(1, size) : 0));
}

const sizes = fc.constantFrom(4, 6);
const seeds = fc.integer({ min: 0, max: 1_000_000 });

describe('exact-cover solver properties', () => {
  test.prop([sizes, seeds, fc.double({ min: 0.15, max: 0.7, noNaN: true })], { numRuns: 150 })(
    'counts agree with a brute-force counter on regular puzzles',
    (size, seed, keep) => {
      const board = randomPuzzle(size, regularRegions(size), seed, keep);
      expect(solve(board, { limit: 5 }).count).toBe(bruteCount(size, board.regions, board.givens, 5));
    },
  );

  test.prop([fc.constantFrom(4, 5), seeds, fc.double({ min: 0, max: 0.35, noNaN: true })], { numRuns: 150 })(
    'counts agree with a brute-force counter on random irregular maps and random givens',
    (size, seed, density) => {
      const board = { size, regions: randomPartition(size, seed), givens: randomGivens(size, seed, density) };
      expect(solve(board, { limit: 3 }).count).toBe(bruteCount(size, board.regions, board.givens, 3));
    },
  );

  test.prop([fc.constant(6), seeds, fc.double({ min: 0.35, max: 0.6, noNaN: true })], { numRuns: 25 })(
    'counts agree with a brute-force counter on larger irregular maps',
    (size, seed, keep) => {
      const regions = randomPartition(size, seed);
      const filled = solve({ size, regions, givens: new Uint8Array(size * size) }, { rng: new Rng(seed), maxNodes: 20_000 });
      fc.pre(filled.count === 1); // some random partitions admit no grid at all
      const rng = new Rng('holes', seed);
      const givens = Uint8Array.from(filled.solution!, (d) => (rng.chance(keep) ? d : 0));
      expect(solve({ size, regions, givens }, { limit: 3 }).count).toBe(bruteCount(size, regions, givens, 3));
    },
  );

  test.prop([fc.constantFrom(4, 6, 8, 9), seeds, fc.double({ min: 0.2, max: 0.6, noNaN: true })], { numRuns: 100 })(
    'every solution returned is valid and keeps the givens',
    (size, seed, keep) => {
      const board = randomPuzzle(size, regularRegions(size), seed, keep);
      const result = solve(board, { limit: 2 });
      expect(result.count).toBeGreaterThanOrEqual(1);
      expect(isSolutionOf(board, result.solution!)).toBe(true);
    },
  );

  test.prop([sizes, seeds, fc.double({ min: 0.3, max: 0.8, noNaN: true })], { numRuns: 100 })(
    'removing a given never lowers the count',
    (size, seed, keep) => {
      const board = randomPuzzle(size, regularRegions(size), seed, keep);
      const before = solve(board, { limit: 50 }).count;
      const filled = [...board.givens.keys()].filter((i) => board.givens[i] !== 0);
      if (filled.length === 0) return;
      const givens = Uint8Array.from(board.givens);
      givens[filled[seed % filled.length]!] = 0;
      expect(solve({ ...board, givens }, { limit: 50 }).count).toBeGreaterThanOrEqual(before);
    },
  );

  test.prop([fc.constantFrom(6, 9), seeds, fc.double({ min: 0.2, max: 0.45, noNaN: true })], { numRuns: 60 })(
    'relabelling digits and permuting rows within a band keep the count',
    (size, seed, keep) => {
      const board = randomPuzzle(size, regularRegions(size), seed, keep);
      const count = solve(board, { limit: 10 }).count;
      const rng = new Rng('symmetry', seed);
      const relabel = [0, ...rng.shuffle(Array.from({ length: size }, (_, i) => i + 1))];
      const bandHeight = size === 9 ? 3 : 2;
      const band = rng.int(size / bandHeight);
      const order = Array.from({ length: size }, (_, r) => r);
      const within = rng.shuffle([0, 1, 2].slice(0, bandHeight));
      within.forEach((w, i) => (order[band * bandHeight + i] = band * bandHeight + w));
      const givens = new Uint8Array(size * size);
      for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) givens[r * size + c] = relabel[board.givens[order[r]! * size + c]!]!;
      expect(solve({ ...board, givens }, { limit: 10 }).count).toBe(count);
    },
  );
});

describe('seeded branching', () => {
  test.prop([fc.constantFrom(4, 5, 6, 7, 8, 9), seeds])('fills an empty grid deterministically per seed', (size, seed) => {
    const regions = size === 5 || size === 7 ? randomPartition(size, seed) : regularRegions(size);
    const empty = { size, regions, givens: new Uint8Array(size * size) };
    // Random partitions (sizes 5, 7) may admit no grid; a node budget keeps that case short.
    const a = solve(empty, { rng: new Rng(seed), maxNodes: 5000 });
    const b = solve(empty, { rng: new Rng(seed), maxNodes: 5000 });
    expect(a.solution).toEqual(b.solution);
    expect(a.nodes).toBe(b.nodes);
    if (a.count === 1) expect(isSolutionOf(empty, a.solution!)).toBe(true);
  });

  test('different seeds give different grids', () => {
    const empty = { size: 9, regions: regularRegions(9), givens: new Uint8Array(81) };
    const grids = new Set(Array.from({ length: 20 }, (_, s) => solve(empty, { rng: new Rng(s) }).solution!.join('')));
    expect(grids.size).toBe(20);
  });

  test('a node budget stops the search and says so', () => {
    const empty = { size: 9, regions: regularRegions(9), givens: new Uint8Array(81) };
    const result = solve(empty, { limit: 1000, maxNodes: 10 });
    expect(result.complete).toBe(false);
    expect(result.nodes).toBeLessThanOrEqual(11);
  });
});

describe('the regular 9×9 fast path agrees with the generic search', () => {
  const geometry = geometryFor(9, regularRegions(9));
  const solver = new LayoutSolver(geometry);
  test.prop([seeds, fc.double({ min: 0.15, max: 0.6, noNaN: true }), fc.double({ min: 0, max: 0.15, noNaN: true })], { numRuns: 300 })(
    'same count (to 5), same first solution when unique, on puzzles with 0, 1 or many solutions',
    (seed, keep, noise) => {
      const board = randomPuzzle(9, regularRegions(9), seed, keep);
      const givens = Uint8Array.from(board.givens);
      const rng = new Rng('noise', seed);
      for (let c = 0; c < 81; c++) if (givens[c] === 0 && rng.chance(noise)) givens[c] = rng.range(1, 9); // often contradictory
      const fast = solver.solve(givens, { limit: 5 });
      const generic = solver.solveGeneric(givens, { limit: 5 });
      expect(fast.count).toBe(generic.count);
      if (fast.count === 1) expect(fast.solution).toEqual(generic.solution);
      if (fast.count > 0) expect(isSolutionOf({ ...board, givens }, fast.solution!)).toBe(true);
    },
  );
});

describe('the per-digit search (any layout) agrees with the generic search', () => {
  test.prop([fc.constantFrom(4, 5, 6, 7, 8, 9), seeds, fc.double({ min: 0, max: 0.6, noNaN: true }), fc.boolean()], { numRuns: 150 })(
    'same count (to 3), same solution when unique, a valid first solution, on regular and random maps with 0, 1 or many solutions',
    (size, seed, keep, regular) => {
      const regions = regular && size !== 5 && size !== 7 ? regularRegions(size) : randomPartition(size, seed);
      const geometry = geometryFor(size, regions);
      const generic = new LayoutSolver(geometry);
      const filled = generic.solveGeneric(new Uint8Array(size * size), { rng: new Rng('fill', seed), maxNodes: 3000 });
      const rng = new Rng('holes', seed);
      const givens = filled.count === 1 ? Uint8Array.from(filled.solution!, (d) => (rng.chance(keep) ? d : 0)) : randomGivens(size, seed, keep / 3);
      for (let c = 0; c < givens.length; c++) if (givens[c] === 0 && rng.chance(0.02)) givens[c] = rng.range(1, size); // often contradictory
      const expected = generic.solveGeneric(givens, { limit: 3, maxNodes: 20_000 });
      fc.pre(expected.complete);
      const fast = new BitboardSolver(geometry).solve(givens, 3, 20_000);
      // it has no house-digit branching, so a near-empty board can outrun its budget (the
      // counter then hands over to the generic runs); a complete run must give the same answer
      fc.pre(fast.complete);
      expect(fast.count).toBe(expected.count);
      if (fast.count === 1) expect(fast.solution).toEqual(expected.solution);
      if (fast.count > 0) expect(isSolutionOf({ size, regions, givens }, fast.solution!)).toBe(true);
    },
  );
});
