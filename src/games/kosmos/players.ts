/**
 * Automatic players for the solo variant ("draw and place at once, score as much as you can").
 *
 * A fact decides what a good solo player is. Every move scores the tiles already lying among its
 * peers (block, row, column), so over a game each pair of peer cells is counted once, when the
 * later of the two is filled; the order of play does not matter. A game that fills the board
 * scores the same fixed total, 810 − (pairs of gold tiles sharing a block) in standard scoring
 * and 648 in simplified scoring; a game that stops early scores only the peer pairs among the
 * filled cells. So the only way to lose points is to get stuck: to draw a tile that fits nowhere.
 *
 *   greedy     the legal cell with the highest score now (ties at random)
 *   lookahead  like greedy, but skips a cell after which the board is visibly dead: a free cell
 *              with no digit left, a digit still to come with no legal cell, or a contradiction
 *              that naked and hidden singles alone reach (the solver's propagation at the root,
 *              no guessing) — the one-move check a careful person makes
 *   solver     like greedy, but only among cells after which the board can still be completed to
 *              a full Sudoku (the foundation solver): it never gets stuck, so it always reaches the
 *              maximum; the ceiling the other two are measured against
 */
import { Rng } from '../../core/rng.ts';
import type { Cell, Digit, Grid } from '../../sudoku/types.ts';
import { solve } from '../../sudoku/solver.ts';
import { ALL_DIGITS, allowedDigits, CELLS, GEOMETRY, houseMasks } from '../sudoku-board.ts';
import { setupBoard } from './deal.ts';
import { canComplete, claimNoLegalCell, finalScores, legalCells, moveScore, newGame, playTile, type KosmosState } from './referee.ts';
import type { KosmosDealFile, Scoring } from './schema.ts';

export type SoloPlayerName = 'greedy' | 'lookahead' | 'solver';
export const SOLO_PLAYERS: readonly SoloPlayerName[] = ['greedy', 'lookahead', 'solver'];

/** Picks a cell for the tile in hand (never called without a legal cell). */
type Chooser = (state: KosmosState, tile: Digit, cells: Cell[], rng: Rng) => Cell;

/** Legal cells by falling score, ties in random order. */
function byScore(state: KosmosState, cells: Cell[], rng: Rng): Cell[] {
  const scored = rng.shuffle([...cells]).map((cell) => ({ cell, points: moveScore(state.board, cell, state.scoring) }));
  // a stable sort keeps the shuffled order among equal scores
  return scored.sort((a, b) => b.points - a.points).map((s) => s.cell);
}

/** Digits still to come (pile and hands, the tile being placed excluded), as a set. */
function digitsToCome(state: KosmosState): number {
  let set = 0;
  for (const d of state.pile) set |= 1 << (d - 1);
  state.hands.forEach((d, seat) => {
    if (d !== 0 && seat !== state.toMove) set |= 1 << (d - 1);
  });
  return set;
}

/** True when, with `tile` on `cell`, every free cell admits some digit and every digit to come fits somewhere. */
function looksAlive(board: Grid, cell: Cell, tile: Digit, toCome: number): boolean {
  const next = Uint8Array.from(board);
  next[cell] = tile;
  const masks = houseMasks(next);
  let placeable = 0;
  for (let c = 0; c < CELLS; c++) {
    if (next[c] !== 0) continue;
    const allowed = allowedDigits(next, masks, c);
    if (allowed === 0) return false;
    placeable |= allowed;
  }
  return (toCome & ~placeable & ALL_DIGITS) === 0;
}

/**
 * True when the solver's root propagation shows the board dead: no guessing, but on this 9×9
 * layout more than singles (the fast path also applies band-pattern locked candidates), which only
 * makes the refutation stronger. Not a grade: see propagateSingles for that.
 */
function singlesRefute(board: Grid, cell: Cell, tile: Digit): boolean {
  const next = Uint8Array.from(board);
  next[cell] = tile;
  const r = solve({ size: 9, regions: GEOMETRY.regions, givens: next }, { maxNodes: 1 });
  return r.complete && r.count === 0;
}

const CHOOSERS: Record<SoloPlayerName, Chooser> = {
  greedy: (state, _tile, cells, rng) => byScore(state, cells, rng)[0]!,
  lookahead: (state, tile, cells, rng) => {
    const ranked = byScore(state, cells, rng);
    const toCome = digitsToCome(state);
    return ranked.find((cell) => looksAlive(state.board, cell, tile, toCome) && !singlesRefute(state.board, cell, tile)) ?? ranked[0]!;
  },
  solver: (state, tile, cells, rng) => {
    const ranked = byScore(state, cells, rng);
    for (const cell of ranked) {
      const next = Uint8Array.from(state.board);
      next[cell] = tile;
      if (canComplete(next).completable) return cell;
    }
    return ranked[0]!;
  },
};

export interface SoloResult {
  score: number;
  /** Tiles placed (at most 72). */
  placed: number;
  /** True when the board was filled; false when a tile fit nowhere. */
  filled: boolean;
}

/** Play the solo variant of a deal with one of the automatic players. */
export function playSolo(deal: KosmosDealFile, player: SoloPlayerName, scoring: Scoring = 'standard'): SoloResult {
  if (!deal.secret) throw new RangeError('the deal has no pile (secret part)');
  const rng = new Rng('kosmos-solo', player, deal.id);
  const choose = CHOOSERS[player];
  let state = newGame(setupBoard(deal.public.gold), deal.secret.pile, 1, scoring);
  let placed = 0;
  while (!state.over) {
    const tile = state.hands[state.toMove]!;
    const cells = legalCells(state.board, tile);
    if (cells.length === 0) {
      state = claimNoLegalCell(state).state;
      break;
    }
    state = playTile(state, choose(state, tile, cells, rng)).state;
    placed++;
  }
  return { score: finalScores(state)[0]!, placed, filled: placed === 72 };
}

/** The score of a filled board for a setup: every peer pair once, minus gold pairs (scored by nobody). */
export function fullBoardScore(deal: KosmosDealFile, scoring: Scoring = 'standard'): number {
  const gold = deal.public.gold;
  let goldPairs = 0;
  for (let i = 0; i < gold.length; i++) {
    for (let j = i + 1; j < gold.length; j++) {
      const a = gold[i]!;
      const b = gold[j]!;
      const sameBlock = Math.floor(a.row / 3) === Math.floor(b.row / 3) && Math.floor(a.column / 3) === Math.floor(b.column / 3);
      if (scoring === 'standard' ? sameBlock : a.row === b.row || a.column === b.column) goldPairs++;
    }
  }
  const peers = scoring === 'standard' ? 20 : 16;
  return (81 * peers) / 2 - goldPairs;
}
