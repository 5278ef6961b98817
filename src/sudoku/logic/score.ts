/**
 * The grade's score (README "Score"): levels in disjoint spans of core/level-score.ts; inside its
 * level a board sits in a part of the span by the hardest thing its path needs (the dearest step
 * of the level's own tier; for the singles level, which singles), and the work of the path (the
 * sum of its step costs, HoDoKu's score) places it inside that part. Calibrated against Sudoku
 * Explainer's ratings (bench/calibration.ts).
 */
import { levelScore, type SpanPart } from '../../core/level-score.ts';
import { geometryFor } from '../geometry.ts';
import type { Board } from '../types.ts';
import { LADDER, techniqueById } from './ladder.ts';

/**
 * The meaning of `grade.score` that a file declares with `grade.scale`: 3 = the level score of this
 * module on the calibrated ladder (issue 27: "banded" in docs/FORMATS.md). Files written before
 * carry 2 (the banded score of the ladder before the calibration) or no scale (1: the plain sum of
 * step costs); their grades were made by the ladder of their time.
 */
export const SCORE_SCALE = 3;

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

/** Parts of the singles level: hidden singles in the regions suffice, hidden singles in any house, naked singles needed. */
const SINGLES_PARTS = 3;

/**
 * The part of its level's span a board sits in (level-score.ts). Level ≥ 2: by the dearest step of
 * the path of that level's tier — one part per distinct cost of the tier, since the costs order a
 * tier's techniques as Sudoku Explainer rates them (a path takes a tier's dearer rung only where
 * its cheaper ones stall, so this is the hardest thing the board needs). Level 1: which singles
 * solve the board (singlesPart), as every step there is a single.
 */
export function spanPartOf(level: number, techniqueCounts: Readonly<Record<string, number>>, board: Board): SpanPart {
  if (level <= 1) return { index: singlesPart(board), count: SINGLES_PARTS };
  const costs = tierCosts.get(level) ?? [];
  let dearest = -1;
  for (const [id, count] of Object.entries(techniqueCounts)) {
    const t = techniqueById(id);
    if (count > 0 && t && t.tier === level && t.cost > dearest) dearest = t.cost;
  }
  const index = costs.indexOf(dearest);
  return index < 0 ? { index: 0, count: 1 } : { index, count: costs.length };
}

/**
 * 0: hidden singles in the regions alone place every digit; 1: hidden singles in rows, columns
 * and regions do; 2: naked singles are needed too. Sudoku Explainer rates exactly these three
 * (1.2, 1.5, 2.3) and a solver meets them in this order; the ladder's own path cannot tell, as it
 * takes a naked single (the cheaper step to check) wherever one exists.
 */
export function singlesPart(board: Board): number {
  if (hiddenSinglesSolve(board, true)) return 0;
  return hiddenSinglesSolve(board, false) ? 1 : 2;
}

/** Place hidden singles until none is left (in the regions only, or in every house); true when the board is full. */
function hiddenSinglesSolve(board: Board, regionsOnly: boolean): boolean {
  const n = board.size;
  const g = geometryFor(n, board.regions);
  const grid = Uint8Array.from(board.givens);
  const placed = new Uint16Array(g.houseCount);
  const houses = g.cellHouses;
  for (let c = 0; c < g.cellCount; c++) if (grid[c]) for (let k = 0; k < 3; k++) placed[houses[c * 3 + k]!]! |= 1 << grid[c]!;
  const seen = (c: number) => placed[houses[c * 3]!]! | placed[houses[c * 3 + 1]!]! | placed[houses[c * 3 + 2]!]!;
  let open = grid.reduce((k, d) => k + (d === 0 ? 1 : 0), 0);
  for (let progress = true; progress && open > 0; ) {
    progress = false;
    for (let h = regionsOnly ? 2 * n : 0; h < g.houseCount; h++) {
      for (let d = 1; d <= n; d++) {
        const bit = 1 << d;
        if (placed[h]! & bit) continue;
        let place = -1;
        let places = 0;
        for (let i = 0; i < n && places < 2; i++) {
          const c = g.houseCells[h * n + i]!;
          if (grid[c] === 0 && !(seen(c) & bit)) {
            place = c;
            places++;
          }
        }
        if (places !== 1) continue;
        grid[place] = d;
        for (let k = 0; k < 3; k++) placed[houses[place * 3 + k]!]! |= bit;
        open--;
        progress = true;
      }
    }
  }
  return open === 0;
}
