/** Check of the single-digit patterns: skyscraper, 2-string kite, turbot fish (techniques/single-digit.ts). */
import { eachElim, seesAll, type Claim, type Position } from './position.ts';

/** Two strong links farA=a, b=farB on d with a seeing b: cells seeing both far ends lose d. */
export function singleDigit(s: Position, claim: Claim, shape: 'skyscraper' | 'kite' | 'turbot'): string | null {
  if (claim.digits.length !== 1) return 'names more than one digit';
  const d = claim.digits[0]!;
  if (claim.cells.length !== 4 || new Set(claim.cells).size !== 4) return 'needs four distinct cells: far end, near end, near end, far end';
  const [farA, a, b, farB] = claim.cells as [number, number, number, number];
  const h1 = s.strongLink(farA, a, d);
  const h2 = s.strongLink(b, farB, d);
  if (h1 < 0 || h2 < 0) return `${s.name(farA)}–${s.name(a)} and ${s.name(b)}–${s.name(farB)} are not both strong links on ${d}`;
  if (!s.sees(a, b)) return `the near ends ${s.name(a)} and ${s.name(b)} do not see each other`;
  const g = s.g;
  const links = (x: number, y: number) => s.commonHouses([x, y]).filter((h) => s.places(h, d).length === 2).map((h) => g.houseKind(h));
  const k1 = links(farA, a);
  const k2 = links(b, farB);
  if (shape === 'skyscraper') {
    const rows = k1.includes('row') && k2.includes('row') && a % s.n === b % s.n && farA % s.n !== farB % s.n;
    const cols = k1.includes('column') && k2.includes('column') && Math.floor(a / s.n) === Math.floor(b / s.n) && Math.floor(farA / s.n) !== Math.floor(farB / s.n);
    if (!rows && !cols) return 'not a skyscraper: the links are not parallel lines with near ends in one cross line';
  } else if (shape === 'kite') {
    const crossed = (k1.includes('row') && k2.includes('column')) || (k1.includes('column') && k2.includes('row'));
    if (!crossed || g.regionOf(a) !== g.regionOf(b)) return 'not a 2-string kite: no row and column link with near ends in one block';
  }
  return eachElim(s, claim, (x, e) => e === d && seesAll(s, x, [farA, farB]), `only ${d} from cells seeing both far ends`);
}
