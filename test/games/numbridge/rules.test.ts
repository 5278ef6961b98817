/**
 * Every rule of the sheet (seeds/004_e2d34dfa6af5e05d.txt), one table row or test each, on the
 * hand-built 4×4 game of fixture.ts. The German line each rule comes from is quoted.
 */
import { describe, expect, test } from 'vitest';
import { agreeDraw, applyMove, IllegalMoveError, legalMoves, mustSkip, resign, whyIllegal, type Move } from '../../../src/games/numbridge/referee.ts';
import { invariantProblem, type GameState } from '../../../src/games/numbridge/state.ts';
import { game, rc, sorted, withState } from './fixture.ts';

const play = (state: GameState, move: Move, used?: number) => applyMove(state, move, used);
const hand = (s: GameState, p: 1 | 2) => s.hands[p - 1]!;
/** An empty cell where `tile` is wrong (r1c2 is a 2, r1c3 a 3). */
const wrongCellFor = (tile: number) => (tile === 2 ? rc(1, 3) : rc(1, 2));

describe('placing a tile ("Einen Stein auf ein leeres Feld legen")', () => {
  test('right: the cell is owned, the digit stays, the tile leaves the game, the hand is refilled from the front of the bag', () => {
    const s = game();
    const { state, outcome } = play(s, { kind: 'place', tile: 2, cell: rc(1, 2) });
    expect(outcome.right).toBe(true);
    expect(state.owner[rc(1, 2)]).toBe(1);
    expect(state.digits[rc(1, 2)]).toBe(2);
    expect(hand(state, 1)).toEqual([3, 4, 1]); // the 2 is gone, the bag's first tile (1) drawn
    expect(state.bag).toEqual([2, 3, 3, 4, 4]);
    expect(outcome.drawn).toEqual([1]);
    expect(state.mistakes).toEqual([0, 0]);
    expect(invariantProblem(state)).toBeNull();
  });

  test('wrong: the cell stays empty, the tile goes back to the bag, the mistake is counted and public, the hand is still refilled ("kostet Sie Tempo, keine Steine")', () => {
    const s = game();
    const { state, outcome } = play(s, { kind: 'place', tile: 3, cell: rc(1, 2) }); // r1c2 is a 2
    expect(outcome.right).toBe(false);
    expect(state.owner[rc(1, 2)]).toBe(0);
    expect(state.digits[rc(1, 2)]).toBe(0);
    expect(state.mistakes).toEqual([1, 0]);
    expect(state.marks).toEqual([{ player: 1, cell: rc(1, 2), digit: 3, ply: 1 }]);
    expect(hand(state, 1)).toHaveLength(3);
    expect(state.bag).toHaveLength(6); // 6 + the wrong tile − the refill
    expect(sorted([...state.bag, ...hand(state, 1)])).toEqual(sorted([1, 2, 3, 3, 4, 4, 2, 3, 4]));
    expect(invariantProblem(state)).toBeNull();
  });

  test('the error counter is never reset', () => {
    let s = game();
    s = play(s, { kind: 'place', tile: 3, cell: rc(1, 2) }).state; // P1 wrong
    s = play(s, { kind: 'place', tile: 4, cell: rc(2, 2) }).state; // P2 right
    const t = hand(s, 1).find((d) => d !== 4)!;
    s = play(s, { kind: 'place', tile: t, cell: rc(4, 1) }).state; // r4c1 is a 4: P1 wrong again
    expect(s.mistakes).toEqual([2, 0]);
    expect(s.marks.map((m) => m.player)).toEqual([1, 1]);
  });

  test.each<[string, Move, string]>([
    ['a tile the player does not hold', { kind: 'place', tile: 1, cell: rc(1, 2) }, 'not-in-hand'],
    ['a given\'s cell', { kind: 'place', tile: 2, cell: rc(2, 4) }, 'cell-not-empty'],
    ['a cell off the board', { kind: 'place', tile: 2, cell: 16 }, 'no-such-cell'],
  ])('illegal: %s', (_name, move, code) => {
    const s = game();
    expect(whyIllegal(s, move)?.code).toBe(code);
    expect(() => play(s, move)).toThrow(IllegalMoveError);
  });

  test('a cell laid right is not empty any more', () => {
    const s = play(game(), { kind: 'place', tile: 2, cell: rc(1, 2) }).state;
    expect(whyIllegal(withState(s, { hands: [[2], [2, 3, 4]] }), { kind: 'place', tile: 2, cell: rc(1, 2) })?.code).toBe('cell-not-empty');
  });
});

