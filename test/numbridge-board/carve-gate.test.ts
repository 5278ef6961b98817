/**
 * The carver's grade-1 shortcut means what the prover's tier 1 means (issue 12, point 5). It was
 * the search's root propagation, which on regular 9×9 boards also applies locked candidates
 * (tier 2): carves judged "grade 1" then failed the final re-check, and the carve's grade was
 * misreported, which sent grade-2 carves past their target.
 */
import { describe, expect, test } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { Carver } from '../../src/numbridge-board/carve.ts';
import { randomSolution, REGULAR_FILL, IRREGULAR_FILL } from '../../src/numbridge-board/fill.ts';
import { emptyGenerateStats, generateBoard, MAX_GRADE } from '../../src/numbridge-board/generate.ts';
import { verifyBoard } from '../../src/numbridge-board/verify.ts';
import { randomLayout } from '../../src/numbridge-board/layouts.ts';
import { orbitsOf } from '../../src/numbridge-board/symmetry.ts';
import { geometryFor } from '../../src/sudoku/geometry.ts';
import { prove } from '../../src/sudoku/logic/index.ts';
import { regularRegions } from '../../src/sudoku/regions.ts';
import { solve } from '../../src/sudoku/solver.ts';

const judge = { prove: (board: Parameters<typeof prove>[0], maxTier: number) => prove(board, { maxTier, collectSteps: false }) };

