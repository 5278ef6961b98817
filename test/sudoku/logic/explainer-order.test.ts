/**
 * The hardest step of a path in Sudoku Explainer's order (explainer-order.ts), which places a level-1
 * or level-2 board inside its level: held to the SE 1.2.1 ratings stored with the calibration boards
 * (test/data/calibration/se-9x9.txt, rated by SE itself, never run here), and to not disturbing the
 * prover it shares its state with.
 */
import { describe, expect, it } from 'vitest';
import { parseLine } from '../../../src/sudoku/line-format.ts';
import { digitsInFirstOrder, explainerHardestStep, prove } from '../../../src/sudoku/logic/index.ts';
import { dataLines } from '../../helpers/data.ts';

const calibration = dataLines('calibration/se-9x9.txt').map((text) => {
  const [line, se, source] = text.split(/\s+/) as [string, string, string];
  return { board: parseLine(line), tenths: Math.round(Number(se) * 10), source };
});

describe("the hardest step in Sudoku Explainer's order", () => {
  it('is the SE rating of every calibration board the ladder grades easy or medium (1.2 … 4.0)', () => {
    const upToMedium = calibration.filter(({ board }) => prove(digitsInFirstOrder(board), { maxTier: 2, collectSteps: false }).solved);
    expect(upToMedium.length).toBeGreaterThanOrEqual(400);
    const differing = upToMedium.filter(({ board, tenths }) => explainerHardestStep(board) !== tenths).map(({ source, tenths, board }) => `${source}: SE ${tenths / 10}, ours ${explainerHardestStep(board) / 10}`);
    expect(differing).toEqual([]);
    // the direct steps make the difference: boards SE rates 1.7–2.0 (below a naked single) are there
    expect(upToMedium.filter(({ tenths }) => tenths >= 17 && tenths <= 20).length).toBeGreaterThan(50);
  });

  it('leaves the prover as it found it: the same board proves the same after it', () => {
    const { board } = calibration.find(({ tenths }) => tenths === 20)!;
    const before = prove(board, { collectSteps: true });
    explainerHardestStep(board);
    const after = prove(board, { collectSteps: true });
    expect(after).toEqual(before);
  });

  it('is 0 for a full board', () => {
    const { board } = calibration[0]!;
    const solved = prove(board, { collectSteps: false });
    expect(explainerHardestStep({ ...board, givens: solved.grid })).toBe(0);
  });
});
