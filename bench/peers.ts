/**
 * The npm solvers we compare against, each as "solve this 81-character line, is the answer the
 * unique valid solution?" in count-to-2 and first-solution mode (undefined: the library cannot).
 */
import { SudokuSolver as AlgorithmSolver } from '@algorithm.ts/sudoku';
import { DancingLinks } from 'dancing-links';
import { analyze as sudokuCoreAnalyze, solve as sudokuCoreSolve } from 'sudoku-core';
import { isSolutionOf } from '../src/sudoku/check.ts';
import { parseLine } from '../src/sudoku/line-format.ts';

export interface Peer {
  count2?: (line: string) => boolean;
  first: (line: string) => boolean;
}

/** Knuth's matrix, built per puzzle: 324 columns (cell, row-digit, column-digit, box-digit). */
const dlx = new DancingLinks<number>();
function dancingLinks(line: string, limit: number): boolean {
  const solver = dlx.createSolver({ columns: 324 });
  for (let c = 0; c < 81; c++) {
    const r = (c / 9) | 0, col = c % 9, box = ((r / 3) | 0) * 3 + ((col / 3) | 0);
    const given = line.charCodeAt(c) - 48;
    for (let d = 0; d < 9; d++) {
      if (given >= 1 && given <= 9 && given !== d + 1) continue;
      solver.addSparseConstraint(c * 9 + d, [c, 81 + r * 9 + d, 162 + col * 9 + d, 243 + box * 9 + d]);
    }
  }
  const solutions = solver.find(limit);
  if (solutions.length !== 1) return false;
  const grid = new Uint8Array(81);
  for (const o of solutions[0]!) grid[(o.data / 9) | 0] = (o.data % 9) + 1;
  return isSolutionOf(parseLine(line), grid);
}

let algorithm: AlgorithmSolver | null = null;
function algorithmTs(line: string): boolean {
  algorithm ??= new AlgorithmSolver({ childMatrixWidth: 3 });
  const puzzle = Array.from(line, (ch) => (ch >= '1' && ch <= '9' ? Number(ch) - 1 : -1));
  const out = new Array<number>(81).fill(-1);
  return algorithm.solve(puzzle, out) && isSolutionOf(parseLine(line), out.map((x) => x + 1));
}

const cells = (line: string) => Array.from(line, (ch) => (ch >= '1' && ch <= '9' ? Number(ch) : null)) as never;

export const PEERS: Record<string, Peer> = {
  'dancing-links': { count2: (l) => dancingLinks(l, 2), first: (l) => dancingLinks(l, 1) },
  '@algorithm.ts/sudoku': { first: algorithmTs },
  'sudoku-core': {
    count2: (l) => sudokuCoreAnalyze(cells(l)).hasUniqueSolution === true,
    first: (l) => {
      const r = sudokuCoreSolve(cells(l));
      return r.solved === true && isSolutionOf(parseLine(l), (r.board ?? []) as number[]);
    },
  },
};
