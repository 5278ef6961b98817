import { describe, expect, test } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { luby } from '../../src/core/restarts.ts';
import { ALL_DOMINOES, completeDominoes, doOrder } from '../../src/games/domino/completion.ts';
import { dominoDigits, dominoId, sharesNumber } from '../../src/games/domino/dominoes.ts';
import { findClash } from '../../src/sudoku/check.ts';
import { regularRegions } from '../../src/sudoku/regions.ts';

const REGIONS = regularRegions(9);

/** A plain checker sharing nothing with the solver: may digit d go on a free cell? */
function fits(board: Uint8Array, cell: number, d: number): boolean {
  if (board[cell] !== 0) return false;
  const r = Math.floor(cell / 9);
  const c = cell % 9;
  for (let i = 0; i < 81; i++) {
    if (board[i] !== d) continue;
    if (Math.floor(i / 9) === r || i % 9 === c || REGIONS[i] === REGIONS[cell]) return false;
  }
  return true;
}

function pairs(): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (let cell = 0; cell < 81; cell++) {
    if (cell % 9 < 8) out.push([cell, cell + 1]);
    if (cell < 72) out.push([cell, cell + 9]);
  }
  return out;
}
const PAIRS = pairs();

/** Can all these dominoes be placed? Plain backtracking. */
function bruteCanPlace(board: Uint8Array, dominoes: number[]): boolean {
  if (dominoes.length === 0) return true;
  const [a, b] = dominoDigits(dominoes[0]!);
  const rest = dominoes.slice(1);
  for (const [x, y] of PAIRS) {
    for (const [dx, dy] of [[a, b], [b, a]]) {
      if (!fits(board, x, dx!) || !fits(board, y, dy!)) continue;
      board[x] = dx!;
      board[y] = dy!;
      const ok = bruteCanPlace(board, rest);
      board[x] = 0;
      board[y] = 0;
      if (ok) return true;
    }
  }
  return false;
}

describe('can all 36 dominoes be placed on the empty board?', () => {
  test('yes: the exact cover finds an arrangement, checked independently', () => {
    const a = completeDominoes({ board: new Uint8Array(81), remaining: ALL_DOMINOES, last: -1 });
    expect(a.placeable).toBe(true);
    expect(a.options).toBe(36 * 144 * 2);
    const board = new Uint8Array(81);
    const seen = new Set<number>();
    for (const p of a.arrangement!) {
      const [x, y] = p.cells;
      expect(Math.abs(Math.floor(x / 9) - Math.floor(y / 9)) + Math.abs((x % 9) - (y % 9))).toBe(1);
      expect(board[x]).toBe(0);
      expect(board[y]).toBe(0);
      board[x] = p.first;
      board[y] = p.second;
      seen.add(dominoId(p.first, p.second));
    }
    expect(seen.size).toBe(36);
    expect(findClash(9, REGIONS, board)).toBeNull();
    expect([...board].filter((d) => d === 0)).toHaveLength(9);
    // and a DO order exists: the 36 dominoes are the edges of K9, which has an Euler circuit
    expect(a.doOrderable).toBe(true);
    expectDoChain(a.doOrder!, -1);
  });
});

function expectDoChain(order: number[], last: number): void {
  let prev = last;
  for (const id of order) {
    if (prev >= 0) expect(sharesNumber(prev, id)).toBe(true);
    prev = id;
  }
}

