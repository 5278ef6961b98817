/**
 * The per-layout tables of the prover (layout.ts), checked from their definitions on random
 * irregular layouts and the regular ones: intersections split a line and a region exactly, and
 * each leftover pair (A, B) holds the same digits in every solution.
 */
import { describe, expect, test } from 'vitest';
import { Rng } from '../../../src/core/rng.ts';
import { geometryFor, type Geometry } from '../../../src/sudoku/geometry.ts';
import { layoutFor, type CellLists } from '../../../src/sudoku/logic/layout.ts';
import { leftoverSets, MAX_LEFTOVER, type LeftoverSet } from '../../../src/sudoku/logic/techniques/leftover-sets.ts';
import { randomLayout } from '../../../src/numbridge-board/layouts.ts';
import { regularRegions } from '../../../src/sudoku/regions.ts';
import { irregularSolution, randomSolution } from './boards.ts';

const list = (l: CellLists, i: number): number[] => Array.from(l.cells.subarray(l.start[i]!, l.start[i + 1]!));
const sorted = (xs: number[]): number[] => [...xs].sort((a, b) => a - b);

describe('prover layout tables', () => {
  const cases: Array<{ size: number; regions: Uint8Array; solution: Uint8Array }> = [];
  for (const size of [4, 6, 8, 9]) cases.push({ size, regions: regularRegions(size), solution: randomSolution(size, regularRegions(size), new Rng('layout-test', size))! });
  for (let i = 0; i < 60; i++) {
    const size = 4 + (i % 6);
    cases.push({ size, ...irregularSolution(size, new Rng('layout-test', 'irregular', i)) });
  }

  test('intersections: every line and region meeting in ≥ 2 cells, split exactly', () => {
    for (const { size: n, regions } of cases) {
      const g = geometryFor(n, regions);
      const l = layoutFor(g);
      const expected: string[] = [];
      for (let line = 0; line < 2 * n; line++) {
        for (let region = 0; region < n; region++) {
          if (Array.from(g.cellsOf(line)).filter((c) => regions[c] === region).length >= 2) expected.push(`${line}/${2 * n + region}`);
        }
      }
      expect(Array.from(l.interLine, (line, k) => `${line}/${l.interRegion[k]}`)).toEqual(expected);
      for (let k = 0; k < l.interLine.length; k++) {
        const lineCells = Array.from(g.cellsOf(l.interLine[k]!));
        const regionCells = Array.from(g.cellsOf(l.interRegion[k]!));
        const shared = list(l.interLists, 3 * k);
        expect(shared).toEqual(lineCells.filter((c) => regionCells.includes(c)));
        expect(list(l.interLists, 3 * k + 1)).toEqual(lineCells.filter((c) => !shared.includes(c)));
        expect(list(l.interLists, 3 * k + 2)).toEqual(regionCells.filter((c) => !shared.includes(c)));
      }
    }
  });

  test('leftovers: only on irregular layouts, band outies and region innies with equal digits', () => {
    let pairs = 0;
    for (const { size: n, regions, solution } of cases) {
      const l = layoutFor(geometryFor(n, regions));
      if (!l.irregular) expect(l.leftoverBand).toHaveLength(0);
      l.leftoverBand.forEach((band, k) => {
        const a = list(l.leftoverLists, 2 * k);
        const b = list(l.leftoverLists, 2 * k + 1);
        const inBand = (c: number) => band.lines.includes(band.lines[0]! < n ? Math.floor(c / n) : n + (c % n));
        const inRegions = (c: number) => band.regions.includes(2 * n + regions[c]!);
        const all = Array.from({ length: n * n }, (_, c) => c);
        expect(a).toEqual(all.filter((c) => inBand(c) && !inRegions(c)));
        expect(b).toEqual(all.filter((c) => inRegions(c) && !inBand(c)));
        expect(a.length).toBe(b.length);
        expect(a.length).toBeGreaterThan(0);
        expect(sorted(a.map((c) => solution[c]!))).toEqual(sorted(b.map((c) => solution[c]!)));
        pairs++;
      });
    }
    expect(pairs).toBeGreaterThan(100);
  });
});

/** leftoverSets as first written (each band summed line by line, duplicates found by string keys). */
function referenceLeftoverSets(g: Geometry): LeftoverSet[] {
  const n = g.size;
  const out: LeftoverSet[] = [];
  const seen = new Set<string>();
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

describe('leftover sets', () => {
  test('the same pairs, in the same order, as the first implementation (the proofs depend on it)', () => {
    for (let i = 0; i < 300; i++) {
      const size = 4 + (i % 6);
      const g = geometryFor(size, randomLayout(size, new Rng('leftover-reference', i)));
      expect(leftoverSets(g)).toEqual(referenceLeftoverSets(g));
    }
  });
});
