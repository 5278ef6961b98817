/**
 * Banded scores: a difficulty score that orders puzzles by level first and by work inside a level.
 * Level g owns the band [(g − 1)·BAND, g·BAND); the work (the sum of the step costs of the solution
 * path) moves a puzzle inside its band through a bounded, increasing map, so no amount of work can
 * carry a puzzle into the next level's band. Used by the Sudoku ladder and the Murder rule ladder
 * (their READMEs give the reasons; their `halfWork` choices differ).
 */

/** Points per level: every level has a band of this width, whatever the number of levels. */
export const BAND = 1000;

/**
 * The score of a puzzle of `level` (≥ 1) whose path costs `work` (≥ 0): the band's floor plus
 * ⌊(BAND − 1) · work / (work + halfWork)⌋. `halfWork` (> 0) is the work that lands in the middle of
 * the band. Increasing in the work (never decreasing; ties only where works differ by well under
 * 1 %), at most BAND − 2 above the floor, an integer.
 */
export function bandedScore(level: number, work: number, halfWork: number): number {
  if (!Number.isInteger(level) || level < 1) throw new RangeError(`level ${level}: a whole number ≥ 1`);
  if (!(work >= 0) || !Number.isFinite(work)) throw new RangeError(`work ${work}: a finite number ≥ 0`);
  if (!(halfWork > 0)) throw new RangeError(`halfWork ${halfWork}: a number > 0`);
  return (level - 1) * BAND + Math.floor(((BAND - 1) * work) / (work + halfWork));
}

/** The level a banded score belongs to (the inverse of the band floor). */
export function levelOfBandedScore(score: number): number {
  return Math.floor(score / BAND) + 1;
}
