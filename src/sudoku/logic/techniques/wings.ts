/**
 * Wings: XY-Wing, XYZ-Wing (tier 3) and W-Wing (tier 4: a chain in Sudoku Explainer), on any layout
 * (cells "see" each other when they share a row, a column or a region).
 *
 *   XY-Wing   pivot {x,y} seeing pincers {x,z} and {y,z}: one pincer is z
 *   XYZ-Wing  pivot {x,y,z} seeing pincers {x,z} and {y,z}: one of the three is z
 *   W-Wing    two cells {x,y} that do not see each other, joined by a strong link on x (a house
 *             where x has exactly two places, one seeing each cell): they cannot both be x, so
 *             one of them is y
 */
import { POPCOUNT_1024, highestBit, lowestBit } from '../../../core/bits.ts';
import type { LogicState } from '../state.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import { cellName, eliminationText, houseName } from '../texts.ts';
import { bitDigit, candidateSet, elimSeeingAll } from './common.ts';

function xyWing(s: LogicState): boolean {
  const cand = s.cand;
  const g = s.geometry;
  const list = s.scratchA;
  const trio = s.scratchB;
  for (let p = 0; p < s.cellCount; p++) {
    const mp = cand[p]!;
    if (POPCOUNT_1024[mp] !== 2) continue;
    let count = 0;
    for (let k = g.peerStart[p]!, end = g.peerStart[p + 1]!; k < end; k++) {
      const a = g.peers[k]!;
      const ma = cand[a]!;
      if (POPCOUNT_1024[ma] === 2 && POPCOUNT_1024[ma & mp] === 1) list[count++] = a;
    }
    for (let i = 0; i < count; i++) {
      for (let j = i + 1; j < count; j++) {
        const a = list[i]!;
        const b = list[j]!;
        const ma = cand[a]!;
        const mb = cand[b]!;
        if (ma === mb || (ma & mp) === (mb & mp) || POPCOUNT_1024[ma | mb | mp] !== 3) continue;
        const z = bitDigit(ma & mb);
        const f = s.finding;
        f.clear();
        trio[0] = a;
        trio[1] = b;
        if (elimSeeingAll(s, z, trio, 2) === 0) continue;
        f.cell(p);
        f.cell(a);
        f.cell(b);
        f.digits = ma | mb | mp;
        f.note[0] = z;
        if (s.commit(xyWingTechnique)) return true;
      }
    }
  }
  return false;
}

function xyzWing(s: LogicState): boolean {
  const cand = s.cand;
  const g = s.geometry;
  const list = s.scratchA;
  const trio = s.scratchB;
  for (let p = 0; p < s.cellCount; p++) {
    const mp = cand[p]!;
    if (POPCOUNT_1024[mp] !== 3) continue;
    let count = 0;
    for (let k = g.peerStart[p]!, end = g.peerStart[p + 1]!; k < end; k++) {
      const a = g.peers[k]!;
      const ma = cand[a]!;
      if (POPCOUNT_1024[ma] === 2 && (ma & ~mp) === 0) list[count++] = a;
    }
    for (let i = 0; i < count; i++) {
      for (let j = i + 1; j < count; j++) {
        const a = list[i]!;
        const b = list[j]!;
        if (cand[a] === cand[b]) continue;
        const z = bitDigit(cand[a]! & cand[b]!);
        const f = s.finding;
        f.clear();
        trio[0] = p;
        trio[1] = a;
        trio[2] = b;
        if (elimSeeingAll(s, z, trio, 3) === 0) continue;
        f.cell(p);
        f.cell(a);
        f.cell(b);
        f.digits = mp;
        f.note[0] = z;
        if (s.commit(xyzWingTechnique)) return true;
      }
    }
  }
  return false;
}

