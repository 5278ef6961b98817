import { describe, expect, test } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { cellOf, DOMINO_COUNT, dominoId, pips, sharesNumber } from '../../src/games/domino/dominoes.ts';
import { dealDomino, readDominoDeal } from '../../src/games/domino/files.ts';
import {
  handOf,
  isOver,
  judgePlacement,
  legalMoves,
  newGame,
  passTurn,
  playableMove,
  playPlacement,
  scores,
  winners,
  type DominoState,
  type Placement,
} from '../../src/games/domino/referee.ts';
import { houseName } from '../../src/games/sudoku-board.ts';
import { findClash } from '../../src/sudoku/check.ts';
import { regularRegions } from '../../src/sudoku/regions.ts';

const REGIONS = regularRegions(9);
const at = (f: number, p: number) => cellOf(f, p);
const move = (first: number, second: number, f1: number, p1: number, f2: number, p2: number): Placement => ({ first, second, cells: [at(f1, p1), at(f2, p2)] });

/** A position: digits from 9 strings ('.' = empty), seat 0 to move, holding `hand`; the rest with seat 1. */
function position(rows: string[], hand: Array<[number, number]>, last: [number, number] | null, players = 2): DominoState {
  const board = new Uint8Array(81);
  rows.forEach((row, r) => [...row.replace(/\s/g, '')].forEach((ch, c) => (board[r * 9 + c] = ch === '.' ? 0 : Number(ch))));
  const holder = new Int8Array(DOMINO_COUNT).fill(1);
  for (const [a, b] of hand) holder[dominoId(a, b)] = 0;
  if (last) holder[dominoId(...last)] = -1;
  return { playerCount: players, board, dominoAt: new Int8Array(81).fill(-1), holder, last: last ? dominoId(...last) : -1, toMove: 0, plus: new Array(players).fill(0), passes: 0, turns: 0 };
}

const EMPTY = Array.from({ length: 9 }, () => '.........');
/** After [4/9] (4,6/4,9): the 4 on r5c3, the 9 on r6c3 (1-based). */
const AFTER_49 = ['.........', '.........', '.........', '.........', '..4......', '..9......', '.........', '.........', '.........'];

describe('a move: adjacent free cells, the DO rule, the Sudoku rule', () => {
  const hand: Array<[number, number]> = [[5, 9], [1, 2], [3, 9], [2, 4]];
  test.each<[string, string[], [number, number] | null, Placement, string[]]>([
    ['the first move of the game has no DO rule', EMPTY, null, move(1, 2, 5, 1, 5, 4), []],
    ['the sheet\'s example move (5,1/5,4) covers two cells one above the other', EMPTY, null, move(2, 4, 5, 1, 5, 4), []],
    ['[5/9] shares the 9 with [4/9]', AFTER_49, [4, 9], move(5, 9, 5, 2, 5, 3), []],
    ['[1/2] shares nothing with [4/9]', AFTER_49, [4, 9], move(1, 2, 1, 1, 1, 2), ['do-rule']],
    ['[2/4] shares the 4 (order on the domino does not matter)', AFTER_49, [4, 9], move(2, 4, 1, 1, 1, 2), []],
    ['a second 9 in the same column (S3)', AFTER_49, [4, 9], move(9, 3, 7, 3, 7, 6), ['sudoku']],
    ['a second 9 in the same block (F4)', AFTER_49, [4, 9], move(9, 3, 4, 1, 4, 2), ['sudoku']],
    ['a second 9 in the same row (R6)', AFTER_49, [4, 9], move(3, 9, 6, 8, 6, 9), ['sudoku']],
    ['on a taken cell', AFTER_49, [4, 9], move(9, 5, 4, 6, 4, 3), ['occupied']],
    ['two cells that do not touch', AFTER_49, [4, 9], move(5, 9, 5, 1, 5, 3), ['not-adjacent']],
    ['diagonal neighbours do not touch', AFTER_49, [4, 9], move(5, 9, 5, 1, 5, 5), ['not-adjacent']],
    ['across a block border is fine', AFTER_49, [4, 9], move(5, 9, 5, 3, 6, 1), []],
    ['a domino the player does not hold', AFTER_49, [4, 9], move(4, 5, 1, 1, 1, 2), ['not-in-hand']],
    ['a domino already on the board', AFTER_49, [4, 9], move(4, 9, 1, 1, 1, 2), ['not-in-hand']],
    ['both rules at once', AFTER_49, [4, 9], move(1, 2, 1, 1, 1, 2), ['do-rule']],
  ])('%s', (_name, rows, last, placement, violations) => {
    const j = judgePlacement(position(rows, hand, last), placement);
    expect(j.violations).toEqual(violations);
    expect(j.impossible).toBe(violations.some((v) => ['occupied', 'not-adjacent', 'not-in-hand'].includes(v)));
  });

  test('a Sudoku break names each repeated digit and the tile it repeats', () => {
    const j = judgePlacement(position(AFTER_49, [[3, 9]], [4, 9]), move(9, 3, 4, 1, 4, 2));
    expect(j.clashes).toEqual([{ house: 'F4', cell: at(4, 9), digit: 9, at: at(4, 1) }]);
  });
});

