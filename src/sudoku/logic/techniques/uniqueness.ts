/**
 * Uniqueness techniques (tier 3, as both reference raters put them: README "Tiers"): unique
 * rectangles types 1–4 and BUG+1. They are sound only for a puzzle with exactly one solution, so
 * the prover runs them only when told the board is proven unique (`prove(board, { uniqueness: true
 * })`, set by judgeBoard after its count).
 *
 * Deadly pattern: four open cells in two rows, two columns and exactly two regions. If all four
 * took only the digits x and y, swapping x and y in them would give a second solution (every row,
 * column and region of the rectangle holds one x and one y either way), so in the one solution at
 * least one of the four cells is neither x nor y. With corners that all hold x and y:
 *
 *   type 1   three corners are exactly {x,y}: the fourth is not x or y
 *   type 2   two corners are {x,y}, the other two (in one row or column) are {x,y,z}: one is z,
 *            so z leaves every cell seeing both
 *   type 3   two corners are {x,y}, the other two (sharing a house) have extra digits E: one of
 *            them takes a digit of E, so they act as one cell with candidates E; with k−1 more
 *            cells of that house they form a naked k-subset, whose digits leave the house's rest
 *   type 4   two corners are {x,y}, the other two share a house in which x has no other place:
 *            one of them is x, so neither can be y (the other would be y: the deadly pattern)
 *
 * BUG+1: every open cell has two candidates but one with three, and every digit has exactly two
 * places in each house, except one digit with three places in each house of that cell. Without
 * that digit the cell would leave a "bivalue universal grave", which has no or at least two
 * solutions (each cell's other candidate is a solution too), so the cell holds that digit.
 */
import { POPCOUNT_1024 } from '../../../core/bits.ts';
import type { LogicState } from '../state.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import { both, cellList, cellName, digitList, houseName, housesName, removalClause } from '../texts.ts';
import { type Lang } from '../../../core/lang.ts';
import { bitDigit, candidateSet } from './common.ts';

type RectangleType = 1 | 2 | 3 | 4;

/** Largest naked subset a type 3 builds (the pseudo cell and up to three more cells). */
const MAX_TYPE3_SUBSET = 4;

/**
 * Every rectangle of open cells in two rows, two columns and exactly two regions, with a digit
 * pair {x,y} that one corner holds exactly and every corner holds at least one of (HoDoKu's
 * "missing candidates allowed": the argument needs no more); `visit(corners, pairMask)` returns
 * true to stop. corners: [r1c1, r1c2, r2c1, r2c2] as cell indices.
 */
function forEachRectangle(s: LogicState, visit: (corners: Int32Array, pair: number) => boolean): boolean {
  const n = s.n;
  const cand = s.cand;
  const regionOf = s.geometry.cellHouses;
  const corners = s.scratchC;
  for (let r1 = 0; r1 < n; r1++) {
    for (let r2 = r1 + 1; r2 < n; r2++) {
      for (let c1 = 0; c1 < n; c1++) {
        const a = r1 * n + c1;
        const c = r2 * n + c1;
        if (cand[a] === 0 || cand[c] === 0) continue;
        for (let c2 = c1 + 1; c2 < n; c2++) {
          const b = r1 * n + c2;
          const d = r2 * n + c2;
          if (cand[b] === 0 || cand[d] === 0) continue;
          if (!twoRegions(regionOf[a * 3 + 2]!, regionOf[b * 3 + 2]!, regionOf[c * 3 + 2]!, regionOf[d * 3 + 2]!)) continue;
          corners[0] = a;
          corners[1] = b;
          corners[2] = c;
          corners[3] = d;
          for (let i = 0; i < 4; i++) {
            const pair = cand[corners[i]!]!;
            if (POPCOUNT_1024[pair] !== 2) continue;
            // Each pair once: from its first bivalue corner.
            let earlier = false;
            for (let j = 0; j < i && !earlier; j++) earlier = cand[corners[j]!] === pair;
            if (earlier) continue;
            if ((cand[a]! & pair) === 0 || (cand[b]! & pair) === 0 || (cand[c]! & pair) === 0 || (cand[d]! & pair) === 0) continue;
            if (visit(corners, pair)) return true;
          }
        }
      }
    }
  }
  return false;
}

