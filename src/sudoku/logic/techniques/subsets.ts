/**
 * Naked and hidden subsets in any house (tier 2: pairs and triples, tier 3: quads).
 *
 *   naked k    k open cells of a house whose candidates together are k digits: those digits
 *              leave the other cells of the house
 *   hidden k   k digits whose places in a house together are k cells: those cells hold no
 *              other digit
 *
 * Members have 2..k candidates (naked) or 2..k places (hidden); one would be a single.
 */
import { POPCOUNT_1024 } from '../../../core/bits.ts';
import type { LogicState } from '../state.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import { digitsOf } from '../../digits.ts';
import { cellList, digitList, digitsWithArticle, eliminationText, houseName } from '../texts.ts';
import { elimDigits } from './intersections.ts';
import type { Lang } from '../../../core/lang.ts';

function nakedSubset(s: LogicState, t: Technique, k: number): boolean {
  const n = s.n;
  const hc = s.geometry.houseCells;
  const pick = s.scratchA;
  for (let h = 0; h < s.houseCount; h++) {
    if (s.houseOpen[h]! <= k) continue;
    let open = 0;
    for (let i = 0; i < n; i++) {
      const c = hc[h * n + i]!;
      const pc = POPCOUNT_1024[s.cand[c]!]!;
      if (pc >= 2 && pc <= k) pick[open++] = c;
    }
    if (open >= k && chooseNaked(s, t, h, k, open, 0, 0, 0)) return true;
  }
  return false;
}

function chooseNaked(s: LogicState, t: Technique, h: number, k: number, open: number, from: number, depth: number, union: number): boolean {
  const pick = s.scratchA;
  const chosen = s.scratchB;
  if (depth === k) {
    if (POPCOUNT_1024[union] !== k) return false;
    const n = s.n;
    const hc = s.geometry.houseCells;
    const f = s.finding;
    f.clear();
    for (let i = 0; i < n; i++) {
      const c = hc[h * n + i]!;
      let member = false;
      for (let j = 0; j < k; j++) if (chosen[j] === c) member = true;
      if (!member) elimDigits(s, c, union);
    }
    for (let j = 0; j < k; j++) f.cell(chosen[j]!);
    f.house(h);
    f.digits = union;
    return s.commit(t);
  }
  for (let i = from; i <= open - (k - depth); i++) {
    const u = union | s.cand[pick[i]!]!;
    if (POPCOUNT_1024[u]! > k) continue;
    chosen[depth] = pick[i]!;
    if (chooseNaked(s, t, h, k, open, i + 1, depth + 1, u)) return true;
  }
  return false;
}

function hiddenSubset(s: LogicState, t: Technique, k: number): boolean {
  const n = s.n;
  const pos = s.positions;
  const pick = s.scratchA;
  s.fillPositions();
  for (let h = 0; h < s.houseCount; h++) {
    if (s.houseOpen[h]! <= k) continue;
    let count = 0;
    for (let d = 0; d < n; d++) {
      const pc = POPCOUNT_1024[pos[h * n + d]!]!;
      if (pc >= 2 && pc <= k) pick[count++] = d;
    }
    if (count >= k && chooseHidden(s, t, h, k, count, 0, 0, 0, 0)) return true;
  }
  return false;
}

function chooseHidden(s: LogicState, t: Technique, h: number, k: number, count: number, from: number, depth: number, places: number, digits: number): boolean {
  const n = s.n;
  const pick = s.scratchA;
  if (depth === k) {
    if (POPCOUNT_1024[places] !== k) return false;
    const hc = s.geometry.houseCells;
    const f = s.finding;
    f.clear();
    for (let i = 0; i < n; i++) {
      if ((places & (1 << i)) === 0) continue;
      const c = hc[h * n + i]!;
      elimDigits(s, c, ~digits & s.full);
      f.cell(c);
    }
    f.house(h);
    f.digits = digits;
    return s.commit(t);
  }
  for (let i = from; i <= count - (k - depth); i++) {
    const d = pick[i]!;
    const p = places | s.positions[h * n + d]!;
    if (POPCOUNT_1024[p]! > k) continue;
    if (chooseHidden(s, t, h, k, count, i + 1, depth + 1, p, digits | (1 << d))) return true;
  }
  return false;
}

function describeNaked(s: LogicState, t: Technique) {
  const f = s.finding;
  const g = s.geometry;
  const cells = (lang: Lang) => cellList(s.n, f.cells.subarray(0, f.cellCount), lang);
  return eliminationText(g, f, t.name, (lang) =>
    lang === 'en'
      ? `in ${houseName(g, f.houses[0]!, lang)}, ${cells(lang)} can only hold ${digitList(f.digits, lang)}`
      : `In ${houseName(g, f.houses[0]!, lang)} können ${cells(lang)} nur ${digitList(f.digits, lang)} enthalten`,
  );
}

function describeHidden(s: LogicState, t: Technique) {
  const f = s.finding;
  const g = s.geometry;
  const cells = (lang: Lang) => cellList(s.n, f.cells.subarray(0, f.cellCount), lang);
  return eliminationText(g, f, t.name, (lang) =>
    lang === 'en'
      ? `in ${houseName(g, f.houses[0]!, lang)}, ${digitList(f.digits, lang)} can only go in ${cells(lang)}, which leaves no room there for other digits`
      : `In ${houseName(g, f.houses[0]!, lang)} können ${digitsWithArticle(digitsOf(f.digits), lang)} nur in ${cells(lang)} stehen, für andere Ziffern bleibt dort kein Platz`,
  );
}

const naked = (id: string, k: number, tier: number, cost: number, en: string, de: string): Technique => {
  const t: Technique = defineTechnique({
    id,
    tier,
    cost,
    name: { en, de },
    find: (s) => nakedSubset(s, t, k),
    describe: (s) => describeNaked(s, t),
  });
  return t;
};

const hidden = (id: string, k: number, tier: number, cost: number, en: string, de: string): Technique => {
  const t: Technique = defineTechnique({
    id,
    tier,
    cost,
    name: { en, de },
    find: (s) => hiddenSubset(s, t, k),
    describe: (s) => describeHidden(s, t),
  });
  return t;
};

export const nakedPair = naked('naked-pair', 2, 2, 60, 'Naked pair', 'Nacktes Paar');
export const nakedTriple = naked('naked-triple', 3, 2, 80, 'Naked triple', 'Nacktes Tripel');
export const nakedQuad = naked('naked-quad', 4, 3, 200, 'Naked quad', 'Nacktes Quartett');
export const hiddenPair = hidden('hidden-pair', 2, 2, 70, 'Hidden pair', 'Verstecktes Paar');
export const hiddenTriple = hidden('hidden-triple', 3, 2, 100, 'Hidden triple', 'Verstecktes Tripel');
export const hiddenQuad = hidden('hidden-quad', 4, 3, 220, 'Hidden quad', 'Verstecktes Quartett');
