/** Check of locked candidates, pointing and claiming (techniques/intersections.ts). */
import { eachElim, sameSet, seesAll, type Claim, type Position } from './position.ts';

/** Pointing: in a block d only sits in the named cells; claiming: the same in a line. */
export function lockedCandidates(s: Position, claim: Claim, pointing: boolean): string | null {
  if (claim.digits.length !== 1) return 'names more than one digit';
  const d = claim.digits[0]!;
  const cells = claim.cells;
  if (cells.length === 0 || cells.some((c) => !s.has(c, d))) return `a named cell has no candidate ${d}`;
  const common = s.commonHouses(cells);
  const source = common.find((h) => (s.g.houseKind(h) === 'region') === pointing && sameSet(s.places(h, d), cells));
  if (source === undefined) return `no ${pointing ? 'block' : 'line'} where ${d} only sits in the named cells`;
  if (!common.some((h) => (s.g.houseKind(h) === 'region') !== pointing)) return `the cells share no ${pointing ? 'line' : 'block'}`;
  return eachElim(s, claim, (x, e) => e === d && seesAll(s, x, cells), `only ${d} from cells seeing all the named cells`);
}
