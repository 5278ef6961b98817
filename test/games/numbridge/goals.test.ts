import { fc, test as prop } from '@fast-check/vitest';
import { describe, expect, test } from 'vitest';
import { blockOwners, boardResult, cellsToJoin, domainsResult, isJoined } from '../../../src/games/numbridge/goals.ts';
import { applyMove } from '../../../src/games/numbridge/referee.ts';
import { regularRegions } from '../../../src/sudoku/regions.ts';
import { game, rc, withState } from './fixture.ts';

/** A board from rows of '1', '2' and '.' (nobody). */
const owners = (rows: string[]) => Uint8Array.from(rows.join('').replace(/\s/g, ''), (ch) => (ch === '.' ? 0 : Number(ch)));

/** A full colouring of an N×N board, N = 4..9. */
const fullBoard = fc.integer({ min: 4, max: 9 }).chain((n) => fc.array(fc.constantFrom(1, 2), { minLength: n * n, maxLength: n * n }).map((cells) => ({ n, owner: Uint8Array.from(cells) })));

describe('Bridge and Blitz: joining the sides', () => {
  // "a finished game always has a winner": on a completely owned rhombus exactly one player is joined
  prop.prop([fullBoard], { numRuns: 3000 })('the Hex theorem: on a completely owned board exactly one player joins its sides', ({ n, owner }) => {
    expect(Number(isJoined(n, owner, 1)) + Number(isJoined(n, owner, 2))).toBe(1);
  });

  prop.prop([fullBoard.chain(({ n, owner }) => fc.array(fc.boolean(), { minLength: n * n, maxLength: n * n }).map((keep) => ({ n, owner: owner.map((p, i) => (keep[i] ? p : 0)) })))], { numRuns: 500 })(
    'cellsToJoin is 0 exactly when the player is joined, and never more than the empty cells',
    ({ n, owner }) => {
      for (const p of [1, 2] as const) {
        const d = cellsToJoin(n, owner, p);
        expect(d === 0).toBe(isJoined(n, owner, p));
        if (d !== Infinity) expect(d).toBeLessThanOrEqual(owner.filter((x) => x === 0).length);
      }
    },
  );

  test.each<[string, string[], boolean, boolean]>([
    // player 1: top row to bottom row; a column runs down and to the right
    ['a straight column joins top and bottom', ['.1..', '.1..', '.1..', '.1..'], true, false],
    ['(r+1, c−1) is a neighbour: a chain down and to the left', ['...1', '..1.', '.1..', '1...'], true, false],
    ['(r+1, c+1) is no neighbour: down and to the right is broken', ['1...', '.1..', '..1.', '...1'], false, false],
    ['player 2: left column to right column along a row', ['....', '2222', '....', '....'], false, true],
    ['player 2 along the short diagonal, (r−1, c+1) steps', ['...2', '..2.', '.2..', '2...'], false, true],
    ['a full board that player 2 wins', ['1122', '2221', '1211', '2112'], false, true],
  ])('%s', (_name, rows, one, two) => {
    const owner = owners(rows);
    expect(isJoined(4, owner, 1)).toBe(one);
    expect(isJoined(4, owner, 2)).toBe(two);
  });

  test('cellsToJoin counts the cells still to own; the opponent\'s cells block', () => {
    expect(cellsToJoin(4, owners(['....', '....', '....', '....']), 1)).toBe(4);
    expect(cellsToJoin(4, owners(['.1..', '....', '.1..', '....']), 1)).toBe(2);
    expect(cellsToJoin(4, owners(['2222', '....', '....', '....']), 1)).toBe(Infinity);
  });

  test('the game ends with the move that joins the sides; a taken given counts as owned', () => {
    // player 1 owns r1c2 and r2c2; r3c2 is a given (1), r4c2 needs a 3: a column from top to bottom
    let s = game({ hands: [[4, 3, 3], [3, 4, 1]], bag: [1, 2, 2, 3, 4, 4] });
    const owner = Uint8Array.from(s.owner);
    const digits = Uint8Array.from(s.digits);
    for (const c of [rc(1, 2), rc(2, 2)]) {
      owner[c] = 1;
      digits[c] = s.solution[c]!;
    }
    s = withState(s, { owner, digits });
    s = applyMove(s, { kind: 'take', cell: rc(3, 2), tile: 3 }).state;
    expect(s.result).toBeNull();
    s = applyMove(s, { kind: 'timeout' }).state; // player 2
    const { state } = applyMove(s, { kind: 'place', tile: 3, cell: rc(4, 2) });
    expect(state.result).toEqual({ winner: 1, reason: 'connection' });
  });
});

