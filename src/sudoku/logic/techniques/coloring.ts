/**
 * Simple colouring (tier 4). For one digit, the strong links (houses where it has exactly two
 * places) join cells into clusters; colouring each cluster alternately in two colours, one colour
 * holds the digit in all its cells and the other in none.
 *
 *   trap   a cell outside the cluster that sees both colours loses the digit
 *   wrap   two cells of one colour see each other: that colour is false everywhere
 */
import { bitDigit } from '../../digits.ts';
import { POPCOUNT_1024, highestBit, lowestBit } from '../../../core/bits.ts';
import type { LogicState } from '../state.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import { cellList, eliminationText } from '../texts.ts';
import type { Lang } from '../../../core/lang.ts';

function simpleColors(s: LogicState): boolean {
  const n = s.n;
  const cells = s.cellCount;
  const hc = s.geometry.houseCells;
  const ch = s.geometry.cellHouses;
  const color = s.scratchA; // −1 uncoloured, else 0/1 within the current cluster
  const queue = s.scratchB;
  s.fillPositions();
  for (let d = 1; d <= n; d++) {
    const bit = 1 << (d - 1);
    color.fill(-1, 0, cells);
    const done = s.scratchC;
    done.fill(0, 0, cells);
    for (let start = 0; start < cells; start++) {
      if ((s.cand[start]! & bit) === 0 || done[start] || !hasLink(s, start, d)) continue;
      // Colour the cluster of `start` by breadth-first search over strong links.
      let head = 0;
      let tail = 0;
      queue[tail++] = start;
      color[start] = 0;
      done[start] = 1;
      while (head < tail) {
        const c = queue[head++]!;
        for (let k = 0; k < 3; k++) {
          const h = ch[c * 3 + k]!;
          const m = s.positions[h * n + d - 1]!;
          if (POPCOUNT_1024[m] !== 2) continue;
          const a = hc[h * n + lowestBit(m)]!;
          const other = a === c ? hc[h * n + highestBit(m)]! : a;
          if (done[other]) continue;
          done[other] = 1;
          color[other] = 1 - color[c]!;
          queue[tail++] = other;
        }
      }
      if (tail >= 3 && colorCluster(s, d, queue, tail)) return true;
      for (let i = 0; i < tail; i++) color[queue[i]!] = -1;
    }
  }
  return false;
}

function hasLink(s: LogicState, c: number, d: number): boolean {
  const ch = s.geometry.cellHouses;
  for (let k = 0; k < 3; k++) if (POPCOUNT_1024[s.positions[ch[c * 3 + k]! * s.n + d - 1]!] === 2) return true;
  return false;
}

/** Wrap or trap within one coloured cluster (`members[0..size−1]`, colours in scratchA). */
function colorCluster(s: LogicState, d: number, members: Int32Array, size: number): boolean {
  const color = s.scratchA;
  const bit = 1 << (d - 1);
  const f = s.finding;
  // Wrap: two cells of one colour seeing each other.
  for (let i = 0; i < size; i++) {
    for (let j = i + 1; j < size; j++) {
      const a = members[i]!;
      const b = members[j]!;
      if (color[a] !== color[b] || !s.sees(a, b)) continue;
      f.clear();
      const bad = color[a]!;
      for (let k = 0; k < size; k++) if (color[members[k]!] === bad) f.elim(members[k]!, d);
      fillCluster(s, members, size, bad);
      f.note[0] = 1;
      f.note[2] = a;
      f.note[3] = b;
      f.digits = bit;
      return s.commit(simpleColorsTechnique);
    }
  }
  // Trap: an outside cell seeing both colours.
  f.clear();
  for (let c = 0; c < s.cellCount; c++) {
    if ((s.cand[c]! & bit) === 0 || color[c] !== -1) continue;
    let seen = 0;
    for (let k = 0; k < size && seen !== 3; k++) if (s.sees(c, members[k]!)) seen |= 1 << color[members[k]!]!;
    if (seen === 3) f.elim(c, d);
  }
  if (f.elimCount === 0) return false;
  fillCluster(s, members, size, 0);
  f.note[0] = 0;
  f.digits = bit;
  return s.commit(simpleColorsTechnique);
}

/** Premise cells: colour `first` first, then the other; note[1] = how many have colour `first`. */
function fillCluster(s: LogicState, members: Int32Array, size: number, first: number): void {
  const color = s.scratchA;
  for (let k = 0; k < size; k++) if (color[members[k]!] === first) s.finding.cell(members[k]!);
  s.finding.note[1] = s.finding.cellCount;
  for (let k = 0; k < size; k++) if (color[members[k]!] !== first) s.finding.cell(members[k]!);
}

export const simpleColorsTechnique: Technique = defineTechnique({
  id: 'simple-colors',
  tier: 4,
  cost: 150,
  name: { en: 'Simple colouring', de: 'Einfaches Färben' },
  find: simpleColors,
  describe(s) {
    const f = s.finding;
    const n = s.n;
    const d = bitDigit(f.digits);
    const split = f.note[1]!;
    const green = (lang: Lang) => cellList(n, f.cells.subarray(0, split), lang);
    const blue = (lang: Lang) => cellList(n, f.cells.subarray(split, f.cellCount), lang);
    const wrap = f.note[0] === 1;
    const [a, b] = [f.note[2]!, f.note[3]!].map((c) => cellList(n, [c], 'en'));
    const targets = (lang: Lang) => cellList(n, Array.from(f.elims.subarray(0, f.elimCount), (code) => code >> 4), lang);
    return eliminationText(s.geometry, f, simpleColorsTechnique.name, (lang) => {
      const intro =
        lang === 'en'
          ? `the strong links on ${d} colour ${green(lang)} green and ${blue(lang)} blue, and one colour holds the ${d}s`
          : `Die starken Verbindungen der ${d} färben ${green(lang)} grün und ${blue(lang)} blau, und eine der beiden Farben trägt die ${d}`;
      if (wrap) {
        return lang === 'en' ? `${intro}; ${a} and ${b} are both green and see each other, hence green is false` : `${intro}; ${a} und ${b} sind beide grün und sehen sich, daher ist Grün falsch`;
      }
      return lang === 'en' ? `${intro}; ${targets(lang)} see${f.elimCount === 1 ? 's' : ''} both colours` : `${intro}; ${targets(lang)} ${f.elimCount === 1 ? 'sieht' : 'sehen'} beide Farben`;
    });
  },
});
