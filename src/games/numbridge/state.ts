/**
 * The state of a Numbridge game as the referee (the server) holds it. Immutable: every move
 * returns a new state. Cells are r·N + c; players are 1 and 2, stored at index player − 1.
 *
 *   digits    Grid      what the board shows: givens and tiles laid right, 0 = empty cell
 *   owner     N·N bytes 0 nobody, 1, 2 — a cell is owned once laid right or taken (a given)
 *   ownedAt   N·N u32   the ply that owned the cell, 0 = not owned (Domains' tie-breaks read it)
 *   bag       digits in draw order (next draw first), secret
 *   hands     [player 1's tiles, player 2's tiles], each secret from the other player
 *
 * The sheet's invariant: bag + both hands = the solution digits of the empty cells, digit for
 * digit ("Die Steine im Spiel … entsprechen genau den leeren Feldern, Ziffer für Ziffer").
 */
import type { Cell, Digit, Grid, Regions } from '../../sudoku/types.ts';
import { OPENING_MOVES, type Player, type RoomSettings, type Variant } from './room.ts';
import type { GameResult } from './schema.ts';

/** A public mistake: the red mark both players see, with the digit that did not fit. */
export interface MistakeMark {
  readonly player: Player;
  readonly cell: Cell;
  readonly digit: Digit;
  readonly ply: number;
}

/** Everything a game starts from (a deal, read). */
export interface GameSetup {
  readonly variant: Variant;
  readonly room: RoomSettings;
  /** The deal's seed: the game's own random choices (shuffles, the second price tile) come from it. */
  readonly seed: string;
  readonly size: number;
  readonly regions: Regions;
  readonly givens: Grid;
  readonly solution: Grid;
  readonly bag: readonly Digit[];
  readonly hands: readonly [readonly Digit[], readonly Digit[]];
}

/** A game in progress: its setup (with `bag` and `hands` as they are now) and what play has done. */
export interface GameState extends GameSetup {
  /** Placed digits (givens and correctly laid tiles); `solution` stays secret: only the referee compares tiles with it. */
  readonly digits: Grid;
  readonly owner: Uint8Array;
  readonly ownedAt: Uint32Array;
  readonly toMove: Player;
  /** Moves left in the current turn (1 per turn; Domains: a pair, player 1's first turn: 1). */
  readonly movesLeft: number;
  /** Per player: after a two-tile take the hand is refilled only at the end of the next move. */
  readonly noRefill: readonly [boolean, boolean];
  /** The error counters: wrong tiles and lapsed moves ("Fehlerzähler … nie zurückgesetzt"). */
  readonly mistakes: readonly [number, number];
  /** Lapsed moves (turn limit), a part of `mistakes`. */
  readonly timeouts: readonly [number, number];
  /** Per player: turns lapsed in a row since that player's last own move (skips do not count or reset). */
  readonly lapseStreak: readonly [number, number];
  /** Milliseconds of game time left per player. */
  readonly timeLeft: readonly [number, number];
  readonly marks: readonly MistakeMark[];
  /** Moves made so far (skips and lapsed moves included). */
  readonly ply: number;
  readonly result: GameResult | null;
}

export function other(player: Player): Player {
  return player === 1 ? 2 : 1;
}

/** The game at its start: player 1 to move, one move in the opening turn, full clocks. */
export function newGame(setup: GameSetup): GameState {
  const cells = setup.size * setup.size;
  const ms = setup.room.gameSeconds * 1000;
  return {
    variant: setup.variant,
    room: setup.room,
    seed: setup.seed,
    size: setup.size,
    regions: setup.regions,
    givens: setup.givens,
    solution: setup.solution,
    digits: Uint8Array.from(setup.givens),
    owner: new Uint8Array(cells),
    ownedAt: new Uint32Array(cells),
    bag: [...setup.bag],
    hands: [[...setup.hands[0]], [...setup.hands[1]]],
    toMove: 1,
    movesLeft: OPENING_MOVES,
    noRefill: [false, false],
    mistakes: [0, 0],
    timeouts: [0, 0],
    lapseStreak: [0, 0],
    timeLeft: [ms, ms],
    marks: [],
    ply: 0,
    result: null,
  };
}

/** Counts of each digit (index 1..9) among the tiles in play: bag and both hands. */
export function tilesInPlay(state: Pick<GameState, 'bag' | 'hands'>): number[] {
  const counts = new Array<number>(10).fill(0);
  for (const d of state.bag) counts[d]!++;
  for (const hand of state.hands) for (const d of hand) counts[d]!++;
  return counts;
}

/** Counts of each digit (index 1..9) that the empty cells still need: their solution digits. */
export function tilesOwed(state: Pick<GameState, 'digits' | 'solution'>): number[] {
  const counts = new Array<number>(10).fill(0);
  for (let c = 0; c < state.digits.length; c++) if (state.digits[c] === 0) counts[state.solution[c]!]!++;
  return counts;
}

/** The sheet's invariant, or the first digit that breaks it. */
export function invariantProblem(state: Pick<GameState, 'bag' | 'hands' | 'digits' | 'solution'>): string | null {
  const have = tilesInPlay(state);
  const owed = tilesOwed(state);
  for (let d = 1; d <= 9; d++) {
    if (have[d] !== owed[d]) return `${have[d]} tile${have[d] === 1 ? '' : 's'} of ${d} in bag and hands, but ${owed[d]} empty cell${owed[d] === 1 ? '' : 's'} need${owed[d] === 1 ? 's' : ''} a ${d}`;
  }
  return null;
}

/** Givens nobody has taken yet ("freie Vorgaben"). */
export function freeGivens(state: Pick<GameState, 'givens' | 'owner'>): Cell[] {
  const out: Cell[] = [];
  for (let c = 0; c < state.givens.length; c++) if (state.givens[c] !== 0 && state.owner[c] === 0) out.push(c);
  return out;
}

export function hasFreeGiven(state: Pick<GameState, 'givens' | 'owner'>): boolean {
  for (let c = 0; c < state.givens.length; c++) if (state.givens[c] !== 0 && state.owner[c] === 0) return true;
  return false;
}
