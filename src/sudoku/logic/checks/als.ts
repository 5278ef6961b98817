/** Checks of the almost-locked-set rungs: ALS-XZ, ALS-XY-Wing, ALS chain (techniques/als.ts). */
import { digitsOf } from '../../digits.ts';
import { bit, eachElim, popcount, seesAll, type Claim, type Position } from './position.ts';

/** An almost locked set: open cells of one house holding one digit more than there are cells. */
function alsProblem(s: Position, set: readonly number[]): string | null {
  const name = `{${set.map((c) => s.name(c)).join(' ')}}`;
  if (set.length === 0 || new Set(set).size !== set.length) return 'an almost locked set is empty or names a cell twice';
  if (set.some((c) => s.grid[c] !== 0)) return `${name} has a filled cell`;
  if (s.commonHouses(set).length === 0) return `${name} is not in one house`;
  const k = popcount(set.reduce((m, c) => m | s.cand[c]!, 0));
  return k === set.length + 1 ? null : `${name} holds ${k} digits in ${set.length} cells, not one more`;
}

const alsDigits = (s: Position, set: readonly number[]) => set.reduce((m, c) => m | s.cand[c]!, 0);
const holding = (s: Position, set: readonly number[], d: number) => set.filter((c) => s.has(c, d));

/** Restricted common candidates of two sets: digits of both whose cells in one all see those in the other. */
function rccs(s: Position, a: readonly number[], b: readonly number[]): number[] {
  return digitsOf(alsDigits(s, a) & alsDigits(s, b)).filter((x) => holding(s, a, x).every((c) => seesAll(s, c, holding(s, b, x))));
}

/** The claim's sets, each an ALS; a string says why not. */
function alsSets(s: Position, claim: Claim, count: (k: number) => boolean, what: string): number[][] | string {
  const sets = claim.sets;
  if (!sets || !count(sets.length)) return `needs ${what}`;
  for (const set of sets) {
    const p = alsProblem(s, set);
    if (p) return p;
  }
  if (claim.places.length !== 0) return 'places a digit, which this technique never does';
  return sets;
}

/** ALS-XZ: A and B share an RCC x; a common z leaves cells seeing all z of both; doubly linked: both sets lock. */
export function alsXz(s: Position, claim: Claim): string | null {
  const sets = alsSets(s, claim, (k) => k === 2, 'two almost locked sets');
  if (typeof sets === 'string') return sets;
  const [a, b] = sets as [number[], number[]];
  const r = rccs(s, a, b);
  if (r.length === 0) return 'the two sets have no restricted common candidate';
  const common = alsDigits(s, a) & alsDigits(s, b);
  const ok = (x: number, d: number) => {
    const both = [...holding(s, a, d), ...holding(s, b, d)];
    if ((common & bit(d)) !== 0 && r.some((rc) => rc !== d) && seesAll(s, x, both)) return true;
    if (r.length < 2) return false;
    if (r.includes(d)) return seesAll(s, x, both);
    return [a, b].some((set) => (alsDigits(s, set) & bit(d)) !== 0 && seesAll(s, x, holding(s, set, d)));
  };
  return eachElim(s, claim, ok, 'not seeing every place of a digit the sets must hold');
}

/** ALS-XY-Wing: sets A, B and pivot C; A–C by x, B–C by y ≠ x; a z of A and B (not x, y) leaves cells seeing all its places. */
export function alsXyWing(s: Position, claim: Claim): string | null {
  const sets = alsSets(s, claim, (k) => k === 3, 'three almost locked sets: two wings and the pivot');
  if (typeof sets === 'string') return sets;
  const [a, b, c] = sets as [number[], number[], number[]];
  const rac = rccs(s, a, c);
  const rbc = rccs(s, b, c);
  if (rac.length === 0 || rbc.length === 0) return 'a wing has no restricted common candidate with the pivot';
  const ok = (x: number, z: number) =>
    (alsDigits(s, a) & alsDigits(s, b) & bit(z)) !== 0 &&
    rac.some((p) => p !== z && rbc.some((q) => q !== z && q !== p)) &&
    seesAll(s, x, [...holding(s, a, z), ...holding(s, b, z)]);
  return eachElim(s, claim, ok, 'not a common digit of the wings outside their links, seen in all its places');
}

/** ALS chain A1 … Ak (k ≥ 4): consecutive sets share RCCs, each differing from the one before; a z of A1 and Ak leaves cells seeing all its places. */
export function alsChain(s: Position, claim: Claim): string | null {
  const sets = alsSets(s, claim, (k) => k >= 4, 'at least four almost locked sets');
  if (typeof sets === 'string') return sets;
  const links = sets.slice(1).map((set, i) => rccs(s, sets[i]!, set));
  const gap = links.findIndex((l) => l.length === 0);
  if (gap >= 0) return `sets ${gap + 1} and ${gap + 2} have no restricted common candidate`;
  // For each first link x1: the last links reachable with every link differing from the one before.
  const lastAfter = new Map<number, Set<number>>();
  for (const x1 of links[0]!) {
    let now = new Set([x1]);
    for (const link of links.slice(1)) now = new Set(link.filter((y) => [...now].some((x) => x !== y)));
    lastAfter.set(x1, now);
  }
  const first = sets[0]!;
  const last = sets[sets.length - 1]!;
  const ok = (x: number, z: number) =>
    (alsDigits(s, first) & alsDigits(s, last) & bit(z)) !== 0 &&
    [...lastAfter].some(([x1, ends]) => x1 !== z && [...ends].some((e) => e !== z)) &&
    seesAll(s, x, [...holding(s, first, z), ...holding(s, last, z)]);
  return eachElim(s, claim, ok, 'not a digit of both end sets outside the end links, seen in all its places');
}
