/**
 * Properties of every generated board, on random requests: unique by the exact-cover counter,
 * solved by the prover at its grade and not below, blocks a hex-connected partition, exactly the
 * givens asked for, the symmetry asked for, schema-valid, the same for the same seed, and passing
 * the independent verifier.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { GenerationError } from '../../src/core/errors.ts';
import { validator } from '../../src/core/schema.ts';
import { flattenGrid, playerForm } from '../../src/numbridge-board/board-file.ts';
import { emptyGenerateStats, generateBoard } from '../../src/numbridge-board/generate.ts';
import type { BoardRequest } from '../../src/numbridge-board/request.ts';
import { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { isSymmetricPattern, SYMMETRIES, symmetryProblem } from '../../src/numbridge-board/symmetry.ts';
import { verifyBoard } from '../../src/numbridge-board/verify.ts';
import { givenCount, isSolutionOf } from '../../src/sudoku/check.ts';
import { prove } from '../../src/sudoku/logic/index.ts';
import { isRegularRegions, regionProblem, regularBlockShape } from '../../src/sudoku/regions.ts';
import { solve } from '../../src/sudoku/solver.ts';

const isBoardFile = validator<NumbridgeBoardFile>(NumbridgeBoardFile);
const WHERE = { source: 'test' };

/** Givens ranges every size meets easily at grades 1–2 (the benchmark explores the hard edges). */
const GIVENS: Record<number, [number, number]> = { 4: [5, 9], 5: [8, 13], 6: [12, 18], 7: [17, 24], 8: [23, 32], 9: [28, 36] };

const requests = fc
  .record({
    size: fc.constantFrom(4, 5, 6, 7, 8, 9),
    irregular: fc.boolean(),
    share: fc.double({ min: 0, max: 1, noNaN: true }),
    grade: fc.constantFrom(undefined, 1, 2),
    symmetry: fc.constantFrom(...SYMMETRIES),
  })
  .map(({ size, irregular, share, grade: asked, symmetry }): BoardRequest => {
    let grade = asked;
    const [lo, hi] = GIVENS[size]!;
    let givens = Math.round(lo + share * (hi - lo));
    if (symmetryProblem(size, symmetry, givens)) givens++;
    const blocks = irregular || !regularBlockShape(size) ? 'irregular' : 'regular';
    // Small regular boards are (almost) never grade 2: 4×4 never, 6×6 Blitz one carve in four.
    if (grade === 2 && size < 7 && (blocks === 'regular' || size < 6)) grade = 1;
    return grade === undefined ? { size, blocks, givens, symmetry } : { size, blocks, givens, grade, symmetry };
  });

describe('generateBoard', () => {
  let made = 0;
  let outOfBudget = 0;

  test.prop([requests, fc.string({ minLength: 1, maxLength: 12 })], { numRuns: 200 })('every board keeps every promise', (request, seed) => {
    let file: NumbridgeBoardFile;
    try {
      file = generateBoard(request, seed);
    } catch (e) {
      if (!(e instanceof GenerationError)) throw e;
      outOfBudget++;
      expect(e.message).toContain(`${request.size}×${request.size} ${request.blocks} board with ${request.givens} givens`);
      return;
    }
    made++;
    expect(isBoardFile(file)).toBe(true);
    const n = request.size;
    const pub = file.public;
    const regions = flattenGrid(pub.regions, n, WHERE, '/public/regions');
    const givens = flattenGrid(pub.givens, n, WHERE, '/public/givens');
    const solution = flattenGrid(file.secret!.solution, n, WHERE, '/secret/solution');
    const board = { size: n, regions, givens };

    expect(regionProblem(n, regions, 'hex')).toBeNull();
    expect(isRegularRegions(n, regions)).toBe(request.blocks === 'regular');
    expect(givenCount(givens)).toBe(request.givens);
    expect(isSymmetricPattern(n, request.symmetry ?? 'none', givens)).toBe(true);

    const counted = solve(board, { limit: 2 });
    expect(counted.count).toBe(1);
    expect(Array.from(counted.solution!)).toEqual(Array.from(solution));
    expect(isSolutionOf(board, solution)).toBe(true);

    const level = pub.grade.level;
    if (request.grade !== undefined) expect(level).toBe(request.grade);
    // counted unique above, so the rungs that assume it may run (unique rectangles are tier 3 since issue 27)
    expect(prove(board, { maxTier: level, collectSteps: false, uniqueness: true }).solved).toBe(true);
    if (level > 1) expect(prove(board, { maxTier: level - 1, collectSteps: false, uniqueness: true }).solved).toBe(false);

    expect(verifyBoard(file)).toEqual({ ok: true, problems: [] });
    expect(JSON.stringify(generateBoard(request, seed))).toBe(JSON.stringify(file));
    expect(JSON.stringify(playerForm(file))).not.toContain('secret');
  });

  test('boards were made for nearly every request', () => {
    expect(made).toBeGreaterThan(0);
    expect(outOfBudget).toBeLessThanOrEqual(Math.ceil((made + outOfBudget) * 0.1));
  });
});

describe('hard corners', () => {
  const stats = emptyGenerateStats();
  // Below the typical minimal count (≈ 24–25 givens on 9×9) plain removal gets stuck; the carver
  // trades givens to walk lower (carve.ts, descend). Symmetric orbits trade only for their size.
  test.each<BoardRequest>([
    { size: 9, blocks: 'regular', givens: 22 },
    { size: 9, blocks: 'regular', givens: 22, grade: 3 },
    { size: 9, blocks: 'regular', givens: 24, symmetry: 'rot180' },
    { size: 9, blocks: 'irregular', givens: 22, grade: 4 },
    { size: 9, blocks: 'regular', givens: 25, symmetry: 'all', grade: 2 },
  ])('%o', (request) => {
    const file = generateBoard(request, 'hard-corner', stats);
    expect(verifyBoard(file)).toEqual({ ok: true, problems: [] });
    expect(file.public.givens.flat().filter((d) => d !== 0)).toHaveLength(request.givens!);
    if (request.grade) expect(file.public.grade.level).toBe(request.grade);
  });

  test('some of them needed the descent', () => {
    expect(stats.descents).toBeGreaterThan(0);
  });
});

describe('determinism', () => {
  test('the budget decides only whether a board is found, never which one', () => {
    for (const request of [
      { size: 9, blocks: 'irregular', givens: 24, grade: 3 },
      { size: 6, blocks: 'regular', givens: 12, symmetry: 'rot180' },
    ] satisfies BoardRequest[]) {
      const small = generateBoard({ ...request, budget: { grids: 8 } }, 'budget');
      const large = generateBoard({ ...request, budget: { grids: 200 } }, 'budget');
      expect(JSON.stringify(large)).toBe(JSON.stringify(small));
    }
  });
});

describe('out of budget', () => {
  test('the error names size, blocks, givens and grade ("any grade" when none was asked)', () => {
    expect(() => generateBoard({ size: 6, blocks: 'regular', givens: 8, budget: { grids: 1 } }, 'x')).toThrow(
      /^no 6×6 regular board with 8 givens at any grade within 1 grid × 4 removal orders$/,
    );
    expect(() => generateBoard({ size: 4, blocks: 'irregular', givens: 14, grade: 2, symmetry: 'rot180', budget: { grids: 2 } }, 'x')).toThrow(
      /^no 4×4 irregular board with 14 givens at grade 2 \(rot180 symmetry\) within 2 grids × 4 removal orders$/,
    );
  });
});
