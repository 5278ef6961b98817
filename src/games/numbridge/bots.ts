/**
 * Simple automatic players for self-play (tests, servers' load tests). A bot sees only its
 * player's view and the referee's list of legal moves — never the solution, the bag or the
 * other hand — and chooses a move and the time it took.
 *
 *   random   a random legal move: mostly a tile on a cell where its digit obeys the Sudoku rule
 *            on the visible board (and has no public mistake mark), sometimes a take or a swap
 *   logic    proves what it can from the visible board with the logic prover (src/sudoku/logic)
 *            and lays tiles it has proven, choosing among them by its goal (the cells still to
 *            own to join its sides, or the blocks in reach); with probability `errorRate` it
 *            guesses instead, and a tile it cannot prove is guessed, taken against or swapped
 *
 * Both occasionally let the turn limit run out (`timeoutRate`).
 */
import type { Rng } from '../../core/rng.ts';
import { prove } from '../../sudoku/logic/index.ts';
import type { Cell, Digit, Grid } from '../../sudoku/types.ts';
import { cellsToJoin } from './goals.ts';
import type { Move } from './referee.ts';
import type { Player } from './room.ts';
import type { NumbridgeView } from './schema.ts';
import { candidateCells } from './view.ts';

export const BOT_NAMES = ['random', 'logic'] as const;
export type BotName = (typeof BOT_NAMES)[number];

export interface BotOptions {
  /** logic: the chance of guessing instead of laying a proven tile. */
  errorRate?: number;
  /** The chance of letting a move's time run out. */
  timeoutRate?: number;
}

export interface BotMove {
  move: Move;
  /** Milliseconds the move took. */
  used: number;
}

export interface Bot {
  readonly name: BotName;
  /** Choose a move among `legal` (never empty, never just a skip: skips are automatic). */
  choose(view: NumbridgeView, legal: readonly Move[], rng: Rng): BotMove;
}

/** A fresh bot for one game (bots remember what they proved). */
export function createBot(name: BotName, options: BotOptions = {}): Bot {
  return name === 'random' ? randomBot(options) : logicBot(options);
}

function thinking(view: NumbridgeView, rng: Rng, lo: number, hi: number): number {
  const limit = view.room.turnSeconds * 1000;
  return Math.min(limit - 1, rng.range(lo, hi));
}

function timeout(view: NumbridgeView): BotMove {
  return { move: { kind: 'timeout' }, used: Math.min(view.room.turnSeconds * 1000, view.timeLeft[view.player]) };
}

/** Cells where a digit may go on the visible board and no public mark says it is wrong there. */
function plausibleCells(view: NumbridgeView, digit: Digit): Cell[] {
  const n = view.size;
  const cells = candidateCells({ ...view, room: { ...view.room, candidateHighlighting: true } }, digit)!;
  const marked = new Set(view.marks.filter((m) => m.digit === digit).map((m) => m.cell[0] * n + m.cell[1]));
  return cells.filter((c) => !marked.has(c));
}

function randomBot(options: BotOptions): Bot {
  return {
    name: 'random',
    choose(view, legal, rng) {
      if (rng.chance(options.timeoutRate ?? 0)) return timeout(view);
      const used = thinking(view, rng, 1000, 10_000);
      const places = legal.filter((m) => m.kind === 'place');
      const takes = legal.filter((m) => m.kind === 'take');
      const swaps = legal.filter((m) => m.kind === 'swap');
      const roll = rng.next();
      if (places.length > 0 && (roll < 0.85 || (takes.length === 0 && swaps.length === 0))) {
        const tile = rng.pick([...new Set(view.hand)]);
        const cells = plausibleCells(view, tile);
        const cell = cells.length > 0 ? rng.pick(cells) : (rng.pick(places.filter((m) => m.kind === 'place' && m.tile === tile)) as { cell: Cell }).cell;
        return { move: { kind: 'place', tile, cell }, used };
      }
      if (takes.length > 0 && (roll < 0.95 || swaps.length === 0)) return { move: rng.pick(takes), used };
      if (swaps.length > 0) return { move: swaps[0]!, used };
      return { move: rng.pick(legal), used };
    },
  };
}

