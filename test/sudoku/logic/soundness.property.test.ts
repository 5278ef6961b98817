/**
 * The prover never places a wrong digit and never removes a digit of the solution: checked step
 * by step against the known solution on classic sets and on random regular and irregular boards
 * of every size. Fast mode (no steps) must reach exactly the same result as collect mode.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../src/core/rng.ts';
import { validator } from '../../../src/core/schema.ts';
import { parseLine } from '../../../src/sudoku/line-format.ts';
import { checkProof } from '../../../src/sudoku/logic/check-proof.ts';
import { gradeOf, prove, type ProveOptions, type ProveResult } from '../../../src/sudoku/logic/index.ts';
import { ProofStep } from '../../../src/sudoku/logic/step-schema.ts';
import { regularBlockShape, regularRegions } from '../../../src/sudoku/regions.ts';
import { solve } from '../../../src/sudoku/solver.ts';
import type { Board, Grid } from '../../../src/sudoku/types.ts';
import { dataLines } from '../../helpers/data.ts';
import { irregularSolution, minimalPuzzle, randomPuzzle, randomSolution, unsoundStep } from './boards.ts';

const validStep = validator<ProofStep>(ProofStep);

/** Prove in both modes and check everything that must hold against the solution. */
function checkBoard(board: Board, solution: Grid, options: ProveOptions = {}): ProveResult {
  const full = prove(board, options);
  const fast = prove(board, { ...options, collectSteps: false });
  expect(unsoundStep(full.steps, solution, board.size)).toBeNull();
  for (let i = 0; i < solution.length; i++) if (full.grid[i]) expect(full.grid[i]).toBe(solution[i]);
  expect(full.contradiction).toBe(false);
  if (full.solved) expect(Array.from(full.grid)).toEqual(Array.from(solution));
  expect({ ...fast, steps: [] }).toEqual({ ...full, steps: [] });
  expect(fast.steps).toEqual([]);
  expect(full.steps.length).toBe(Object.values(full.techniqueCounts).reduce((a, b) => a + b, 0));
  for (const step of full.steps) expect(validStep(step), JSON.stringify(step)).toBe(true);
  return full;
}

describe('prover soundness on the classic sets', () => {
  // top1465 is 9/10 of this test's time (its boards reach tiers 4–5): every fourth board (tiers 2
  // to 5 all reached) here, and the next quarter (i % 4 === 1) again with the uniqueness rungs below
  const sample = [
    ...dataLines('classic/top1465.txt').filter((_, i) => i % 4 === 0),
    ...dataLines('classic/17-clue.txt').filter((_, i) => i % 100 === 0),
    ...dataLines('classic/forum-hardest-1106.txt').filter((_, i) => i % 3 === 0),
  ];
  it(`is sound on ${sample.length} classic puzzles`, () => {
    let solved = 0;
    for (const line of sample) {
      const board = parseLine(line);
      const solution = solve(board, { limit: 1 }).solution!;
      if (checkBoard(board, solution).solved) solved++;
    }
    expect(solved).toBeGreaterThan(sample.length / 3);
  });
});

const seeds = fc.integer({ min: 0, max: 2 ** 31 - 1 });

// tier 5 (t5a): uniqueness rungs only on unique boards, as judgeBoard allows them.
describe('tier 5 soundness with the uniqueness rungs on unique boards', () => {
  const TIER5 = /^(unique-rectangle-\d|bug-plus-one|als-xz|als-xy-wing|als-chain)$/;
  const UNIQUENESS = /^(unique-rectangle-\d|bug-plus-one)$/;
  const sample = [
    ...dataLines('classic/top1465.txt').filter((_, i) => i % 4 === 1),
    ...dataLines('classic/forum-hardest-1106.txt').filter((_, i) => i % 10 === 0),
  ];
  it(`is sound on ${sample.length} classic puzzles and uses every tier-5 technique`, () => {
    const used = new Set<string>();
    for (const line of sample) {
      const board = parseLine(line);
      const solution = solve(board, { limit: 1 }).solution!;
      const result = checkBoard(board, solution, { uniqueness: true });
      for (const step of result.steps) {
        if (TIER5.test(step.technique)) used.add(step.technique);
        expect(step.assumesUniqueness === true, step.technique).toBe(UNIQUENESS.test(step.technique));
        if (UNIQUENESS.test(step.technique)) expect(step.text.en).toContain('assumes the puzzle has exactly one solution');
      }
    }
    // BUG+1 is rare on these boards: the reglib cases and the random boards below cover it.
    for (const id of ['unique-rectangle-1', 'unique-rectangle-2', 'unique-rectangle-4', 'als-xz', 'als-xy-wing', 'als-chain']) expect(used).toContain(id);
  });

  test.prop([fc.integer({ min: 4, max: 9 }), seeds, fc.boolean()], { numRuns: 100 })('minimal regular and irregular boards', (size, seed, irregular) => {
    const rng = new Rng('prover-tier5', seed);
    const regular = !irregular && regularBlockShape(size) !== null;
    const { regions, solution } = regular ? { regions: regularRegions(size), solution: randomSolution(size, regularRegions(size), rng)! } : irregularSolution(size, rng);
    checkBoard(minimalPuzzle(size, regions, solution, rng), solution, { uniqueness: true });
  });
});

