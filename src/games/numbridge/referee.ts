/**
 * The referee: which moves the player to move may make, and what a move does. Pure functions
 * over GameState; every random choice (a shuffle of the bag, the tile the game takes as the
 * second half of a two-tile price) comes from the game's seed and the move's ply, so replaying a
 * game's moves gives the same game.
 *
 * A move (the sheet's "Der Zug"), then the end of the move:
 *
 *   place    a tile on an empty cell: right → the cell is owned, the tile leaves the game;
 *            wrong → the tile goes back to the bag, the cell stays empty, a public mistake
 *   take     a free given, paying the room's price into the bag: the chosen tile, and for a
 *            two-tile price one more that the game takes at random; no refill until the end of
 *            the next move. With one tile and a two-tile price: illegal. With no tile: free.
 *   swap     the whole hand into the bag, the bag shuffled, a new hand drawn (not from an
 *            empty bag, not with an empty hand)
 *   skip     only when there is nothing to play (no tile, no free given); in Domains it skips
 *            the rest of the move pair. The server makes it automatically.
 *   timeout  the turn limit ran out: the move lapses like a mistake (counted, hand refilled),
 *            and the opponent is to move (in Domains: the rest of the move pair lapses too)
 *
 *   end      refill the hand to three while the bag has tiles (not after a two-tile take);
 *            the goal is checked; the turn passes when its moves are used up.
 *
 * Whenever tiles go into the bag it is shuffled, so no one can tell when a returned tile comes
 * out again. A move whose time uses up the player's game time loses the game instead.
 */
import { Rng } from '../../core/rng.ts';
import { cellName } from '../../sudoku/check.ts';
import type { Cell, Digit } from '../../sudoku/types.ts';
import { boardResult } from './goals.ts';
import { HAND_SIZE, movesPerTurn, type Player } from './room.ts';
import type { GameResult } from './schema.ts';
import { hasFreeGiven, other, type GameState, type MistakeMark } from './state.ts';

export type Move =
  | { readonly kind: 'place'; readonly tile: Digit; readonly cell: Cell }
  /** `tile`: the tile the player pays with (the first, for a two-tile price); absent when the hand is empty. */
  | { readonly kind: 'take'; readonly cell: Cell; readonly tile?: Digit }
  | { readonly kind: 'swap' }
  | { readonly kind: 'skip' }
  | { readonly kind: 'timeout' };

export type MoveKind = Move['kind'];

/** Why a move may not be made. */
export type IllegalCode =
  | 'game-over'
  | 'no-such-cell'
  | 'not-in-hand'
  | 'cell-not-empty'
  | 'not-a-free-given'
  | 'half-payment'
  | 'no-payment'
  | 'nothing-to-pay'
  | 'empty-bag'
  | 'empty-hand'
  | 'not-stuck'
  | 'must-skip'
  | 'over-turn-limit'
  | 'bad-clock';

export interface Illegal {
  code: IllegalCode;
  reason: string;
}

export class IllegalMoveError extends RangeError {
  override readonly name = 'IllegalMoveError';
  constructor(readonly illegal: Illegal) {
    super(illegal.reason);
  }
}

/** What a move did: everything a record entry and a view need. */
export interface Outcome {
  readonly ply: number;
  readonly player: Player;
  readonly move: Move;
  /** place: was the tile right? */
  readonly right: boolean;
  /** take: the tiles paid, the chosen one first (empty for a free take). */
  readonly paid: readonly Digit[];
  /** swap: the hand given back. */
  readonly returned: readonly Digit[];
  /** Tiles drawn at the end of the move (the refill, or a swap's new hand), in draw order. */
  readonly drawn: readonly Digit[];
  readonly used: number;
  /** The mover's game time left after the move (ms). */
  readonly left: number;
  /** The mover's game time ran out: the game is lost and the move was not made. */
  readonly timeUp: boolean;
  /** The game ended with this move. */
  readonly result: GameResult | null;
}

const turnMs = (state: GameState) => state.room.turnSeconds * 1000;

/** Is the player to move stuck (no tile, no free given)? Then a skip is its only move. */
export function mustSkip(state: GameState): boolean {
  return state.result === null && state.hands[state.toMove - 1]!.length === 0 && !hasFreeGiven(state);
}

/**
 * Every move the player to move may choose (timeouts are not chosen). A place or take move
 * appears once per distinct digit in the hand. When nothing else is possible: [skip].
 */
