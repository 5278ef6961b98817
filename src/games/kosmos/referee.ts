/**
 * The Kosmos SuDoku referee: pure functions over an immutable game state.
 *
 *   board    Grid, 81 tiles' digits, 0 = free (gold tiles are ordinary tiles once placed)
 *   pile     the face-down tiles still to draw, next draw first
 *   hands    the tile each seat holds, 0 = none (the pile ran out)
 *   track    per seat: lap counters and the position 0..39 on the 40-space score track
 *   aside    tiles put aside (illegal placements, false "no legal cell" claims)
 *   over     null while the game runs
 *
 * A turn: the seat to move places its tile on a free cell. A legal tile scores (moveScore) and
 * moves the seat's stone; an illegal one is put aside without points, unless the error is noticed
 * only later, in which case it stays (and keeps the points it was counted for). Either way the
 * seat draws a new tile and the next seat holding a tile moves. A seat may instead claim that its
 * tile fits nowhere: a true claim ends the game, a false one puts the tile aside without points.
 */
import { solve } from '../../sudoku/solver.ts';
import type { Cell, Digit, Grid } from '../../sudoku/types.ts';
import { allowedDigits, CELLS, clashesOf, GEOMETRY, houseMasks, SIZE, type Clash } from '../sudoku-board.ts';
import type { Scoring } from './schema.ts';

export const TRACK_LENGTH = 40;

export interface Track {
  readonly laps: number;
  readonly position: number;
}

export interface KosmosState {
  readonly players: number;
  readonly scoring: Scoring;
  readonly board: Grid;
  readonly pile: readonly Digit[];
  readonly hands: readonly Digit[];
  readonly toMove: number;
  readonly track: readonly Track[];
  readonly aside: readonly Digit[];
  readonly over: null | { reason: 'no-legal-cell' | 'all-placed'; by: number | null };
}

/** A game at its start: the setup board, the pile in draw order, one opening draw per seat. */
export function newGame(setup: Grid, pile: readonly Digit[], players: number, scoring: Scoring = 'standard'): KosmosState {
  if (!(Number.isInteger(players) && players >= 1 && players <= 4)) throw new RangeError('Kosmos SuDoku is for 1 to 4 players');
  if (pile.length < players) throw new RangeError('the pile is too small for the opening draws');
  return {
    players,
    scoring,
    board: Uint8Array.from(setup),
    pile: pile.slice(players),
    hands: pile.slice(0, players),
    toMove: 0,
    track: Array.from({ length: players }, () => ({ laps: 0, position: 0 })),
    aside: [],
    over: null,
  };
}

/** Free cells where the digit obeys the Sudoku rule. */
export function legalCells(board: Grid, digit: Digit): Cell[] {
  const masks = houseMasks(board);
  const bit = 1 << (digit - 1);
  const out: Cell[] = [];
  for (let cell = 0; cell < CELLS; cell++) if (allowedDigits(board, masks, cell) & bit) out.push(cell);
  return out;
}

/**
 * Points for a tile on `cell` (the tile itself not counted). Standard: the tiles in its block,
 * plus those outside the block in its row and column. Simplified: the tiles in its row and column.
 */
export function moveScore(board: Grid, cell: Cell, scoring: Scoring): number {
  const r = Math.floor(cell / SIZE);
  const c = cell % SIZE;
  const block = GEOMETRY.regions[cell]!;
  let points = 0;
  for (let other = 0; other < CELLS; other++) {
    if (other === cell || board[other] === 0) continue;
    const sameRow = Math.floor(other / SIZE) === r;
    const sameColumn = other % SIZE === c;
    if (scoring === 'simplified' ? sameRow || sameColumn : sameRow || sameColumn || GEOMETRY.regions[other] === block) points++;
  }
  return points;
}

/** Move a stone `points` spaces; passing or reaching the start earns a lap counter (40 points). */
export function advance(track: Track, points: number): Track {
  const sum = track.position + points;
  return { laps: track.laps + Math.floor(sum / TRACK_LENGTH), position: sum % TRACK_LENGTH };
}

