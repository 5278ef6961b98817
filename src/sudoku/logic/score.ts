/**
 * The grade's score (README "Score"): levels in disjoint spans of core/level-score.ts; inside its
 * level a board sits in a part of the span by the hardest thing its path needs (levels 1 and 2: the
 * hardest step of a path in Sudoku Explainer's order, explainer-order.ts; levels 3–5: the dearest
 * step of the level's own tier), and the work of the path (the sum of its step costs, HoDoKu's
 * score) places it inside that part. Calibrated against Sudoku Explainer's ratings
 * (bench/calibration.ts).
 */
import { levelScore, type SpanPart } from '../../core/level-score.ts';
import type { Board } from '../types.ts';
import { explainerHardestStep, EXPLAINER_RATINGS, IN_LINE as HIDDEN_SINGLE_IN_LINE, NAKED_SINGLE } from './explainer-order.ts';
import { LADDER, techniqueById } from './ladder.ts';

/**
 * The meaning of `grade.score` that a file declares with `grade.scale`: 4 = the level score of this
 * module (levels 1–2 placed by Sudoku Explainer's order, issue 27: "banded" in docs/FORMATS.md).
 * Files written before carry 3 (the same calibrated ladder and levels, levels 1–2 placed by the
 * ladder's own path: which singles, the dearest tier-2 step), 2 (the banded score of the ladder before the calibration) or no scale (1: the
 * plain sum of step costs).
 */
export const SCORE_SCALE = 4;

/**
 * Whether a grade of `scale` was made by today's ladder: every scale but 2 and none, which the
 * ladder before the calibration made (issue 27 moved techniques between tiers). Such a grade's
 * level, name and hardest technique are today's, and verify holds them to it; only SCORE_SCALE's
 * score is this module's. Listing the earlier scales (not today's) keeps a later scale held.
 */
export function byTodaysLadder(scale: number | undefined): boolean {
  return scale !== undefined && scale !== 2;
}

/**
 * The work that lands in the middle of a part of a level's span: a hidden single's cost for every
 * cell, times the level (a harder level's paths do more work: its own steps weigh LEVEL_STEP_WEIGHT
 * times and are dearer, so a fixed middle would crowd its boards at the top of their parts). It
 * grows with the cells, so a 6×6 board with as much work per cell as a 9×9 one sits where it does.
 */
export function halfWorkFor(cells: number, level: number): number {
  return cells * techniqueById('hidden-single')!.cost * level;
}

/** The level score of a board of `cells` cells, graded `level`, whose grading work is `work`, in `part` of the level's span. */
export function scoreOf(level: number, work: number, cells: number, part?: SpanPart): number {
  return levelScore(level, work, halfWorkFor(cells, level), part);
}

/** Per tier, its techniques' distinct costs, cheapest first: the parts of that level's span. */
const tierCosts = new Map<number, number[]>();
for (const t of LADDER) tierCosts.set(t.tier, [...new Set([...(tierCosts.get(t.tier) ?? []), t.cost])].sort((a, b) => a - b));

/**
 * How much more a step of the board's own level weighs in the work that places it inside its part
 * than a cheaper tier's step: the steps that make the level are what a reference rater follows
 * (fitted on the calibration set: Sudoku Explainer's order inside levels 2–5 rises with it up to
 * about 4, flat beyond).
 */
export const LEVEL_STEP_WEIGHT = 4;

/** The work that places a board of `level` inside its part: the path's work, its level's own steps weighing LEVEL_STEP_WEIGHT times. */
export function gradingWork(level: number, work: number, techniqueCounts: Readonly<Record<string, number>>): number {
  let own = 0;
  for (const [id, count] of Object.entries(techniqueCounts)) {
    const t = techniqueById(id);
    if (t && Math.max(1, t.tier) === level) own += count * t.cost;
  }
  return work + (LEVEL_STEP_WEIGHT - 1) * own;
}

/**
 * Per level whose part Sudoku Explainer's order decides, the ratings its boards' paths can end on
 * (tenths), easiest first: a level-1 board's path never goes past the naked single (2.3: singles
 * solve it from any position), a level-2 board's always past the hidden singles (1.5: else hidden
 * singles alone would solve it, a level-1 board).
 */
const EXPLAINER_PARTS: ReadonlyMap<number, readonly number[]> = new Map([
  [1, EXPLAINER_RATINGS.filter((r) => r <= NAKED_SINGLE)],
  [2, EXPLAINER_RATINGS.filter((r) => r > HIDDEN_SINGLE_IN_LINE)],
]);

/**
 * The part of its level's span a board sits in (level-score.ts). Levels 1 and 2: by the hardest step
 * of a path in Sudoku Explainer's order (explainerHardestStep), one part per rating that level's
 * paths can end on — SE tells these boards apart by steps the ladder's path does not take (a locked
 * candidate or hidden subset that leaves a single at once, rated below a naked single). Levels ≥ 3:
 * by the dearest step of the path of that level's tier, one part per distinct cost of the tier, since
 * the costs order a tier's techniques as SE rates them (a path takes a tier's dearer rung only where
 * its cheaper ones stall, so this is the hardest thing the board needs).
 */
export function spanPartOf(level: number, techniqueCounts: Readonly<Record<string, number>>, board: Board): SpanPart {
  const ratings = EXPLAINER_PARTS.get(Math.max(1, level));
  if (ratings !== undefined) {
    const rating = explainerHardestStep(board);
    let index = 0;
    while (index + 1 < ratings.length && ratings[index + 1]! <= rating) index++;
    return { index, count: ratings.length };
  }
  const costs = tierCosts.get(level) ?? [];
  let dearest = -1;
  for (const [id, count] of Object.entries(techniqueCounts)) {
    const t = techniqueById(id);
    if (count > 0 && t && t.tier === level && t.cost > dearest) dearest = t.cost;
  }
  const index = costs.indexOf(dearest);
  return index < 0 ? { index: 0, count: 1 } : { index, count: costs.length };
}