describe('taking a given ("Eine Vorgabe nehmen und dafür einen Stein abgeben")', () => {
  test('price 1: the cell is owned, the chosen tile goes into the bag, the hand is refilled', () => {
    const { state, outcome } = play(game(), { kind: 'take', cell: rc(2, 4), tile: 3 });
    expect(state.owner[rc(2, 4)]).toBe(1);
    expect(state.digits[rc(2, 4)]).toBe(2); // the given stays what it was
    expect(outcome.paid).toEqual([3]);
    expect(hand(state, 1)).toHaveLength(3);
    expect(state.noRefill).toEqual([false, false]);
    expect(invariantProblem(state)).toBeNull();
  });

  test('price 2 ("den zweiten nimmt das Spiel selbst"): the chosen tile and one the game takes; no refill until the end of the next move', () => {
    let s = game({ room: { takePrice: 2 } });
    const { state, outcome } = play(s, { kind: 'take', cell: rc(2, 4), tile: 3 });
    expect(outcome.paid).toHaveLength(2);
    expect(outcome.paid[0]).toBe(3);
    expect([2, 4]).toContain(outcome.paid[1]);
    expect(hand(state, 1)).toHaveLength(1);
    expect(outcome.drawn).toEqual([]);
    expect(state.noRefill).toEqual([true, false]);
    expect(state.bag).toHaveLength(8);
    expect(invariantProblem(state)).toBeNull();
    // player 2 moves; player 1's next move is made with the one tile left, then the hand is refilled
    s = play(state, { kind: 'swap' }).state;
    expect(hand(s, 1)).toHaveLength(1);
    const last = hand(s, 1)[0]!;
    const after = play(s, { kind: 'place', tile: last, cell: [rc(1, 2), rc(1, 3), rc(1, 4)][last - 2]! });
    expect(after.outcome.right).toBe(true);
    expect(hand(after.state, 1)).toHaveLength(3);
    expect(after.state.noRefill).toEqual([false, false]);
  });

  test('the second tile is the game\'s seeded choice: the same game takes the same tile', () => {
    const a = play(game({ room: { takePrice: 2 } }), { kind: 'take', cell: rc(2, 4), tile: 3 }).outcome.paid;
    const b = play(game({ room: { takePrice: 2 } }), { kind: 'take', cell: rc(2, 4), tile: 3 }).outcome.paid;
    expect(a).toEqual(b);
  });

  test('price 2 with two tiles: both are paid, and the next move (an empty hand) takes for free', () => {
    let s = withState(game({ room: { takePrice: 2 }, hands: [[2, 3], [3, 4, 1]], bag: [1, 2, 3, 3, 4, 4, 4] }), {});
    s = play(s, { kind: 'take', cell: rc(2, 4), tile: 2 }).state;
    expect(hand(s, 1)).toEqual([]);
    s = play(s, { kind: 'place', tile: 4, cell: rc(2, 2) }).state; // player 2
    expect(legalMoves(s).filter((m) => m.kind === 'take')).toEqual([{ kind: 'take', cell: rc(1, 1) }, { kind: 'take', cell: rc(3, 2) }, { kind: 'take', cell: rc(4, 3) }]);
    const free = play(s, { kind: 'take', cell: rc(3, 2) });
    expect(free.outcome.paid).toEqual([]);
    expect(hand(free.state, 1)).toHaveLength(3); // a free take costs nothing: refilled at its end
  });

  test.each<[string, Parameters<typeof game>[0], Move, string | null]>([
    ['price 2 with one tile: no half payment ("eine halbe Bezahlung gibt es nicht")', { room: { takePrice: 2 }, hands: [[2], [3, 4, 1]], bag: [1, 2, 3, 3, 3, 4, 4, 4] }, { kind: 'take', cell: rc(2, 4), tile: 2 }, 'half-payment'],
    ['price 1 with one tile: fine', { hands: [[2], [3, 4, 1]], bag: [1, 2, 3, 3, 3, 4, 4, 4] }, { kind: 'take', cell: rc(2, 4), tile: 2 }, null],
    ['no tiles at all: free at any price ("ist das Nehmen zu jedem Preis kostenlos")', { room: { takePrice: 2 }, hands: [[], [3, 4, 1]], bag: [1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 4] }, { kind: 'take', cell: rc(2, 4) }, null],
    ['no tiles, yet a tile named', { hands: [[], [3, 4, 1]], bag: [1, 1, 2, 2, 3, 3, 3, 4, 4, 4, 4] }, { kind: 'take', cell: rc(2, 4), tile: 2 }, 'nothing-to-pay'],
    ['tiles in hand, none named', {}, { kind: 'take', cell: rc(2, 4) }, 'no-payment'],
    ['paying with a tile not in hand', {}, { kind: 'take', cell: rc(2, 4), tile: 1 }, 'not-in-hand'],
    ['a cell that is no given', {}, { kind: 'take', cell: rc(1, 2), tile: 2 }, 'not-a-free-given'],
  ])('%s', (_name, options, move, code) => {
    expect(whyIllegal(game(options), move)?.code ?? null).toBe(code);
  });

  test('a given taken by one player is no longer free', () => {
    const s = play(game(), { kind: 'take', cell: rc(2, 4), tile: 3 }).state;
    expect(whyIllegal(s, { kind: 'take', cell: rc(2, 4), tile: 4 })).toEqual({ code: 'not-a-free-given', reason: 'the given on r2c4 was taken by player 1' });
  });
});

