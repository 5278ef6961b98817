import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { canonicalForm, fingerprint } from '../../src/numbridge-board/canonical.ts';
import { IRREGULAR_FILL, randomSolution } from '../../src/numbridge-board/fill.ts';
import { randomLayout } from '../../src/numbridge-board/layouts.ts';
import { geometryFor } from '../../src/sudoku/geometry.ts';
import { regularBlockShape, regularRegions } from '../../src/sudoku/regions.ts';

/** A random puzzle-like grid: a random solution with a random share of cells emptied. */
function randomBoard(size: number, regions: Uint8Array, seed: number, keep: number): Uint8Array | null {
  const rng = new Rng('canonical-test', seed);
  const grid = randomSolution(geometryFor(size, regions), rng, IRREGULAR_FILL);
  if (!grid) return null;
  for (let c = 0; c < grid.length; c++) if (!rng.chance(keep)) grid[c] = 0;
  return grid;
}

/** A random element of the regular layout's Sudoku group applied to a grid (with relabelling). */
function transformRegular(size: number, grid: Uint8Array, rng: Rng): Uint8Array {
  const { rows, cols } = regularBlockShape(size)!;
  const lineOrder = (group: number): number[] => {
    const groups = rng.shuffle(Array.from({ length: size / group }, (_, i) => i));
    return groups.flatMap((g) => rng.shuffle(Array.from({ length: group }, (_, i) => g * group + i)));
  };
  const rowOrder = lineOrder(rows);
  const colOrder = lineOrder(cols);
  const relabel = [0, ...rng.shuffle(Array.from({ length: size }, (_, i) => i + 1))];
  const transpose = rows === cols && rng.chance(0.5);
  const out = new Uint8Array(size * size);
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const [sr, sc] = [rowOrder[r]!, colOrder[c]!];
      out[r * size + c] = relabel[transpose ? grid[sc * size + sr]! : grid[sr * size + sc]!]!;
    }
  }
  return out;
}

/** The form by brute force over the whole group (small sizes only). */
function bruteRegular(size: number, grid: Uint8Array): string {
  const { rows, cols } = regularBlockShape(size)!;
  const perms = (k: number): number[][] => (k === 1 ? [[0]] : perms(k - 1).flatMap((p) => Array.from({ length: k }, (_, i) => [...p.slice(0, i), k - 1, ...p.slice(i)])));
  const orders = (group: number): number[][] => {
    let out: number[][] = [[]];
    for (const g of perms(size / group)) void g;
    const result: number[][] = [];
    for (const groupOrder of perms(size / group)) {
      out = [[]];
      for (const g of groupOrder) out = out.flatMap((o) => perms(group).map((p) => [...o, ...p.map((i) => g * group + i)]));
      result.push(...out);
    }
    return result;
  };
  let best = '';
  for (let t = 0; t < (rows === cols ? 2 : 1); t++) {
    for (const ro of orders(rows)) {
      for (const co of orders(cols)) {
        const label = new Array<number>(10).fill(0);
        let next = 1;
        const cells: number[] = [];
        for (let c = 0; c < size; c++) {
          for (let r = 0; r < size; r++) {
            const d = t === 0 ? grid[ro[r]! * size + co[c]!]! : grid[co[c]! * size + ro[r]!]!;
            if (d !== 0 && label[d] === 0) label[d] = next++;
            cells.push(d === 0 ? 0 : label[d]!);
          }
        }
        const form = cells.map((v) => String.fromCharCode(48 + v)).join('');
        if (best === '' || form < best) best = form;
      }
    }
  }
  let s = '';
  for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) s += best[c * size + r] === '0' ? '.' : best[c * size + r];
  return `${size}r:` + s;
}

describe('canonicalForm', () => {
  test.prop([fc.constantFrom(4, 6), fc.integer({ min: 0, max: 1e6 }), fc.double({ min: 0.2, max: 0.7, noNaN: true })], { numRuns: 25 })(
    'equals the brute-force minimum over the whole group (4×4, 6×6)',
    (size, seed, keep) => {
      const grid = randomBoard(size, regularRegions(size), seed, keep)!;
      expect(canonicalForm(size, regularRegions(size), grid)).toBe(bruteRegular(size, grid));
    },
  );

  test.prop([fc.constantFrom(4, 6, 8, 9), fc.integer({ min: 0, max: 1e6 })], { numRuns: 30 })(
    'is the same for every board of the orbit (regular: band/stack permutations, transposition, relabelling)',
    (size, seed) => {
      const regions = regularRegions(size);
      const grid = randomBoard(size, regions, seed, 0.4)!;
      const moved = transformRegular(size, grid, new Rng('move', seed));
      expect(canonicalForm(size, regions, moved)).toBe(canonicalForm(size, regions, grid));
      expect(fingerprint(size, regions, moved)).toBe(fingerprint(size, regions, grid));
    },
  );

  test.prop([fc.constantFrom(5, 6, 7, 9), fc.integer({ min: 0, max: 1e6 }), fc.integer({ min: 0, max: 3 })], { numRuns: 30 })(
    'is the same under the rhombus symmetries and renumbering (irregular)',
    (size, seed, which) => {
      const rng = new Rng('irregular', seed);
      let regions = randomLayout(size, rng);
      let grid = randomBoard(size, regions, seed, 0.4);
      while (!grid) {
        regions = randomLayout(size, rng);
        grid = randomBoard(size, regions, seed, 0.4);
      }
      const map = [(r: number, c: number) => [r, c], (r: number, c: number) => [size - 1 - r, size - 1 - c], (r: number, c: number) => [c, r], (r: number, c: number) => [size - 1 - c, size - 1 - r]][which]!;
      const relabel = [0, ...rng.shuffle(Array.from({ length: size }, (_, i) => i + 1))];
      const blockNames = rng.shuffle(Array.from({ length: size }, (_, i) => i));
      const movedRegions = new Uint8Array(size * size);
      const movedGrid = new Uint8Array(size * size);
      for (let r = 0; r < size; r++) {
        for (let c = 0; c < size; c++) {
          const [r2, c2] = map(r, c);
          movedRegions[r2! * size + c2!] = blockNames[regions[r * size + c]!]!;
          movedGrid[r2! * size + c2!] = relabel[grid[r * size + c]!]!;
        }
      }
      expect(canonicalForm(size, movedRegions, movedGrid)).toBe(canonicalForm(size, regions, grid));
    },
  );

  test('tells different boards apart', () => {
    const regions = regularRegions(9);
    const forms = new Set<string>();
    for (let seed = 0; seed < 20; seed++) forms.add(canonicalForm(9, regions, randomBoard(9, regions, seed, 0.35)!));
    expect(forms.size).toBe(20);
    const a = randomBoard(9, regions, 1, 0.35)!;
    const b = Uint8Array.from(a);
    const cell = b.findIndex((d) => d !== 0);
    b[cell] = 0; // one given fewer: a different puzzle
    expect(canonicalForm(9, regions, b)).not.toBe(canonicalForm(9, regions, a));
  });
});
