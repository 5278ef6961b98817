/**
 * The human-style logic prover: `prove(board)` solves with the technique ladder only (no guessing)
 * and reports whether that finished, the highest tier used, the work (HoDoKu's sum of step costs,
 * from which the grade's level score follows) and, on request, every step with its sentence in
 * German and English. See README.md.
 */
import { getOrMake } from '../../core/memo.ts';
import { geometryFor } from '../geometry.ts';
import type { Board, Grid } from '../types.ts';
import { hardestTechnique, LADDER, TIER_NAMES, techniqueById } from './ladder.ts';
import { stateFor, stateForBoard } from './state.ts';
import { digitsInFirstOrder } from './digit-order.ts';
import type { ProofStep } from './step-schema.ts';
import type { Technique } from './technique.ts';
import { runSingles } from './techniques/singles.ts';
import { gradingWork, SCORE_SCALE, scoreOf, spanPartOf } from './score.ts';

export { hardestTechnique, LADDER, ladderUpTo, practiceProblem, TIERS, techniqueById } from './ladder.ts';
export { byTodaysLadder, gradingWork, halfWorkFor, SCORE_SCALE, scoreOf, spanPartOf } from './score.ts';
export { explainerHardestStep } from './explainer-order.ts';
export type { ProofStep, Text } from './step-schema.ts';
export { stateFor } from './state.ts';
export { digitsInFirstOrder } from './digit-order.ts';

export interface ProveOptions {
  /** Techniques above this tier are not used (Tatham's cap); default: all tiers. */
  maxTier?: number;
  /** Default true; false = fast mode for generators: no step objects, no texts. */
  collectSteps?: boolean;
  /** Use only these technique ids above the singles (which always run); default: all. */
  techniques?: readonly string[];
  /**
   * The board is known to have exactly one solution (a count showed it): the uniqueness rungs
   * (unique rectangles, BUG+1) may be used. Default false, and then `solved` also proves the
   * board unique; with true it does not, so only set it after counting.
   */
  uniqueness?: boolean;
  /**
   * Also the last rung, nested forcing chains (tier 5, techniques/nested-forcing.ts); default
   * false: it only matters on boards every other rung leaves, where it can take seconds, so only
   * callers that want those boards finished ask (judgeBoard for a board counted unique, within
   * `maxBranches`; the bench). Generators never do.
   */
  nested?: boolean;
  /**
   * The most branches the forcing-chain rungs may follow in this run (each assumption of a
   * position, each inner assumption of a nested chain; LogicState.branches); past it the run
   * stops unfinished with `exhausted`. A count, so the result is the same on every machine.
   * Default: no limit (the other rungs are polynomial per step; only commands reading foreign
   * boards with the nested rung need one: judgeBoard's `maxBranches`).
   */
  maxBranches?: number;
}

export interface ProveResult {
  /** Every cell placed by logic alone (then the solution is also unique, unless `uniqueness` assumed it). */
  solved: boolean;
  /** The givens are contradictory (a cell or house-digit with no option). */
  contradiction: boolean;
  /** Highest tier used (0 when the givens already fill the board). */
  tier: number;
  /** The work of the path: the sum of its step costs (HoDoKu's score; the grade's level score follows from it). */
  work: number;
  /** Placed digits (givens included), 0 where not placed. */
  grid: Grid;
  steps: ProofStep[];
  techniqueCounts: Record<string, number>;
  /** The run stopped because its branch budget (`maxBranches`) was spent: unfinished, not "beyond the ladder". */
  exhausted: boolean;
  /** Branches the forcing-chain rungs followed (the budget's count). */
  branches: number;
}

const ladders = new Map<string, Technique[]>();

/** The rungs above the singles for these options (cached: no allocation per call). */
function rungs(maxTier: number, only: readonly string[] | undefined, irregular: boolean, uniqueness: boolean, nested: boolean): Technique[] {
  const key = `${maxTier}|${irregular}|${uniqueness}|${nested}|${only ? only.join(',') : '*'}`;
  return getOrMake(ladders, key, () => {
    if (only) for (const id of only) if (!techniqueById(id)) throw new RangeError(`unknown technique "${id}"`);
    return LADDER.filter((t) => t.tier >= 2 && t.tier <= maxTier && (!t.irregularOnly || irregular) && (!t.assumesUniqueness || uniqueness) && (!t.onRequest || nested || only !== undefined) && (!only || only.includes(t.id)));
  });
}

