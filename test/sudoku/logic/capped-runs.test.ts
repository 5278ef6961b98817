/**
 * The ladder's cap is a prefix: a run capped at any tier at or above the highest one the uncapped
 * run uses takes the uncapped run's path step for step, and a run capped one tier lower stalls.
 * verify (numbridge/verify.ts gradeProblems) grades a board from the uncapped run alone because of
 * this, instead of proving it again at the claimed level and one level below; here the prover is
 * held to it on generated boards of every level of the score corpus (6×6 regular, 9×9 regular
 * and irregular), with and without the uniqueness rungs, and with the steps compared.
 */
import { describe, expect, it } from 'vitest';
import { parseLine } from '../../../src/sudoku/line-format.ts';
import { digitsInFirstOrder, gradeOf, prove, TIERS } from '../../../src/sudoku/logic/index.ts';
import { isRegularRegions } from '../../../src/sudoku/regions.ts';
import { dataLines } from '../../helpers/data.ts';

const MAX_TIER = Math.max(...TIERS.map((t) => t.tier));

/** Every 12th board of the score corpus: about 230 boards, every level of every group. */
const boards = dataLines('generated/score-boards.txt')
  .filter((_, i) => i % 12 === 0)
  .map((line) => ({ line, board: digitsInFirstOrder(parseLine(line)) }));

describe('capped runs of the ladder', () => {
  it('samples every level of every size and block shape', () => {
    const seen = new Set<string>();
    for (const { board } of boards) {
      const run = prove(board, { collectSteps: false, uniqueness: true });
      expect(run.solved).toBe(true);
      seen.add(`${board.size} ${isRegularRegions(board.size, board.regions) ? 'r' : 'i'} ${gradeOf(run, board).level}`);
    }
    expect([...seen].sort()).toEqual(['6 r 1', '6 r 2', '6 r 3', '6 r 4', '9 i 1', '9 i 2', '9 i 3', '9 i 4', '9 i 5', '9 r 1', '9 r 2', '9 r 3', '9 r 4', '9 r 5']);
  });

  for (const uniqueness of [true, false]) {
    it(`capped at the run's level or above: the same path; one below: stalled (uniqueness ${uniqueness})`, () => {
      for (const { line, board } of boards) {
        const free = prove(board, { collectSteps: true, uniqueness });
        if (!free.solved) continue; // beyond the ladder without the uniqueness rungs
        const level = Math.max(1, free.tier);
        for (let cap = level; cap <= MAX_TIER; cap++) {
          const capped = prove(board, { maxTier: cap, collectSteps: true, uniqueness });
          expect(capped.steps, `${line} capped at ${cap}`).toEqual(free.steps);
          expect(capped.work).toBe(free.work);
        }
        if (level > 1) expect(prove(board, { maxTier: level - 1, collectSteps: false, uniqueness }).solved, `${line} capped at ${level - 1}`).toBe(false);
      }
    });
  }
});
