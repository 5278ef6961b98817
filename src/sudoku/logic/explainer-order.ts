/**
 * The hardest step of a path taken in Sudoku Explainer's order (issue 27 §2), for the score inside
 * levels 1 and 2 (score.ts). SE rates a board by the hardest step of its own path, on which it always takes
 * the easiest step it has, and it rates a locked candidate or hidden subset that leaves a hidden
 * single at once ("direct", 1.7–2.5) below a naked single (2.3) and the same technique otherwise at
 * 2.6–4.0. The ladder takes every single first and has no "direct", so its own path cannot say which
 * of these a medium board needs. This walks the board again with the ladder's finders in SE's
 * order, a rung's "direct" instances taken apart (LogicState.accept), and returns the hardest
 * rating met, in tenths of SE's scale. It changes neither the grade's level nor the proof: a
 * separate run on the layout's shared state, after the grading run.
 */
import { bitDigit } from '../digits.ts';
import type { Board } from '../types.ts';
import { digitsInFirstOrder } from './digit-order.ts';
import { stateForBoard, type LogicState } from './state.ts';
import type { Technique } from './technique.ts';
import { swordfish, xWing } from './techniques/fish.ts';
import { lockedClaiming, lockedPointing } from './techniques/intersections.ts';
import { lawOfLeftovers } from './techniques/leftovers.ts';
import { nakedSingle, runSingles } from './techniques/singles.ts';
import { hiddenPair, hiddenTriple, nakedPair, nakedTriple } from './techniques/subsets.ts';

interface ExplainerStep {
  technique: Technique;
  /** Sudoku Explainer 1.2.1's rating of the step, in tenths (17 = 1.7). */
  rating: number;
  /** Only the instances this accepts (null: every instance). */
  only: ((s: LogicState) => boolean) | null;
}

/** SE's hidden singles, its easiest steps: the last open cell of a house, in a region, in a line. */
const LAST_CELL = 10;
const IN_REGION = 12;
export const IN_LINE = 15;

/**
 * SE's steps after the hidden singles, up to its hidden triple (4.0), easiest first: everything a
 * medium board can need, and the two fish SE tries among them. Law of Leftovers, which SE lacks (it
 * plays regular boards only), sits at the naked pair's 3.0 as its cost does on the ladder (README
 * "The ladder").
 */
const STEPS: readonly ExplainerStep[] = [
  { technique: lockedPointing, rating: 17, only: lockingLeavesSingle },
  { technique: lockedClaiming, rating: 19, only: lockingLeavesSingle },
  { technique: hiddenPair, rating: 20, only: hiddenSetLeavesSingle },
  { technique: nakedSingle, rating: 23, only: null },
  { technique: hiddenTriple, rating: 25, only: hiddenSetLeavesSingle },
  { technique: lockedPointing, rating: 26, only: null },
  { technique: lockedClaiming, rating: 28, only: null },
  { technique: nakedPair, rating: 30, only: null },
  { technique: lawOfLeftovers, rating: 30, only: null },
  { technique: xWing, rating: 32, only: null },
  { technique: hiddenPair, rating: 34, only: null },
  { technique: nakedTriple, rating: 36, only: null },
  { technique: swordfish, rating: 38, only: null },
  { technique: hiddenTriple, rating: 40, only: null },
];

/** Every rating a path of these steps can end on (tenths), easiest first. */
export const EXPLAINER_RATINGS: readonly number[] = [...new Set([LAST_CELL, IN_REGION, IN_LINE, ...STEPS.map((step) => step.rating)])].sort((a, b) => a - b);

/** SE's naked single (2.3): singles alone never need more. */
export const NAKED_SINGLE = STEPS.find((step) => step.technique === nakedSingle)!.rating;

/**
 * The rating (tenths of SE's scale) of the hardest step on the path that takes SE's easiest step
 * each time, on the board with its digits renamed by first appearance and its blocks in the order
 * of their first cell (as the grading run: the rating does not depend on the labels). 0 when the
 * givens fill the board or contradict each other; when these steps stall (a board that needs more
 * than a medium one), the hardest of them, 4.0: the caller asks only about medium boards.
 */