describe('prover soundness on random boards', () => {
  test.prop([fc.constantFrom(4, 6, 8, 9), seeds], { numRuns: 100 })('minimal regular boards', (size, seed) => {
    const rng = new Rng('prover-regular', seed);
    const regions = regularRegions(size);
    const solution = randomSolution(size, regions, rng)!;
    const board = minimalPuzzle(size, regions, solution, rng);
    const result = checkBoard(board, solution);
    if (result.solved) expect(gradeOf(result, board).level).toBeGreaterThanOrEqual(1);
  });

  test.prop([fc.integer({ min: 4, max: 9 }), seeds], { numRuns: 80 })('minimal irregular hex boards', (size, seed) => {
    const rng = new Rng('prover-irregular', seed);
    const { regions, solution } = irregularSolution(size, rng);
    checkBoard(minimalPuzzle(size, regions, solution, rng), solution);
  });

  test.prop([fc.integer({ min: 4, max: 9 }), seeds, fc.double({ min: 0.2, max: 0.6, noNaN: true })], { numRuns: 150 })(
    'random subsets of a solution (often not unique)',
    (size, seed, keep) => {
      const rng = new Rng('prover-random', seed);
      const regular = regularBlockShape(size) !== null && rng.chance(0.5);
      const { regions, solution } = regular ? { regions: regularRegions(size), solution: randomSolution(size, regularRegions(size), rng)! } : irregularSolution(size, rng);
      checkBoard(randomPuzzle(size, regions, solution, rng, keep), solution);
    },
  );
});

describe('prover results', () => {
  it('reports tier 0 and no steps for a full board', () => {
    const board = parseLine(formatSolved());
    const r = prove(board);
    expect(r).toMatchObject({ solved: true, contradiction: false, tier: 0, work: 0, steps: [] });
    expect(gradeOf(r, board)).toEqual({ level: 1, name: 'easy', score: 0, scale: 4 });
  });

  it('finds contradictory givens', () => {
    // Row 1 holds 1..8 and column 9 already has a 9: r1c9 has no candidate.
    const r = prove(parseLine('12345678.' + '.'.repeat(8) + '9' + '.'.repeat(63)));
    expect(r.contradiction).toBe(true);
    expect(r.solved).toBe(false);
    expect(() => gradeOf(r, parseLine('12345678.' + '.'.repeat(8) + '9' + '.'.repeat(63)))).toThrow(RangeError);
  });

  it('stalls without guessing on boards with many solutions', () => {
    const multi = dataLines('oracles/solution-counts.txt').filter((l) => Number(l.split(':')[1]) >= 2);
    expect(multi.length).toBeGreaterThan(5);
    for (const line of multi) {
      const r = prove(parseLine(line));
      expect(r.solved, line).toBe(false);
      expect(r.contradiction, line).toBe(false);
    }
  });

  it('writes the example sentence of the issue for a hidden single', () => {
    const r = prove(parseLine('..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9'));
    const hidden = r.steps.find((s) => s.technique === 'hidden-single')!;
    expect(hidden.text.en).toMatch(/^Hidden single: \d can only go in r\dc\d within (row|column|block) \d\.$/);
    expect(hidden.text.de).toMatch(/^Versteckter Single: Die \d kann in (Zeile|Spalte|Block) \d nur in r\dc\d stehen\.$/);
  });
});

/** A valid solution grid. */
function formatSolved(): string {
  return '123456789456789123789123456214365897365897214897214365531642978642978531978531642';
}

// tier 5: grouped chains and forcing chains (t5b)
describe('tier 5 soundness', () => {
  const TIER5 = ['nice-loop', 'grouped-nice-loop', 'grouped-aic', 'forcing-chain-contradiction', 'cell-forcing-chain', 'house-forcing-chain'];

  it('every tier-5 step on top1465 and 6×6 / irregular boards is sound and checkProof accepts the proofs', () => {
    const used = new Set<string>();
    const boards: Array<{ board: Board; solution: Grid }> = dataLines('classic/top1465.txt')
      .filter((_, i) => i % 15 === 7)
      .map((line) => {
        const board = parseLine(line);
        return { board, solution: solve(board, { limit: 1 }).solution! };
      });
    // Sparse random boards of other layouts (often not unique): tier 5 runs on them too.
    const rng = new Rng('prover-tier5');
    for (let k = 0; k < 40; k++) {
      const size = k % 2 === 0 ? 6 : 9;
      const { regions, solution } = k % 4 < 2 ? { regions: regularRegions(size), solution: randomSolution(size, regularRegions(size), rng)! } : irregularSolution(size, rng);
      boards.push({ board: randomPuzzle(size, regions, solution, rng, 0.28), solution });
    }
    for (const { board, solution } of boards) {
      const result = checkBoard(board, solution);
      expect(checkProof(board, result.steps).failure).toBeNull();
      for (const step of result.steps) if (TIER5.includes(step.technique)) used.add(step.technique);
    }
    expect(used).toContain('grouped-nice-loop');
    expect(used).toContain('forcing-chain-contradiction');
  });

  it('irregular layouts of every size 6..9: group nodes in irregular intersections, sound and checked', () => {
    const rng = new Rng('prover-tier5-irregular');
    let groups = 0;
    const used = new Set<string>();
    for (let k = 0; k < 60; k++) {
      const size = [6, 7, 8, 9][k % 4]!;
      const { regions, solution } = irregularSolution(size, rng);
      const board = randomPuzzle(size, regions, solution, rng, 0.3);
      const result = checkBoard(board, solution);
      expect(checkProof(board, result.steps).failure).toBeNull();
      for (const step of result.steps) {
        if (TIER5.includes(step.technique)) used.add(step.technique);
        if (step.groupedChain?.some((node) => node.length > 1)) groups++;
      }
    }
    // Measured: 17 grouped loops with group nodes, 4 nice loops, 11 forcing chains in these 60 boards.
    expect(groups).toBeGreaterThan(5);
    expect(used).toContain('forcing-chain-contradiction');
  });
});
