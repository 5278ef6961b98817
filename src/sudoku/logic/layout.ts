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
import { getOrMake } from '../../core/memo.ts';
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
  return getOrMake(cache, g, buildLayout);
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
  const { peers, peerStart } = g;
  for (let a = 0; a < cellCount; a++) for (let k = peerStart[a]!; k < peerStart[a + 1]!; k++) sees[a * cellCount + peers[k]!] = 1;

  // A new irregular layout comes with about every generated board, so this is built often: one
  // pass counts each line's cells per region, a second writes the meetings of ≥ 2 cells straight
  // into the packed lists (shared + line rest = the line's N cells, region rest = N − shared).
  const hc = g.houseCells;
  const ch = g.cellHouses;
  const perRegion = new Uint8Array(2 * n * n); // [line·N + region]
  let meetings = 0;
  let listed = 0;
  for (let line = 0; line < 2 * n; line++) {
    for (let i = 0; i < n; i++) perRegion[line * n + g.regions[hc[line * n + i]!]!]!++;
    for (let region = 0; region < n; region++) {
      const shared = perRegion[line * n + region]!;
      if (shared < 2) continue;
      meetings++;
      listed += 2 * n - shared;
    }
  }
  const interLine = new Uint8Array(meetings);
  const interRegion = new Uint8Array(meetings);
  const cells = new Uint8Array(listed);
  const start = new Uint16Array(3 * meetings + 1);
  let k = 0;
  let at = 0;
  for (let line = 0; line < 2 * n; line++) {
    const lineOff = line * n;
    const lineOf = line < n ? 0 : 1; // where a cell's line house sits among its three
    for (let region = 0; region < n; region++) {
      if (perRegion[lineOff + region]! < 2) continue;
      interLine[k] = line;
      interRegion[k] = 2 * n + region;
      for (let i = 0; i < n; i++) if (g.regions[hc[lineOff + i]!] === region) cells[at++] = hc[lineOff + i]!;
      start[3 * k + 1] = at;
      for (let i = 0; i < n; i++) if (g.regions[hc[lineOff + i]!] !== region) cells[at++] = hc[lineOff + i]!;
      start[3 * k + 2] = at;
      const regionOff = (2 * n + region) * n;
      for (let i = 0; i < n; i++) if (ch[hc[regionOff + i]! * 3 + lineOf] !== line) cells[at++] = hc[regionOff + i]!;
      start[3 * k + 3] = at;
      k++;
    }
  }
  const irregular = !isRegularRegions(n, g.regions);
  const leftovers = irregular ? leftoverSets(g) : [];
  return {
    geometry: g,
    sees,
    irregular,
    interLine,
    interRegion,
    interLists: { cells, start },
    leftoverLists: packLists(leftovers.flatMap((x) => [x.a, x.b])),
    leftoverBand: leftovers.map((x) => ({ lines: x.lines, regions: x.regions })),
  };
}