describe('the carver grades as the prover does', () => {
  test('at --grade 1 the final re-check throws no carve out (9×9 regular, 30 givens, 120 boards)', () => {
    const stats = emptyGenerateStats();
    for (let k = 0; k < 120; k++) generateBoard({ size: 9, blocks: 'regular', givens: 30, grade: 1 }, `gate/${k}`, stats);
    expect(stats.boards).toBe(120);
    expect(stats.finalRejects).toBe(0);
    expect(stats.orders).toBe(120); // every first carve is kept
  });

  // For the top grade the carver keeps boards above K on the count alone and proves from K down:
  // a carve that says ok must hold a board the prover grades exactly 5, never one it took on trust.
  test.each([
    ['regular', 24],
    ['regular', 27],
    ['irregular', 25],
  ] as const)('at the top grade a carve that succeeds holds a board the prover grades %s / %i givens: 5', (blocks, givens) => {
    const orbits = orbitsOf(9, 'none');
    const target = { givens, grade: MAX_GRADE, maxTier: MAX_GRADE };
    let carved = 0;
    let unproven = 0;
    for (let g = 0; carved < 4 && g < 300; g++) {
      const rng = new Rng('carve-top', blocks, givens, g);
      const regions = blocks === 'regular' ? regularRegions(9) : randomLayout(9, rng);
      const geometry = geometryFor(9, regions);
      const solution = randomSolution(geometry, rng, blocks === 'regular' ? REGULAR_FILL : IRREGULAR_FILL);
      if (!solution) continue;
      const carver = new Carver(geometry, solution, orbits, judge);
      for (let o = 0; o < 4; o++) {
        const order = rng.shuffle(Array.from({ length: orbits.count }, (_, i) => i));
        let result = carver.carve(order, target, rng);
        if (!result.ok && result.reason === 'minimal') result = carver.descend(target, rng, 81);
        if (!result.ok) continue;
        const board = { size: 9, regions, givens: carver.givens };
        expect(carver.givens.filter((d) => d !== 0).length).toBe(givens);
        expect(solve(board, { limit: 2 }).count).toBe(1);
        const proof = prove(board, { maxTier: MAX_GRADE, collectSteps: false });
        expect(proof.solved, `grid ${g}, order ${o}`).toBe(true);
        expect(proof.tier, `grid ${g}, order ${o}`).toBe(MAX_GRADE);
        carved++;
        break;
      }
      unproven += carver.stats.unproven;
    }
    expect(carved).toBe(4);
    expect(unproven).toBeGreaterThan(0); // boards above K were kept on the count alone
  });

  test('grade-5 boards from generateBoard verify at that grade', () => {
    for (const [k, blocks] of (['regular', 'irregular'] as const).entries()) {
      const file = generateBoard({ size: 9, blocks, givens: 26, grade: MAX_GRADE }, `top/${k}`);
      expect(verifyBoard(file).problems).toEqual([]);
      expect(file.public.grade.level).toBe(MAX_GRADE);
    }
  });

  test.each([
    [9, 'regular', 28],
    [9, 'irregular', 28],
    [6, 'regular', 12],
    [8, 'regular', 24],
  ] as const)('without a grade, the tier a carve reports is the prover\'s grade of the board (size %i, %s, %i givens)', (size, blocks, givens) => {
    const orbits = orbitsOf(size, 'none');
    const target = { givens, grade: undefined, maxTier: MAX_GRADE };
    let checked = 0;
    for (let k = 0; checked < 40 && k < 200; k++) {
      const rng = new Rng('carve-gate', size, blocks, k);
      const regions = blocks === 'regular' ? regularRegions(size) : randomLayout(size, rng);
      const geometry = geometryFor(size, regions);
      const solution = randomSolution(geometry, rng, blocks === 'regular' ? REGULAR_FILL : IRREGULAR_FILL);
      if (!solution) continue;
      const carver = new Carver(geometry, solution, orbits, judge);
      const order = rng.shuffle(Array.from({ length: orbits.count }, (_, i) => i));
      const carved = carver.carve(order, target, rng);
      if (!carved.ok) continue;
      const proof = prove({ size, regions, givens: carver.givens }, { collectSteps: false });
      expect(proof.solved).toBe(true);
      expect(carved.tier, `board ${k}`).toBe(Math.max(1, proof.tier));
      checked++;
    }
    expect(checked).toBe(40);
  });

  // The carver skips work three ways (an immediate single; an unavoidable set — the cells where a
  // second solution seen before differs from ours — that the removal leaves given-free; singles
  // only while the board is at tier 1): each must decide a removal exactly as
  // the plain gate does — count to 2, then the prover. A reference carve with only the plain gate,
  // over the same orders on the same grid (the carver keeps what it saw across orders), must keep
  // the same givens.
  test.each([
    [9, 'regular', 22],
    [9, 'irregular', 22],
    [6, 'regular', 10],
  ] as const)('its shortcuts decide as the plain gate does (size %i, %s, down to %i givens)', (size, blocks, givens) => {
    const orbits = orbitsOf(size, 'none');
    const target = { givens, grade: undefined, maxTier: MAX_GRADE };
    let refuted = 0;
    for (let g = 0, grids = 0; grids < 4; g++) {
      const rng = new Rng('carve-shortcuts', size, blocks, g);
      const regions = blocks === 'regular' ? regularRegions(size) : randomLayout(size, rng);
      const geometry = geometryFor(size, regions);
      const solution = randomSolution(geometry, rng, blocks === 'regular' ? REGULAR_FILL : IRREGULAR_FILL);
      if (!solution) continue; // a layout that cannot be filled
      grids++;
      const carver = new Carver(geometry, solution, orbits, judge);
      for (let o = 0; o < 4; o++) {
        const order = rng.shuffle(Array.from({ length: orbits.count }, (_, i) => i));
        carver.carve(order, target, rng);
        expect(Array.from(carver.givens), `grid ${g}, order ${o}`).toEqual(Array.from(plainCarve(size, regions, solution, order, givens)));
      }
      refuted += carver.stats.refuted;
    }
    expect(refuted).toBeGreaterThan(0); // the second-solution shortcut was taken
  });
});

/** The carve with the plain gate only (no symmetry: every orbit one cell). */
function plainCarve(size: number, regions: Uint8Array, solution: Uint8Array, order: number[], target: number): Uint8Array {
  const givens = Uint8Array.from(solution);
  const board = { size, regions, givens };
  let count = givens.length;
  for (let i = 0; i < order.length && count > target; i++) {
    const untried = order.length - i - 1;
    // the carver's own skip: a count of givens the untried cells cannot make up
    if (count - 1 - target > untried) continue;
    const cell = order[i]!;
    givens[cell] = 0;
    if (solve(board, { limit: 2 }).count === 1 && prove(board, { maxTier: MAX_GRADE, collectSteps: false }).solved) count--;
    else givens[cell] = solution[cell]!;
  }
  return givens;
}
