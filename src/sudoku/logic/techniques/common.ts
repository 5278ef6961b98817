/** Small helpers several techniques share. */
import { digitsOf } from '../../digits.ts';
import type { LogicState } from '../state.ts';

export { bitDigit } from '../../digits.ts';

/**
 * Add the elimination of digit d from every cell that sees all of `cells[0..count−1]` (and is
 * none of them). Returns the number added.
 */
export function elimSeeingAll(s: LogicState, d: number, cells: ArrayLike<number>, count: number): number {
  const g = s.geometry;
  const bit = 1 << (d - 1);
  const first = cells[0]!;
  let added = 0;
  for (let k = g.peerStart[first]!, end = g.peerStart[first + 1]!; k < end; k++) {
    const p = g.peers[k]!;
    if ((s.cand[p]! & bit) === 0) continue;
    let all = true;
    for (let j = 1; j < count && all; j++) {
      const c = cells[j]!;
      if (p === c || !s.sees(p, c)) all = false;
    }
    if (all) {
      s.finding.elim(p, d);
      added++;
    }
  }
  return added;
}

/** "{3,7}" — a cell's candidates as written in pencil-mark notation. */
export function candidateSet(mask: number): string {
  return `{${digitsOf(mask).join(',')}}`;
}
