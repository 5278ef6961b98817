/**
 * The drawer table of puzzle kinds, by format: render's side of a kind. It lives in render, not
 * in the kinds, so verifying or generating (every worker) never loads drawing code; and it is
 * this small module, importing no drawing code itself, so a kind module that registers a drawer
 * (`registerDrawer`, PUZZLEMILL_KIND_MODULES) does not pull every built-in picture into every
 * worker that loads it. pictures.ts enters the built-in drawers.
 */
import type { PuzzleFile } from '../kinds/kind.ts';
import type { PictureOptions } from './picture.ts';
import type { Picture } from './svg.ts';

/** Draws a schema-valid puzzle file (the player form unless the solution is asked for). */
export type PuzzleDrawer = (file: PuzzleFile, options: PictureOptions) => Picture;

const PUZZLE_DRAWERS = new Map<string, PuzzleDrawer>();

/** Let `render` and the HTML preview draw the files of this format. */
export function registerDrawer(format: string, draw: PuzzleDrawer): void {
  PUZZLE_DRAWERS.set(format, draw);
}

/** The drawer of a format, or undefined. */
export function drawerFor(format: string): PuzzleDrawer | undefined {
  return PUZZLE_DRAWERS.get(format);
}