describe('swapping the hand ("Die ganze Hand tauschen")', () => {
  test('the hand goes into the bag, the bag is shuffled, a new hand of three is drawn', () => {
    const { state, outcome } = play(game(), { kind: 'swap' });
    expect(outcome.returned).toEqual([2, 3, 4]);
    expect(outcome.drawn).toEqual(hand(state, 1));
    expect(hand(state, 1)).toHaveLength(3);
    expect(sorted([...state.bag, ...hand(state, 1)])).toEqual([1, 2, 2, 3, 3, 3, 4, 4, 4]);
    expect(invariantProblem(state)).toBeNull();
  });

  test.each<[string, Parameters<typeof game>[0], string]>([
    ['an empty bag ("Ist der Beutel leer, gibt es nichts zum Eintauschen")', { hands: [[2, 3, 4], [3, 4, 1, 1, 2, 3, 3, 4, 4].slice(0, 3)], bag: [] }, 'empty-bag'],
    ['an empty hand', { hands: [[], [3, 4, 1]], bag: [1, 2, 2, 3, 3, 3, 4, 4, 4] }, 'empty-hand'],
  ])('impossible with %s', (_name, options, code) => {
    expect(whyIllegal(game(options), { kind: 'swap' })?.code).toBe(code);
  });
});

