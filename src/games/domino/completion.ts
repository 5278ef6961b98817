/**
 * Can every remaining domino still be placed? An exact-cover question for src/core/exact-cover.ts.
 *
 *   primary items    one per remaining domino              (each placed exactly once)
 *   secondary items  81 cells, 81 row-digits, 81 column-digits, 81 block-digits
 *                                                          (each used at most once)
 *   options          a domino on two free adjacent cells in one orientation, where the board
 *                    still admits both digits: 1 domino + 2 cells + 6 house-digits = 9 items
 *
 * On the empty board that is 36 × 144 pairs × 2 orientations = 10,368 options. Cells and
 * house-digits the position already uses are left out of the options rather than covered.
 *
 * The exact cover ignores the order of play. That is no loss for the Sudoku rule: a domino that
 * clashes with nothing in the final arrangement clashes with nothing at any earlier moment, so the
 * arrangement can be laid in any order. The DO rule (each domino shares a number with the one
 * before) asks for an order of the remaining dominoes in which neighbours share a number, starting
 * next to the last domino played: a Hamiltonian path in the line graph of the remaining dominoes
 * (as edges on the numbers 1..9). That depends only on which dominoes remain, not on where they
 * go, so `doOrder` searches it separately. Together they prove that some sequence of legal moves
 * places everything; they do not prove that the players, with their hands and in their seat order
 * (a player may not pass while holding a playable domino), can or will reach it.
 */
import { luby } from '../../core/restarts.ts';
import { ExactCover } from '../../core/exact-cover.ts';
import { Rng } from '../../core/rng.ts';
import type { Grid } from '../../sudoku/types.ts';
import { allowedDigits, CELLS, GEOMETRY, houseMasks } from '../sudoku-board.ts';
import { ADJACENT_PAIRS, DOMINO_COUNT, dominoDigits, sharesNumber, type DominoId } from './dominoes.ts';
import type { Placement } from './referee.ts';

export interface CompletionQuestion {
  board: Grid;
  /** Dominoes still to place (each at most once). */
  remaining: readonly DominoId[];
  /** The domino played last (the DO rule's start), −1 for none. */
  last: DominoId;
}

export interface CompletionAnswer {
  /** True: all fit (an arrangement is given); false: proven impossible; null: budget spent. */
  placeable: boolean | null;
  arrangement: Placement[] | null;
  /** A DO-rule order of the remaining dominoes after `last`, or null when none exists or the search gave up. */
  doOrder: DominoId[] | null;
  /** True / false when decided, null when the ordering search ran out of budget. */
  doOrderable: boolean | null;
  nodes: number;
  mems: number;
  options: number;
}

const ROW_ITEMS = 81;
const COLUMN_ITEMS = 162;
const BLOCK_ITEMS = 243;
const SECONDARY = 324;

/**
 * Build the exact-cover problem of a position; also returns what each option means.
 * `impossible` short-cuts positions that cannot work by counting: fewer free cells than the
 * dominoes need, or a digit needed more often than houses of one kind still lack it.
 */
export function completionProblem(q: CompletionQuestion): { problem: ExactCover; meaning: Placement[]; impossible: boolean } {
  const k = q.remaining.length;
  const problem = new ExactCover(k, SECONDARY);
  const meaning: Placement[] = [];
  const masks = houseMasks(q.board);
  const allowed = new Uint16Array(CELLS);
  let free = 0;
  for (let cell = 0; cell < CELLS; cell++) {
    allowed[cell] = allowedDigits(q.board, masks, cell);
    if (q.board[cell] === 0) free++;
  }
  let impossible = free < 2 * k;
  const need = new Int32Array(10);
  for (const id of q.remaining) for (const d of dominoDigits(id)) need[d]!++;
  for (let d = 1; d <= 9; d++) {
    for (let houseKind = 0; houseKind < 3; houseKind++) {
      let lacking = 0;
      for (let h = houseKind * 9; h < houseKind * 9 + 9; h++) if (!(masks[h]! & (1 << (d - 1)))) lacking++;
      if (lacking < need[d]!) impossible = true;
    }
  }
  if (impossible) return { problem, meaning, impossible };
  const items = new Int32Array(9);
  const ch = GEOMETRY.cellHouses;
  const digitItems = (cell: number, d: number, at: number) => {
    items[at] = k + ROW_ITEMS + ch[cell * 3]! * 9 + d - 1;
    items[at + 1] = k + COLUMN_ITEMS + (ch[cell * 3 + 1]! - 9) * 9 + d - 1;
    items[at + 2] = k + BLOCK_ITEMS + (ch[cell * 3 + 2]! - 18) * 9 + d - 1;
  };
  q.remaining.forEach((id, index) => {
    const [a, b] = dominoDigits(id);
    for (const [x, y] of ADJACENT_PAIRS) {
      for (const [dx, dy] of [[a, b], [b, a]] as const) {
        if (!(allowed[x]! & (1 << (dx - 1))) || !(allowed[y]! & (1 << (dy - 1)))) continue;
        items[0] = index;
        items[1] = k + x;
        items[2] = k + y;
        digitItems(x, dx, 3);
        digitItems(y, dy, 6);
        problem.addOption(items);
        meaning.push({ first: dx, second: dy, cells: [x, y] });
      }
    }
  });
  return { problem, meaning, impossible };
}

