/**
 * The grade's score (README "Score"): levels in disjoint spans of core/level-score.ts, the work of
 * the path (the sum of its step costs, HoDoKu's score) placing a board inside its level's span.
 */
import { levelScore } from '../../core/level-score.ts';
import { techniqueById } from './ladder.ts';

/**
 * The meaning of `grade.score` that a file declares with `grade.scale`: 2 = the level score of this
 * module ("banded" in docs/FORMATS.md).
 * A grade without `scale` is of scale 1, the plain sum of step costs that files carried before.
 */
export const SCORE_SCALE = 2;

/**
 * The work that lands in the middle of a level's span: a hidden single's cost for every cell. It
 * grows with the cells, so a 6×6 board with as much work per cell as a 9×9 one sits where it does.
 */
export function halfWorkFor(cells: number): number {
  return cells * techniqueById('hidden-single')!.cost;
}

/** The level score of a board of `cells` cells, graded `level`, whose path costs `work`. */
export function scoreOf(level: number, work: number, cells: number): number {
  return levelScore(level, work, halfWorkFor(cells));
}
