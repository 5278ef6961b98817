import { describe, expect, test } from 'vitest';
import { Rng } from '../../src/core/rng.ts';

describe('Rng', () => {
  test('the same seed parts give the same stream', () => {
    const a = new Rng('run', 'murder', 6, 17);
    const b = new Rng('run', 'murder', 6, 17);
    expect(Array.from({ length: 5 }, () => a.nextU32())).toEqual(Array.from({ length: 5 }, () => b.nextU32()));
  });

  test('seed parts are not concatenated ambiguously', () => {
    expect(new Rng('ab', 'c').nextU32()).not.toBe(new Rng('a', 'bc').nextU32());
  });

  test('a fixed seed gives fixed values (bytes stay stable across releases)', () => {
    const r = new Rng('puzzlemill');
    expect([r.nextU32(), r.nextU32(), r.int(1000)]).toMatchSnapshot();
  });

  test('int is in range and roughly uniform', () => {
    const r = new Rng(1);
    const counts = new Array(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[r.int(6)]++;
    for (const c of counts) expect(Math.abs(c - 10_000)).toBeLessThan(500);
  });

  test('int draws what the plain remainder formula draws, for every kind of bound', () => {
    // the reference: rejection below the largest multiple of n, then x % n (int's first form)
    const reference = (r: Rng, n: number): number => {
      const limit = 4294967296 - (4294967296 % n);
      let x: number;
      do x = r.nextU32(); while (x >= limit);
      return x % n;
    };
    const bounds = [1, 2, 3, 6, 7, 9, 81, 1000, 65_535, 65_536, 100_003, 2 ** 31 - 1, 2 ** 31, 2 ** 31 + 1, 3 * 2 ** 30 + 7, 2 ** 32 - 1, 2 ** 32, 2.5, 1e9 + 0.25];
    const a = new Rng('int-equivalence');
    const b = new Rng('int-equivalence');
    for (const n of bounds) for (let i = 0; i < 2_000; i++) expect(a.int(n)).toBe(reference(b, n));
    for (let n = 1; n <= 5_000; n++) expect(a.int(n)).toBe(reference(b, n));
  });

  test('fork at the same point gives the same child stream, other labels another', () => {
    const p1 = new Rng(5);
    const f1 = p1.fork('x').nextU32();
    const p3 = new Rng(5);
    expect(p3.fork('x').nextU32()).toBe(f1);
    expect(p1.fork('y').nextU32()).not.toBe(f1);
  });

  test('shuffle is a permutation', () => {
    const a = new Rng(3).shuffle([1, 2, 3, 4, 5, 6, 7, 8]);
    expect([...a].sort()).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
