/**
 * The sheet's invariant over random legal play: "Die Steine im Spiel (der Beutel plus beide
 * Hände) entsprechen genau den leeren Feldern, Ziffer für Ziffer" — after every move, in every
 * variant, on boards of 4×4 to 9×9, with timeouts mixed in. Plus what must never change back:
 * owned cells, shown digits, the error counters.
 */
import { fc, test as prop } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { dealNumbridge } from '../../../src/games/numbridge/deal.ts';
import { readNumbridgeDeal } from '../../../src/games/numbridge/files.ts';
import { isJoined } from '../../../src/games/numbridge/goals.ts';
import { applyMove, legalMoves, whyIllegal, type Move } from '../../../src/games/numbridge/referee.ts';
import { HAND_SIZE, type Variant } from '../../../src/games/numbridge/room.ts';
import { invariantProblem, newGame, type GameState } from '../../../src/games/numbridge/state.ts';

const deals = new Map<string, ReturnType<typeof readNumbridgeDeal>['setup']>();
function setupFor(variant: Variant, size: number, price: 1 | 2, seed: number) {
  const key = `${variant}/${size}/${price}/${seed}`;
  let setup = deals.get(key);
  if (!setup) {
    const deal = dealNumbridge({ variant, board: variant === 'blitz' ? {} : { size }, room: { takePrice: price } }, `inv-${seed}`);
    setup = readNumbridgeDeal(deal, { source: key }).setup;
    deals.set(key, setup);
  }
  return setup;
}

const gameArb = fc.record({
  variant: fc.constantFrom<Variant>('bridge', 'blitz', 'domains'),
  size: fc.integer({ min: 4, max: 9 }),
  price: fc.constantFrom<1 | 2>(1, 2),
  seed: fc.integer({ min: 0, max: 5 }),
  // each number picks a move: mostly among the legal ones, sometimes a timeout
  choices: fc.array(fc.nat(), { minLength: 1, maxLength: 160 }),
});

function check(before: GameState, after: GameState): void {
  expect(invariantProblem(after)).toBeNull();
  const mover = before.toMove - 1;
  const hand = after.hands[mover]!;
  expect(hand.length).toBeLessThanOrEqual(HAND_SIZE);
  if (!after.result && !after.noRefill[mover] && after.bag.length > 0) expect(hand.length).toBe(HAND_SIZE);
  for (let c = 0; c < before.owner.length; c++) {
    if (before.owner[c]) expect(after.owner[c]).toBe(before.owner[c]);
    if (before.digits[c]) expect(after.digits[c]).toBe(before.digits[c]);
  }
  expect(after.mistakes[0]).toBeGreaterThanOrEqual(before.mistakes[0]);
  expect(after.mistakes[1]).toBeGreaterThanOrEqual(before.mistakes[1]);
  expect(after.ply).toBe(before.ply + 1);
}

describe('the bag invariant', () => {
  prop.prop([gameArb], { numRuns: 120 })('bag + both hands = the solution digits of the empty cells after every legal move', ({ variant, size, price, seed, choices }) => {
    let state = newGame(setupFor(variant, size, price, seed));
    expect(invariantProblem(state)).toBeNull();
    for (const choice of choices) {
      if (state.result) break;
      const legal = legalMoves(state);
      expect(legal.length).toBeGreaterThan(0);
      const move: Move = choice % 23 === 0 && legal[0]!.kind !== 'skip' ? { kind: 'timeout' } : legal[choice % legal.length]!;
      expect(whyIllegal(state, move)).toBeNull();
      const next = applyMove(state, move).state;
      check(state, next);
      state = next;
    }
    if (state.result) {
      expect(legalMoves(state)).toEqual([]);
      if (state.result.reason === 'connection') expect(isJoined(state.size, state.owner, state.result.winner!)).toBe(true);
    }
  });

  prop.prop([gameArb], { numRuns: 40 })('played to the end (three moves in four lay a right tile), every game ends with a winner', ({ variant, size, price, seed, choices }) => {
    let state = newGame(setupFor(variant, size, price, seed));
    let k = 0;
    while (!state.result) {
      const legal = legalMoves(state);
      const right = legal.filter((m) => m.kind === 'place' && state.solution[m.cell] === m.tile);
      const pool = right.length > 0 && k % 4 !== 3 ? right : legal; // every fourth move any legal move
      const next = applyMove(state, pool[choices[k++ % choices.length]! % pool.length]!).state;
      check(state, next);
      state = next;
      expect(k).toBeLessThan(5000);
    }
    expect([1, 2]).toContain(state.result.winner);
  });
});