export function legalMoves(state: GameState): Move[] {
  if (state.result) return [];
  const hand = state.hands[state.toMove - 1]!;
  const tiles = [...new Set(hand)].sort((a, b) => a - b);
  const moves: Move[] = [];
  for (const tile of tiles) for (let cell = 0; cell < state.digits.length; cell++) if (state.digits[cell] === 0) moves.push({ kind: 'place', tile, cell });
  const payable = hand.length === 0 || hand.length >= state.room.takePrice;
  if (payable) {
    for (let cell = 0; cell < state.givens.length; cell++) {
      if (state.givens[cell] === 0 || state.owner[cell] !== 0) continue;
      if (hand.length === 0) moves.push({ kind: 'take', cell });
      else for (const tile of tiles) moves.push({ kind: 'take', cell, tile });
    }
  }
  if (hand.length > 0 && state.bag.length > 0) moves.push({ kind: 'swap' });
  return moves.length > 0 ? moves : [{ kind: 'skip' }];
}

/** Why the player to move may not make this move (with `used` ms on its clock), or null. */
export function whyIllegal(state: GameState, move: Move, used?: number): Illegal | null {
  const no = (code: IllegalCode, reason: string): Illegal => ({ code, reason });
  if (state.result) return no('game-over', 'the game is over');
  if (used !== undefined && !(Number.isInteger(used) && used >= 0)) return no('bad-clock', `the time used must be whole milliseconds ≥ 0, not ${used}`);
  if (used !== undefined && move.kind !== 'timeout' && used > turnMs(state)) {
    return no('over-turn-limit', `${used} ms is over the turn limit of ${state.room.turnSeconds} s: the move lapsed (a timeout)`);
  }
  const n = state.size;
  const hand = state.hands[state.toMove - 1]!;
  const cellOk = (cell: Cell) => Number.isInteger(cell) && cell >= 0 && cell < n * n;
  switch (move.kind) {
    case 'place':
      if (!cellOk(move.cell)) return no('no-such-cell', `there is no cell ${move.cell} on ${n}×${n}`);
      if (!hand.includes(move.tile)) return no('not-in-hand', `no ${move.tile} in hand (${handText(hand)})`);
      if (state.digits[move.cell] !== 0) return no('cell-not-empty', `${cellName(n, move.cell)} is not empty (it shows a ${state.digits[move.cell]})`);
      return null;
    case 'take':
      if (!cellOk(move.cell)) return no('no-such-cell', `there is no cell ${move.cell} on ${n}×${n}`);
      if (state.givens[move.cell] === 0) return no('not-a-free-given', `${cellName(n, move.cell)} is not a given`);
      if (state.owner[move.cell] !== 0) return no('not-a-free-given', `the given on ${cellName(n, move.cell)} was taken by player ${state.owner[move.cell]}`);
      if (hand.length === 0) return move.tile === undefined ? null : no('nothing-to-pay', `a take with an empty hand is free: there is no ${move.tile} to pay`);
      if (move.tile === undefined) return no('no-payment', `a take costs ${state.room.takePrice === 1 ? 'a tile' : 'two tiles'}: choose the tile to pay with`);
      if (!hand.includes(move.tile)) return no('not-in-hand', `no ${move.tile} in hand (${handText(hand)})`);
      if (hand.length < state.room.takePrice) return no('half-payment', `a take costs two tiles and the hand holds one: there is no half payment`);
      return null;
    case 'swap':
      if (hand.length === 0) return no('empty-hand', 'there is no hand to swap');
      if (state.bag.length === 0) return no('empty-bag', 'the bag is empty: there is nothing to swap for');
      return null;
    case 'skip':
      if (!mustSkip(state)) return no('not-stuck', hand.length > 0 ? `the player holds ${handText(hand)}: a skip is only for a player with nothing to play` : 'a free given can be taken (for free, with an empty hand)');
      return null;
    case 'timeout':
      return mustSkip(state) ? no('must-skip', 'the player has nothing to play: the move is skipped, it cannot lapse') : null;
  }
}

/**
 * Make a move for the player to move, `used` milliseconds into its turn (default: 0, or the
 * whole turn limit for a timeout). Throws IllegalMoveError for a move whyIllegal refuses.
 */
