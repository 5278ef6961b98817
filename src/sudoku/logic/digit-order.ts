/** The one renaming of a board's digits that makes a grade a property of the puzzle, not of its labels (index.ts `gradeBoard`). */
import type { Board } from '../types.ts';

/**
 * A board's digits renamed by first appearance, row by row: the first given digit becomes 1, the
 * next new one 2, …; digits absent from the givens follow in their own order. Any renaming of a
 * board's digits gives the same result.
 */
export function digitsInFirstOrder(board: Board): Board {
  const n = board.size;
  const name = new Uint8Array(n + 1);
  let next = 1;
  for (const d of board.givens) if (d !== 0 && name[d] === 0) name[d] = next++;
  for (let d = 1; d <= n; d++) if (name[d] === 0) name[d] = next++;
  return { ...board, givens: Uint8Array.from(board.givens, (d) => name[d]!) };
}
