/**
 * The Domino-SUDOKU referee: pure functions over an immutable game state. Every function that
 * changes the game returns a new state and leaves its argument alone.
 *
 *   board     Grid, 81 digits, 0 = empty
 *   dominoAt  81 × DominoId on the cell, −1 = empty
 *   holder    36 × the player holding the domino, −1 = on the board
 *   last      the domino placed just before (the DO rule's reference), −1 before the first move
 *   toMove    whose turn it is (players are 0-based seats; seat 0 starts)
 *   plus      completion points per player (+10 per completed row, column or block)
 *   passes    passes in a row since the last placement: the game is over once every player
 *             in turn has passed (README.md: "end of game")
 *
 * A move is checked in the sheet's order of concern: can it be made at all (the domino is in the
 * mover's hand, two adjacent free cells) — if not it never reaches the board; then the rules (the
 * DO rule, the Sudoku rule). A rule break noticed before the next player moves is taken back and
 * the mover moves again; one noticed only later stays on the board (the sheet's footnote **).
 */
import type { Cell, Digit, Grid, House } from '../../sudoku/types.ts';
import { allowedDigits, CELLS, clashesOf, completedBy, houseMasks, type Clash } from '../sudoku-board.ts';
import { ADJACENT_PAIRS, areAdjacent, DOMINO_COUNT, dominoDigits, dominoId, pips, sharesNumber, type DominoId } from './dominoes.ts';

export interface DominoState {
  readonly playerCount: number;
  readonly board: Grid;
  readonly dominoAt: Int8Array;
  readonly holder: Int8Array;
  readonly last: DominoId;
  readonly toMove: number;
  readonly plus: readonly number[];
  readonly passes: number;
  /** Turns taken so far (placements that stayed and passes). */
  readonly turns: number;
}

/** A domino laid down: `first` goes on cells[0], `second` on cells[1] (the notation's [a/b] (F,P/F,P)). */
export interface Placement {
  readonly first: Digit;
  readonly second: Digit;
  readonly cells: readonly [Cell, Cell];
}

/**
 * What can be wrong with a move. The first three make it impossible (it never reaches the board);
 * `do-rule` and `sudoku` break a rule (the domino is taken back, or stays when noticed late).
 */
export type Violation = 'not-in-hand' | 'not-adjacent' | 'occupied' | 'do-rule' | 'sudoku';

const PHYSICAL: ReadonlySet<Violation> = new Set(['not-in-hand', 'not-adjacent', 'occupied']);

export interface Judgement {
  violations: Violation[];
  /** For a Sudoku break: each repeated digit and the tile it repeats. */
  clashes: Array<Clash & { digit: Digit; at: Cell }>;
  /** True when the move cannot be made at all (never on the board). */
  impossible: boolean;
}

/** A new game from the dealt hands (seat order; seat 0 moves first). Every domino must be dealt once. */
export function newGame(hands: ReadonlyArray<readonly DominoId[]>): DominoState {
  const holder = new Int8Array(DOMINO_COUNT).fill(NOT_IN_GAME);
  hands.forEach((hand, player) => {
    for (const id of hand) {
      dominoDigits(id);
      if (holder[id] !== NOT_IN_GAME) throw new RangeError(`domino ${id} dealt twice`);
      holder[id] = player;
    }
  });
  if (holder.includes(NOT_IN_GAME)) throw new RangeError('not every domino was dealt');
  return startState(hands.length, holder);
}

/** `holder` value of a domino that is in nobody's hand and not on the board (a faulty record). */
export const NOT_IN_GAME = -2;

/** A game at its start from any assignment of dominoes to seats (a replay of a faulty record may leave some out). */
export function startState(playerCount: number, holder: Int8Array): DominoState {
  if (playerCount < 2 || playerCount > 4) throw new RangeError(`Domino-SUDOKU needs 2 to 4 players, not ${playerCount}`);
  return {
    playerCount,
    board: new Uint8Array(CELLS),
    dominoAt: new Int8Array(CELLS).fill(-1),
    holder: Int8Array.from(holder),
    last: -1,
    toMove: 0,
    plus: Array.from({ length: playerCount }, () => 0),
    passes: 0,
    turns: 0,
  };
}

