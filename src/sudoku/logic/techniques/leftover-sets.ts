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
  // Built once per new irregular layout, i.e. about once per generated board: typed arrays and an
  // insertion sort of N regions instead of Array.sort with a closure.
  const order = new Uint8Array(n);
  const overlap = new Int32Array(n);
  const perLine = new Int32Array(n * n);
  const regionOf = g.regions;
  for (const columns of [false, true]) {
    // perLine[line·N + r] = cells of region r in that row (or column); bands sum them.
    perLine.fill(0);
    for (let c = 0; c < g.cellCount; c++) perLine[(columns ? c % n : (c / n) | 0) * n + regionOf[c]!]!++;
    // Narrow bands first: of two bands with the same leftovers (a band and its complement), the
    // narrower one is kept, as it is the easier one to see.
    for (let k = 1; k < n; k++) {
      for (let i = 0; i + k <= n; i++) {
        const j = i + k - 1;
        overlap.fill(0);
        for (let line = i; line <= j; line++) for (let r = 0; r < n; r++) overlap[r]! += perLine[line * n + r]!;
        // Regions by overlap, largest first, ties by number.
        for (let r = 0; r < n; r++) {
          let t = r;
          while (t > 0 && overlap[order[t - 1]!]! < overlap[r]!) {
            order[t] = order[t - 1]!;
            t--;
          }
          order[t] = r;
        }
        let inside = 0;
        let chosen = 0;
        for (let t = 0; t < k; t++) {
          inside += overlap[order[t]!]!;
          chosen |= 1 << order[t]!;
        }
        const leftover = k * n - inside;
        if (leftover === 0 || leftover > MAX_LEFTOVER) continue;
        const a: number[] = [];
        const b: number[] = [];
        for (let c = 0; c < g.cellCount; c++) {
          const line = columns ? c % n : (c / n) | 0;
          const inBand = line >= i && line <= j;
          const inRegions = (chosen >> regionOf[c]!) & 1;
          if (inBand && !inRegions) a.push(c);
          if (inRegions && !inBand) b.push(c);
        }
        const key = [a.join(','), b.join(',')].sort().join('|');
        if (seen.has(key)) continue;
        seen.add(key);
        const first = columns ? n : 0;
        const regions: number[] = [];
        for (let r = 0; r < n; r++) if ((chosen >> r) & 1) regions.push(2 * n + r);
        out.push({ lines: Array.from({ length: k }, (_, t) => first + i + t), regions, a, b });
      }
    }
  }
  return out;
}