export function explainerHardestStep(board: Board): number {
  const s = stateForBoard(board);
  s.load(digitsInFirstOrder(board));
  s.resetRun('apply', false);
  let hardest = 0;
  while (!s.solved && !s.contradiction) {
    // SE takes every hidden single before a harder step; once the path has met a naked single's
    // rating, the order of the singles cannot raise its hardest: the prover's own singles run
    if (hardest >= NAKED_SINGLE && runSingles(s)) continue;
    const single = takeEasiestHiddenSingle(s, hardest);
    if (single > 0) {
      hardest = Math.max(hardest, single);
      continue;
    }
    const step = STEPS.find((candidate) => takes(s, candidate)); // `takes` clears its filter itself
    if (step === undefined) return EXPLAINER_RATINGS[EXPLAINER_RATINGS.length - 1]!;
    hardest = Math.max(hardest, step.rating);
  }
  return hardest;
}

/**
 * Place the easiest hidden single (LAST_CELL, IN_REGION, IN_LINE; regions looked at first) and return
 * its rating, or 0 when there is none. One no harder than `hardest` is taken as soon as it is met: it
 * cannot raise the path's hardest step, whichever it is.
 */
function takeEasiestHiddenSingle(s: LogicState, hardest: number): number {
  const n = s.n;
  const hc = s.geometry.houseCells;
  let best = Infinity;
  let bestCell = -1;
  let bestBit = 0;
  for (let k = 0; k < s.houseCount && best > LAST_CELL && best > hardest; k++) {
    const h = k < n ? 2 * n + k : k - n;
    if (s.houseOpen[h] === 0) continue;
    let once = 0;
    let twice = 0;
    for (let i = 0; i < n; i++) {
      const m = s.cand[hc[h * n + i]!]!;
      twice |= once & m;
      once |= m;
    }
    const hidden = once & ~twice;
    const rating = s.houseOpen[h] === 1 ? LAST_CELL : h >= 2 * n ? IN_REGION : IN_LINE;
    if (hidden === 0 || rating >= best) continue;
    bestBit = hidden & -hidden;
    for (let i = 0; i < n; i++) if (s.cand[hc[h * n + i]!]! & bestBit) bestCell = hc[h * n + i]!;
    best = rating;
  }
  if (bestCell < 0) return 0;
  s.setDigit(bestCell, bitDigit(bestBit));
  return best;
}

function takes(s: LogicState, step: ExplainerStep): boolean {
  if (step.technique.irregularOnly && !s.layout.irregular) return false;
  s.accept = step.only;
  try {
    return step.technique.find(s);
  } finally {
    s.accept = null; // the filter is this step's alone: the next finder (singles too) sees every instance
  }
}

/**
 * SE's direct pointing and claiming: the digit's eliminations leave it one place in a house of the
 * kind the lock is read in (pointing, read in a region: another region; claiming, read in a row or
 * column: another one of them), a house that had more. Read from the finding before it is applied.
 */
function lockingLeavesSingle(s: LogicState): boolean {
  const f = s.finding;
  const n = s.n;
  const kind = Math.floor(f.houses[0]! / n); // 0 rows, 1 columns, 2 regions
  const bit = f.digits;
  for (let i = 0; i < f.elimCount; i++) {
    const h = s.geometry.cellHouses[(f.elims[i]! >> 4) * 3 + kind]!;
    let places = 0;
    let removed = 0;
    for (let k = 0; k < n; k++) {
      const c = s.geometry.houseCells[h * n + k]!;
      if ((s.cand[c]! & bit) === 0) continue;
      places++;
      for (let j = 0; j < f.elimCount; j++) if (f.elims[j]! >> 4 === c) removed++;
    }
    if (places > 1 && places - removed === 1) return true;
  }
  return false;
}

/**
 * SE's direct hidden pair and triple: another digit of the subset's house, with more than one place
 * there, keeps one place once the subset's cells lose it.
 */
function hiddenSetLeavesSingle(s: LogicState): boolean {
  const f = s.finding;
  const n = s.n;
  const h = f.houses[0]!;
  let inSubset = 0;
  for (let i = 0; i < f.cellCount; i++) for (let k = 0; k < n; k++) if (s.geometry.houseCells[h * n + k] === f.cells[i]) inSubset |= 1 << k;
  for (let d = 0; d < n; d++) {
    const bit = 1 << d;
    if (f.digits & bit) continue;
    let places = 0;
    let outside = 0;
    for (let k = 0; k < n; k++) {
      if ((s.cand[s.geometry.houseCells[h * n + k]!]! & bit) === 0) continue;
      places++;
      if ((inSubset & (1 << k)) === 0) outside++;
    }
    if (places > 1 && outside === 1) return true;
  }
  return false;
}
