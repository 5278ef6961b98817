/**
 * The one check of a Sudoku-family board and its one wording: count the solutions (exact-cover
 * counter, limit 2, within the node budget), prove it guess-free (the logic prover), grade it, and
 * say in one line why not. `verify`, `grade`, `import` and the Numbridge generator's re-check all
 * call judgeBoard, so a board gets the same verdict in the same words wherever it is looked at.
 *
 * A unique board the ladder cannot finish is "beyond the ladder", not "needs guessing": the
 * hardest forum puzzles are solved by people with chains and patterns this ladder does not have.
 * Its reason says how far the prover got (the highest tier it used, the cells placed). The ladder
 * is the whole one, nested forcing chains included, on a board counted unique; a run that spends
 * its branch budget (`maxBranches`, core/budget.ts) is "undecided", as a count out of nodes is.
 */
import { branchLimit, nodeLimit, undecidedReason, unfinishedReason, type SearchBudget } from '../../core/budget.ts';
import { NO_SOLUTION, SEVERAL_SOLUTIONS } from '../solution-words.ts';
import { solve } from '../solver.ts';
import type { Board, Grid } from '../types.ts';
import { digitsInFirstOrder, gradeOf, type Grade, type ProveResult, prove } from './index.ts';
import { TIER_NAMES } from './ladder.ts';

export { NO_SOLUTION, SEVERAL_SOLUTIONS };

export type BoardVerdictKind = 'guess-free' | 'beyond-ladder' | 'no-solution' | 'several-solutions' | 'undecided';

export interface JudgeOptions extends SearchBudget {
  /** Use techniques up to this tier only. */
  maxTier?: number;
  /** Also prove the board in its own digits with every step (a file's proof, `grade --proof`). */
  steps?: boolean;
  /**
   * Allow the uniqueness rungs (unique rectangles, BUG+1) once the count has shown exactly one
   * solution; default true, false excludes them (`--no-uniqueness`).
   */
  uniqueness?: boolean;
  /**
   * Allow the last rung, nested forcing chains (for boards every other rung leaves; seconds per
   * board there, bounded by `maxBranches`); default true: grade, verify, import and the server's
   * verify use the whole ladder. The Numbridge generator's re-check passes false (its carving never
   * uses the rung, so the verdict is the same, without the cost on a board it will throw away).
   */
  nested?: boolean;
}

export interface BoardJudgement {
  verdict: BoardVerdictKind;
  /** Solutions counted up to 2: 0, 1, or 2 for two or more; null when the counter ran out of budget. */
  solutions: number | null;
  /** The only solution, when there is exactly one. */
  solution: Grid | null;
  /** The grade (the puzzle's: the ladder on its digits renamed by first appearance), when guess-free. */
  grade: Grade | null;
  /** Technique counts of that run (of the stalled run, when not guess-free). */
  techniqueCounts: Record<string, number>;
  /** The run with steps in the board's own digits (`steps`), else the grading run. */
  proof: ProveResult;
  /** The grading run: the ladder on the digits renamed by first appearance, no steps (gradeBoard). */
  grading: ProveResult;
  /** Why the board is not a unique, guess-free puzzle (one line); null when it is. */
  reason: string | null;
}

/** Count, prove, grade and explain one board (the prover runs whatever the count: `grade` reports how far it got). */
export function judgeBoard(board: Board, options: JudgeOptions = {}): BoardJudgement {
  const counted = solve(board, { limit: 2, maxNodes: nodeLimit(options) });
  const solutions = counted.complete ? counted.count : null;
  const solution = solutions === 1 ? counted.solution : null;
  // The uniqueness rungs only after the count proved exactly one solution: their steps assume it.
  const uniqueness = solutions === 1 && options.uniqueness !== false;
  // The last rung only for a board counted unique: on any other its verdict is already the count's,
  // and the prover's run only says how far it gets — seconds of nested chains for nothing (a
  // near-empty board would spend the whole branch budget).
  const nested = solutions === 1 && options.nested !== false;
  const maxBranches = branchLimit(options);
  const grading = prove(digitsInFirstOrder(board), { maxTier: options.maxTier, collectSteps: false, uniqueness, nested, maxBranches });
  const proof = options.steps ? prove(board, { maxTier: options.maxTier, collectSteps: true, uniqueness, nested, maxBranches }) : grading;
  const judged = { solutions, solution, techniqueCounts: grading.techniqueCounts, proof, grading };
  if (solutions === null) return { ...judged, verdict: 'undecided', grade: null, reason: undecidedReason(options) };
  if (solutions === 0) return { ...judged, verdict: 'no-solution', grade: null, reason: NO_SOLUTION };
  if (solutions > 1) return { ...judged, verdict: 'several-solutions', grade: null, reason: SEVERAL_SOLUTIONS };
  // A run cut short by its branch budget says nothing about the ladder: undecided, as a count that
  // ran out of nodes (either run: the proof in the board's own digits may take another path).
  if (grading.exhausted || proof.exhausted) return { ...judged, verdict: 'undecided', grade: null, reason: unfinishedReason(options) };
  if (!grading.solved) return { ...judged, verdict: 'beyond-ladder', grade: null, reason: beyondLadderReason(grading, options.maxTier) };
  return { ...judged, verdict: 'guess-free', grade: gradeOf(grading, board), reason: null };
}

/** `beyond the ladder: unique; the logic prover reaches tier 2 (medium) and stalls with 40 of 81 cells placed`. */
export function beyondLadderReason(result: Pick<ProveResult, 'tier' | 'grid'>, maxTier?: number): string {
  const cells = result.grid.length;
  const placed = Array.from(result.grid).reduce((k, d) => k + (d !== 0 ? 1 : 0), 0);
  const ladder = maxTier === undefined ? 'beyond the ladder' : `beyond the ladder up to tier ${maxTier}`;
  const reached = result.tier > 0 ? `reaches tier ${result.tier} (${TIER_NAMES[result.tier] ?? '?'})` : 'finds no first step';
  return `${ladder}: unique; the logic prover ${reached} and stalls with ${placed} of ${cells} cells placed`;
}
