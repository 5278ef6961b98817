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
  // Built once per new irregular layout, i.e. about once per generated board: typed arrays, band
  // overlaps from prefix sums, the regions counted by overlap instead of sorted, and duplicates
  // found by comparing with the few pairs kept (no keys built).
  const overlap = new Int32Array(n);
  const withOverlap = new Int32Array(n + 1); // regions per overlap (a region has N cells)
  // upTo[line·N + r] = cells of region r in the rows (or columns) before `line`
  const upTo = new Int32Array((n + 1) * n);
  const regionOf = g.regions;
  for (const columns of [false, true]) {
    upTo.fill(0);
    for (let c = 0; c < g.cellCount; c++) upTo[((columns ? c % n : (c / n) | 0) + 1) * n + regionOf[c]!]!++;
    for (let i = n; i < upTo.length; i++) upTo[i]! += upTo[i - n]!;
    // Narrow bands first: of two bands with the same leftovers (a band and its complement), the
    // narrower one is kept, as it is the easier one to see.
    for (let k = 1; k < n; k++) {
      for (let i = 0; i + k <= n; i++) {
        const j = i + k - 1;
        for (let v = 0; v <= n; v++) withOverlap[v] = 0;
        for (let r = 0; r < n; r++) withOverlap[(overlap[r] = upTo[(j + 1) * n + r]! - upTo[i * n + r]!)]!++;
        // The k regions that overlap the band most, ties by number: every region above the
        // k-th largest overlap, then the lowest-numbered ones at it.
        let inside = 0;
        let atThreshold = k;
        let threshold = n;
        for (; withOverlap[threshold]! < atThreshold; threshold--) {
          inside += withOverlap[threshold]! * threshold;
          atThreshold -= withOverlap[threshold]!;
        }
        inside += atThreshold * threshold;
        const leftover = k * n - inside;
        if (leftover === 0 || leftover > MAX_LEFTOVER) continue;
        let chosen = 0;
        for (let r = 0; r < n; r++) {
          if (overlap[r]! > threshold) chosen |= 1 << r;
          else if (overlap[r] === threshold && atThreshold > 0) {
            chosen |= 1 << r;
            atThreshold--;
          }
        }
        const a: number[] = [];
        const b: number[] = [];
        for (let c = 0; c < g.cellCount; c++) {
          const line = columns ? c % n : (c / n) | 0;
          const inBand = line >= i && line <= j;
          const inRegions = (chosen >> regionOf[c]!) & 1;
          if (inBand && !inRegions) a.push(c);
          if (inRegions && !inBand) b.push(c);
        }
        if (out.some((x) => (sameCells(x.a, a) && sameCells(x.b, b)) || (sameCells(x.a, b) && sameCells(x.b, a)))) continue;
        const first = columns ? n : 0;
        const regions: number[] = [];
        for (let r = 0; r < n; r++) if ((chosen >> r) & 1) regions.push(2 * n + r);
        const lines: number[] = [];
        for (let t = 0; t < k; t++) lines.push(first + i + t);
        out.push({ lines, regions, a, b });
      }
    }
  }
  return out;
}

function sameCells(x: readonly number[], y: readonly number[]): boolean {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}
