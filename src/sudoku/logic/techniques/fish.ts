/**
 * Basic fish (tier 3): X-Wing, Swordfish, Jellyfish. For a digit, k base lines (rows, or columns)
 * whose places for it lie in only k cover lines (columns, or rows): each cover line's digit sits
 * in a base line, so it leaves the cover lines' other cells.
 *
 * Regions take no part (a fish with a region among its base or cover sets is a Franken fish,
 * graded higher by HoDoKu and not in our ladder). On hex boards the columns are the slanted
 * columns; the argument only needs rows and columns to be houses, so it holds unchanged.
 */
import { bitDigit } from '../../digits.ts';
import { POPCOUNT_1024 } from '../../../core/bits.ts';
import type { LogicState } from '../state.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import { eliminationText, housesName } from '../texts.ts';
import type { Lang } from '../../../core/lang.ts';

function fish(s: LogicState, t: Technique, k: number): boolean {
  const n = s.n;
  const pick = s.scratchA;
  s.fillPositions();
  for (let di = 0; di < n; di++) {
    for (let orient = 0; orient < 2; orient++) {
      const baseOff = orient === 0 ? 0 : n;
      let count = 0;
      for (let l = 0; l < n; l++) {
        const pc = POPCOUNT_1024[s.positions[(baseOff + l) * n + di]!]!;
        if (pc >= 2 && pc <= k) pick[count++] = l;
      }
      if (count >= k && chooseBase(s, t, k, di, baseOff, count, 0, 0, 0, 0)) return true;
    }
  }
  return false;
}

function chooseBase(s: LogicState, t: Technique, k: number, di: number, baseOff: number, count: number, from: number, depth: number, lines: number, cover: number): boolean {
  const n = s.n;
  if (depth === k) {
    if (POPCOUNT_1024[cover] !== k) return false;
    const coverOff = baseOff === 0 ? n : 0;
    const hc = s.geometry.houseCells;
    const bit = 1 << di;
    const f = s.finding;
    f.clear();
    for (let x = 0; x < n; x++) {
      if ((cover & (1 << x)) === 0) continue;
      for (let i = 0; i < n; i++) {
        const c = hc[(coverOff + x) * n + i]!;
        if ((s.cand[c]! & bit) === 0) continue;
        if (lines & (1 << i)) f.cell(c);
        else f.elim(c, di + 1);
      }
    }
    for (let l = 0; l < n; l++) if (lines & (1 << l)) f.house(baseOff + l);
    for (let x = 0; x < n; x++) if (cover & (1 << x)) f.house(coverOff + x);
    f.digits = bit;
    f.note[0] = k;
    return s.commit(t);
  }
  const pick = s.scratchA;
  for (let i = from; i <= count - (k - depth); i++) {
    const l = pick[i]!;
    const u = cover | s.positions[(baseOff + l) * n + di]!;
    if (POPCOUNT_1024[u]! > k) continue;
    if (chooseBase(s, t, k, di, baseOff, count, i + 1, depth + 1, lines | (1 << l), u)) return true;
  }
  return false;
}

function describeFish(s: LogicState, t: Technique) {
  const f = s.finding;
  const g = s.geometry;
  const k = f.note[0]!;
  const d = bitDigit(f.digits);
  const base = (lang: Lang) => housesName(g, f.houses.subarray(0, k), lang);
  const cover = (lang: Lang) => housesName(g, f.houses.subarray(k, 2 * k), lang);
  return eliminationText(g, f, t.name, (lang) =>
    lang === 'en'
      ? `in ${base(lang)}, digit ${d} can only go in ${cover(lang)}`
      : `In den ${base(lang)} kann die ${d} nur in den ${cover(lang)} stehen`,
  );
}

const basicFish = (id: string, k: number, cost: number, en: string, de: string): Technique => {
  const t: Technique = defineTechnique({ id, tier: 3, cost, name: { en, de }, find: (s) => fish(s, t, k), describe: (s) => describeFish(s, t) });
  return t;
};

export const xWing = basicFish('x-wing', 2, 140, 'X-Wing', 'X-Wing');
export const swordfish = basicFish('swordfish', 3, 150, 'Swordfish', 'Schwertfisch');
export const jellyfish = basicFish('jellyfish', 4, 210, 'Jellyfish', 'Qualle');
