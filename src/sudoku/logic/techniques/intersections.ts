/**
 * Tier 2, intersections of a line (row or column) with a region: locked candidates and locked
 * subsets. They work on any region map: an irregular region may meet many rows, and every
 * line-region pair meeting in two or more cells is checked (layout.ts lists them).
 *
 *   pointing   in the region, digit d only sits in the shared cells → d leaves the rest of the line
 *   claiming   in the line, digit d only sits in the shared cells → d leaves the rest of the region
 *   locked pair/triple   k shared cells holding only k digits → those digits leave both houses
 */
import { bitDigit } from '../../digits.ts';
import { POPCOUNT_1024 } from '../../../core/bits.ts';
import type { LogicState } from '../state.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import { cellList, digitList, eliminationText, houseName } from '../texts.ts';
import type { Lang } from '../../../core/lang.ts';

function lockedCandidates(s: LogicState, t: Technique, pointing: boolean): boolean {
  const { interLists, interLine, interRegion } = s.layout;
  const { cells, start } = interLists;
  const cand = s.cand;
  const f = s.finding;
  for (let k = 0; k < interLine.length; k++) {
    const a0 = start[3 * k]!;
    const a1 = start[3 * k + 1]!;
    const a2 = start[3 * k + 2]!;
    const a3 = start[3 * k + 3]!;
    let shared = 0;
    let lineRest = 0;
    let regionRest = 0;
    for (let i = a0; i < a1; i++) shared |= cand[cells[i]!]!;
    for (let i = a1; i < a2; i++) lineRest |= cand[cells[i]!]!;
    for (let i = a2; i < a3; i++) regionRest |= cand[cells[i]!]!;
    let digits = pointing ? shared & ~regionRest & lineRest : shared & ~lineRest & regionRest;
    while (digits !== 0) {
      const bit = digits & -digits;
      digits ^= bit;
      const d = bitDigit(bit);
      f.clear();
      const from = pointing ? a1 : a2;
      const to = pointing ? a2 : a3;
      for (let i = from; i < to; i++) if (cand[cells[i]!]! & bit) f.elim(cells[i]!, d);
      for (let i = a0; i < a1; i++) if (cand[cells[i]!]! & bit) f.cell(cells[i]!);
      f.house(pointing ? interRegion[k]! : interLine[k]!);
      f.house(pointing ? interLine[k]! : interRegion[k]!);
      f.digits = bit;
      if (s.commit(t)) return true;
    }
  }
  return false;
}

function describeLocked(s: LogicState, t: Technique) {
  const f = s.finding;
  const g = s.geometry;
  const d = bitDigit(f.digits);
  const where = (lang: Lang) => cellList(s.n, f.cells.subarray(0, f.cellCount), lang);
  return eliminationText(g, f, t.name, (lang) =>
    lang === 'en'
      ? `in ${houseName(g, f.houses[0]!, lang)}, digit ${d} can only go in cells that also belong to ${houseName(g, f.houses[1]!, lang)} (${where(lang)})`
      : `In ${houseName(g, f.houses[0]!, lang)} kann die ${d} nur in Feldern stehen, die auch zu ${houseName(g, f.houses[1]!, lang)} gehören (${where(lang)})`,
  );
}

export const lockedPointing: Technique = defineTechnique({
  id: 'locked-candidates-pointing',
  tier: 2,
  cost: 50,
  name: { en: 'Locked candidates (pointing)', de: 'Gesperrte Kandidaten (Pointing)' },
  find: (s) => lockedCandidates(s, lockedPointing, true),
  describe: (s) => describeLocked(s, lockedPointing),
});

export const lockedClaiming: Technique = defineTechnique({
  id: 'locked-candidates-claiming',
  tier: 2,
  cost: 50,
  name: { en: 'Locked candidates (claiming)', de: 'Gesperrte Kandidaten (Claiming)' },
  find: (s) => lockedCandidates(s, lockedClaiming, false),
  describe: (s) => describeLocked(s, lockedClaiming),
});

/**
 * k shared cells of a line and a region whose candidates together are k digits: the digits are
 * locked in those cells, and leave both houses. Reported when both houses lose a candidate (a
 * shared cell outside the subset counts for both), HoDoKu's convention; when only one house
 * loses candidates it is an ordinary naked subset of that house.
 */