function logicBot(options: BotOptions): Bot {
  let known: Grid | null = null;
  let knownFrom = -1;
  const knowledge = (view: NumbridgeView): Grid => {
    const digits = Uint8Array.from(view.digits.flat());
    let shown = 0;
    for (const d of digits) if (d) shown++;
    if (known && (knownFrom === shown || known.every((d) => d !== 0))) return known;
    const proof = prove({ size: view.size, regions: Uint8Array.from(view.regions.flat()), givens: digits }, { collectSteps: false });
    known = proof.contradiction ? digits : proof.grid;
    knownFrom = shown;
    return known;
  };
  return {
    name: 'logic',
    choose(view, legal, rng) {
      if (rng.chance(options.timeoutRate ?? 0)) return timeout(view);
      const used = thinking(view, rng, 2000, 20_000);
      const n = view.size;
      const grid = knowledge(view);
      const digits = view.digits.flat();
      const proven: Array<{ move: Move; cell: Cell }> = [];
      for (const tile of new Set(view.hand)) for (let cell = 0; cell < n * n; cell++) if (digits[cell] === 0 && grid[cell] === tile) proven.push({ move: { kind: 'place', tile, cell }, cell });
      const guess = () => {
        const tile = rng.pick(view.hand);
        const cells = plausibleCells(view, tile).filter((c) => grid[c] !== tile);
        return cells.length > 0 ? { move: { kind: 'place', tile, cell: rng.pick(cells) } as Move, used } : null;
      };
      if (view.hand.length > 0 && rng.chance(options.errorRate ?? 0)) {
        const g = guess();
        if (g) return g;
      }
      // one take per free given (the tile paid with at random: a logic bot can lay any of them)
      const takes = new Map<Cell, Move[]>();
      for (const m of legal) if (m.kind === 'take') takes.set(m.cell, [...(takes.get(m.cell) ?? []), m]);
      const choices = [...proven, ...[...takes].map(([cell, moves]) => ({ move: rng.pick(moves), cell }))];
      if (choices.length > 0) {
        const value = goalJudge(view);
        let best = choices[0]!;
        let bestScore = -Infinity;
        for (const o of choices) {
          // a take is a move too, but a laid tile also empties the bag: lay on equal terms
          const score = value(o.cell) - (o.move.kind === 'take' ? 0.5 : 0) + rng.next() * 0.01;
          if (score > bestScore) {
            bestScore = score;
            best = o;
          }
        }
        return { move: best.move, used };
      }
      const swap = legal.find((m) => m.kind === 'swap');
      if (swap && rng.chance(0.5)) return { move: swap, used };
      return guess() ?? { move: rng.pick(legal), used };
    },
  };
}

/** How much owning a cell helps the view's player toward its goal (the board's distances computed once). */
function goalJudge(view: NumbridgeView): (cell: Cell) => number {
  const me = view.player;
  const them: Player = me === 1 ? 2 : 1;
  const n = view.size;
  const owner = view.owner.flat();
  if (view.variant !== 'domains') {
    const mine = cellsToJoin(n, owner, me);
    const theirs = cellsToJoin(n, owner, them);
    return (cell) => {
      owner[cell] = me;
      const mineAfter = cellsToJoin(n, owner, me);
      const theirsAfter = cellsToJoin(n, owner, them);
      owner[cell] = 0;
      if (mineAfter === 0) return 1000;
      return (mine - mineAfter) * 2 + Math.min(3, (theirsAfter === Infinity ? theirs + 3 : theirsAfter) - theirs) * 1.5;
    };
  }
  const regions = view.regions.flat();
  const decided = view.blocks!;
  const majority = Math.floor(n / 2) + 1;
  const counts = Array.from({ length: n }, () => [0, 0, 0]);
  for (let c = 0; c < n * n; c++) counts[regions[c]!]![owner[c]!]!++;
  return (cell) => {
    const block = regions[cell]!;
    if (decided[block] !== 0) return 0;
    const mine = counts[block]![me]!;
    const theirs = counts[block]![them]!;
    if (mine + 1 >= majority) return 10;
    if (theirs + 1 >= majority) return 6;
    return 1 + mine / majority - theirs / (2 * majority);
  };
}