export function applyMove(state: GameState, move: Move, used?: number): { state: GameState; outcome: Outcome } {
  const illegal = whyIllegal(state, move, used);
  if (illegal) throw new IllegalMoveError(illegal);
  const p = state.toMove;
  const i = p - 1;
  const ms = used ?? (move.kind === 'timeout' ? Math.min(turnMs(state), state.timeLeft[i]!) : 0);
  const ply = state.ply + 1;
  const left = state.timeLeft[i]! - ms;
  const base = { ply, player: p, move, right: false, paid: [] as Digit[], returned: [] as Digit[], drawn: [] as Digit[], used: ms };
  if (left <= 0) {
    const result: GameResult = { winner: other(p), reason: 'time' };
    return { state: { ...state, timeLeft: setAt(state.timeLeft, i, 0), ply, result }, outcome: { ...base, left: 0, timeUp: true, result } };
  }
  const made = moveItself(state, move, ply);
  const { hand, bag, drawn } = made.deferRefill ? { hand: made.hand, bag: made.bag, drawn: [] } : refillHand(made.hand, made.bag);
  const end = endOfMove(state, move, made);
  const hands: [Digit[], Digit[]] = i === 0 ? [hand, [...state.hands[1]]] : [[...state.hands[0]], hand];
  const next: GameState = {
    ...state,
    digits: made.digits,
    owner: made.owner,
    ownedAt: made.ownedAt,
    bag,
    hands,
    toMove: end.toMove,
    movesLeft: end.movesLeft,
    noRefill: setAt(state.noRefill, i, made.deferRefill),
    mistakes: made.mistakes,
    timeouts: made.timeouts,
    lapseStreak: end.lapseStreak,
    timeLeft: setAt(state.timeLeft, i, left),
    marks: made.marks,
    ply,
    result: end.result,
  };
  return { state: next, outcome: { ...base, right: made.right, paid: made.paid, returned: made.returned, drawn, left, timeUp: false, result: end.result } };
}

/** What the move itself changed, before the end of the move (refill, goal, turn). */
interface MoveEffects {
  hand: Digit[];
  bag: Digit[];
  digits: GameState['digits'];
  owner: GameState['owner'];
  ownedAt: GameState['ownedAt'];
  mistakes: GameState['mistakes'];
  timeouts: GameState['timeouts'];
  marks: GameState['marks'];
  /** The cell the player came to own (a right tile, a taken given), or −1. */
  gained: Cell;
  /** place: was the tile right? */
  right: boolean;
  /** A two-tile take: no refill until the end of the next move. */
  deferRefill: boolean;
  paid: Digit[];
  returned: Digit[];
}

/**
 * The move itself (place, take, swap, skip, timeout) for the player to move at `ply`. Tiles that
 * go into the bag shuffle it with the game's random numbers of this ply, in the order they are used.
 */
function moveItself(state: GameState, move: Move, ply: number): MoveEffects {
  const p = state.toMove;
  const i = p - 1;
  let rng: Rng | null = null;
  const random = () => (rng ??= new Rng('numbridge-game', state.seed, ply));
  let hand = [...state.hands[i]!];
  let bag = state.bag as Digit[];
  const intoBag = (tiles: readonly Digit[]) => {
    bag = random().shuffle([...bag, ...tiles]);
  };
  let { digits, owner, ownedAt, mistakes, timeouts, marks } = state;
  let gained: Cell = -1;
  let right = false;
  let deferRefill = false;
  const paid: Digit[] = [];
  let returned: Digit[] = [];

  switch (move.kind) {
    case 'place': {
      hand.splice(hand.indexOf(move.tile), 1);
      if (state.solution[move.cell] === move.tile) {
        right = true;
        gained = move.cell;
        digits = setAt(digits, move.cell, move.tile);
      } else {
        intoBag([move.tile]);
        mistakes = setAt(mistakes, i, mistakes[i]! + 1);
        marks = [...marks, { player: p, cell: move.cell, digit: move.tile, ply } satisfies MistakeMark];
      }
      break;
    }
    case 'take': {
      gained = move.cell;
      if (move.tile !== undefined) {
        hand.splice(hand.indexOf(move.tile), 1);
        paid.push(move.tile);
        if (state.room.takePrice === 2) {
          paid.push(hand.splice(random().int(hand.length), 1)[0]!);
          deferRefill = true;
        }
        intoBag(paid);
      }
      break;
    }
    case 'swap':
      returned = hand;
      hand = [];
      intoBag(returned);
      break;
    case 'skip':
      break;
    case 'timeout':
      mistakes = setAt(mistakes, i, mistakes[i]! + 1);
      timeouts = setAt(timeouts, i, timeouts[i]! + 1);
      break;
  }
  if (gained >= 0) {
    owner = setAt(owner, gained, p);
    ownedAt = setAt(ownedAt, gained, ply);
  }
  return { hand, bag, digits, owner, ownedAt, mistakes, timeouts, marks, gained, right, deferRefill, paid, returned };
}