function wWing(s: LogicState): boolean {
  const n = s.n;
  const cand = s.cand;
  const hc = s.geometry.houseCells;
  const list = s.scratchA;
  const pair = s.scratchB;
  s.fillPositions();
  let count = 0;
  for (let c = 0; c < s.cellCount; c++) if (POPCOUNT_1024[cand[c]!] === 2) list[count++] = c;
  for (let i = 0; i < count; i++) {
    for (let j = i + 1; j < count; j++) {
      const a = list[i]!;
      const b = list[j]!;
      const m = cand[a]!;
      if (cand[b] !== m || s.sees(a, b)) continue;
      for (let xb = m & -m, round = 0; round < 2; round++, xb = m ^ xb) {
        const x = bitDigit(xb);
        const y = bitDigit(m ^ xb);
        for (let h = 0; h < s.houseCount; h++) {
          const places = s.positions[h * n + x - 1]!;
          if (POPCOUNT_1024[places] !== 2) continue;
          const s1 = hc[h * n + lowestBit(places)]!;
          const s2 = hc[h * n + highestBit(places)]!;
          if (s1 === a || s1 === b || s2 === a || s2 === b) continue;
          let near1: number;
          let near2: number;
          if (s.sees(s1, a) && s.sees(s2, b)) [near1, near2] = [s1, s2];
          else if (s.sees(s1, b) && s.sees(s2, a)) [near1, near2] = [s2, s1];
          else continue;
          const f = s.finding;
          f.clear();
          pair[0] = a;
          pair[1] = b;
          if (elimSeeingAll(s, y, pair, 2) === 0) continue;
          f.cell(a);
          f.cell(b);
          f.cell(near1);
          f.cell(near2);
          f.house(h);
          f.digits = m;
          f.note[0] = x;
          f.note[1] = y;
          if (s.commit(wWingTechnique)) return true;
        }
      }
    }
  }
  return false;
}

export const xyWingTechnique: Technique = defineTechnique({
  id: 'xy-wing',
  tier: 3,
  cost: 160,
  name: { en: 'XY-Wing', de: 'XY-Wing' },
  find: xyWing,
  describe(s) {
    const f = s.finding;
    const n = s.n;
    const [p, a, b] = [f.cells[0]!, f.cells[1]!, f.cells[2]!];
    const z = f.note[0]!;
    const c = (x: number) => `${cellName(n, x)} ${candidateSet(s.cand[x]!)}`;
    return eliminationText(s.geometry, f, xyWingTechnique.name, (lang) =>
      lang === 'en'
        ? `whichever digit the pivot ${c(p)} takes, one of its pincers ${c(a)} and ${c(b)} must be ${z}`
        : `Welche Ziffer der Angelpunkt ${c(p)} auch annimmt, einer seiner Flügel ${c(a)} und ${c(b)} muss die ${z} sein`,
    );
  },
});

export const xyzWingTechnique: Technique = defineTechnique({
  id: 'xyz-wing',
  tier: 3,
  cost: 180,
  name: { en: 'XYZ-Wing', de: 'XYZ-Wing' },
  find: xyzWing,
  describe(s) {
    const f = s.finding;
    const n = s.n;
    const [p, a, b] = [f.cells[0]!, f.cells[1]!, f.cells[2]!];
    const z = f.note[0]!;
    const c = (x: number) => `${cellName(n, x)} ${candidateSet(s.cand[x]!)}`;
    return eliminationText(s.geometry, f, xyzWingTechnique.name, (lang) =>
      lang === 'en'
        ? `one of the pivot ${c(p)} and its pincers ${c(a)} and ${c(b)} must be ${z}`
        : `Der Angelpunkt ${c(p)} oder einer seiner Flügel ${c(a)} und ${c(b)} muss die ${z} sein`,
    );
  },
});

export const wWingTechnique: Technique = defineTechnique({
  id: 'w-wing',
  tier: 4,
  cost: 250,
  name: { en: 'W-Wing', de: 'W-Wing' },
  find: wWing,
  describe(s) {
    const f = s.finding;
    const g = s.geometry;
    const n = s.n;
    const [a, b, s1, s2] = [f.cells[0]!, f.cells[1]!, f.cells[2]!, f.cells[3]!];
    const [x, y] = [f.note[0]!, f.note[1]!];
    const [ca, cb, c1, c2] = [a, b, s1, s2].map((v) => cellName(n, v));
    return eliminationText(g, f, wWingTechnique.name, (lang) =>
      lang === 'en'
        ? `${ca} and ${cb} can only be ${x} or ${y}; ${x} in ${houseName(g, f.houses[0]!, lang)} must go in ${c1} or ${c2}, which see ${ca} and ${cb} respectively: the two cells cannot both be ${x}, hence one of them is ${y}`
        : `${ca} und ${cb} können nur ${x} oder ${y} sein; die ${x} muss in ${houseName(g, f.houses[0]!, lang)} in ${c1} oder ${c2} stehen, die ${ca} bzw. ${cb} sehen: Die beiden Felder können nicht beide ${x} sein, daher ist eines von ihnen die ${y}`,
    );
  },
});
