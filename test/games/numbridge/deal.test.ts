import { describe, expect, test } from 'vitest';
import { InputError } from '../../../src/core/errors.ts';
import { assertValid } from '../../../src/core/schema.ts';
import { dealNumbridge } from '../../../src/games/numbridge/deal.ts';
import { dealProblems, readNumbridgeDeal } from '../../../src/games/numbridge/files.ts';
import { applyMove } from '../../../src/games/numbridge/referee.ts';
import { NumbridgeDealFile, NumbridgeView } from '../../../src/games/numbridge/schema.ts';
import { invariantProblem, newGame, tilesInPlay, tilesOwed } from '../../../src/games/numbridge/state.ts';
import { candidateCells, playerView } from '../../../src/games/numbridge/view.ts';
import { NumbridgePublic } from '../../../src/numbridge-board/schema.ts';
import { game, rc, withState } from './fixture.ts';

const where = { source: 'deal.json' };

describe('dealing', () => {
  test.each<[string, Parameters<typeof dealNumbridge>[0], { size: number; givens: number; price: number; turn: number }]>([
    ['bridge: 9×9, 30 givens, a given costs a tile, 60 s a move', { variant: 'bridge' }, { size: 9, givens: 30, price: 1, turn: 60 }],
    ['blitz: 6×6 with 2×3 blocks, two tiles a given, 30 s a move', { variant: 'blitz' }, { size: 6, givens: 14, price: 2, turn: 30 }],
    ['domains: 9×9 like bridge', { variant: 'domains' }, { size: 9, givens: 30, price: 1, turn: 60 }],
    ['options override the room', { variant: 'bridge', board: { size: 8, givens: 26 }, room: { takePrice: 2, turnSeconds: 45 } }, { size: 8, givens: 26, price: 2, turn: 45 }],
  ])('%s', (_name, options, expected) => {
    const deal = dealNumbridge(options, 'club');
    assertValid(NumbridgeDealFile, deal, where);
    const pub = deal.public;
    expect(pub.size).toBe(expected.size);
    expect(pub.givens.flat().filter((d) => d !== 0)).toHaveLength(expected.givens);
    expect(pub.room.takePrice).toBe(expected.price);
    expect(pub.room.turnSeconds).toBe(expected.turn);
    if (options.variant === 'blitz') expect(pub.regions[0]).toEqual([0, 0, 0, 1, 1, 1]); // 2 rows × 3 columns
    const { setup } = readNumbridgeDeal(deal, where);
    expect(dealProblems(deal, setup)).toEqual([]);
    // one tile per empty cell, the digit of its solution; hands of three, player 1 first
    const state = newGame(setup);
    expect(tilesInPlay(state)).toEqual(tilesOwed(state));
    expect(deal.secret!.hands['1']).toHaveLength(3);
    expect(deal.secret!.hands['2']).toHaveLength(3);
    expect(pub.bagSize).toBe(expected.size ** 2 - expected.givens - 6);
    expect(deal.secret!.seed).toBe('club');
  });

  test('the same seed deals the same bytes; another seed another deal', () => {
    const a = JSON.stringify(dealNumbridge({ variant: 'domains' }, 's1'));
    expect(JSON.stringify(dealNumbridge({ variant: 'domains' }, 's1'))).toBe(a);
    expect(JSON.stringify(dealNumbridge({ variant: 'domains' }, 's2'))).not.toBe(a);
  });

  test.each<[string, Parameters<typeof dealNumbridge>[0], RegExp]>([
    ['Blitz on 9×9', { variant: 'blitz', board: { size: 9 } }, /Blitz is played on 6×6/],
    ['a price of 3 tiles', { variant: 'bridge', room: { takePrice: 3 as 1 } }, /1 or 2 tiles/],
    ['5×5 regular blocks', { variant: 'bridge', board: { size: 5, blocks: 'regular' } }, /no regular blocks/],
  ])('refused: %s', (_name, options, reason) => {
    expect(() => dealNumbridge(options, 'x')).toThrow(reason);
  });

  test('the public part is the FORMATS.md board plus the game\'s fields, and nothing secret', () => {
    const deal = dealNumbridge({ variant: 'bridge' }, 'club');
    expect(Object.keys(deal.public).sort()).toEqual([...Object.keys(NumbridgePublic.properties), 'variant', 'room', 'boardId', 'bagSize', 'handSizes'].sort());
    const text = JSON.stringify(deal.public);
    for (const secret of ['solution', 'bag"', 'hands', 'seed', 'proof']) expect(text).not.toContain(secret);
  });
  test('a practice deal (a technique, no givens) has any number of givens, as generate makes it: full houses alone, at least 56 on 9×9', () => {
    const deal = dealNumbridge({ variant: 'bridge', board: { technique: 'full-house' } }, 'club');
    assertValid(NumbridgeDealFile, deal, where);
    expect(deal.secret!.request?.givens).toBeUndefined();
    expect(deal.public.givens.flat().filter((d) => d !== 0).length).toBeGreaterThanOrEqual(56);
  });
});