/** Exactly two distinct regions among four. */
function twoRegions(a: number, b: number, c: number, d: number): boolean {
  let other = -1;
  for (const g of [b, c, d]) {
    if (g === a) continue;
    if (other === -1) other = g;
    else if (g !== other) return false;
  }
  return other !== -1;
}

function uniqueRectangle(s: LogicState, t: Technique, type: RectangleType): boolean {
  const cand = s.cand;
  const extra = new Int32Array(4);
  return forEachRectangle(s, (corners, pair) => {
    let extras = 0;
    for (let i = 0; i < 4; i++) if ((cand[corners[i]!]! & ~pair) !== 0) extra[extras++] = i;
    if (type === 1) return extras === 1 && type1(s, t, corners, pair, corners[extra[0]!]!);
    if (extras !== 2) return false;
    const e1 = corners[extra[0]!]!;
    const e2 = corners[extra[1]!]!;
    // The two roof cells are neighbours in the rectangle: one row or one column.
    if (extra[0]! + extra[1]! === 3) return false;
    if (type === 2) return type2(s, t, corners, pair, e1, e2);
    if (type === 3) return type3(s, t, corners, pair, e1, e2);
    return type4(s, t, corners, pair, e1, e2);
  });
}

function begin(s: LogicState, corners: Int32Array, pair: number, type: RectangleType): void {
  const f = s.finding;
  f.clear();
  for (let i = 0; i < 4; i++) f.cell(corners[i]!);
  f.digits = pair;
  f.note[0] = type;
}

function type1(s: LogicState, t: Technique, corners: Int32Array, pair: number, e: number): boolean {
  begin(s, corners, pair, 1);
  const f = s.finding;
  for (let m = pair & s.cand[e]!; m !== 0; m &= m - 1) f.elim(e, bitDigit(m & -m));
  f.note[1] = e;
  return s.commit(t);
}

function type2(s: LogicState, t: Technique, corners: Int32Array, pair: number, e1: number, e2: number): boolean {
  const cand = s.cand;
  const z = cand[e1]! & ~pair;
  if (POPCOUNT_1024[z] !== 1 || (cand[e2]! & ~pair) !== z) return false;
  begin(s, corners, pair, 2);
  const f = s.finding;
  const g = s.geometry;
  for (let k = g.peerStart[e1]!, end = g.peerStart[e1 + 1]!; k < end; k++) {
    const p = g.peers[k]!;
    if (p !== e2 && cand[p]! & z && s.sees(p, e2)) f.elim(p, bitDigit(z));
  }
  f.note[1] = e1;
  f.note[2] = e2;
  f.note[3] = bitDigit(z);
  return s.commit(t);
}

/**
 * Type 3 in every house the two roof cells share (their line, and their region when they have one
 * in common): the first naked subset there that removes something. The eliminations of all those
 * houses make one step (HoDoKu's manner), its cells the corners and then each subset's cells.
 */
function type3(s: LogicState, t: Technique, corners: Int32Array, pair: number, e1: number, e2: number): boolean {
  const n = s.n;
  const cand = s.cand;
  const g = s.geometry;
  const extras = (cand[e1]! | cand[e2]!) & ~pair;
  const others = s.scratchA;
  const chosen = s.scratchB;
  begin(s, corners, pair, 3);
  const f = s.finding;
  let union = 0;
  for (let k = 0; k < 3; k++) {
    const h = g.cellHouses[e1 * 3 + k]!;
    if (h !== g.cellHouses[e2 * 3 + k]) continue;
    let count = 0;
    for (let i = 0; i < n; i++) {
      const c = g.houseCells[h * n + i]!;
      if (c !== e1 && c !== e2 && cand[c] !== 0) others[count++] = c;
    }
    // Subsets of `others` (size 1..MAX−1) which with the pseudo cell hold size+1 digits.
    const search = (from: number, size: number, digits: number): boolean => {
      if (size > 0 && POPCOUNT_1024[digits] === size + 1 && eliminateSubset(s, h, e1, e2, chosen, size, digits)) {
        for (let i = 0; i < size; i++) f.cell(chosen[i]!);
        f.house(h);
        union |= digits;
        return true;
      }
      if (size + 1 >= MAX_TYPE3_SUBSET) return false;
      for (let i = from; i < count; i++) {
        const next = digits | cand[others[i]!]!;
        if (POPCOUNT_1024[next]! > MAX_TYPE3_SUBSET) continue;
        chosen[size] = others[i]!;
        if (search(i + 1, size + 1, next)) return true;
      }
      return false;
    };
    search(0, 0, extras);
  }
  f.note[1] = e1;
  f.note[2] = e2;
  f.note[3] = union;
  return s.commit(t);
}