describe('rule breaks: taken back at once, or left on the board when noticed late', () => {
  const s = position(AFTER_49, [[3, 9], [5, 9]], [4, 9]);
  const bad = move(9, 3, 4, 1, 4, 2);
  test('noticed before the next player moved: the domino goes back and the same player moves again', () => {
    const r = playPlacement(s, bad);
    expect(r.result.kind).toBe('taken-back');
    expect(r.state).toBe(s);
    expect(handOf(r.state, 0)).toContain(dominoId(3, 9));
  });
  test('noticed only after the next player moved (**): it stays, and the DO rule now starts from it', () => {
    const r = playPlacement(s, bad, { noticedLate: true });
    expect(r.result.kind).toBe('placed');
    expect(r.state.board[at(4, 1)]).toBe(9);
    expect(r.state.last).toBe(dominoId(3, 9));
    expect(r.state.toMove).toBe(1);
    expect(s.board[at(4, 1)]).toBe(0); // the old state is untouched
  });
  test('a move that cannot be made at all is refused even when "noticed late"', () => {
    expect(playPlacement(s, move(5, 9, 4, 6, 4, 5), { noticedLate: true }).result.kind).toBe('refused');
  });
});

/** A full Sudoku, row by row. */
const SOLVED = ['534678912', '672195348', '198342567', '859761423', '426853791', '713924856', '961537284', '287419635', '345286179'];
const blank = (rows: string[], cells: Array<[number, number]>) => rows.map((row, r) => [...row].map((ch, c) => (cells.some(([rr, cc]) => rr === r && cc === c) ? '.' : ch)).join(''));

describe('+10 for every block, row and column a move completes', () => {
  test.each<[string, Array<[number, number]>, [number, number], Placement, string[]]>([
    // r1c1 = 5, r1c2 = 3: the last two cells of R1, F1, S1 and S2
    ['four at once: a row, a block and two columns', [[0, 0], [0, 1]], [5, 7], { first: 5, second: 3, cells: [0, 1] }, ['R1', 'S1', 'S2', 'F1']],
    ['two at once: a row and a column', [[0, 0], [0, 1], [1, 1], [2, 2]], [5, 7], { first: 5, second: 3, cells: [0, 1] }, ['R1', 'S1']],
    ['one', [[0, 0], [1, 0], [0, 1], [1, 1], [4, 4]], [5, 7], { first: 5, second: 6, cells: [0, 9] }, ['S1']],
    ['none', [[0, 0], [1, 0], [0, 1], [1, 1], [5, 0]], [5, 7], { first: 5, second: 6, cells: [0, 9] }, []],
  ])('%s', (_name, holes, last, placement, completes) => {
    const s = position(blank(SOLVED, holes), [[Math.min(placement.first, placement.second), Math.max(placement.first, placement.second)]], last);
    const r = playPlacement(s, placement);
    expect(r.result.kind).toBe('placed');
    expect(r.result.completes.map(houseName)).toEqual(completes);
    expect(r.result.points).toBe(10 * completes.length);
    expect(r.state.plus).toEqual([10 * completes.length, 0]);
  });

  test('a house filled with a repeated digit (an error left on the board) is not complete and scores nothing', () => {
    // r1c1 should be 5: a late-noticed 6 there fills R1, S1 and F1 with two 6s; S2 gets its 3 rightly
    const rows = blank(SOLVED, [[0, 0], [0, 1]]);
    const s = position(rows, [[3, 6]], [6, 7]);
    const r = playPlacement(s, { first: 6, second: 3, cells: [0, 1] }, { noticedLate: true });
    expect(r.result.judgement.violations).toEqual(['sudoku']);
    expect(r.result.completes.map(houseName)).toEqual(['S2']);
    expect(r.result.points).toBe(10);
  });
});