/** The refill at the end of a move: the hand up to three from the front of the bag, while it has tiles. */
function refillHand(hand: Digit[], bag: Digit[]): { hand: Digit[]; bag: Digit[]; drawn: Digit[] } {
  const drawn: Digit[] = [];
  const take = Math.min(HAND_SIZE - hand.length, bag.length);
  if (take > 0) {
    drawn.push(...bag.slice(0, take));
    return { hand: [...hand, ...drawn], bag: bag.slice(take), drawn };
  }
  return { hand, bag, drawn };
}

/** The end of a move: the lapse streaks, the goal (or an abandoned game), and whose move is next. */
function endOfMove(state: GameState, move: Move, made: MoveEffects): { lapseStreak: GameState['lapseStreak']; result: GameResult | null; toMove: Player; movesLeft: number } {
  const p = state.toMove;
  const i = p - 1;
  // a lapse lengthens the player's streak, any move of their own ends it; a skip is neither
  const lapseStreak = move.kind === 'timeout' ? setAt(state.lapseStreak, i, state.lapseStreak[i]! + 1) : move.kind === 'skip' ? state.lapseStreak : setAt(state.lapseStreak, i, 0);
  const abandonAt = state.room.abandonAfterLapses;
  const abandoned = abandonAt !== undefined && lapseStreak[0]! >= abandonAt && lapseStreak[1]! >= abandonAt;
  const result: GameResult | null = made.gained >= 0 ? boardResult(state.variant, state.size, state.regions, made.owner, made.ownedAt) : abandoned ? { winner: null, reason: 'abandoned' } : null;
  let toMove = p;
  // a skip and a lapse end the turn: in Domains the rest of the move pair goes too ("Läuft Ihre
  // Zeit ab, verfällt der Zug …, und der Gegner ist am Zug"); a mistake spends one move of it
  let movesLeft = move.kind === 'skip' || move.kind === 'timeout' ? 0 : state.movesLeft - 1;
  if (movesLeft === 0 && !result) {
    toMove = other(p);
    movesLeft = movesPerTurn(state.variant);
  }
  return { lapseStreak, result, toMove, movesLeft };
}

/** A player resigns (at any time, on move or not): the other player wins. */
export function resign(state: GameState, player: Player): GameState {
  if (state.result) throw new IllegalMoveError({ code: 'game-over', reason: 'the game is over' });
  return { ...state, result: { winner: other(player), reason: 'resignation' } };
}

/** Both players agreed to a draw ("Remis nach Vereinbarung"): the only draw Numbridge has. */
export function agreeDraw(state: GameState): GameState {
  if (state.result) throw new IllegalMoveError({ code: 'game-over', reason: 'the game is over' });
  return { ...state, result: { winner: null, reason: 'agreement' } };
}

/** Apply automatic skips while the player to move has nothing to play. */
export function skipWhileStuck(state: GameState, onSkip?: (outcome: Outcome) => void): GameState {
  let s = state;
  while (mustSkip(s)) {
    const r = applyMove(s, { kind: 'skip' }, 0);
    onSkip?.(r.outcome);
    s = r.state;
  }
  return s;
}

export function handText(hand: readonly Digit[]): string {
  return hand.length === 0 ? 'an empty hand' : hand.join(' ');
}

/** A copy of a tuple or typed array with one entry changed (index −1: unchanged). */
function setAt<T extends ArrayLike<number> & { slice(): T }>(a: T, index: number, value: number): T;
function setAt<V>(a: readonly V[], index: number, value: V): [V, V] & V[];
function setAt(a: { slice(): unknown } & ArrayLike<unknown>, index: number, value: unknown): unknown {
  if (index < 0) return a;
  const copy = a.slice() as unknown[] & Record<number, unknown>;
  copy[index] = value;
  return copy;
}