function lockedSubset(s: LogicState, t: Technique, k: number): boolean {
  const { interLists, interLine } = s.layout;
  const { cells, start } = interLists;
  const cand = s.cand;
  const pick = s.scratchA;
  for (let x = 0; x < interLine.length; x++) {
    const a0 = start[3 * x]!;
    const a1 = start[3 * x + 1]!;
    let open = 0;
    for (let i = a0; i < a1; i++) {
      const pc = POPCOUNT_1024[cand[cells[i]!]!]!;
      if (pc >= 2 && pc <= k) pick[open++] = cells[i]!;
    }
    if (open < k) continue;
    if (chooseLocked(s, t, x, k, open, 0, 0, 0)) return true;
  }
  return false;
}

function chooseLocked(s: LogicState, t: Technique, x: number, k: number, open: number, from: number, depth: number, union: number): boolean {
  const pick = s.scratchA;
  const chosen = s.scratchB;
  if (depth === k) {
    if (POPCOUNT_1024[union] !== k) return false;
    const { interLists, interLine, interRegion } = s.layout;
    const { cells, start } = interLists;
    const f = s.finding;
    f.clear();
    // Shared cells outside the subset belong to both houses.
    let sharedElims = 0;
    for (let i = start[3 * x]!; i < start[3 * x + 1]!; i++) {
      const c = cells[i]!;
      let member = false;
      for (let j = 0; j < k; j++) if (chosen[j] === c) member = true;
      if (!member) sharedElims += elimDigits(s, c, union);
    }
    let lineElims = sharedElims;
    for (let i = start[3 * x + 1]!; i < start[3 * x + 2]!; i++) lineElims += elimDigits(s, cells[i]!, union);
    let regionElims = sharedElims;
    for (let i = start[3 * x + 2]!; i < start[3 * x + 3]!; i++) regionElims += elimDigits(s, cells[i]!, union);
    if (lineElims === 0 || regionElims === 0) {
      f.clear();
      return false;
    }
    for (let i = 0; i < k; i++) f.cell(chosen[i]!);
    f.house(interLine[x]!);
    f.house(interRegion[x]!);
    f.digits = union;
    return s.commit(t);
  }
  for (let i = from; i <= open - (k - depth); i++) {
    const u = union | s.cand[pick[i]!]!;
    if (POPCOUNT_1024[u]! > k) continue;
    chosen[depth] = pick[i]!;
    if (chooseLocked(s, t, x, k, open, i + 1, depth + 1, u)) return true;
  }
  return false;
}

/** Add eliminations of the digits in `set` from cell c; returns how many. */
export function elimDigits(s: LogicState, c: number, set: number): number {
  let m = s.cand[c]! & set;
  let k = 0;
  while (m !== 0) {
    const bit = m & -m;
    m ^= bit;
    s.finding.elim(c, bitDigit(bit));
    k++;
  }
  return k;
}

function describeLockedSubset(s: LogicState, t: Technique) {
  const f = s.finding;
  const g = s.geometry;
  const cellsText = (lang: Lang) => cellList(s.n, f.cells.subarray(0, f.cellCount), lang);
  return eliminationText(g, f, t.name, (lang) =>
    lang === 'en'
      ? `${cellsText(lang)} can only hold ${digitList(f.digits, lang)} and lie in both ${houseName(g, f.houses[0]!, lang)} and ${houseName(g, f.houses[1]!, lang)}`
      : `${cellsText(lang)} können nur ${digitList(f.digits, lang)} enthalten und liegen zugleich in ${houseName(g, f.houses[0]!, lang)} und ${houseName(g, f.houses[1]!, lang)}`,
  );
}

export const lockedPair: Technique = defineTechnique({
  id: 'locked-pair',
  tier: 2,
  cost: 40,
  name: { en: 'Locked pair', de: 'Gesperrtes Paar' },
  find: (s) => lockedSubset(s, lockedPair, 2),
  describe: (s) => describeLockedSubset(s, lockedPair),
});

export const lockedTriple: Technique = defineTechnique({
  id: 'locked-triple',
  tier: 2,
  cost: 60,
  name: { en: 'Locked triple', de: 'Gesperrtes Tripel' },
  find: (s) => lockedSubset(s, lockedTriple, 3),
  describe: (s) => describeLockedSubset(s, lockedTriple),
});