describe('refilling ("Nach einem Zug wird die Hand auf drei aufgefüllt")', () => {
  test.each<[string, number, number]>([
    ['a full bag refills to three', 6, 3],
    ['one tile in the bag refills to two', 1, 2],
    ['an empty bag does not refill ("Aus einem leeren Beutel lässt sich nichts ziehen")', 0, 1],
  ])('%s', (_name, bagTiles, handAfter) => {
    const bag = [1, 2, 3, 3, 4, 4].slice(0, bagTiles);
    const s = withState(game(), { bag, hands: [[2, 3], [3, 4, 1]] });
    const { state } = play(s, { kind: 'place', tile: 2, cell: rc(1, 2) });
    expect(hand(state, 1)).toHaveLength(handAfter);
  });

  test('after a two-tile take the refill waits for the end of the next move, even when that move is a mistake', () => {
    let s = game({ room: { takePrice: 2 } });
    s = play(s, { kind: 'take', cell: rc(2, 4), tile: 3 }).state;
    s = play(s, { kind: 'swap' }).state;
    const t = hand(s, 1)[0]!;
    const wrongCell = [rc(1, 3), rc(1, 4), rc(1, 2)][t - 2]!; // 2→r1c3 (a 3), 3→r1c4 (a 4), 4→r1c2 (a 2)
    const { state, outcome } = play(s, { kind: 'place', tile: t, cell: wrongCell });
    expect(outcome.right).toBe(false);
    expect(hand(state, 1)).toHaveLength(3);
  });
});

describe('nothing to play ("ein solcher Zug wird automatisch übersprungen")', () => {
  const stuck = (variant: 'bridge' | 'domains') => {
    // every given taken, player 1's hand and the bag empty: player 1 has nothing to play
    const s = game({ variant, hands: [[], [3, 4, 1]], bag: [] });
    const owner = Uint8Array.from(s.owner);
    for (const c of [rc(1, 1), rc(2, 4), rc(3, 2), rc(4, 3)]) owner[c] = 2;
    return withState(s, { owner });
  };

  test('skip is then the only move, and the other player is to move', () => {
    const s = stuck('bridge');
    expect(mustSkip(s)).toBe(true);
    expect(legalMoves(s)).toEqual([{ kind: 'skip' }]);
    const { state } = play(s, { kind: 'skip' });
    expect(state.toMove).toBe(2);
    expect(state.mistakes).toEqual([0, 0]);
  });

  test('in Domains the whole move pair is skipped ("wird das ganze Zugpaar übersprungen")', () => {
    const s = withState(stuck('domains'), { movesLeft: 2 });
    const { state } = play(s, { kind: 'skip' });
    expect(state.toMove).toBe(2);
    expect(state.movesLeft).toBe(2);
  });

  test.each<[string, Parameters<typeof game>[0]]>([
    ['while holding tiles', {}],
    ['with an empty hand while a free given can be taken', { hands: [[], [3, 4, 1]], bag: [1, 2, 2, 3, 3, 3, 4, 4, 4] }],
  ])('a skip is refused %s', (_name, options) => {
    expect(whyIllegal(game(options), { kind: 'skip' })?.code).toBe('not-stuck');
  });

  test('an empty hand with tiles in the bag (after a two-tile take) and no free given: skipped, and refilled at the end of the skip', () => {
    const s = stuck('bridge');
    const t = withState(s, { bag: [1, 2, 2, 3, 3, 3, 4, 4, 4], hands: [[], [3, 4, 1]] });
    expect(mustSkip(t)).toBe(true);
    const { state, outcome } = play(t, { kind: 'skip' });
    expect(outcome.drawn).toEqual([1, 2, 2]);
    expect(hand(state, 1)).toEqual([1, 2, 2]);
  });
});

describe('the turn limit ("Läuft Ihre Zeit ab, verfällt der Zug genau wie nach einem Fehler")', () => {
  test('a timeout lapses the move, counts as a mistake and as a timeout, and the turn passes', () => {
    const { state, outcome } = play(game(), { kind: 'timeout' });
    expect(outcome.used).toBe(60_000);
    expect(state.mistakes).toEqual([1, 0]);
    expect(state.timeouts).toEqual([1, 0]);
    expect(state.toMove).toBe(2);
    expect(state.timeLeft).toEqual([1_800_000 - 60_000, 1_800_000]);
    expect(state.marks).toEqual([]); // no tile, no red mark
  });

  test('a timeout ends the move after a two-tile take: the hand is refilled', () => {
    let s = game({ room: { takePrice: 2 } });
    s = play(s, { kind: 'take', cell: rc(2, 4), tile: 3 }).state;
    s = play(s, { kind: 'swap' }).state;
    const { state } = play(s, { kind: 'timeout' });
    expect(hand(state, 1)).toHaveLength(3);
  });

  test('a move that took longer than the turn limit is refused (it lapsed)', () => {
    expect(whyIllegal(game(), { kind: 'place', tile: 2, cell: rc(1, 2) }, 60_001)?.code).toBe('over-turn-limit');
    expect(whyIllegal(game(), { kind: 'place', tile: 2, cell: rc(1, 2) }, 60_000)).toBeNull();
  });

  test('the game time: a move that uses up the player\'s game time loses the game, and is not made', () => {
    const s = withState(game(), { timeLeft: [5_000, 1_800_000] });
    const { state, outcome } = play(s, { kind: 'place', tile: 2, cell: rc(1, 2) }, 5_000);
    expect(outcome.timeUp).toBe(true);
    expect(state.result).toEqual({ winner: 2, reason: 'time' });
    expect(state.owner[rc(1, 2)]).toBe(0);
    expect(state.timeLeft[0]).toBe(0);
  });
});

