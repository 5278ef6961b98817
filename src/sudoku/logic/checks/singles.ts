/** Checks of the singles (techniques/singles.ts): full house, naked single, hidden single. */
import { digitsOf } from '../../digits.ts';
import { bit, type Claim, type Position } from './position.ts';

/** A step that only places one digit (the singles). */
function single(claim: Claim): [number, number] | string {
  if (claim.elims.length !== 0 || claim.places.length !== 1) return 'a single places exactly one digit and eliminates nothing';
  return claim.places[0]!;
}

export function fullHouse(s: Position, claim: Claim): string | null {
  const one = single(claim);
  if (typeof one === 'string') return one;
  const [cell, d] = one;
  for (const h of s.housesOf(cell)) if (s.openCount(h) === 1 && !s.placedIn(h, d)) return null;
  return `${s.name(cell)} is not the last empty cell of any of its houses`;
}

export function nakedSingle(s: Position, claim: Claim): string | null {
  const one = single(claim);
  if (typeof one === 'string') return one;
  const [cell, d] = one;
  return s.cand[cell] === bit(d) ? null : `${s.name(cell)} still has the candidates ${digitsOf(s.cand[cell]!).join(',')}`;
}

export function hiddenSingle(s: Position, claim: Claim): string | null {
  const one = single(claim);
  if (typeof one === 'string') return one;
  const [cell, d] = one;
  for (const h of s.housesOf(cell)) if (s.placeCount(h, d) === 1) return null;
  return `${d} has another place in every house of ${s.name(cell)}`;
}
