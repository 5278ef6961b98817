/**
 * A hand-built 4×4 Numbridge game for rule tests: every tile, hand and bag chosen by the test.
 *
 *   solution        givens (·= empty)     regions (2×2 blocks)
 *   1 2 3 4         1 · · ·               0 0 1 1
 *   3 4 1 2         · · · 2               0 0 1 1
 *   2 1 4 3         · 1 · ·               2 2 3 3
 *   4 3 2 1         · · 2 ·               2 2 3 3
 *
 * The 12 empty cells need 1 1 2 2 3 3 3 3 4 4 4 4 (their solution digits).
 */
import { ROOM_DEFAULTS, type RoomSettings, type Variant } from '../../../src/games/numbridge/room.ts';
import type { NumbridgeRecordFile } from '../../../src/games/numbridge/schema.ts';
import { newGame, type GameSetup, type GameState } from '../../../src/games/numbridge/state.ts';
import { regularRegions } from '../../../src/sudoku/regions.ts';
import type { Digit } from '../../../src/sudoku/types.ts';

export const SOLUTION = Uint8Array.from([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
export const GIVENS = Uint8Array.from([1, 0, 0, 0, 0, 0, 0, 2, 0, 1, 0, 0, 0, 0, 2, 0]);
/** Cell r·4 + c from 1-based (row, column), as the tables read. */
export const rc = (r: number, c: number) => (r - 1) * 4 + (c - 1);

export interface FixtureOptions {
  variant?: Variant;
  room?: Partial<RoomSettings>;
  hands?: [Digit[], Digit[]];
  bag?: Digit[];
}

/** The game's setup: by default player 1 holds 2 3 4, player 2 holds 3 4 1, the bag 1 2 3 3 4 4. */
export function setup(options: FixtureOptions = {}): GameSetup {
  const variant = options.variant ?? 'bridge';
  return {
    variant,
    room: { ...ROOM_DEFAULTS[variant], ...options.room },
    seed: 'fixture',
    size: 4,
    regions: regularRegions(4),
    givens: GIVENS,
    solution: SOLUTION,
    hands: options.hands ?? [[2, 3, 4], [3, 4, 1]],
    bag: options.bag ?? [1, 2, 3, 3, 4, 4],
  };
}

export function game(options: FixtureOptions = {}): GameState {
  return newGame(setup(options));
}

/** The same state with some fields replaced (for positions the rules reach only late in a game). */
export function withState(state: GameState, changes: Partial<GameState>): GameState {
  return { ...state, ...changes };
}

export const sorted = (tiles: readonly Digit[]) => [...tiles].sort((a, b) => a - b);

/**
 * A copy of a record whose deal has two solutions (or more): the givens of its first three rows
 * go back into the bag (one tile per empty cell), which leaves too little to fix the board.
 */
export function withTopRowsInBag(record: NumbridgeRecordFile): NumbridgeRecordFile {
  const copy = structuredClone(record);
  const { public: pub, secret } = copy.public.deal;
  pub.givens.forEach((row, r) => row.forEach((d, c) => {
    if (d !== 0 && r < 3) {
      secret.bag.push(d);
      row[c] = 0;
    }
  }));
  pub.bagSize = secret.bag.length;
  return copy;
}
