/** Checks of the wings: XY-Wing, XYZ-Wing, W-Wing (techniques/wings.ts). */
import { digitsOf } from '../../digits.ts';
import { bit, eachElim, popcount, seesAll, type Claim, type Position } from './position.ts';

export function xyWing(s: Position, claim: Claim): string | null {
  if (claim.cells.length !== 3) return 'needs the pivot and two pincers';
  const [p, a, b] = claim.cells as [number, number, number];
  const [mp, ma, mb] = [s.cand[p]!, s.cand[a]!, s.cand[b]!];
  if (popcount(mp) !== 2 || popcount(ma) !== 2 || popcount(mb) !== 2) return 'pivot and pincers must have two candidates each';
  if (!s.sees(p, a) || !s.sees(p, b)) return 'the pivot does not see both pincers';
  const z = ma & mb;
  if (popcount(z) !== 1 || z & mp || popcount(ma & mp) !== 1 || popcount(mb & mp) !== 1 || (ma & mp) === (mb & mp)) return 'the candidates are not {x,y}, {x,z}, {y,z}';
  const zd = digitsOf(z)[0]!;
  return eachElim(s, claim, (x, e) => e === zd && seesAll(s, x, [a, b]), `only ${zd} from cells seeing both pincers`);
}

export function xyzWing(s: Position, claim: Claim): string | null {
  if (claim.cells.length !== 3) return 'needs the pivot and two pincers';
  const [p, a, b] = claim.cells as [number, number, number];
  const [mp, ma, mb] = [s.cand[p]!, s.cand[a]!, s.cand[b]!];
  if (popcount(mp) !== 3 || popcount(ma) !== 2 || popcount(mb) !== 2 || ma & ~mp || mb & ~mp || ma === mb) return 'the candidates are not {x,y,z}, {x,z}, {y,z}';
  if (!s.sees(p, a) || !s.sees(p, b)) return 'the pivot does not see both pincers';
  const zd = digitsOf(ma & mb)[0]!;
  return eachElim(s, claim, (x, e) => e === zd && seesAll(s, x, [p, a, b]), `only ${zd} from cells seeing the pivot and both pincers`);
}

/** W-Wing: two equal bivalue cells {x,y}, a strong link on x whose ends see one each: y leaves cells seeing both. */
export function wWing(s: Position, claim: Claim): string | null {
  if (claim.cells.length !== 4 || new Set(claim.cells).size !== 4) return 'needs the two wing cells and the two ends of a strong link';
  const [a, b, e1, e2] = claim.cells as [number, number, number, number];
  const m = s.cand[a]!;
  if (popcount(m) !== 2 || s.cand[b] !== m) return 'the wing cells are not two cells with the same two candidates';
  for (const x of digitsOf(m)) {
    const y = digitsOf(m & ~bit(x))[0]!;
    if (s.strongLink(e1, e2, x) < 0) continue;
    if (!((s.sees(e1, a) && s.sees(e2, b)) || (s.sees(e1, b) && s.sees(e2, a)))) continue;
    if (!eachElim(s, claim, (c, e) => e === y && seesAll(s, c, [a, b]), '')) return null;
  }
  return 'the link and the wing cells do not remove these candidates';
}