/** The turn goes on without a move (a record that skips a player, or a move that could not be made). */
export function skipTurn(state: DominoState): DominoState {
  return { ...state, toMove: (state.toMove + 1) % state.playerCount, turns: state.turns + 1 };
}

/** The dominoes a player holds, in id order. */
export function handOf(state: DominoState, player: number): DominoId[] {
  const out: DominoId[] = [];
  for (let id = 0; id < DOMINO_COUNT; id++) if (state.holder[id] === player) out.push(id);
  return out;
}

/** Check a move by the player to move, without making it (whether the game is over is `isOver`'s question). */
export function judgePlacement(state: DominoState, p: Placement): Judgement {
  const violations: Violation[] = [];
  const clashes: Judgement['clashes'] = [];
  const id = dominoId(p.first, p.second);
  if (id < 0) throw new RangeError(`[${p.first}/${p.second}] is not a domino`);
  const [a, b] = p.cells;
  if (!(a >= 0 && a < CELLS && b >= 0 && b < CELLS)) throw new RangeError('cell outside the board');
  if (state.holder[id] !== state.toMove) violations.push('not-in-hand');
  if (!areAdjacent(a, b)) violations.push('not-adjacent');
  if (state.board[a] !== 0 || (b !== a && state.board[b] !== 0)) violations.push('occupied');
  if (state.last >= 0 && !sharesNumber(id, state.last)) violations.push('do-rule');
  for (const [cell, digit] of [[a, p.first], [b, p.second]] as const) {
    if (state.board[cell] !== 0) continue; // a digit on a taken cell is "occupied", not a clash
    for (const clash of clashesOf(state.board, cell, digit)) clashes.push({ ...clash, digit, at: cell });
  }
  if (clashes.length > 0) violations.push('sudoku');
  return { violations, clashes, impossible: violations.some((v) => PHYSICAL.has(v)) };
}

export interface MoveResult {
  /** placed: on the board (legal, or a rule break noticed late); taken-back: a rule break noticed
   *  at once, the mover moves again; refused: the move cannot be made at all. */
  kind: 'placed' | 'taken-back' | 'refused';
  judgement: Judgement;
  /** Houses the move completed (only when placed). */
  completes: House[];
  points: number;
}

/**
 * Make a move. `noticedLate` says the rule break (if any) was noticed only after the next player
 * had moved, so the domino stays; without it a rule break is taken back.
 */
export function playPlacement(state: DominoState, p: Placement, options: { noticedLate?: boolean } = {}): { state: DominoState; result: MoveResult } {
  const judgement = judgePlacement(state, p);
  if (judgement.impossible) return { state, result: { kind: 'refused', judgement, completes: [], points: 0 } };
  if (judgement.violations.length > 0 && !options.noticedLate) {
    return { state, result: { kind: 'taken-back', judgement, completes: [], points: 0 } };
  }
  const id = dominoId(p.first, p.second);
  const board = Uint8Array.from(state.board);
  const dominoAt = Int8Array.from(state.dominoAt);
  const holder = Int8Array.from(state.holder);
  board[p.cells[0]] = p.first;
  board[p.cells[1]] = p.second;
  dominoAt[p.cells[0]] = id;
  dominoAt[p.cells[1]] = id;
  holder[id] = -1;
  const completes = completedBy(board, p.cells);
  const points = 10 * completes.length;
  const plus = state.plus.map((v, i) => (i === state.toMove ? v + points : v));
  const next: DominoState = {
    ...state,
    board,
    dominoAt,
    holder,
    last: id,
    toMove: (state.toMove + 1) % state.playerCount,
    plus,
    passes: 0,
    turns: state.turns + 1,
  };
  return { state: next, result: { kind: 'placed', judgement, completes, points } };
}

/**
 * The player to move passes. A pass is right when the player has no domino that may be placed;
 * a wrong pass still ends the turn (the sheet names no penalty), and comes back with a witness.
 */