/** Final score: 40 × lap counters + track position. */
export function trackScore(track: Track): number {
  return TRACK_LENGTH * track.laps + track.position;
}

export interface TurnResult {
  /** placed: legal, on the board; late-error: illegal but noticed later, stays; aside: illegal,
   *  put aside; refused: the cell is taken (no move at all). */
  kind: 'placed' | 'late-error' | 'aside' | 'refused';
  tile: Digit;
  clashes: Clash[];
  points: number;
}

/** Place the tile of the seat to move. */
export function playTile(state: KosmosState, cell: Cell, options: { noticedLate?: boolean } = {}): { state: KosmosState; result: TurnResult } {
  if (state.over) throw new RangeError('the game is over');
  const tile = state.hands[state.toMove]!;
  if (!(cell >= 0 && cell < CELLS)) throw new RangeError(`no cell ${cell}`);
  if (state.board[cell] !== 0) return { state, result: { kind: 'refused', tile, clashes: [], points: 0 } };
  const clashes = clashesOf(state.board, cell, tile);
  if (clashes.length > 0 && !options.noticedLate) {
    return { state: endTurn(state, state.board, 0, [...state.aside, tile]), result: { kind: 'aside', tile, clashes, points: 0 } };
  }
  const points = moveScore(state.board, cell, state.scoring);
  const board = Uint8Array.from(state.board);
  board[cell] = tile;
  return { state: endTurn(state, board, points, state.aside), result: { kind: clashes.length > 0 ? 'late-error' : 'placed', tile, clashes, points } };
}

/**
 * The seat to move says its tile fits nowhere. True: the game ends. False: the tile is put aside
 * without points (as for an illegal tile) and the answer names a legal cell.
 */
export function claimNoLegalCell(state: KosmosState): { state: KosmosState; valid: boolean; legalCell: Cell | null } {
  if (state.over) throw new RangeError('the game is over');
  const tile = state.hands[state.toMove]!;
  const cells = legalCells(state.board, tile);
  if (cells.length === 0) return { state: { ...state, over: { reason: 'no-legal-cell', by: state.toMove } }, valid: true, legalCell: null };
  return { state: endTurn(state, state.board, 0, [...state.aside, tile]), valid: false, legalCell: cells[0]! };
}

/** Score, draw, pass the turn to the next seat holding a tile; end the game when none does. */
function endTurn(state: KosmosState, board: Grid, points: number, aside: readonly Digit[]): KosmosState {
  const seat = state.toMove;
  const track = state.track.map((t, i) => (i === seat ? advance(t, points) : t));
  const hands = [...state.hands];
  hands[seat] = state.pile[0] ?? 0;
  const pile = state.pile.slice(1);
  let next = -1;
  for (let k = 1; k <= state.players; k++) {
    const s = (seat + k) % state.players;
    if (hands[s] !== 0) {
      next = s;
      break;
    }
  }
  return { ...state, board, track, hands, pile, aside, toMove: next < 0 ? seat : next, over: next < 0 ? { reason: 'all-placed', by: null } : null };
}

/** Final scores per seat. */
export function finalScores(state: KosmosState): number[] {
  return state.track.map(trackScore);
}

/** The seats with the highest final score: the winners (several on a tie; the sheet names no tie-break). */
export function winners(state: KosmosState): number[] {
  const scores = finalScores(state);
  const best = scores.reduce((a, b) => Math.max(a, b), 0);
  return scores.flatMap((s, i) => (s === best ? [i] : []));
}

/**
 * Can the board still be completed to a full Sudoku? Not a rule of the game (players only see
 * the Sudoku rule), but the question behind every later "no legal cell": a foundation solver call.
 */
export function canComplete(board: Grid): { completable: boolean; solution: Grid | null; nodes: number } {
  const r = solve({ size: SIZE, regions: GEOMETRY.regions, givens: board }, { limit: 1 });
  return { completable: r.count > 0, solution: r.solution, nodes: r.nodes };
}