/** Add the subset's eliminations in house h (no duplicates); false when there are none. */
function eliminateSubset(s: LogicState, h: number, e1: number, e2: number, chosen: Int32Array, size: number, digits: number): boolean {
  const n = s.n;
  const g = s.geometry;
  const f = s.finding;
  const before = f.elimCount;
  for (let i = 0; i < n; i++) {
    const c = g.houseCells[h * n + i]!;
    if (c === e1 || c === e2 || s.cand[c] === 0) continue;
    let inSubset = false;
    for (let j = 0; j < size && !inSubset; j++) inSubset = chosen[j] === c;
    if (inSubset) continue;
    for (let m = s.cand[c]! & digits; m !== 0; m &= m - 1) {
      const d = bitDigit(m & -m);
      const code = (c << 4) | (d - 1);
      let known = false;
      for (let j = 0; j < f.elimCount && !known; j++) known = f.elims[j] === code;
      if (!known) f.elim(c, d);
    }
  }
  return f.elimCount > before;
}

function type4(s: LogicState, t: Technique, corners: Int32Array, pair: number, e1: number, e2: number): boolean {
  const n = s.n;
  const g = s.geometry;
  s.fillPositions();
  for (let k = 0; k < 3; k++) {
    const h = g.cellHouses[e1 * 3 + k]!;
    if (h !== g.cellHouses[e2 * 3 + k]) continue;
    for (let m = pair; m !== 0; m &= m - 1) {
      const u = bitDigit(m & -m);
      const ub = 1 << (u - 1);
      if (POPCOUNT_1024[s.positions[h * n + u - 1]!] !== 2 || (s.cand[e1]! & ub) === 0 || (s.cand[e2]! & ub) === 0) continue;
      const v = bitDigit(pair & ~(1 << (u - 1)));
      begin(s, corners, pair, 4);
      const f = s.finding;
      if (s.cand[e1]! & (1 << (v - 1))) f.elim(e1, v);
      if (s.cand[e2]! & (1 << (v - 1))) f.elim(e2, v);
      f.house(h);
      f.note[1] = e1;
      f.note[2] = e2;
      f.note[3] = u;
      f.note[4] = v;
      if (s.commit(t)) return true;
    }
  }
  return false;
}

function bugPlusOne(s: LogicState): boolean {
  const n = s.n;
  const cand = s.cand;
  let triple = -1;
  for (let c = 0; c < s.cellCount; c++) {
    const k = POPCOUNT_1024[cand[c]!]!;
    if (k === 0 || k === 2) continue;
    if (k !== 3 || triple >= 0) return false;
    triple = c;
  }
  if (triple < 0) return false;
  s.fillPositions();
  const ch = s.geometry.cellHouses;
  let extra = 0;
  for (let h = 0; h < s.houseCount; h++) {
    const own = ch[triple * 3] === h || ch[triple * 3 + 1] === h || ch[triple * 3 + 2] === h;
    let three = 0;
    for (let d = 0; d < n; d++) {
      const k = POPCOUNT_1024[s.positions[h * n + d]!]!;
      if (k === 0 || k === 2) continue;
      if (k !== 3 || !own || three !== 0) return false;
      three = 1 << d;
    }
    if (own) {
      if (three === 0 || (extra !== 0 && extra !== three)) return false;
      extra = three;
    }
  }
  if ((cand[triple]! & extra) === 0) return false;
  const f = s.finding;
  f.clear();
  f.cell(triple);
  f.digits = extra;
  for (let m = cand[triple]! & ~extra; m !== 0; m &= m - 1) f.elim(triple, bitDigit(m & -m));
  return s.commit(bugPlusOneTechnique);
}

const UNIQUE = {
  en: ' (this assumes the puzzle has exactly one solution)',
  de: ' (das setzt voraus, dass das Rätsel genau eine Lösung hat)',
} as const;

