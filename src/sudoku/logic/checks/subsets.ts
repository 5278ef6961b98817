/**
 * Checks of naked and hidden subsets (techniques/subsets.ts), and of the locked pair and triple
 * (found by techniques/intersections.ts): a naked subset lying in a line-block intersection.
 */
import { digitsOf } from '../../digits.ts';
import { bit, eachElim, popcount, sameSet, seesAll, type Claim, type Position } from './position.ts';

/** k cells of one house whose candidates are k digits; locked: the house pair of an intersection. */
export function nakedSubset(s: Position, claim: Claim, k: number, locked: boolean): string | null {
  const cells = claim.cells;
  if (cells.length !== k || new Set(cells).size !== k) return `names ${cells.length} cells, the technique needs ${k}`;
  if (cells.some((c) => s.grid[c] !== 0)) return 'names a filled cell';
  const union = cells.reduce((m, c) => m | s.cand[c]!, 0);
  if (popcount(union) !== k) return `the cells hold ${digitsOf(union).join(',')}, not ${k} digits`;
  if (!sameSet(claim.digits, digitsOf(union))) return `names digits ${claim.digits.join(',')}, the cells hold ${digitsOf(union).join(',')}`;
  const common = s.commonHouses(cells);
  if (common.length === 0) return 'the cells share no house';
  if (locked && !(common.some((h) => s.g.houseKind(h) === 'region') && common.some((h) => s.g.houseKind(h) !== 'region'))) {
    return 'the cells are not the intersection of a line and a block';
  }
  return eachElim(s, claim, (x, d) => (union & bit(d)) !== 0 && seesAll(s, x, cells), 'not one of the subset digits in a cell seeing every subset cell');
}

/** k digits whose places in one house are k cells. */
export function hiddenSubset(s: Position, claim: Claim, k: number): string | null {
  const cells = claim.cells;
  const digits = claim.digits;
  if (cells.length !== k || new Set(cells).size !== k || digits.length !== k || new Set(digits).size !== k) return `needs ${k} cells and ${k} digits`;
  const house = s.commonHouses(cells).find((h) => digits.every((d) => !s.placedIn(h, d) && s.places(h, d).every((c) => cells.includes(c))));
  if (house === undefined) return `no house where ${digits.join(',')} can only go in the named cells`;
  return eachElim(s, claim, (x, d) => cells.includes(x) && !digits.includes(d), 'only other digits leave the subset cells');
}