describe('reading deals', () => {
  const deal = () => structuredClone(dealNumbridge({ variant: 'blitz' }, 'club'));
  const d_bag = deal().secret!.bag.length;

  test.each<[string, (d: ReturnType<typeof deal>) => void, string]>([
    ['a row too short', (d) => d.public.givens[2]!.pop(), 'deal.json /public/givens/2: has 5 entries, expected 6'],
    ['a given beyond N', (d) => (d.public.givens[0]![0] = 9), 'deal.json /public/givens/0/0: digit 9 exceeds size 6'],
    ['clashing givens', (d) => ((d.public.givens[0]![0] = 1), (d.public.givens[0]![1] = 1)), 'deal.json /public/givens/0/1: givens clash: 1 at r1c1 and r1c2 share a row'],
    ['a bag tile beyond N', (d) => d.secret!.bag.push(7), `deal.json /secret/bag/${d_bag}: digit 7 exceeds size 6`],
    ['a room price of 3', (d) => (d.public.room.takePrice = 3 as 1), 'deal.json /public/room/takePrice: must be one of 1, 2'],
    ['no secret part', (d) => delete d.secret, 'deal.json /secret: the deal has no secret part'],
  ])('%s: an InputError with a pointer', (_name, spoil, message) => {
    const d = deal();
    spoil(d);
    expect(() => readNumbridgeDeal(d, where)).toThrow(InputError);
    expect(() => readNumbridgeDeal(d, where)).toThrow(message);
  });

  test('a bag that does not match the empty cells is a rule problem, named by digit', () => {
    const d = deal();
    const bag = d.secret!.bag;
    bag[0] = bag[0] === 1 ? 2 : 1;
    const { setup } = readNumbridgeDeal(d, where);
    expect(dealProblems(d, setup).join('; ')).toMatch(/the bag and hands are not one tile per empty cell: \d tiles? of \d in bag and hands, but \d empty cells? needs? a \d/);
  });
});

describe('what a player sees', () => {
  test('its own hand, the other hand and the bag only as counts, never the solution or the seed', () => {
    const deal = dealNumbridge({ variant: 'domains' }, 'club');
    const state = newGame(readNumbridgeDeal(deal, where).setup);
    const view = playerView(state, 1);
    assertValid(NumbridgeView, view, where);
    expect(view.hand).toEqual(deal.secret!.hands['1']);
    expect(view.handSizes).toEqual({ '1': 3, '2': 3 });
    expect(view.bagSize).toBe(deal.secret!.bag.length);
    expect(view.digits).toEqual(deal.public.givens);
    expect(view.blocks).toEqual(new Array(9).fill(0));
    const text = JSON.stringify(view);
    for (const secret of ['solution', '"bag"', 'seed']) expect(text).not.toContain(secret);
  });

  test('the view does not change when the secrets do: the bag order and the other player\'s tiles', () => {
    const s = game();
    const a = playerView(s, 1);
    const shuffled = withState(s, { bag: [4, 4, 3, 2, 3, 1] });
    expect(playerView(shuffled, 1)).toEqual(a);
    const exchanged = withState(s, { hands: [[2, 3, 4], [1, 2, 3]], bag: [3, 4, 4, 1, 3, 4] }); // same multiset in play
    expect(invariantProblem(exchanged)).toBeNull();
    expect(playerView(exchanged, 1)).toEqual(a);
    expect(playerView(exchanged, 2)).not.toEqual(playerView(s, 2));
  });

  test('a mistake is public: both players see the cell and the digit that did not fit', () => {
    const s = applyMove(game(), { kind: 'place', tile: 3, cell: rc(1, 2) }).state;
    for (const p of [1, 2] as const) expect(playerView(s, p).marks).toEqual([{ player: 1, cell: [0, 1], digit: 3, ply: 1 }]);
    expect(playerView(s, 2).mistakes).toEqual({ '1': 1, '2': 0 });
    expect(playerView(s, 2).digits[0]![1]).toBe(0);
  });

  test('candidate highlighting: the empty cells where the digit obeys the Sudoku rule on the visible board, if the room allows it', () => {
    const view = playerView(game(), 1);
    // 2 is shown at r2c4 and r4c3: rows 2 and 4, columns 3 and 4, blocks 1 and 3 are out
    expect(candidateCells(view, 2)).toEqual([rc(1, 2), rc(3, 1)]);
    expect(candidateCells({ ...view, room: { ...view.room, candidateHighlighting: false } }, 2)).toBeNull();
  });
});
