/**
 * From a puzzle read out of another tool's format to our board file, and back: every importer
 * ends here, so every imported board passes the same checks a generated one does.
 *
 *   regions     a partition into N blocks of N cells; renumbered to the regular numbering when
 *               the blocks are the regular ones (whatever labels the source used), kept otherwise
 *   blocks      hex-connected, as Numbridge needs (a square-connected jigsaw may not be)
 *   givens      digits 1..N without clashes
 *   unique      the exact-cover counter (limit 2) finds exactly one solution within the node
 *               budget (core/budget.ts); a puzzle it cannot decide is "undecided"
 *   guess-free  the logic prover solves it; its grade and proof go into the file
 *   solution    a solution the source carried must be that one
 *   count       a solution count the source claimed must be 1
 *
 * Structural problems are InputErrors (exit 2); a well-formed puzzle that cannot be a Numbridge
 * board (no solution, several, beyond the ladder) is a NotABoard (exit 1).
 */
import { sha256Hex } from '../../core/sha256.ts';
import type { SearchBudget } from '../../core/budget.ts';
import { InputError, type InputPosition } from '../../core/errors.ts';
import { boardFileText, boardId, flattenGrid, nestGrid } from '../../numbridge-board/board-file.ts';
import type { NumbridgeBoardFile, NumbridgeBoardInput } from '../../numbridge-board/schema.ts';
import { cellName, findClash } from '../../sudoku/check.ts';
import { judgeBoard } from '../../sudoku/logic/verdict.ts';
import { isRegularRegions, regionProblem, regularBlockShape, regularRegions, samePartition } from '../../sudoku/regions.ts';
import type { Board, Grid, Regions } from '../../sudoku/types.ts';
import { NUMBRIDGE_BOARD } from '../../core/formats.ts';

/** A readable puzzle that is not a Numbridge board (exit 1, like a failed request). */
export class NotABoard extends Error {
  override readonly name = 'NotABoard';
}

/** What an importer read: a board and, when the source had one, its solution. */
export interface ImportedPuzzle {
  board: Board;
  solution: Grid | null;
  /** The number of solutions the source claims (tdoku's count of a line), when it says. */
  count?: number | null;
  /** The source format's name, recorded in `secret.seed` ("import/line/<hash>"). */
  origin: string;
}

/**
 * Region numbers 0..N−1 from any N labels: labels that are already 0..N−1 keep their numbers;
 * the regular blocks always get the regular numbering. Throws an InputError naming the problem.
 */
export function normaliseRegions(size: number, labels: ArrayLike<number>, where: InputPosition): Regions {
  const distinct = [...new Set(Array.from(labels))];
  let regions: Regions;
  if (distinct.every((l) => Number.isInteger(l) && l >= 0 && l < size) && distinct.length === size) {
    regions = Uint8Array.from(labels);
  } else {
    const order = new Map<number, number>();
    for (const l of Array.from(labels)) if (!order.has(l)) order.set(l, order.size);
    if (order.size !== size) throw new InputError(where, `the block map has ${order.size} different blocks, expected ${size}`);
    regions = Uint8Array.from(Array.from(labels), (l) => order.get(l)!);
  }
  if (regularBlockShape(size)) {
    const regular = regularRegions(size);
    if (samePartition(regions, regular)) return regular;
  }
  const problem = regionProblem(size, regions, 'hex');
  if (problem) {
    const hex = /not connected/.test(problem) ? ' (Numbridge blocks must be connected on the hex board, where (r−1, c−1) and (r+1, c+1) are not neighbours)' : '';
    throw new InputError(where, problem + hex);
  }
  return regions;
}

/** Givens within 1..N and without clashes, or an InputError naming the cells. */
function checkGivens(size: number, regions: Regions, givens: Grid, where: InputPosition): void {
  for (let i = 0; i < givens.length; i++) {
    if (givens[i]! > size) throw new InputError(where, `digit ${givens[i]} at ${cellName(size, i)} exceeds ${size}`);
  }
  const clash = findClash(size, regions, givens);
  if (clash) throw new InputError(where, `givens clash: ${clash.digit} at ${cellName(size, clash.a)} and ${cellName(size, clash.b)} share a ${clash.house}`);
}

/** The board file of an imported puzzle: solved, proven, graded, schema-checked. */
export function boardFileOf(puzzle: ImportedPuzzle, where: InputPosition, budget: SearchBudget & { nested?: boolean } = {}): NumbridgeBoardFile {
  const { board } = puzzle;
  const n = board.size;
  checkGivens(n, board.regions, board.givens, where);
  // the one board check and its wording (the same as verify's and grade's)
  const judged = judgeBoard(board, { ...budget, steps: true });
  if (judged.verdict !== 'guess-free' && judged.verdict !== 'beyond-ladder') throw new NotABoard(judged.reason!);
  const solution = judged.solution!;
  if (puzzle.count != null && puzzle.count !== 1) throw new NotABoard(`claims ${puzzle.count} solutions, but it has exactly one`);
  if (puzzle.solution) {
    const at = solution.findIndex((d, i) => d !== puzzle.solution![i]);
    if (at >= 0) throw new NotABoard(`the solution it carries differs from its only solution at ${cellName(n, at)} (${puzzle.solution[at]} instead of ${solution[at]})`);
  }
  if (solution.every((d, i) => board.givens[i] === d)) throw new NotABoard('every cell is given: nothing to solve');
  if (!judged.grade) throw new NotABoard(judged.reason!);
  const regular = isRegularRegions(n, board.regions);
  const digest = sha256Hex(`${n}:${Array.from(board.regions).join('')}:${Array.from(board.givens).join('')}`).slice(0, 16);
  const file: NumbridgeBoardFile = {
    format: NUMBRIDGE_BOARD,
    version: 1,
    id: boardId(n, board.regions, board.givens),
    public: {
      size: n,
      geometry: 'hex',
      blockShape: regular ? 'regular' : 'irregular',
      regions: nestGrid(board.regions, n),
      givens: nestGrid(board.givens, n),
      grade: judged.grade,
    },
    secret: { solution: nestGrid(solution, n), proof: { steps: judged.proof.steps }, seed: `import/${puzzle.origin}/${digest}` },
  };
  boardFileText(file, where); // our own output passes the schema, or this is a bug
  return file;
}

/** The Board of one of our files (exporters start here). */
export function boardOfFile(file: NumbridgeBoardInput): { board: Board; solution: Grid | null } {
  const n = file.public.size;
  const where = { source: file.id };
  const board = { size: n, regions: flattenGrid(file.public.regions, n, where, '/public/regions'), givens: flattenGrid(file.public.givens, n, where, '/public/givens') };
  return { board, solution: file.secret ? flattenGrid(file.secret.solution, n, where, '/secret/solution') : null };
}
