/**
 * Level scores: a difficulty score that orders puzzles by level first and by work inside a level.
 * Level g owns the span [(g − 1)·LEVEL_SPAN, g·LEVEL_SPAN) of the score; the work (the sum of the
 * step costs of the solution path) moves a puzzle inside its level's span through a bounded,
 * increasing map, so no amount of work can carry a puzzle into the next level's span. Used by the
 * Sudoku ladder and the Murder rule ladder (their READMEs give the reasons; their `halfWork`
 * choices differ). (Files and docs call such a score "banded"; in code "band" is kept for the
 * Sudoku term, three rows of boxes.)
 */

/** Points per level: every level spans this many, whatever the number of levels. */
export const LEVEL_SPAN = 1000;

/**
 * Where a puzzle sits inside its level before its work is counted: part `index` of `count` equal
 * parts of the span (0 ≤ index < count). The Sudoku ladder splits a level by the dearest step the
 * path needs (score.ts); one part is the whole span.
 */
export interface SpanPart {
  index: number;
  count: number;
}

const WHOLE_SPAN: SpanPart = { index: 0, count: 1 };

/**
 * The score of a puzzle of `level` (≥ 1) whose path costs `work` (≥ 0), in `part` of its level's
 * span (default: the whole span): the span's floor plus the part's first point a = ⌊(LEVEL_SPAN −
 * 1) · index / count⌋ plus ⌊b · work / (work + halfWork)⌋, b = the part's width (the next part's
 * first point minus a). `halfWork` (> 0) is the work that lands in the middle of the part.
 * Increasing in the part (strictly: every point of a part is below the next part's), then in the
 * work (never decreasing; ties only where works differ by well under 1 % of a whole span, by
 * `count` times that in a part), at most LEVEL_SPAN − 2 above the floor, an integer.
 */
export function levelScore(level: number, work: number, halfWork: number, part: SpanPart = WHOLE_SPAN): number {
  if (!Number.isInteger(level) || level < 1) throw new RangeError(`level ${level}: a whole number ≥ 1`);
  if (!(work >= 0) || !Number.isFinite(work)) throw new RangeError(`work ${work}: a finite number ≥ 0`);
  if (!(halfWork > 0)) throw new RangeError(`halfWork ${halfWork}: a number > 0`);
  if (!Number.isInteger(part.count) || part.count < 1 || !Number.isInteger(part.index) || part.index < 0 || part.index >= part.count) {
    throw new RangeError(`part ${part.index} of ${part.count}: a whole number in 0 … count − 1`);
  }
  // part i owns the whole numbers [⌊999·i/count⌋, ⌊999·(i+1)/count⌋): the work never reaches the
  // next part's first; with the whole span this is exactly the former ⌊999·w/(w+h)⌋
  const start = Math.floor(((LEVEL_SPAN - 1) * part.index) / part.count);
  const width = Math.floor(((LEVEL_SPAN - 1) * (part.index + 1)) / part.count) - start;
  return (level - 1) * LEVEL_SPAN + start + Math.floor((width * work) / (work + halfWork));
}

/** The level a level score belongs to (the inverse of the span's floor). */
export function levelOfScore(score: number): number {
  return Math.floor(score / LEVEL_SPAN) + 1;
}