/** Solve by logic alone; see ProveResult. */
export function prove(board: Board, options: ProveOptions = {}): ProveResult {
  const s = stateForBoard(board);
  const collect = options.collectSteps ?? true;
  s.load(board);
  s.resetRun('apply', collect);
  s.branchLimit = options.maxBranches ?? Infinity;
  const ladder = rungs(options.maxTier ?? Infinity, options.techniques, s.layout.irregular, options.uniqueness === true, options.nested === true);
  for (;;) {
    runSingles(s);
    if (s.contradiction || s.solved) break;
    let progress = false;
    for (let i = 0; i < ladder.length; i++) {
      if (ladder[i]!.find(s)) {
        progress = true;
        break;
      }
      if (s.contradiction || s.exhausted) break;
    }
    if (!progress || s.contradiction || s.exhausted) break;
  }
  const techniqueCounts: Record<string, number> = {};
  for (const t of LADDER) if (s.counts[t.index]) techniqueCounts[t.id] = s.counts[t.index]!;
  return {
    solved: s.solved && !s.contradiction,
    contradiction: s.contradiction,
    tier: s.tier,
    work: s.work,
    grid: s.gridCopy(),
    steps: collect ? s.takeSteps() : [],
    techniqueCounts,
    exhausted: s.exhausted,
    branches: s.branches,
  };
}

/** A pencil-mark position: placed digits and the candidates left in the open cells. */
export interface PencilMarks {
  size: number;
  regions: Uint8Array;
  /** Placed digits (givens and deductions), 0 for open cells. */
  grid: Grid;
  /** Candidates (DigitSet) per cell; only open cells are read. */
  candidates: Uint16Array;
}

/** The pencil marks a board starts from: every digit its placed peers allow. */
export function pencilMarksOf(board: Board): PencilMarks {
  const s = stateFor(geometryFor(board.size, board.regions));
  s.load(board);
  return { size: board.size, regions: board.regions, grid: s.gridCopy(), candidates: Uint16Array.from(s.cand) };
}

/**
 * Every instance of one technique in a pencil-mark position, as proof steps (nothing is applied).
 * This is how a single deduction is asked for, e.g. to compare with a reference solver.
 */
export function findInstances(marks: PencilMarks, techniqueId: string): ProofStep[] {
  const t = techniqueById(techniqueId);
  if (!t) throw new RangeError(`unknown technique "${techniqueId}"`);
  const s = stateFor(geometryFor(marks.size, marks.regions));
  s.reset();
  for (let c = 0; c < s.cellCount; c++) if (marks.grid[c]) s.setDigit(c, marks.grid[c]!);
  for (let c = 0; c < s.cellCount; c++) if (!marks.grid[c]) s.removeCandidate(c, s.cand[c]! & ~marks.candidates[c]!);
  s.resetRun('all', true);
  t.find(s);
  const steps = s.takeSteps();
  s.resetRun('apply', false);
  return steps;
}

/**
 * The grade of a board as a property of the puzzle, not of its labels: the ladder run on the
 * board with its digits renamed by first appearance. Which instance of a technique the ladder
 * meets first follows the digits' names, so the same puzzle with its digits swapped could take
 * another path and another score (measured before: 37 of 200 relabelled boards); blocks are met
 * in the order of their first cell whatever their numbers (geometryInBlockOrder). The level does
 * not depend on the path; the score and the technique counts are this run's. A proof shown to a
 * player (`prove(board)`) keeps the board's own digits. Null when the ladder (up to maxTier)
 * does not finish.
 */
export function gradeBoard(board: Board, options: { maxTier?: number; uniqueness?: boolean } = {}): { grade: Grade; techniqueCounts: Record<string, number> } | null {
  const result = prove(digitsInFirstOrder(board), { maxTier: options.maxTier, collectSteps: false, uniqueness: options.uniqueness });
  return result.solved ? { grade: gradeOf(result, board), techniqueCounts: result.techniqueCounts } : null;
}

export interface Grade {
  level: number;
  name: string;
  /** The level score: level g scores in [1000·(g−1), 1000·g), the path's work orders boards inside (score.ts). */
  score: number;
  /** The score's meaning (SCORE_SCALE, 4); files written before carry 3, 2 or none (score.ts). */
  scale: typeof SCORE_SCALE;
  /** The hardest technique of the path (hardestTechnique: highest tier and cost); absent when the givens fill the board. */
  technique?: string;
}

/** The grade's level of a run (gradeOf): the highest tier it used, 1 when the givens fill the board. */
export function levelOf(result: ProveResult): number {
  return Math.max(1, result.tier);
}

/** The docs/FORMATS.md grade of `board` solved by `result` (its run). Throws for a board the prover did not solve. */
export function gradeOf(result: ProveResult, board: Board): Grade {
  if (!result.solved) throw new RangeError('only a board solved by logic has a grade');
  const level = levelOf(result);
  const score = scoreOf(level, gradingWork(level, result.work, result.techniqueCounts), result.grid.length, spanPartOf(level, result.techniqueCounts, board));
  const grade: Grade = { level, name: TIER_NAMES[level] ?? `tier ${level}`, score, scale: SCORE_SCALE };
  const technique = hardestTechnique(result.techniqueCounts);
  if (technique !== null) grade.technique = technique;
  return grade;
}

