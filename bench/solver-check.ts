/**
 * `npm run bench -- solver-check`: the regular 9×9 fast path (fast9.ts) against the generic search
 * (solver.ts's `solveGeneric`, a different search over the same exact cover) on over 100,000 boards
 * of every kind: unique (the 17-clue set, top1465, forum-hardest), several solutions (the 17-clue
 * lines with one given removed, seeded boards of 20–24 givens), none (each 17-clue board with one
 * more given that is not its solution's digit and clashes with no given). Counts to 3 must agree; a
 * unique board's solution must be the same grid; every returned solution must solve its board
 * (checked by `isSolutionOf`, which shares no code with either search). Correctness, not speed:
 * the table gives the mismatches, which must be 0.
 */
import { Rng } from '../src/core/rng.ts';
import { isSolutionOf } from '../src/sudoku/check.ts';
import { Fast9Solver } from '../src/sudoku/fast9.ts';
import { geometryFor } from '../src/sudoku/geometry.ts';
import { parseLine } from '../src/sudoku/line-format.ts';
import { regularRegions } from '../src/sudoku/regions.ts';
import { LayoutSolver } from '../src/sudoku/solver.ts';
import { table } from './results.ts';
import { classicLines, fewGivensBoards, sixteenClueLines } from './sudoku-sets.ts';

const LIMIT = 3;
const REGIONS = regularRegions(9);
const GEOMETRY = geometryFor(9, REGIONS);

function givensOf(lines: string[]): Uint8Array[] {
  return lines.map((l) => parseLine(l).givens);
}

/**
 * A unique board plus one given that is not its solution's digit and clashes with no given: no
 * solution, and only a search (not the clash check) can tell.
 */
function oneWrongGiven(boards: Uint8Array[], solutions: Uint8Array[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  boards.forEach((g, i) => {
    const rng = new Rng('bench-solver-check-none', i);
    for (const cell of rng.shuffle([...g.keys()].filter((c) => g[c] === 0))) {
      const digits = rng.shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9]).filter((d) => d !== solutions[i]![cell] && !GEOMETRY.peersOf(cell).some((p) => g[p] === d));
      if (digits.length === 0) continue;
      const board = Uint8Array.from(g);
      board[cell] = digits[0]!;
      out.push(board);
      return;
    }
  });
  return out;
}

interface Tally {
  boards: number;
  byCount: number[];
  mismatches: number;
  firstMismatch: string;
}

function crossCheck(boards: Uint8Array[], fast: Fast9Solver, generic: LayoutSolver): Tally {
  const tally: Tally = { boards: boards.length, byCount: new Array(LIMIT + 1).fill(0), mismatches: 0, firstMismatch: '' };
  for (const givens of boards) {
    const a = fast.solve(givens, LIMIT);
    const b = generic.solveGeneric(givens, { limit: LIMIT });
    tally.byCount[a.count]!++;
    const wrong =
      a.count !== b.count ? `count ${a.count} against ${b.count}`
      : a.count > 0 && !isSolutionOf({ size: 9, regions: REGIONS, givens }, a.solution!) ? 'fast9 solution does not solve the board'
      : b.count > 0 && !isSolutionOf({ size: 9, regions: REGIONS, givens }, b.solution!) ? 'generic solution does not solve the board'
      : a.count === 1 && a.solution!.some((d, c) => d !== b.solution![c]) ? 'unique solutions differ'
      : '';
    if (wrong) {
      tally.mismatches++;
      tally.firstMismatch ||= `${Array.from(givens, (d) => (d ? String(d) : '.')).join('')}: ${wrong}`;
    }
  }
  return tally;
}

export async function run(): Promise<string> {
  const seventeenLines = classicLines('17-clue.txt');
  const seventeen = givensOf(seventeenLines);
  const fast = new Fast9Solver();
  const generic = new LayoutSolver(GEOMETRY);
  const solutions = seventeen.map((g) => fast.solve(g, 1).solution!);
  const sets: Array<[string, Uint8Array[]]> = [
    ['17-clue (unique)', seventeen],
    ['top1465 (unique)', givensOf(classicLines('top1465.txt'))],
    ['forum-hardest-1106 (unique)', givensOf(classicLines('forum-hardest-1106.txt'))],
    ['17-clue, one given removed (several)', givensOf(sixteenClueLines(seventeenLines))],
    ['seeded, 20–24 givens of a random grid (several)', fewGivensBoards(5000).map((b) => b.givens)],
    ['17-clue plus one wrong given (none)', oneWrongGiven(seventeen, solutions)],
  ];
  const rows: Array<Array<string | number>> = [];
  let total = 0, mismatches = 0;
  for (const [name, boards] of sets) {
    const t = crossCheck(boards, fast, generic);
    total += t.boards;
    mismatches += t.mismatches;
    rows.push([name, t.boards, t.byCount[0]!, t.byCount[1]!, t.byCount[2]! + t.byCount[3]!, t.mismatches, t.firstMismatch || '—']);
  }
  rows.push(['**all**', total, '', '', '', `**${mismatches}**`, '']);
  return [
    '## Solver cross-check: fast9 against the generic search (`bench/solver-check.ts`)',
    '',
    `Every board counted to ${LIMIT} by both searches (regular 9×9 fast path and the generic search of any layout); a mismatch is a different count, a returned grid that does not solve its board, or different solutions of a unique board.`,
    '',
    table(['set', 'boards', '0 solutions', '1', '2+', 'mismatches', 'first mismatch'], rows),
  ].join('\n');
}