export function passTurn(state: DominoState): { state: DominoState; legal: boolean; witness: Placement | null } {
  const witness = playableMove(state, state.toMove);
  return {
    state: { ...state, toMove: (state.toMove + 1) % state.playerCount, passes: state.passes + 1, turns: state.turns + 1 },
    legal: witness === null,
    witness,
  };
}

/** Every legal place of one domino on the board (ignoring whose it is and the DO rule). */
export function placementsOf(board: Grid, id: DominoId, masks: Uint16Array = houseMasks(board)): Placement[] {
  const out: Placement[] = [];
  const [a, b] = dominoDigits(id);
  const bitA = 1 << (a - 1);
  const bitB = 1 << (b - 1);
  for (const [x, y] of ADJACENT_PAIRS) {
    const ax = allowedDigits(board, masks, x);
    if (ax === 0) continue;
    const ay = allowedDigits(board, masks, y);
    if (ax & bitA && ay & bitB) out.push({ first: a, second: b, cells: [x, y] });
    if (ax & bitB && ay & bitA) out.push({ first: b, second: a, cells: [x, y] });
  }
  return out;
}

/** True when the domino has at least one legal place. */
export function hasPlacement(board: Grid, id: DominoId, masks: Uint16Array = houseMasks(board)): boolean {
  const [a, b] = dominoDigits(id);
  const bitA = 1 << (a - 1);
  const bitB = 1 << (b - 1);
  const both = bitA | bitB;
  for (const [x, y] of ADJACENT_PAIRS) {
    const ax = allowedDigits(board, masks, x) & both;
    if (ax === 0) continue;
    const ay = allowedDigits(board, masks, y) & both;
    if ((ax & bitA && ay & bitB) || (ax & bitB && ay & bitA)) return true;
  }
  return false;
}

/** May this domino be played now (DO rule and a legal place)? */
function mayPlay(state: DominoState, id: DominoId, masks: Uint16Array): boolean {
  return (state.last < 0 || sharesNumber(id, state.last)) && hasPlacement(state.board, id, masks);
}

/** A legal move for the player (DO rule, Sudoku rule, free adjacent cells), or null: then they pass. */
export function playableMove(state: DominoState, player: number): Placement | null {
  const masks = houseMasks(state.board);
  for (let id = 0; id < DOMINO_COUNT; id++) {
    if (state.holder[id] === player && mayPlay(state, id, masks)) return placementsOf(state.board, id, masks)[0]!;
  }
  return null;
}

/** Every legal move of the player. */
export function legalMoves(state: DominoState, player: number = state.toMove): Placement[] {
  const masks = houseMasks(state.board);
  const out: Placement[] = [];
  for (let id = 0; id < DOMINO_COUNT; id++) {
    if (state.holder[id] === player && (state.last < 0 || sharesNumber(id, state.last))) out.push(...placementsOf(state.board, id, masks));
  }
  return out;
}

/**
 * The game is over when no domino can be placed: every player has passed in turn since the last
 * placement, or (checked directly) no player holds a domino that may be played now.
 */
export function isOver(state: DominoState): boolean {
  if (state.passes >= state.playerCount) return true;
  const masks = houseMasks(state.board);
  for (let id = 0; id < DOMINO_COUNT; id++) if (state.holder[id] >= 0 && mayPlay(state, id, masks)) return false;
  return true;
}

export interface PlayerScore {
  plus: number;
  minus: number;
  total: number;
}

/** Plus points, minus the pips of the dominoes still in hand. */
export function scores(state: DominoState): PlayerScore[] {
  return state.plus.map((plus, player) => {
    let minus = 0;
    for (let id = 0; id < DOMINO_COUNT; id++) if (state.holder[id] === player) minus += pips(id);
    return { plus, minus, total: plus - minus };
  });
}

/** The seats with the highest total (more than one on a tie; the sheet names no tie-break). */
export function winners(all: readonly PlayerScore[]): number[] {
  const best = Math.max(...all.map((s) => s.total));
  return all.flatMap((s, i) => (s.total === best ? [i] : []));
}
