/**
 * Structure the techniques derive from a layout once and reuse on every board of it:
 *
 *   sees[a·N² + b]     1 when cells a ≠ b share a house (a flat N²×N² byte matrix)
 *   intersections      every line (row or column) and region meeting in ≥ 2 cells, each stored as
 *                      three cell lists: the shared cells, the rest of the line, the rest of the
 *                      region (locked candidates and locked subsets work on these)
 *   leftovers          irregular layouts only: pairs of equal-size cell sets (A, B) whose digits
 *                      are the same multiset (Law of Leftovers, see leftovers.ts)
 */
import type { Geometry } from '../geometry.ts';
import { isRegularRegions } from '../regions.ts';
import { leftoverSets } from './techniques/leftover-sets.ts';

export interface CellLists {
  /** All lists, flat. */
  readonly cells: Uint8Array;
  /** List i is cells[start[i] .. start[i+1]−1]. */
  readonly start: Uint16Array;
}

export interface LogicLayout {
  readonly geometry: Geometry;
  readonly sees: Uint8Array;
  readonly irregular: boolean;
  /** Intersection k: line house, region house; lists 3k (shared), 3k+1 (line rest), 3k+2 (region rest). */
  readonly interLine: Uint8Array;
  readonly interRegion: Uint8Array;
  readonly interLists: CellLists;
  /** Leftover pair k: lists 2k (A) and 2k+1 (B); `leftoverBand` names the band for the text. */
  readonly leftoverLists: CellLists;
  readonly leftoverBand: ReadonlyArray<{ lines: number[]; regions: number[] }>;
}

const cache = new WeakMap<Geometry, LogicLayout>();

export function layoutFor(g: Geometry): LogicLayout {
  let l = cache.get(g);
  if (!l) {
    l = buildLayout(g);
    cache.set(g, l);
  }
  return l;
}

export function packLists(lists: number[][]): CellLists {
  const start = new Uint16Array(lists.length + 1);
  lists.forEach((list, i) => (start[i + 1] = start[i]! + list.length));
  const cells = new Uint8Array(start[lists.length]!);
  lists.forEach((list, i) => cells.set(list, start[i]!));
  return { cells, start };
}

function buildLayout(g: Geometry): LogicLayout {
  const n = g.size;
  const cellCount = g.cellCount;
  const sees = new Uint8Array(cellCount * cellCount);
  for (let a = 0; a < cellCount; a++) for (const b of g.peersOf(a)) sees[a * cellCount + b] = 1;

  // A new irregular layout comes with about every generated board, so this is built often: one
  // pass per line counts its cells per region, and only meetings of ≥ 2 cells make lists.
  const lines: number[] = [];
  const regions: number[] = [];
  const lists: number[][] = [];
  const perRegion = new Uint8Array(n);
  for (let line = 0; line < 2 * n; line++) {
    const lineCells = g.cellsOf(line);
    perRegion.fill(0);
    for (let i = 0; i < n; i++) perRegion[g.regions[lineCells[i]!]!]!++;
    for (let region = 0; region < n; region++) {
      if (perRegion[region]! < 2) continue;
      lines.push(line);
      regions.push(2 * n + region);
      const shared: number[] = [];
      const lineRest: number[] = [];
      for (let i = 0; i < n; i++) (g.regions[lineCells[i]!] === region ? shared : lineRest).push(lineCells[i]!);
      const regionRest: number[] = [];
      const regionCells = g.cellsOf(2 * n + region);
      for (let i = 0; i < n; i++) {
        const c = regionCells[i]!;
        if ((line < n ? g.rowOf(c) : n + g.columnOf(c)) !== line) regionRest.push(c);
      }
      lists.push(shared, lineRest, regionRest);
    }
  }
  const irregular = !isRegularRegions(n, g.regions);
  const leftovers = irregular ? leftoverSets(g) : [];
  return {
    geometry: g,
    sees,
    irregular,
    interLine: Uint8Array.from(lines),
    interRegion: Uint8Array.from(regions),
    interLists: packLists(lists),
    leftoverLists: packLists(leftovers.flatMap((x) => [x.a, x.b])),
    leftoverBand: leftovers.map((x) => ({ lines: x.lines, regions: x.regions })),
  };
}