describe('passes and the end of the game', () => {
  test('a player with no domino sharing a number with the last one passes rightly', () => {
    const s = position(AFTER_49, [[1, 2], [3, 5]], [4, 9]);
    expect(playableMove(s, 0)).toBeNull();
    const p = passTurn(s);
    expect(p).toMatchObject({ legal: true, witness: null });
    expect(p.state.toMove).toBe(1);
  });
  test('a pass while a domino fits is wrong and comes back with a legal move', () => {
    const p = passTurn(position(AFTER_49, [[1, 2], [3, 4]], [4, 9]));
    expect(p.legal).toBe(false);
    expect(p.witness).toMatchObject({ first: 3, second: 4 });
    expect(judgePlacement(position(AFTER_49, [[1, 2], [3, 4]], [4, 9]), p.witness!).violations).toEqual([]);
  });
  test('a domino that shares a number but fits nowhere (Sudoku rule) is no reason not to pass', () => {
    // only r1c1 and r1c2 are free; [4/7] shares the 7 with [5/7] but the cells need 5 and 3
    const s = position(blank(SOLVED, [[0, 0], [0, 1]]), [[4, 7]], [5, 7]);
    expect(passTurn(s).legal).toBe(true);
  });
  test('the game ends when nobody can place: every player passes in turn', () => {
    const s = position(AFTER_49, [[1, 2]], [4, 9], 3);
    // seat 1 holds everything else, including [4/5], which fits
    expect(isOver(s)).toBe(false);
    // without the dominoes that share a number with [4/9], nobody can move: three passes end it
    const stuck = { ...s, holder: s.holder.map((h, id) => (h === 1 && sharesNumber(id, s.last) ? -2 : h)) as Int8Array };
    expect(isOver(stuck)).toBe(true);
    let t: DominoState = { ...s, passes: 0 };
    for (let k = 0; k < 3; k++) t = passTurn(t).state;
    expect(t.passes).toBe(3);
    expect(isOver(t)).toBe(true);
  });
  test('minus points are the pips left in hand; the highest total wins; a tie has two winners', () => {
    const s = { ...position(AFTER_49, [[1, 2], [3, 5]], [4, 9]), plus: [10, 0] };
    const sc = scores(s);
    expect(sc[0]).toEqual({ plus: 10, minus: 11, total: -1 });
    expect(sc[1]!.minus).toBe(Array.from({ length: 36 }, (_, id) => id).filter((id) => s.holder[id] === 1).reduce((a, id) => a + pips(id), 0));
    expect(winners([{ plus: 0, minus: 3, total: -3 }, { plus: 10, minus: 13, total: -3 }, { plus: 0, minus: 9, total: -9 }])).toEqual([0, 1]);
  });
});

describe('deals', () => {
  test.each([2, 3, 4])('%i players: every domino once, 36/P each, same seed same deal', (players) => {
    const deal = dealDomino(players, 'seed');
    expect(deal).toEqual(dealDomino(players, 'seed'));
    expect(deal).not.toEqual(dealDomino(players, 'other'));
    const { hands } = readDominoDeal(deal, { source: 'deal' });
    expect(hands.map((h) => h.length)).toEqual(new Array(players).fill(36 / players));
    expect(new Set(hands.flat()).size).toBe(36);
    expect(deal.public.names).toEqual(['A', 'B', 'C', 'D'].slice(0, players));
  });
  test('a deal file that deals a domino twice or misses one is refused with a pointer', () => {
    const deal = dealDomino(2, 'x');
    deal.public.hands[1]![0] = deal.public.hands[0]![0]!;
    expect(() => readDominoDeal(deal, { source: 'd.json' })).toThrow(/d\.json \/public\/hands\/1\/0: \[\d\/\d\] is listed twice/);
    deal.public.hands[1]![0] = [4, 4];
    expect(() => readDominoDeal(deal, { source: 'd.json' })).toThrow('d.json /public/hands/1/0: [4/4] is not a domino');
  });
});

describe('whole games with random legal moves', () => {
  test.each([2, 3, 4])('%i players: the board never clashes, passes are right, the game ends when nobody can move', (players) => {
    for (let game = 0; game < 6; game++) {
      const rng = new Rng('random-game', players, game);
      const hands = readDominoDeal(dealDomino(players, `g${game}`), { source: 'deal' }).hands;
      let s = newGame(hands);
      let placed = 0;
      while (!isOver(s)) {
        const moves = legalMoves(s);
        if (moves.length === 0) {
          const p = passTurn(s);
          expect(p.legal).toBe(true);
          s = p.state;
          continue;
        }
        const r = playPlacement(s, rng.pick(moves));
        expect(r.result.kind).toBe('placed');
        s = r.state;
        placed++;
      }
      expect(findClash(9, REGIONS, s.board)).toBeNull();
      expect([...s.board].filter((d) => d !== 0).length).toBe(2 * placed);
      for (let p = 0; p < players; p++) expect(playableMove(s, p)).toBeNull();
      expect(scores(s).reduce((a, x) => a + x.minus, 0)).toBe(Array.from({ length: 36 }, (_, id) => id).filter((id) => s.holder[id]! >= 0).reduce((a, id) => a + pips(id), 0));
    }
  });
});
