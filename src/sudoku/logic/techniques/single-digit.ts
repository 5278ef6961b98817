/**
 * Single-digit patterns (tier 4: Sudoku Explainer rates them as chains, README "Tiers"): two strong
 * links on one digit (houses where the digit has exactly two places) whose near ends see each
 * other. The near ends cannot both hold the digit, so one of the far ends does, and every cell
 * seeing both far ends loses it:
 *
 *   Skyscraper     both strong links in rows (or both in columns), near ends in one column (row)
 *   2-String Kite  one in a row, one in a column, near ends in one region
 *   Turbot Fish    every other shape (a strong link inside a region, or near ends joined by a
 *                  region between parallel lines)
 */
import { bitDigit } from '../../digits.ts';
import { POPCOUNT_1024, highestBit, lowestBit } from '../../../core/bits.ts';
import type { LogicState } from '../state.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import { cellName, eliminationText, houseName } from '../texts.ts';
import { elimSeeingAll } from './common.ts';

type Shape = 'skyscraper' | 'kite' | 'turbot' | 'x-wing';

const far = new Int32Array(2);

function classify(s: LogicState, h1: number, h2: number, a: number, b: number, farA: number, farB: number): Shape {
  const g = s.geometry;
  const k1 = g.houseKind(h1);
  const k2 = g.houseKind(h2);
  if (k1 === k2 && k1 !== 'region') {
    const cross = (c: number) => (k1 === 'row' ? g.columnOf(c) : g.rowOf(c));
    if (cross(a) === cross(b)) return cross(farA) === cross(farB) ? 'x-wing' : 'skyscraper';
  } else if (k1 !== 'region' && k2 !== 'region' && k1 !== k2) {
    if (g.regionOf(a) === g.regionOf(b)) return 'kite';
  }
  return 'turbot';
}

function singleDigit(s: LogicState, t: Technique, shape: Shape): boolean {
  const n = s.n;
  const hc = s.geometry.houseCells;
  const linkA = s.scratchA;
  const linkB = s.scratchB;
  const linkH = s.scratchC;
  s.fillPositions();
  for (let d = 1; d <= n; d++) {
    let links = 0;
    for (let h = 0; h < s.houseCount; h++) {
      const m = s.positions[h * n + d - 1]!;
      if (POPCOUNT_1024[m] !== 2) continue;
      linkA[links] = hc[h * n + lowestBit(m)]!;
      linkB[links] = hc[h * n + highestBit(m)]!;
      linkH[links++] = h;
    }
    for (let i = 0; i < links; i++) {
      for (let j = i + 1; j < links; j++) {
        for (let e = 0; e < 4; e++) {
          const a = e & 1 ? linkB[i]! : linkA[i]!;
          const farA = e & 1 ? linkA[i]! : linkB[i]!;
          const b = e & 2 ? linkB[j]! : linkA[j]!;
          const farB = e & 2 ? linkA[j]! : linkB[j]!;
          if (a === b || a === farB || farA === b || farA === farB || !s.sees(a, b)) continue;
          if (classify(s, linkH[i]!, linkH[j]!, a, b, farA, farB) !== shape) continue;
          const f = s.finding;
          f.clear();
          far[0] = farA;
          far[1] = farB;
          if (elimSeeingAll(s, d, far, 2) === 0) continue;
          f.cell(farA);
          f.cell(a);
          f.cell(b);
          f.cell(farB);
          f.house(linkH[i]!);
          f.house(linkH[j]!);
          f.digits = 1 << (d - 1);
          if (s.commit(t)) return true;
        }
      }
    }
  }
  return false;
}

function describe(s: LogicState, t: Technique) {
  const f = s.finding;
  const g = s.geometry;
  const d = bitDigit(f.digits);
  const [farA, a, b, farB] = Array.from(f.cells.subarray(0, 4), (c) => cellName(s.n, c));
  return eliminationText(g, f, t.name, (lang) =>
    lang === 'en'
      ? `${d} in ${houseName(g, f.houses[0]!, lang)} is in ${farA} or ${a}, and in ${houseName(g, f.houses[1]!, lang)} in ${farB} or ${b}; since ${a} and ${b} cannot both be ${d}, ${farA} or ${farB} is ${d}`
      : `Die ${d} steht in ${houseName(g, f.houses[0]!, lang)} in ${farA} oder ${a} und in ${houseName(g, f.houses[1]!, lang)} in ${farB} oder ${b}; da ${a} und ${b} nicht beide ${d} sein können, ist ${farA} oder ${farB} eine ${d}`,
  );
}

const pattern = (id: string, shape: Shape, cost: number, en: string, de: string): Technique => {
  const t: Technique = defineTechnique({ id, tier: 4, cost, name: { en, de }, find: (s) => singleDigit(s, t, shape), describe: (s) => describe(s, t) });
  return t;
};

export const skyscraper = pattern('skyscraper', 'skyscraper', 130, 'Skyscraper', 'Wolkenkratzer');
export const twoStringKite = pattern('two-string-kite', 'kite', 150, '2-String Kite', 'Drachen (2-String Kite)');
export const turbotFish = pattern('turbot-fish', 'turbot', 120, 'Turbot Fish', 'Turbot-Fisch');
