/** Check of the Law of Leftovers (techniques/leftovers.ts): the band and its blocks re-derived from the named cells alone. */
import type { Claim, Position } from './position.ts';

/**
 * Law of Leftovers: the named cells are A (band cells outside k blocks) and B (those blocks'
 * cells outside the band) of some band of k consecutive rows or columns; A and B hold the same
 * digits, so a digit B cannot supply once more than A already uses leaves A (and vice versa).
 */
export function leftovers(s: Position, claim: Claim): string | null {
  const n = s.n;
  const named = new Set(claim.cells);
  if (named.size === 0 || named.size !== claim.cells.length) return 'names no cells or a cell twice';
  for (let axis = 0; axis < 2; axis++) {
    for (let k = 1; k < n; k++) {
      for (let first = 0; first + k <= n; first++) {
        const inBand = (c: number) => {
          const line = axis === 0 ? Math.floor(c / n) : c % n;
          return line >= first && line < first + k;
        };
        const a = claim.cells.filter(inBand);
        const b = claim.cells.filter((c) => !inBand(c));
        if (a.length === 0 || a.length !== b.length) continue;
        const regions = new Set<number>();
        for (let c = 0; c < n * n; c++) if ((inBand(c) && !named.has(c)) || (!inBand(c) && named.has(c))) regions.add(s.g.regionOf(c));
        if (regions.size !== k) continue;
        let matches = true;
        for (let c = 0; c < n * n && matches; c++) {
          const inRegions = regions.has(s.g.regionOf(c));
          if (named.has(c) !== (inBand(c) !== inRegions)) matches = false;
        }
        if (!matches) continue;
        const supply = (side: number[], d: number) => side.filter((c) => s.grid[c] === d || s.has(c, d)).length;
        const used = (side: number[], d: number) => side.filter((c) => s.grid[c] === d).length;
        const ok = (x: number, d: number) => {
          const [own, other] = a.includes(x) ? [a, b] : [b, a];
          return supply(other, d) <= used(own, d);
        };
        if (claim.places.length === 0 && claim.elims.every(([x, d]) => named.has(x) && ok(x, d))) return null;
      }
    }
  }
  return 'the named cells are no leftover pair of a band and its blocks that removes these candidates';
}
