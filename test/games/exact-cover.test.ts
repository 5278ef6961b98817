import { fc, test as fcTest } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { ExactCover } from '../../src/core/exact-cover.ts';
import { Rng } from '../../src/core/rng.ts';

/** Every solution by brute force: all subsets of options (small instances only). */
function bruteSolutions(primary: number, secondary: number, options: number[][]): number[][] {
  const out: number[][] = [];
  const n = options.length;
  for (let mask = 0; mask < 1 << n; mask++) {
    const used = new Array<number>(primary + secondary).fill(0);
    const chosen: number[] = [];
    let ok = true;
    for (let k = 0; k < n && ok; k++) {
      if (!(mask & (1 << k))) continue;
      chosen.push(k);
      for (const item of options[k]!) if (++used[item]! > 1) ok = false;
    }
    if (ok && used.slice(0, primary).every((u) => u === 1)) out.push(chosen);
  }
  return out;
}

function allSolutions(ec: ExactCover, rng?: Rng): number[][] {
  const found: number[][] = [];
  const r = ec.solve({ limit: Infinity, ...(rng ? { rng } : {}), onSolution: (o) => void found.push(Array.from(o).sort((a, b) => a - b)) });
  expect(r.count).toBe(found.length);
  expect(r.complete).toBe(true);
  return found.map((s) => s).sort(compareLists);
}

function compareLists(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

const instance = fc
  .record({ primary: fc.integer({ min: 1, max: 6 }), secondary: fc.integer({ min: 0, max: 3 }) })
  .chain(({ primary, secondary }) =>
    fc.record({
      primary: fc.constant(primary),
      secondary: fc.constant(secondary),
      options: fc.array(
        fc.uniqueArray(fc.integer({ min: 0, max: primary + secondary - 1 }), { minLength: 1, maxLength: 4 }).filter((o) => o.some((i) => i < primary)),
        { minLength: 0, maxLength: 12 },
      ),
    }),
  );

describe('ExactCover (Knuth\'s Algorithm X with dancing links)', () => {
  test('Knuth\'s example from TAOCP 7.2.2.1 has the one solution {a d f, b g, c e}', () => {
    const ec = new ExactCover(7);
    for (const o of ['ce', 'adg', 'bcf', 'adf', 'bg', 'deg']) ec.addOption([...o].map((c) => c.charCodeAt(0) - 97));
    const r = ec.solve({ limit: 10 });
    expect(r).toMatchObject({ count: 1, solution: [0, 3, 4], complete: true });
    expect(r.nodes).toBeGreaterThan(1);
    expect(r.mems).toBeGreaterThan(0);
  });

  fcTest.prop([instance], { numRuns: 300 })('finds exactly the solutions brute force finds (primary and secondary items)', ({ primary, secondary, options }) => {
    const ec = new ExactCover(primary, secondary);
    for (const o of options) ec.addOption(o);
    const expected = bruteSolutions(primary, secondary, options).sort(compareLists);
    expect(allSolutions(ec)).toEqual(expected);
    // the links are restored: a second search, in a seeded random order, finds the same set
    expect(allSolutions(ec, new Rng('ec', options.length))).toEqual(expected);
    // limit 1 answers "is there one?" and returns a real solution
    const one = ec.solve({ limit: 1 });
    expect(one.count).toBe(Math.min(1, expected.length));
    if (one.solution) expect(expected).toContainEqual(one.solution);
  });

  fcTest.prop([instance, fc.integer({ min: 1, max: 5 })], { numRuns: 100 })('a node budget stops early, says so, and leaves the structure reusable', ({ primary, secondary, options }, budget) => {
    const ec = new ExactCover(primary, secondary);
    for (const o of options) ec.addOption(o);
    const full = ec.solve({ limit: Infinity });
    const capped = ec.solve({ limit: Infinity, maxNodes: budget });
    expect(capped.count).toBeLessThanOrEqual(full.count);
    expect(capped.complete).toBe(full.nodes <= budget);
    expect(ec.solve({ limit: Infinity })).toEqual(full);
  });

  test('onSolution can stop the search, which then reports complete: false', () => {
    const ec = new ExactCover(1);
    ec.addOption([0]);
    ec.addOption([0]);
    let seen = 0;
    const r = ec.solve({ limit: 10, onSolution: () => ++seen === 1 });
    expect(r.count).toBe(1);
    expect(r.complete).toBe(false);
    expect(ec.solve({ limit: 10 }).count).toBe(2);
  });

  test('the same seed gives the same search; no primary items means one empty solution', () => {
    const ec = new ExactCover(4, 2);
    [[0, 1], [2, 3], [0, 4], [1, 5], [2], [3], [0, 1, 2, 3]].forEach((o) => ec.addOption(o));
    const a = ec.solve({ limit: 1, rng: new Rng(5) });
    const b = ec.solve({ limit: 1, rng: new Rng(5) });
    expect(a).toEqual(b);
    expect(new ExactCover(0, 2).solve()).toMatchObject({ count: 1, solution: [] });
    expect(new ExactCover(1).solve()).toMatchObject({ count: 0, solution: null, complete: true });
  });

  test('bad options are refused', () => {
    const ec = new ExactCover(2, 1);
    expect(() => ec.addOption([])).toThrow(/primary item/);
    expect(() => ec.addOption([2])).toThrow(/primary item/);
    expect(() => ec.addOption([0, 3])).toThrow(/out of range/);
    expect(() => ec.addOption([1, 1])).toThrow(/twice/);
    expect(() => new ExactCover(-1)).toThrow(RangeError);
  });
});