describe('turns', () => {
  test('bridge: one move each, player 1 first', () => {
    let s = game();
    const order: number[] = [];
    for (let k = 0; k < 4; k++) {
      order.push(s.toMove);
      s = play(s, { kind: 'timeout' }).state;
    }
    expect(order).toEqual([1, 2, 1, 2]);
  });

  test('domains: move pairs, player 1 opening with a single move (1, 2 2, 1 1, 2 2)', () => {
    let s = game({ variant: 'domains' });
    const order: number[] = [];
    for (let k = 0; k < 7; k++) {
      order.push(s.toMove);
      s = play(s, { kind: 'swap' }).state;
    }
    expect(order).toEqual([1, 2, 2, 1, 1, 2, 2]);
  });

  test.each<[string, (s: GameState) => Move, 1 | 2, number]>([
    ['a mistake spends one move of the pair ("Ihr Zug verfällt")', (s) => ({ kind: 'place', tile: hand(s, 2)[0]!, cell: wrongCellFor(hand(s, 2)[0]!) }), 2, 1],
    ['a lapse ends the pair ("verfällt der Zug …, und der Gegner ist am Zug")', () => ({ kind: 'timeout' }), 1, 2],
    ['a swap spends one move of the pair', () => ({ kind: 'swap' }), 2, 1],
  ])('domains, the first move of a pair: %s', (_name, move, toMove, movesLeft) => {
    const s = play(game({ variant: 'domains' }), { kind: 'swap' }).state; // player 1's opening move
    expect([s.toMove, s.movesLeft]).toEqual([2, 2]);
    const { state } = play(s, move(s));
    expect([state.toMove, state.movesLeft]).toEqual([toMove, movesLeft]);
  });

  test('a resignation ends the game for the other player; a draw needs both players; nothing is played after the end', () => {
    expect(resign(game(), 1).result).toEqual({ winner: 2, reason: 'resignation' });
    expect(resign(game(), 2).result).toEqual({ winner: 1, reason: 'resignation' });
    const drawn = agreeDraw(game());
    expect(drawn.result).toEqual({ winner: null, reason: 'agreement' });
    expect(legalMoves(drawn)).toEqual([]);
    expect(whyIllegal(drawn, { kind: 'swap' })?.code).toBe('game-over');
  });
});

describe('legal moves', () => {
  test('every place of every distinct tile on every empty cell, every free given for every tile, and the swap', () => {
    const moves = legalMoves(game({ hands: [[2, 2, 4], [3, 4, 1]], bag: [1, 1, 3, 3, 3, 3, 4, 4] }));
    expect(moves.filter((m) => m.kind === 'place')).toHaveLength(2 * 12);
    expect(moves.filter((m) => m.kind === 'take')).toHaveLength(2 * 4);
    expect(moves.filter((m) => m.kind === 'swap')).toHaveLength(1);
    for (const m of moves) expect(whyIllegal(game({ hands: [[2, 2, 4], [3, 4, 1]], bag: [1, 1, 3, 3, 3, 3, 4, 4] }), m)).toBeNull();
  });
});
