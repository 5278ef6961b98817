import { describe, expect, test } from 'vitest';
import { Geometry } from '../../src/sudoku/geometry.ts';
import { isConnected, neighbours } from '../../src/sudoku/hex.ts';
import { regionProblem, regularRegions } from '../../src/sudoku/regions.ts';

describe('geometry', () => {
  test('a regular 9×9 board has 27 houses and 20 peers per cell', () => {
    const g = new Geometry(9, regularRegions(9));
    expect(g.houseCount).toBe(27);
    for (let c = 0; c < 81; c++) expect(g.peersOf(c).length).toBe(20);
  });

  test.each([
    [4, '0011001122332233'],
    [6, '000111000111222333222333444555444555'],
  ])('regular blocks of size %i', (size, expected) => {
    expect(Array.from(regularRegions(size)).join('')).toBe(expected);
  });

  test('8×8 blocks are 2 rows × 4 columns', () => {
    const r = regularRegions(8);
    expect(Array.from(r.subarray(0, 16)).join('')).toBe('0000111100001111');
  });

  test('every house holds each cell once', () => {
    const g = new Geometry(6, regularRegions(6));
    for (let h = 0; h < g.houseCount; h++) expect(new Set(g.cellsOf(h)).size).toBe(6);
  });
});

describe('hex adjacency (RULES.md)', () => {
  test('the six neighbours of an inner cell', () => {
    const n = 9;
    const at = (r: number, c: number) => r * n + c;
    expect(neighbours(n, at(4, 4)).sort((a, b) => a - b)).toEqual(
      [at(3, 4), at(3, 5), at(4, 3), at(4, 5), at(5, 3), at(5, 4)].sort((a, b) => a - b),
    );
    expect(neighbours(n, at(4, 4))).not.toContain(at(3, 3));
    expect(neighbours(n, at(4, 4))).not.toContain(at(5, 5));
    expect(neighbours(n, at(4, 4))).toContain(at(3, 5));
  });

  test('corners have 2 or 3 neighbours', () => {
    expect(neighbours(9, 0).length).toBe(2);
    expect(neighbours(9, 8).length).toBe(3);
    expect(neighbours(9, 72).length).toBe(3);
    expect(neighbours(9, 80).length).toBe(2);
  });

  test('a diagonal pair is square-disconnected but hex-connected only along the right diagonal', () => {
    const n = 4;
    expect(isConnected(n, [1, 4], 'hex')).toBe(true); // (0,1)-(1,0)
    expect(isConnected(n, [0, 5], 'hex')).toBe(false); // (0,0)-(1,1)
    expect(isConnected(n, [1, 4], 'square')).toBe(false);
  });

  test('region checks name the problem', () => {
    expect(regionProblem(4, regularRegions(4), 'hex')).toBeNull();
    expect(regionProblem(4, [0, 0, 0, 1, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3], 'hex')).toBe('region 0 has 3 cells, expected 4');
    expect(regionProblem(4, [0, 1, 1, 0, 1, 1, 0, 0, 2, 2, 3, 3, 2, 2, 3, 3], 'hex')).toBe('region 0 is not connected (hex adjacency)');
    expect(regionProblem(3, [], 'hex')).toBe('size 3 is outside 4..9');
  });
});
