/**
 * Empty Rectangle (tier 4, with the single-digit patterns), for any region shape. In region R,
 * digit d sits only in row r and column c (at least three places, not all in one line — that would
 * be locked candidates, and two places are a strong link, left to the turbot fish). So d in R is in
 * the row arm Gr = R ∩ row r or in the column arm Gc = R ∩ column c.
 *
 * Add a strong link A = B on d in another line, A in row r outside R. Then a cell X of column c
 * outside R that sees B cannot hold d: X = d empties the column arm, so the row arm holds d, so A
 * does not, so B does — and X sees B. (The same with rows and columns exchanged.)
 *
 *    row r:    A . . │ Gr Gr ·          X = d ⇒ Gc false ⇒ Gr true ⇒ A false ⇒ B true ⇒ X ≠ d
 *                    │ .  .  Gc
 *    row r':   B . . │ .  .  X   (X in column c, outside R, seeing B)
 */
import { bitDigit } from '../../digits.ts';
import { POPCOUNT_1024, highestBit, lowestBit } from '../../../core/bits.ts';
import { codeCell } from '../finding.ts';
import type { LogicState } from '../state.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import { cellList, cellName, eliminationText, houseName } from '../texts.ts';
import type { Lang } from '../../../core/lang.ts';

function emptyRectangle(s: LogicState): boolean {
  const n = s.n;
  const g = s.geometry;
  const hc = g.houseCells;
  s.fillPositions();
  for (let d = 1; d <= n; d++) {
    for (let ri = 0; ri < n; ri++) {
      const region = 2 * n + ri;
      const places = s.positions[region * n + d - 1]!;
      if (POPCOUNT_1024[places]! < 3) continue;
      // Rows and columns that the region's places of d touch.
      let rows = 0;
      let cols = 0;
      for (let i = 0; i < n; i++) {
        if ((places & (1 << i)) === 0) continue;
        const c = hc[region * n + i]!;
        rows |= 1 << g.rowOf(c);
        cols |= 1 << g.columnOf(c);
      }
      if ((rows & (rows - 1)) === 0 || (cols & (cols - 1)) === 0) continue; // one line: locked candidates
      for (let r = 0; r < n; r++) {
        if ((rows & (1 << r)) === 0) continue;
        for (let c = 0; c < n; c++) {
          if ((cols & (1 << c)) === 0) continue;
          if (!coveredBy(s, region, places, r, c)) continue;
          // Row arm in row r, column arm in column c; then the transposed reading.
          if (withLink(s, d, region, places, r, n + c)) return true;
          if (withLink(s, d, region, places, n + c, r)) return true;
        }
      }
    }
  }
  return false;
}

/** True when every place of the region lies in row r or column c. */
function coveredBy(s: LogicState, region: number, places: number, r: number, c: number): boolean {
  const g = s.geometry;
  for (let i = 0; i < s.n; i++) {
    if ((places & (1 << i)) === 0) continue;
    const cell = g.houseCells[region * s.n + i]!;
    if (g.rowOf(cell) !== r && g.columnOf(cell) !== c) return false;
  }
  return true;
}

/**
 * `armLine` holds the arm that A sees (A lies in it, outside the region); `crossLine` holds the
 * other arm, and X lies in it. Strong links run along lines crossing `armLine`.
 */
function withLink(s: LogicState, d: number, region: number, places: number, armLine: number, crossLine: number): boolean {
  const n = s.n;
  const g = s.geometry;
  const hc = g.houseCells;
  const bit = 1 << (d - 1);
  for (let i = 0; i < n; i++) {
    const a = hc[armLine * n + i]!;
    if ((s.cand[a]! & bit) === 0 || g.regionOf(a) === region - 2 * n) continue;
    // The line through A crossing the arm line: a column when the arm line is a row.
    const linkLine = armLine < n ? n + g.columnOf(a) : g.rowOf(a);
    const linkPlaces = s.positions[linkLine * n + d - 1]!;
    if (POPCOUNT_1024[linkPlaces] !== 2) continue;
    const first = hc[linkLine * n + lowestBit(linkPlaces)]!;
    const b = first === a ? hc[linkLine * n + highestBit(linkPlaces)]! : first;
    if (g.regionOf(b) === region - 2 * n) continue;
    const f = s.finding;
    f.clear();
    for (let j = 0; j < n; j++) {
      const x = hc[crossLine * n + j]!;
      if (x === b || (s.cand[x]! & bit) === 0 || g.regionOf(x) === region - 2 * n || !s.sees(x, b)) continue;
      f.elim(x, d);
    }
    if (f.elimCount === 0) continue;
    for (let j = 0; j < n; j++) if (places & (1 << j)) f.cell(hc[region * n + j]!);
    f.note[0] = f.cellCount;
    f.cell(a);
    f.cell(b);
    f.house(region);
    f.house(armLine);
    f.house(crossLine);
    f.house(linkLine);
    f.digits = bit;
    if (s.commit(emptyRectangleTechnique)) return true;
  }
  return false;
}

export const emptyRectangleTechnique: Technique = defineTechnique({
  id: 'empty-rectangle',
  tier: 4,
  cost: 120,
  name: { en: 'Empty rectangle', de: 'Leeres Rechteck' },
  find: emptyRectangle,
  describe(s) {
    const f = s.finding;
    const g = s.geometry;
    const n = s.n;
    const d = bitDigit(f.digits);
    const arms = f.note[0]!;
    const [a, b] = [cellName(n, f.cells[arms]!), cellName(n, f.cells[arms + 1]!)];
    const [region, arm, cross, link] = Array.from(f.houses.subarray(0, 4), (h) => (lang: Lang) => houseName(g, h, lang));
    const where = (lang: Lang) => cellList(n, f.cells.subarray(0, arms), lang);
    const targets = [...new Set(Array.from(f.elims.subarray(0, f.elimCount), codeCell))].sort((x, y) => x - y);
    const seen = (lang: Lang) => cellList(n, targets, lang);
    const one = targets.length === 1;
    return eliminationText(g, f, emptyRectangleTechnique.name, (lang) =>
      lang === 'en'
        ? `in ${region!(lang)}, ${d} lies only in ${arm!(lang)} and ${cross!(lang)} (${where(lang)}); ${d} in ${link!(lang)} is in ${b} or ${a}, and if it is in ${a}, the ${d} of ${region!(lang)} lies in ${cross!(lang)}: either way ${seen(lang)} ${one ? 'sees' : 'see'} a ${d}`
        : `In ${region!(lang)} steht die ${d} nur in ${arm!(lang)} und ${cross!(lang)} (${where(lang)}); die ${d} steht in ${link!(lang)} in ${b} oder ${a}, und steht sie in ${a}, liegt die ${d} von ${region!(lang)} in ${cross!(lang)}: so oder so ${one ? 'sieht' : 'sehen'} ${seen(lang)} eine ${d}`,
    );
  },
});