function describeRectangle(s: LogicState, t: Technique): ReturnType<Technique['describe']> {
  const f = s.finding;
  const g = s.geometry;
  const n = s.n;
  const type = f.note[0]! as RectangleType;
  const corners = cellList(n, f.cells.subarray(0, 4), 'en');
  const xy = (lang: Lang) => digitList(f.digits, lang);
  const [e1, e2] = [cellName(n, f.note[1]!), cellName(n, f.note[2]!)];
  return both((lang) => {
    const de = lang === 'de';
    const head = de
      ? `${t.name.de}${UNIQUE.de}: Stünden in ${cellList(n, f.cells.subarray(0, 4), lang)} nur die ${xy(lang)}, hätte das Rätsel zwei Lösungen (tödliches Muster)`
      : `${t.name.en}${UNIQUE.en}: if ${corners} held only ${xy(lang)}, the puzzle would have two solutions (a deadly pattern)`;
    let body: string;
    if (type === 1) body = de ? `; nur ${e1} hat weitere Kandidaten` : `; only ${e1} has other candidates`;
    else if (type === 2) {
      const z = f.note[3]!;
      body = de ? `; also steht in ${e1} oder ${e2} die ${z}` : `; so ${e1} or ${e2} is ${z}`;
    } else if (type === 3) {
      const extras = (s.cand[f.note[1]!]! | s.cand[f.note[2]!]!) & ~f.digits;
      const subset = cellList(n, f.cells.subarray(4, f.cellCount), lang);
      const houses = housesName(g, f.houses.subarray(0, f.houseCount), lang);
      body = de
        ? `; also steht in ${e1} oder ${e2} die ${digitList(extras, lang).replace(/ und /g, ' oder ')}: Als ein Feld mit diesen Kandidaten bilden sie mit ${subset} in ${houses} nackte Gruppen`
        : `; so ${e1} or ${e2} is ${digitList(extras, lang).replace(/ and /g, ' or ')}: as one cell with those candidates they form naked subsets with ${subset} in ${houses}`;
    } else {
      const [u, v] = [f.note[3]!, f.note[4]!];
      const house = houseName(g, f.houses[0]!, lang);
      body = de
        ? `; die ${u} muss in ${house} in ${e1} oder ${e2} stehen, also kann keines der beiden die ${v} sein`
        : `; ${u} must go in ${e1} or ${e2} within ${house}, so neither of them can be ${v}`;
    }
    return `${head}${body}, ${removalClause(g, f, lang)}.`;
  });
}

const rectangle = (type: RectangleType): Technique => {
  const t: Technique = defineTechnique({
    id: `unique-rectangle-${type}`,
    tier: 3,
    cost: 190,
    name: { en: `Unique rectangle type ${type}`, de: `Eindeutiges Rechteck Typ ${type}` },
    assumesUniqueness: true,
    find: (s) => uniqueRectangle(s, t, type),
    describe: (s) => describeRectangle(s, t),
  });
  return t;
};

export const uniqueRectangle1 = rectangle(1);
export const uniqueRectangle2 = rectangle(2);
export const uniqueRectangle3 = rectangle(3);
export const uniqueRectangle4 = rectangle(4);

export const bugPlusOneTechnique: Technique = defineTechnique({
  id: 'bug-plus-one',
  tier: 3,
  cost: 230,
  name: { en: 'BUG+1', de: 'BUG+1' },
  assumesUniqueness: true,
  find: bugPlusOne,
  describe(s) {
    const f = s.finding;
    const n = s.n;
    const cell = f.cells[0]!;
    const d = bitDigit(f.digits);
    const at = `${cellName(n, cell)} ${candidateSet(s.cand[cell]!)}`;
    return both((lang) =>
      lang === 'en'
        ? `BUG+1${UNIQUE.en}: every open cell but ${at} has two candidates, and ${d} has three places in each house of ${cellName(n, cell)}; without ${d} there, the board would have no or several solutions, so ${cellName(n, cell)} is ${d}, ${removalClause(s.geometry, f, lang)}.`
        : `BUG+1${UNIQUE.de}: Jedes offene Feld außer ${at} hat zwei Kandidaten, und die ${d} hat in jedem Haus von ${cellName(n, cell)} drei Plätze; ohne die ${d} dort hätte das Rätsel keine oder mehrere Lösungen, also steht in ${cellName(n, cell)} die ${d}, ${removalClause(s.geometry, f, lang)}.`,
    );
  },
});
