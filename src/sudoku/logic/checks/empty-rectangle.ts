/** Check of the empty rectangle (techniques/empty-rectangle.ts). */
import { sameSet, type Claim, type Position } from './position.ts';

/**
 * Empty rectangle: the first named cells are every place of d in a block, lying in one row and one
 * column; the last two are a strong link A=B with A in one of those lines outside the block. A cell
 * of the other line, outside the block, seeing B loses d.
 */
export function emptyRectangle(s: Position, claim: Claim): string | null {
  if (claim.digits.length !== 1) return 'names more than one digit';
  const d = claim.digits[0]!;
  const n = s.n;
  if (claim.cells.length < 3) return 'needs the block cells and the two ends of a strong link';
  const arms = claim.cells.slice(0, -2);
  const [a, b] = claim.cells.slice(-2) as [number, number];
  const region = s.g.regionOf(arms[0]!);
  const block = 2 * n + region;
  if (!sameSet(s.places(block, d), arms)) return `the first named cells are not every place of ${d} in a block`;
  if (s.g.regionOf(a) === region || s.strongLink(a, b, d) < 0) return `${s.name(a)}=${s.name(b)} is no strong link on ${d} outside the block`;
  const row = (c: number) => Math.floor(c / n);
  const col = (c: number) => c % n;
  for (const r of new Set(arms.map(row))) {
    for (const c of new Set(arms.map(col))) {
      if (!arms.every((x) => row(x) === r || col(x) === c)) continue;
      // A in the row arm's line: X in column c; A in the column arm's line: X in row r.
      const crossOk = (x: number) =>
        (row(a) === r && col(x) === c) || (col(a) === c && row(x) === r);
      const ok = (x: number, e: number) => e === d && x !== b && s.g.regionOf(x) !== region && s.sees(x, b) && crossOk(x);
      if (claim.places.length === 0 && claim.elims.every(([x, e]) => ok(x, e))) return null;
    }
  }
  return `the block's ${d}s, the link and the eliminations do not form an empty rectangle`;
}