describe('Domains: owning blocks', () => {
  const R9 = regularRegions(9);
  const R6 = regularRegions(6);
  /** Own `cells` of a board in this order (ply 1, 2, …), alternating owners as given. */
  const sequence = (n: number, moves: Array<[number, 1 | 2]>) => {
    const owner = new Uint8Array(n * n);
    const ownedAt = new Uint32Array(n * n);
    moves.forEach(([cell, p], k) => {
      owner[cell] = p;
      ownedAt[cell] = k + 1;
    });
    return { owner, ownedAt };
  };

  test('9×9: a block is decided by 5 of its 9 cells', () => {
    const block0 = [0, 1, 2, 9, 10, 11, 18, 19, 20];
    const four = sequence(9, block0.slice(0, 8).map((c, k) => [c, k % 2 === 0 ? 1 : 2]));
    expect(blockOwners(9, R9, four.owner, four.ownedAt).owner[0]).toBe(0); // 4 : 4
    const five = sequence(9, block0.map((c, k) => [c, k % 2 === 0 ? 1 : 2]));
    expect(blockOwners(9, R9, five.owner, five.ownedAt)).toMatchObject({ owner: expect.objectContaining({ 0: 1 }), decidedAt: expect.objectContaining({ 0: 9 }) });
  });

  test('6×6: 4 of 6 cells decide a block; a 3 : 3 block goes to whoever owned 3 of its cells first', () => {
    const block0 = [0, 1, 2, 6, 7, 8];
    const split = sequence(6, [[0, 2], [1, 1], [2, 2], [6, 1], [7, 2], [8, 1]]); // player 2 reaches 3 at ply 5, player 1 at ply 6
    const b = blockOwners(6, R6, split.owner, split.ownedAt);
    expect(b.owner[0]).toBe(2);
    expect(b.decidedAt[0]).toBe(6);
    const four = sequence(6, block0.slice(0, 4).map((c) => [c, 1]));
    expect(blockOwners(6, R6, four.owner, four.ownedAt).owner[0]).toBe(1);
    const three = sequence(6, block0.slice(0, 3).map((c) => [c, 1]));
    expect(blockOwners(6, R6, three.owner, three.ownedAt).owner[0]).toBe(0); // 3 of 6 is no majority yet
  });

  test.each<[string, number, number[], number[], ReturnType<typeof domainsResult>]>([
    ['9 blocks: 5 are a majority', 9, [1, 1, 1, 1, 1, 0, 0, 0, 0], [1, 2, 3, 4, 5, 0, 0, 0, 0], { winner: 1, reason: 'blocks' }],
    ['9 blocks: 4 : 4 and one undecided plays on', 9, [1, 1, 1, 1, 2, 2, 2, 2, 0], [1, 2, 3, 4, 5, 6, 7, 8, 0], null],
    ['6 blocks: 4 are a majority', 6, [2, 2, 2, 2, 1, 0], [1, 2, 3, 4, 5, 0], { winner: 2, reason: 'blocks' }],
    ['6 blocks: 3 : 3 with all decided goes to the first to reach 3 blocks', 6, [1, 2, 2, 1, 2, 1], [10, 20, 30, 40, 50, 60], { winner: 2, reason: 'blocks' }],
    ['6 blocks: 3 : 3, decided in another order', 6, [1, 2, 2, 1, 2, 1], [10, 20, 30, 40, 65, 60], { winner: 1, reason: 'blocks' }],
  ])('%s', (_name, n, owner, decidedAt, result) => {
    expect(domainsResult(n, { owner: Uint8Array.from(owner), decidedAt: Uint32Array.from(decidedAt) })).toEqual(result);
  });

  prop.prop([fc.constantFrom(4, 6, 8, 9), fc.infiniteStream(fc.constantFrom<1 | 2>(1, 2)), fc.integer()], { numRuns: 300 })(
    'a completely owned board always has a Domains winner (any order of ownership)',
    (n, players, seed) => {
      const regions = regularRegions(n);
      const it = players[Symbol.iterator]();
      const cells = Array.from({ length: n * n }, (_, i) => i);
      let x = seed >>> 0;
      for (let i = cells.length - 1; i > 0; i--) {
        x = (Math.imul(x, 1103515245) + 12345) >>> 0;
        const j = x % (i + 1);
        [cells[i], cells[j]] = [cells[j]!, cells[i]!];
      }
      const { owner, ownedAt } = sequence(n, cells.map((c) => [c, it.next().value as 1 | 2]));
      const result = boardResult('domains', n, regions, owner, ownedAt);
      expect(result?.reason).toBe('blocks');
      expect([1, 2]).toContain(result?.winner);
    },
  );

  test('a Domains game on 4×4 ends when a player owns 3 of the 4 blocks', () => {
    // blocks of 4 cells: 3 decide a block; a 2 : 2 block goes to the first with 2
    let s = game({ variant: 'domains', hands: [[2, 3, 4], [3, 4, 1]] });
    const owner = Uint8Array.from(s.owner);
    const ownedAt = Uint32Array.from(s.ownedAt);
    // player 1 owns blocks 1 and 2 outright (3 cells each) and 2 cells of block 0 (the given r1c1, and r2c1)
    const mine = [rc(1, 3), rc(1, 4), rc(2, 3), rc(3, 1), rc(3, 2), rc(4, 1), rc(1, 1), rc(2, 1)];
    mine.forEach((c, k) => {
      owner[c] = 1;
      ownedAt[c] = k + 1;
    });
    const digits = Uint8Array.from(s.digits);
    for (const c of mine) digits[c] = s.solution[c]!;
    s = withState(s, { owner, ownedAt, digits, ply: mine.length, hands: [[4], [3, 4, 1]], bag: [] });
    expect(boardResult('domains', 4, s.regions, s.owner, s.ownedAt)).toBeNull();
    const { state } = applyMove(s, { kind: 'place', tile: 4, cell: rc(2, 2) }); // r2c2 is a 4: block 0 now 3 : 0
    expect(state.result).toEqual({ winner: 1, reason: 'blocks' });
  });
});
