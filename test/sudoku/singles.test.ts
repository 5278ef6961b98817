/**
 * `propagateSingles`, the generators' grade-1 shortcut, is exactly tier 1 of the logic prover
 * (issue 12, point 5): on every board of a corpus — generated boards of every size, regular and
 * irregular, at several grades, the same boards with givens taken away, and the classic 9×9 data
 * sets — "singles solve it" ⇔ "the prover capped at tier 1 finishes it", and where both stop they
 * have placed the same cells. `singlesSolve` (the band-word solver's singles on regular 9×9, the
 * carver's test) answers "solved" as they do.
 */
import { describe, expect, test } from 'vitest';
import { generateBoard } from '../../src/numbridge-board/generate.ts';
import type { BoardRequest } from '../../src/numbridge-board/request.ts';
import { prove } from '../../src/sudoku/logic/index.ts';
import { regularRegions } from '../../src/sudoku/regions.ts';
import { geometryFor } from '../../src/sudoku/geometry.ts';
import { propagateSingles, solve, solverFor } from '../../src/sudoku/solver.ts';
import type { Board } from '../../src/sudoku/types.ts';
import { dataLines } from '../helpers/data.ts';

/** The disagreement between the shortcut and the prover capped at tier 1, or null. */
function disagreement(board: Board): string | null {
  const singles = propagateSingles(board);
  const proof = prove(board, { maxTier: 1, collectSteps: false });
  if (singles.solved !== proof.solved) return `singles ${singles.solved ? 'solve' : 'do not solve'} it, the prover ${proof.solved ? 'does' : 'does not'}`;
  if (singles.contradiction !== proof.contradiction) return `contradiction: singles ${singles.contradiction}, prover ${proof.contradiction}`;
  if (!singles.contradiction && Array.from(singles.grid).join('') !== Array.from(proof.grid).join('')) return 'they stop with different placements';
  // the carver's test: on regular 9×9 the band-word solver's own singles, which must answer the same
  const fast = solverFor(geometryFor(board.size, board.regions)).singlesSolve(board.givens);
  if (fast !== singles.solved) return `singlesSolve says ${fast}, propagateSingles ${singles.solved}`;
  return null;
}

const REGULAR_9 = regularRegions(9);

/** A classic data line (81 characters, digits and dots) as a board. */
function classicBoard(line: string): Board {
  return { size: 9, regions: REGULAR_9, givens: Uint8Array.from(line.slice(0, 81), (ch) => (ch >= '1' && ch <= '9' ? Number(ch) : 0)) };
}

describe('propagateSingles agrees with the prover capped at tier 1', () => {
  test.each([
    ['classic/17-clue.txt', 49158],
    ['classic/top1465.txt', 1465],
    ['classic/forum-hardest-1106.txt', 375],
  ])('on every board of %s (%i boards)', (file, expected) => {
    const lines = dataLines(file);
    expect(lines.length).toBe(expected);
    let solved = 0;
    for (const line of lines) {
      const board = classicBoard(line);
      expect(disagreement(board), line).toBeNull();
      if (prove(board, { maxTier: 1, collectSteps: false }).solved) solved++;
    }
    // Not a vacuous agreement: on 17-clue singles finish many boards and stall on many.
    if (file === 'classic/17-clue.txt') expect([solved > 10_000, solved < expected - 10_000]).toEqual([true, true]);
  });

  const requests: BoardRequest[] = [
    { size: 4, blocks: 'regular', givens: 6, grade: 1 },
    { size: 5, blocks: 'irregular', givens: 10 },
    { size: 6, blocks: 'regular', givens: 12, grade: 1 },
    { size: 6, blocks: 'regular', givens: 10 },
    { size: 6, blocks: 'irregular', givens: 14, grade: 2 },
    { size: 7, blocks: 'irregular', givens: 20 },
    { size: 8, blocks: 'regular', givens: 26, grade: 2 },
    { size: 9, blocks: 'regular', givens: 30, grade: 1 },
    { size: 9, blocks: 'regular', givens: 28, grade: 2 },
    { size: 9, blocks: 'regular', givens: 26, grade: 3 },
    { size: 9, blocks: 'irregular', givens: 28, grade: 2 },
  ];
  test.each(requests.map((r) => [`${r.size}×${r.size} ${r.blocks}, ${r.givens} givens, grade ${r.grade ?? 'any'}`, r] as const))(
    'on generated boards (%s) and on them with givens taken away',
    (_, request) => {
      for (let k = 0; k < 6; k++) {
        const file = generateBoard(request, `singles/${k}`);
        const board: Board = { size: request.size, regions: Uint8Array.from(file.public.regions.flat()), givens: Uint8Array.from(file.public.givens.flat()) };
        expect(disagreement(board), file.id).toBeNull();
        if (request.grade !== undefined) expect(propagateSingles(board).solved, file.id).toBe(request.grade === 1);
        // Fewer givens: boards singles and the prover stall on, many of them not unique.
        const givens = Uint8Array.from(board.givens);
        for (let c = 0, taken = 0; c < givens.length && taken < 8; c++) {
          if (givens[c] === 0) continue;
          givens[c] = 0;
          taken++;
          expect(disagreement({ ...board, givens }), `${file.id} without its first ${taken} givens`).toBeNull();
        }
      }
    },
  );

  test('on hand-made boards: empty, full, clashing givens, a cell with no digit left', () => {
    const empty = new Uint8Array(81);
    const full = solve({ size: 9, regions: REGULAR_9, givens: empty }).solution!;
    const clash = Uint8Array.from(empty);
    clash[0] = 5;
    clash[8] = 5; // the same digit twice in row 1
    const starved = Uint8Array.from(empty);
    // r1c1 sees 1..8 in its row and 9 in its column: no digit is left for it.
    for (let c = 1; c <= 8; c++) starved[c] = c;
    starved[9 * 4] = 9;
    const cases: Array<[string, Uint8Array, { solved: boolean; contradiction: boolean }]> = [
      ['empty', empty, { solved: false, contradiction: false }],
      ['full', full, { solved: true, contradiction: false }],
      ['clash', clash, { solved: false, contradiction: true }],
      ['starved', starved, { solved: false, contradiction: true }],
    ];
    for (const [name, givens, expected] of cases) {
      const board = { size: 9, regions: REGULAR_9, givens };
      expect(disagreement(board), name).toBeNull();
      const { solved, contradiction } = propagateSingles(board);
      expect({ solved, contradiction }, name).toEqual(expected);
    }
    expect(Array.from(propagateSingles({ size: 9, regions: REGULAR_9, givens: empty }).grid).every((d) => d === 0)).toBe(true);
  });
});
