/**
 * Law of Leftovers (tier 2, irregular layouts only). A band of k rows (or columns) and k regions
 * each hold every digit k times; the band's cells outside the regions (A) and the regions' cells
 * outside the band (B) therefore hold the same multiset of digits (leftover-sets.ts finds the
 * pairs once per layout).
 *
 * Deduction, for an open cell a of A and a digit d: if a held d, B would need one more d than A's
 * placed cells account for. So d stays in a only when (placed d in B) + (open B cells that can
 * take d) > (placed d in A); likewise from B to A. With one cell on each side this says the two
 * cells are equal; with a placed digit on one side it forces the other.
 *
 * On regular layouts the same identity only restates locked candidates, so the rung is skipped.
 */
import { bitDigit } from '../../digits.ts';
import type { LogicState } from '../state.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import { cellList, eliminationText, housesName } from '../texts.ts';
import { type Lang } from '../../../core/lang.ts';

function leftovers(s: LogicState): boolean {
  const { cells, start } = s.layout.leftoverLists;
  const f = s.finding;
  const pairs = (start.length - 1) / 2;
  for (let k = 0; k < pairs; k++) {
    f.clear();
    restrict(s, cells, start[2 * k]!, start[2 * k + 1]!, start[2 * k + 1]!, start[2 * k + 2]!);
    restrict(s, cells, start[2 * k + 1]!, start[2 * k + 2]!, start[2 * k]!, start[2 * k + 1]!);
    if (f.elimCount === 0) continue;
    for (let i = start[2 * k]!; i < start[2 * k + 2]!; i++) f.cell(cells[i]!);
    f.note[0] = k;
    f.note[1] = start[2 * k + 1]! - start[2 * k]!;
    for (let i = start[2 * k]!; i < start[2 * k + 2]!; i++) f.digits |= s.cand[cells[i]!]! | (s.grid[cells[i]!] ? 1 << (s.grid[cells[i]!]! - 1) : 0);
    if (s.commit(lawOfLeftovers)) return true;
  }
  return false;
}

/** Eliminate from the open cells of `cells[a0..a1)` what the other side `cells[b0..b1)` cannot match. */
function restrict(s: LogicState, cells: Uint8Array, a0: number, a1: number, b0: number, b1: number): void {
  const n = s.n;
  let allowed = 0;
  for (let d = 1; d <= n; d++) {
    const bit = 1 << (d - 1);
    let placedA = 0;
    let supplyB = 0;
    for (let i = a0; i < a1; i++) if (s.grid[cells[i]!] === d) placedA++;
    for (let i = b0; i < b1; i++) {
      const c = cells[i]!;
      if (s.grid[c] === d || s.cand[c]! & bit) supplyB++;
    }
    if (supplyB > placedA) allowed |= bit;
  }
  for (let i = a0; i < a1; i++) {
    const c = cells[i]!;
    let m = s.cand[c]! & ~allowed;
    while (m !== 0) {
      const lb = m & -m;
      m ^= lb;
      s.finding.elim(c, bitDigit(lb));
    }
  }
}

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

const TIMES: Record<Lang, string[]> = {
  en: ['', 'once', 'twice', 'three times', 'four times', 'five times', 'six times', 'seven times', 'eight times'],
  de: ['', 'einmal', 'zweimal', 'dreimal', 'viermal', 'fünfmal', 'sechsmal', 'siebenmal', 'achtmal'],
};

export const lawOfLeftovers: Technique = defineTechnique({
  id: 'law-of-leftovers',
  tier: 2,
  cost: 60,
  name: { en: 'Law of leftovers', de: 'Gesetz der Reste' },
  irregularOnly: true,
  find: leftovers,
  describe(s) {
    const f = s.finding;
    const g = s.geometry;
    const band = s.layout.leftoverBand[f.note[0]!]!;
    const split = f.note[1]!;
    const k = band.lines.length;
    const article = (lang: Lang) => (lang === 'de' && k > 1 ? 'die ' : '');
    const lines = (lang: Lang) =>
      article(lang) +
      (k <= 2
        ? housesName(g, band.lines, lang)
        : housesName(g, [band.lines[0]!, band.lines[k - 1]!], lang).replace(lang === 'en' ? ' and ' : ' und ', lang === 'en' ? ' to ' : ' bis '));
    const regions = (lang: Lang) => article(lang) + housesName(g, band.regions, lang);
    const a = (lang: Lang) => cellList(s.n, f.cells.subarray(0, split), lang);
    const b = (lang: Lang) => cellList(s.n, f.cells.subarray(split, f.cellCount), lang);
    const kind = g.houseKind(band.lines[0]!) === 'row' ? 0 : 1;
    const lineWord = { en: [['row', 'rows'], ['column', 'columns']], de: [['der Zeile', 'der Zeilen'], ['der Spalte', 'der Spalten']] };
    const outsideLines = (lang: Lang) => lineWord[lang][kind]![k === 1 ? 0 : 1]!;
    return eliminationText(g, f, lawOfLeftovers.name, (lang) =>
      lang === 'en'
        ? `${lines(lang)} and ${regions(lang)} each hold every digit ${TIMES.en[k]}, hence ${a(lang)} (outside the ${k === 1 ? 'block' : 'blocks'}) ${split === 1 ? 'holds the same digit' : 'hold the same digits'} as ${b(lang)} (outside the ${outsideLines(lang)})`
        : `${capitalise(lines(lang))} und ${regions(lang)} enthalten jede Ziffer je ${TIMES.de[k]}, daher ${split === 1 ? 'enthält' : 'enthalten'} ${a(lang)} (außerhalb ${k === 1 ? 'des Blocks' : 'der Blöcke'}) ${split === 1 ? 'dieselbe Ziffer' : 'dieselben Ziffern'} wie ${b(lang)} (außerhalb ${outsideLines(lang)})`,
    );
  },
});
