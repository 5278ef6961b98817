/** Checks of the uniqueness rungs: unique rectangles 1-4, BUG+1 (techniques/uniqueness.ts). The caller makes sure the board has one solution. */
import { digitsOf } from '../../digits.ts';
import { bit, eachElim, popcount, sameSet, seesAll, type Claim, type Position } from './position.ts';

const digitSetOf = (digits: readonly number[]) => digits.reduce((m, d) => m | bit(d), 0);

/**
 * Unique rectangles: the first four named cells are open cells in two rows, two columns and
 * exactly two regions, each holding one of the two named digits {x,y}. "Floor" corners hold no
 * other digit; the rest ("roof") have extra digits. If all four took only x and y, swapping them
 * would give a second solution, so a roof cell takes an extra digit (type 1: the only roof cell
 * loses x and y; type 2: two roof cells whose only extra is z: z leaves cells seeing both;
 * type 3: the roof cells as one cell holding their extras form a naked subset with named cells of
 * a house they share; type 4: x has no other place in a house the two roof cells share, so neither
 * is y). Sound only when the puzzle has exactly one solution (checked by the caller).
 */
export function uniqueRectangle(s: Position, claim: Claim, type: 1 | 2 | 3 | 4): string | null {
  if (claim.cells.length < 4) return 'needs the four corners of the rectangle';
  const corners = claim.cells.slice(0, 4);
  if (new Set(corners).size !== 4 || corners.some((c) => s.grid[c] !== 0)) return 'the corners are not four distinct open cells';
  const n = s.n;
  const rows = new Set(corners.map((c) => Math.floor(c / n)));
  const cols = new Set(corners.map((c) => c % n));
  if (rows.size !== 2 || cols.size !== 2) return 'the corners are not a rectangle of two rows and two columns';
  const regions = new Set(corners.map((c) => s.g.regionOf(c))).size;
  if (regions !== 2) return `the rectangle spans ${regions} regions; a deadly pattern needs exactly two`;
  if (claim.digits.length !== 2) return 'names not exactly the two digits of the rectangle';
  const pair = digitSetOf(claim.digits);
  if (corners.some((c) => (s.cand[c]! & pair) === 0)) return `a corner holds neither ${claim.digits.join(' nor ')}`;
  const roof = corners.filter((c) => (s.cand[c]! & ~pair) !== 0);
  const extrasOf = (c: number) => s.cand[c]! & ~pair;
  if (claim.places.length !== 0) return 'places a digit, which this technique never does';
  if (type === 1) {
    if (roof.length !== 1) return `type 1 needs three corners with only ${claim.digits.join(',')}, found ${4 - roof.length}`;
    return eachElim(s, claim, (x, d) => x === roof[0] && (pair & bit(d)) !== 0, 'only the rectangle digits from the one corner with more');
  }
  if (roof.length !== 2) return `needs exactly two corners with extra digits, found ${roof.length}`;
  const [e1, e2] = roof as [number, number];
  if (type === 2) {
    const z = extrasOf(e1);
    if (popcount(z) !== 1 || extrasOf(e2) !== z) return 'the two roof cells do not have the same one extra digit';
    return eachElim(s, claim, (x, d) => bit(d) === z && !corners.includes(x) && seesAll(s, x, roof), 'only the extra digit from cells seeing both roof cells');
  }
  const shared = s.commonHouses(roof);
  if (shared.length === 0) return 'the roof cells share no house';
  if (type === 4) {
    const ok = (x: number, d: number) =>
      roof.includes(x) &&
      (pair & bit(d)) !== 0 &&
      claim.digits.some((u) => u !== d && shared.some((h) => sameSet(s.places(h, u), roof)));
    return eachElim(s, claim, ok, 'the other rectangle digit is locked to the roof cells in no house they share');
  }
  const subsetCells = claim.cells.slice(4);
  if (subsetCells.some((c) => s.grid[c] !== 0 || corners.includes(c))) return 'a subset cell is filled or a corner';
  // a cell named twice would count twice towards the subset's size
  if (new Set(subsetCells).size !== subsetCells.length) return 'names a subset cell twice';
  const extras = extrasOf(e1) | extrasOf(e2);
  const ok = (x: number, d: number) => {
    if (corners.includes(x)) return false;
    for (const h of shared) {
      const inHouse = subsetCells.filter((c) => s.g.cellsOf(h).includes(c));
      if (!s.g.cellsOf(h).includes(x) || inHouse.includes(x)) continue;
      for (let mask = 1; mask < 1 << inHouse.length; mask++) {
        const chosen = inHouse.filter((_, i) => mask & (1 << i));
        const union = chosen.reduce((m, c) => m | s.cand[c]!, extras);
        if (popcount(union) === chosen.length + 1 && (union & bit(d)) !== 0) return true;
      }
    }
    return false;
  };
  return eachElim(s, claim, ok, 'no naked subset of the roof cells and named cells in a house they share');
}

/**
 * BUG+1: the named cell is the only open cell with three candidates, all others have two; every
 * digit has two places (or none) in every house, except one digit with three in each house of that
 * cell. Without it the cell would leave a bivalue grave (no or several solutions), so it keeps only
 * that digit.
 */
export function bugPlusOne(s: Position, claim: Claim): string | null {
  if (claim.cells.length !== 1) return 'names not exactly the one cell with three candidates';
  const cell = claim.cells[0]!;
  if (s.grid[cell] !== 0 || popcount(s.cand[cell]!) !== 3) return `${s.name(cell)} does not have three candidates`;
  for (let c = 0; c < s.cand.length; c++) if (c !== cell && s.grid[c] === 0 && popcount(s.cand[c]!) !== 2) return `${s.name(c)} does not have two candidates`;
  let extra = 0;
  for (let h = 0; h < s.g.houseCount; h++) {
    const own = s.housesOf(cell).includes(h);
    for (let d = 1; d <= s.n; d++) {
      const k = s.placeCount(h, d);
      if (k === 0 || k === 2) continue;
      if (k !== 3 || !own || (extra !== 0 && extra !== bit(d))) return `${d} has ${k} places in ${s.g.houseKind(h)} ${s.g.houseIndex(h) + 1}`;
      extra = bit(d);
    }
  }
  if (extra === 0 || !s.housesOf(cell).every((h) => s.placeCount(h, digitsOf(extra)[0]!) === 3)) return `no digit has three places in every house of ${s.name(cell)}`;
  if (claim.places.length !== 0) return 'places a digit, which this technique never does';
  return eachElim(s, claim, (x, d) => x === cell && bit(d) !== extra, 'only the other two candidates of the BUG+1 cell');
}
