/**
 * Practice boards without a givens count (`carveToTier`, its walk over unique boards, the trade
 * repair) in-process, on random small requests: each board made is unique by the exact-cover
 * counter, its hardest step is the technique asked for (by a fresh grading run, not the carver's
 * judge), it passes the independent verifier, and the same seed makes the same bytes. A request
 * the small budget cannot meet is allowed; the CLI tests (practice.cli.test.ts) cover 9×9.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { GenerationError } from '../../src/core/errors.ts';
import { flattenGrid } from '../../src/numbridge-board/board-file.ts';
import { generateBoard } from '../../src/numbridge-board/generate.ts';
import type { BoardRequest } from '../../src/numbridge-board/request.ts';
import { verifyBoard } from '../../src/numbridge-board/verify.ts';
import { digitsInFirstOrder, hardestTechnique, prove } from '../../src/sudoku/logic/index.ts';
import { solve } from '../../src/sudoku/solver.ts';

const WHERE = { source: 'test' };

const requests = fc
  .record({
    layout: fc.constantFrom<Array<Pick<BoardRequest, 'size' | 'blocks'>>>({ size: 6, blocks: 'regular' }, { size: 6, blocks: 'irregular' }, { size: 7, blocks: 'irregular' }),
    technique: fc.constantFrom('locked-candidates-pointing', 'naked-pair', 'x-wing', 'xy-wing', 'turbot-fish', 'full-house'),
    symmetry: fc.constantFrom<Array<BoardRequest['symmetry']>>('none', 'rot180'),
  })
  .map(({ layout, technique, symmetry }): BoardRequest => ({ ...layout, technique, symmetry, budget: { grids: 3 } }));

describe('practice boards with any number of givens', () => {
  let made = 0;

  test.prop([requests, fc.string({ minLength: 1, maxLength: 8 })], { numRuns: 12 })('every board made is unique, needs the technique as its hardest step and verifies', (request, seed) => {
    let file;
    try {
      file = generateBoard(request, seed);
    } catch (e) {
      if (!(e instanceof GenerationError)) throw e;
      return;
    }
    made++;
    const n = request.size;
    const board = { size: n, regions: flattenGrid(file.public.regions, n, WHERE, '/public/regions'), givens: flattenGrid(file.public.givens, n, WHERE, '/public/givens') };
    expect(solve(board, { limit: 2 }).count).toBe(1);
    expect(file.secret!.request).toMatchObject({ technique: request.technique });
    expect(file.secret!.request!.givens).toBeUndefined();
    // graded as `grade` grades (digits renamed by first appearance, counted unique: uniqueness rungs allowed)
    expect(hardestTechnique(prove(digitsInFirstOrder(board), { collectSteps: false, uniqueness: true }).techniqueCounts)).toBe(request.technique);
    expect(verifyBoard(file)).toEqual({ ok: true, problems: [] });
    expect(JSON.stringify(generateBoard(request, seed))).toBe(JSON.stringify(file));
  });

  test('most requests were met within the small budget', () => {
    expect(made).toBeGreaterThanOrEqual(6);
  });
});