export interface CompletionOptions {
  /** Total search nodes over all runs (default 5,000,000); past it the answer is undecided (null). */
  maxNodes?: number;
  /** Nodes for the first, deterministic run (default 200,000); restarts follow. */
  firstRun?: number;
  /** Seed of the restarts' random option orders (default "complete"). */
  seed?: string;
  /** Step budget of the DO-order search. */
  orderBudget?: number;
}

/**
 * Answer the completion question. The search time of exact cover is heavy-tailed, so one
 * deterministic run in the natural order (reading order of cells) comes first, then restarts
 * with seeded random option orders and Luby-sequence budgets (1, 1, 2, 1, 1, 2, 4, … × 20,000
 * nodes), until a run decides or `maxNodes` is spent. The same question always gets the same
 * answer.
 */
export function completeDominoes(q: CompletionQuestion, options: CompletionOptions = {}): CompletionAnswer & { runs: number } {
  const seen = new Set<DominoId>();
  for (const id of q.remaining) {
    dominoDigits(id);
    if (seen.has(id)) throw new RangeError(`domino ${id} listed twice`);
    seen.add(id);
  }
  const { problem, meaning, impossible } = completionProblem(q);
  const order = doOrder(q.remaining, q.last, options.orderBudget);
  const orderPart = { doOrder: order.order, doOrderable: order.decided ? order.order !== null : null };
  if (impossible) return { placeable: false, arrangement: null, ...orderPart, nodes: 0, mems: 0, options: 0, runs: 0 };
  const maxNodes = options.maxNodes ?? 5_000_000;
  let nodes = 0;
  let mems = 0;
  let runs = 0;
  for (let run = 0; nodes < maxNodes; run++) {
    const budget = Math.min(maxNodes - nodes, run === 0 ? (options.firstRun ?? 200_000) : 20_000 * luby(run));
    const rng = run === 0 ? undefined : new Rng(options.seed ?? 'complete', run);
    const result = problem.solve({ limit: 1, maxNodes: budget, ...(rng ? { rng } : {}) });
    nodes += Math.min(result.nodes, budget);
    mems += result.mems;
    runs++;
    if (result.count > 0 || result.complete) {
      const arrangement = result.solution ? result.solution.map((o) => meaning[o]!) : null;
      return { placeable: result.count > 0, arrangement, ...orderPart, nodes, mems, options: problem.optionCount, runs };
    }
  }
  return { placeable: null, arrangement: null, ...orderPart, nodes, mems, options: problem.optionCount, runs };
}

/**
 * An order of the dominoes in which each shares a number with the one before (the first with
 * `last`, when last ≥ 0): depth-first, most constrained next domino first, within a step budget.
 */
export function doOrder(dominoes: readonly DominoId[], last: DominoId, budget = 200_000): { order: DominoId[] | null; decided: boolean } {
  const n = dominoes.length;
  if (n === 0) return { order: [], decided: true };
  const ids = [...dominoes];
  const linked = ids.map((a) => ids.map((b) => a !== b && sharesNumber(a, b)));
  const used = new Array<boolean>(n).fill(false);
  const path: number[] = [];
  let steps = 0;
  let gaveUp = false;
  const degree = (i: number) => {
    let d = 0;
    for (let j = 0; j < n; j++) if (!used[j] && linked[i]![j]) d++;
    return d;
  };
  const go = (prev: number): boolean => {
    if (path.length === n) return true;
    if (++steps > budget) {
      gaveUp = true;
      return false;
    }
    const next: number[] = [];
    for (let j = 0; j < n; j++) {
      if (used[j]) continue;
      if (prev >= 0 ? linked[prev]![j] : last < 0 || sharesNumber(last, ids[j]!)) next.push(j);
    }
    next.sort((x, y) => degree(x) - degree(y) || x - y);
    for (const j of next) {
      used[j] = true;
      path.push(j);
      if (go(j)) return true;
      path.pop();
      used[j] = false;
      if (gaveUp) return false;
    }
    return false;
  };
  const found = go(-1);
  return { order: found ? path.map((i) => ids[i]!) : null, decided: found || !gaveUp };
}

/** All 36 dominoes. */
export const ALL_DOMINOES: readonly DominoId[] = Array.from({ length: DOMINO_COUNT }, (_, i) => i);
