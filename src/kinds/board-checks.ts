/**
 * The checks every Sudoku-family board gets in `verify`, whatever its file format, each by code
 * that shares nothing with any generator's shortcuts:
 *
 *   uniqueness   the exact-cover counter (src/sudoku/solver.ts), limit 2, within the node budget
 *                (core/budget.ts): a board it cannot decide is "undecided", never unique or not
 *   guess-free   the logic prover (src/sudoku/logic/) places every digit without trial; a unique
 *                board it cannot finish is "beyond the ladder" (people may still solve it)
 *   grade        the prover's grade equals the one the file claims
 *   secret       a claimed solution equals the only solution
 */
import type { SearchBudget } from '../core/budget.ts';
import { cellName } from '../sudoku/check.ts';
import { judgeBoard } from '../sudoku/logic/verdict.ts';
import type { Board, Grid } from '../sudoku/types.ts';
import type { GradeOptions, GradeReport } from './kind.ts';
export { solveBoard } from './board-solve.ts';

export interface Grade {
  level: number;
  name: string;
  score: number;
}

export interface BoardVerdict {
  problems: string[];
  /** Solutions counted by the exact-cover solver up to 2: 0, 1, or 2 for two or more. */
  solutions: number;
  /** False when the counter ran out of its node budget: `solutions` is then no count. */
  decided: boolean;
  /** The only solution, when there is exactly one. */
  solution: Grid | null;
  /** The prover's grade, when it solves the board. */
  grade: Grade | null;
}

export interface BoardClaims {
  solution?: ArrayLike<number>;
  grade?: { level: number; name: string };
}

/** The one board check (judgeBoard: its verdict and wording) plus the claims a file makes. */
export function checkBoard(board: Board, claims: BoardClaims = {}, budget: SearchBudget & { uniqueness?: boolean; nested?: boolean } = {}): BoardVerdict {
  const judged = judgeBoard(board, budget);
  const problems: string[] = judged.reason ? [judged.reason] : [];
  if (judged.solutions === null) return { problems, solutions: 0, decided: false, solution: null, grade: null };
  const { solution, grade } = judged;
  if (solution && claims.solution) {
    const at = firstDifference(solution, claims.solution);
    if (at >= 0) problems.push(`secret solution is not the board's solution (first difference at ${cellName(board.size, at)})`);
  }
  if (grade && claims.grade && (claims.grade.level !== grade.level || claims.grade.name !== grade.name)) {
    problems.push(`claims grade ${claims.grade.level} (${claims.grade.name}) but the prover grades it ${grade.level} (${grade.name})`);
  }
  return { problems, solutions: judged.solutions, decided: true, solution, grade };
}

/**
 * `grade` of one board: the one board check (judgeBoard), its grade and technique counts, with
 * `proof` every step in the board's own digits. The grade and its counts are the puzzle's (the
 * ladder on the digits renamed by first appearance); only the steps need the board's own digits.
 */
export function gradeSudokuBoard(board: Board, options: GradeOptions = {}): GradeReport {
  const judged = judgeBoard(board, { ...options, steps: options.proof === true });
  const steps = options.proof ? { steps: judged.proof.steps } : {};
  if (judged.grade) return { guessFree: true, grade: judged.grade, techniques: judged.techniqueCounts, ...steps };
  const verdict = { kind: judged.verdict, solutions: judged.solutions, tier: judged.proof.tier, reason: judged.reason! };
  return { guessFree: false, grade: null, techniques: judged.proof.techniqueCounts, ...steps, verdict };
}

function firstDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

export function gradeText(g: Grade): string {
  return `grade ${g.level} (${g.name}, score ${g.score})`;
}
