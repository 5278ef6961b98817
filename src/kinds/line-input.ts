/**
 * The line format (src/sudoku/line-format.ts) as an input of `solve` and `grade`: a line becomes
 * a Board, or a LineError with its column. Apart from sudoku-line.ts (verify's checks) so a
 * line-format solve loads the line reader and nothing of the prover or the registry.
 */
export { LineError, parseLine as boardOfLine } from '../sudoku/line-format.ts';
export type { Board } from '../sudoku/types.ts';
