/**
 * The cell sets the Law of Leftovers compares, derived once per irregular layout.
 *
 * A band of k consecutive rows (or columns) holds every digit exactly k times, and so does any
 * set of k regions. Take the k regions that overlap the band most: the band's cells outside those
 * regions (A, the "outies") and the regions' cells outside the band (B, the "innies") then hold
 * the same multiset of digits, since the shared part cancels. Only small leftovers are kept
 * (|A| = |B| ≤ MAX_LEFTOVER): those are what a solver looks for, and larger ones rarely decide
 * anything.
 */
import type { Geometry } from '../../geometry.ts';

export const MAX_LEFTOVER = 4;

export interface LeftoverSet {
  /** Line houses of the band. */
  lines: number[];
  /** Region houses compared with it. */
  regions: number[];
  a: number[];
  b: number[];
}

export function leftoverSets(g: Geometry): LeftoverSet[] {
  const n = g.size;
  const out: LeftoverSet[] = [];
  const seen = new Set<string>();
  for (const firstLine of [0, n]) {
    for (let i = 0; i < n; i++) {
      for (let j = i; j < n; j++) {
        if (i === 0 && j === n - 1) continue; // the whole board: nothing left over
        const lines = Array.from({ length: j - i + 1 }, (_, k) => firstLine + i + k);
        const inBand = new Uint8Array(g.cellCount);
        for (const line of lines) for (const c of g.cellsOf(line)) inBand[c] = 1;
        const overlap = Array.from({ length: n }, (_, r) => {
          let k = 0;
          for (const c of g.cellsOf(2 * n + r)) k += inBand[c]!;
          return { region: 2 * n + r, k };
        });
        overlap.sort((x, y) => y.k - x.k || x.region - y.region);
        const regions = overlap.slice(0, lines.length).map((x) => x.region).sort((x, y) => x - y);
        const inRegions = new Uint8Array(g.cellCount);
        for (const r of regions) for (const c of g.cellsOf(r)) inRegions[c] = 1;
        const a: number[] = [];
        const b: number[] = [];
        for (let c = 0; c < g.cellCount; c++) {
          if (inBand[c] && !inRegions[c]) a.push(c);
          if (inRegions[c] && !inBand[c]) b.push(c);
        }
        if (a.length === 0 || a.length > MAX_LEFTOVER) continue;
        const key = [a.join(','), b.join(',')].sort().join('|');
        if (seen.has(key)) continue;
        seen.add(key);
        out.push({ lines, regions, a, b });
      }
    }
  }
  return out;
}