describe('from positions, the exact cover agrees with plain backtracking', () => {
  test('60 positions: a full arrangement with some dominoes lifted, some of them to place again', () => {
    const full = completeDominoes({ board: new Uint8Array(81), remaining: ALL_DOMINOES, last: -1 }).arrangement!;
    let yes = 0;
    for (let k = 0; k < 60; k++) {
      const rng = new Rng('completion-positions', k);
      const lifted = rng.shuffle([...full]).slice(0, 6 + (k % 5));
      const board = new Uint8Array(81);
      for (const p of full) {
        if (lifted.includes(p)) continue;
        board[p.cells[0]] = p.first;
        board[p.cells[1]] = p.second;
      }
      const remaining = rng.shuffle(lifted.map((p) => dominoId(p.first, p.second))).slice(0, 2 + (k % 3));
      const answer = completeDominoes({ board, remaining, last: -1 });
      const expected = bruteCanPlace(Uint8Array.from(board), remaining);
      expect(answer.placeable, `position ${k}`).toBe(expected);
      if (expected) {
        yes++;
        const b = Uint8Array.from(board);
        for (const p of answer.arrangement!) {
          expect(fits(b, p.cells[0], p.first), `position ${k}`).toBe(true);
          b[p.cells[0]] = p.first;
          expect(fits(b, p.cells[1], p.second), `position ${k}`).toBe(true);
          b[p.cells[1]] = p.second;
        }
      }
    }
    expect(yes).toBe(60); // lifted dominoes always fit back where they were
  });

  test('40 positions of random play: placeable or not, both answers agree', () => {
    let yes = 0;
    for (let k = 0; k < 40; k++) {
      const rng = new Rng('random-play-positions', k);
      const order = rng.shuffle([...ALL_DOMINOES]);
      const board = new Uint8Array(81);
      const toPlace = order.slice(0, 22 + (k % 8));
      for (const id of toPlace) {
        const [a, b] = dominoDigits(id);
        const spots = PAIRS.flatMap(([x, y]) => [[x, y, a, b], [x, y, b, a]]).filter(([x, y, dx, dy]) => fits(board, x!, dx!) && fits(board, y!, dy!));
        if (spots.length === 0) continue;
        const [x, y, dx, dy] = rng.pick(spots);
        board[x!] = dx!;
        board[y!] = dy!;
      }
      const remaining = order.slice(36 - 3);
      const answer = completeDominoes({ board, remaining, last: -1 });
      const expected = bruteCanPlace(Uint8Array.from(board), remaining);
      expect(answer.placeable, `position ${k}`).toBe(expected);
      if (expected) yes++;
    }
    expect(yes).toBeGreaterThan(0);
    expect(yes).toBeLessThan(40);
  });

  test('counting alone refutes some positions: too few free cells, or a digit with too few open rows', () => {
    const board = new Uint8Array(81).fill(0);
    const full = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
    for (let i = 0; i < 81; i++) board[i] = Number(full[i]);
    board[0] = 0;
    board[1] = 0;
    expect(completeDominoes({ board, remaining: [dominoId(3, 5), dominoId(1, 2)], last: -1 })).toMatchObject({ placeable: false, nodes: 0 });
    expect(completeDominoes({ board, remaining: [dominoId(3, 5)], last: -1 }).placeable).toBe(true);
    expect(completeDominoes({ board, remaining: [dominoId(1, 2)], last: -1 })).toMatchObject({ placeable: false });
  });
});

describe('the DO rule asks for an order, not a place', () => {
  test.each<[string, Array<[number, number]>, [number, number] | null, boolean]>([
    ['a star shares its centre', [[1, 2], [1, 3], [1, 4]], null, true],
    ['two dominoes with nothing in common', [[1, 2], [3, 4]], null, false],
    ['a chain through a bridge', [[1, 2], [2, 3], [3, 4]], null, true],
    ['it must start next to the last domino', [[1, 2], [3, 4], [2, 3]], [4, 5], true],
    ['no domino shares a number with the last one', [[1, 2], [2, 3]], [4, 5], false],
    ['nothing left to order', [], [4, 5], true],
  ])('%s', (_name, dominoes, last, orderable) => {
    const ids = dominoes.map(([a, b]) => dominoId(a, b));
    const lastId = last ? dominoId(...last) : -1;
    const r = doOrder(ids, lastId);
    expect(r.decided).toBe(true);
    expect(r.order !== null).toBe(orderable);
    if (r.order) {
      expect([...r.order].sort()).toEqual([...ids].sort());
      expectDoChain(r.order, lastId);
    }
  });

  test('Luby\'s restart sequence', () => {
    expect(Array.from({ length: 15 }, (_, i) => luby(i + 1))).toEqual([1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
  });
});
