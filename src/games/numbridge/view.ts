/**
 * What one player may see (the sheet: "Ihre eigene Hand sehen Sie vollständig; vom Gegner sehen
 * Sie nur die Anzahl seiner Steine, und beide sehen, wie voll der Beutel ist"; mistakes are
 * public). The view is built field by field from the state, so nothing secret rides along: no
 * solution, no bag order, no opponent's tiles, no seed. Candidate highlighting works on the view
 * alone, so it cannot reveal the solution either.
 */
import { nestGrid } from '../../numbridge-board/board-file.ts';
import { geometryFor } from '../../sudoku/geometry.ts';
import type { Cell, Digit } from '../../sudoku/types.ts';
import { blockOwners } from './goals.ts';
import type { Player } from './room.ts';
import type { NumbridgeView } from './schema.ts';
import type { GameState } from './state.ts';

const perPlayer = <T>(pair: readonly [T, T]) => ({ '1': pair[0], '2': pair[1] });

export function playerView(state: GameState, player: Player): NumbridgeView {
  const n = state.size;
  const view: NumbridgeView = {
    player,
    variant: state.variant,
    room: { ...state.room },
    size: n,
    regions: nestGrid(state.regions, n),
    givens: nestGrid(state.givens, n),
    digits: nestGrid(state.digits, n),
    owner: nestGrid(state.owner, n),
    hand: [...state.hands[player - 1]!],
    handSizes: perPlayer([state.hands[0].length, state.hands[1].length]),
    bagSize: state.bag.length,
    toMove: state.toMove,
    movesLeft: state.result ? 0 : state.movesLeft,
    noRefill: perPlayer(state.noRefill),
    mistakes: perPlayer(state.mistakes),
    timeouts: perPlayer(state.timeouts),
    timeLeft: perPlayer(state.timeLeft),
    marks: state.marks.map((m) => ({ player: m.player, cell: [Math.floor(m.cell / n), m.cell % n] as [number, number], digit: m.digit, ply: m.ply })),
    ply: state.ply,
    result: state.result ? { ...state.result } : null,
  };
  if (state.variant === 'domains') view.blocks = Array.from(blockOwners(n, state.regions, state.owner, state.ownedAt).owner);
  return view;
}

/**
 * Candidate highlighting ("Kandidaten hervorheben"): the empty cells where `digit` obeys the
 * Sudoku rule on the visible board — its row, column and block do not show it yet. Not the
 * solution: not every highlighted cell is right. Null when the room does not allow it.
 */
export function candidateCells(view: NumbridgeView, digit: Digit): Cell[] | null {
  if (!view.room.candidateHighlighting) return null;
  const n = view.size;
  const geometry = geometryFor(n, Uint8Array.from(view.regions.flat()));
  const digits = view.digits.flat();
  const out: Cell[] = [];
  for (let cell = 0; cell < n * n; cell++) {
    if (digits[cell] !== 0) continue;
    let free = true;
    for (const peer of geometry.peersOf(cell)) {
      if (digits[peer] === digit) {
        free = false;
        break;
      }
    }
    if (free) out.push(cell);
  }
  return out;
}
