/**
 * The goals of the variants, as pure functions of who owns which cell.
 *
 * Bridge and Blitz: a player wins by joining its two sides through a chain of owned cells under
 * the hex adjacency (docs/RULES.md): player 1 the top row to the bottom row, player 2 the left column
 * to the right column. On the rhombus these four sides make a Hex board, so on a completely
 * owned board exactly one player is joined (the Hex theorem; a property test checks it).
 *
 *        player 1 ─ row 0 ─────────                      (r−1,c) (r−1,c+1)
 *   col 0 ╲  ·  ·  ·  · ╲ col N−1  player 2         (r,c−1)  (r,c)  (r,c+1)
 *          ╲ ·  ·  ·  ·  ╲                               (r+1,c−1) (r+1,c)
 *            ─ row N−1 ──
 *
 * Domains: a player wins by owning a majority of the N blocks. A block belongs to the first
 * player to own a strict majority of its cells; on even N a block can end split N/2 : N/2 and
 * then belongs to whoever owned N/2 of its cells first. With a majority of blocks the game ends;
 * on even N the blocks can all be decided N/2 : N/2, and then the player whose N/2-th block was
 * decided first wins. Both tie-breaks reward tempo, the currency the sheet prices a cell in.
 */
import { getOrMake } from '../../core/memo.ts';
import { neighbours } from '../../sudoku/hex.ts';
import type { Cell } from '../../sudoku/types.ts';
import type { Player, Variant } from './room.ts';
import type { GameResult } from './schema.ts';

/** Hex neighbours of every cell of an N×N board, 6 slots per cell (−1 = off the board), built once per N. */
const NEIGHBOUR_TABLES = new Map<number, Int16Array>();
function neighbourTable(size: number): Int16Array {
  return getOrMake(NEIGHBOUR_TABLES, size, newNeighbourTable);
}

function newNeighbourTable(size: number): Int16Array {
  const table = new Int16Array(size * size * 6).fill(-1);
  for (let cell = 0; cell < size * size; cell++) neighbours(size, cell, 'hex').forEach((n, k) => (table[cell * 6 + k] = n));
  return table;
}

/** Does `player` join its two sides through owned cells? (BFS from its first side.) */
export function isJoined(size: number, owner: ArrayLike<number>, player: Player): boolean {
  const table = neighbourTable(size);
  const seen = new Uint8Array(size * size);
  const stack: Cell[] = [];
  for (let k = 0; k < size; k++) {
    const start = player === 1 ? k : k * size; // row 0, or column 0
    if (owner[start] === player) {
      seen[start] = 1;
      stack.push(start);
    }
  }
  while (stack.length > 0) {
    const cell = stack.pop()!;
    if (player === 1 ? Math.floor(cell / size) === size - 1 : cell % size === size - 1) return true;
    for (let k = cell * 6, end = k + 6; k < end; k++) {
      const n = table[k]!;
      if (n >= 0 && !seen[n] && owner[n] === player) {
        seen[n] = 1;
        stack.push(n);
      }
    }
  }
  return false;
}

// scratch memory of cellsToJoin (boards are at most 9×9; the search never re-enters itself)
const DIST = new Int32Array(81);
const DEQUE = new Int32Array(4 * 81);

/**
 * The fewest cells `player` still has to own to join its sides: owned cells cost 0, cells
 * nobody owns 1, the opponent's cells block (Infinity when the sides can no longer be joined).
 * A 0-1 breadth-first search on a circular deque (a cell enters it at most twice, so 4·N² never
 * wraps onto itself); bots and servers' hints call it in loops, so it allocates nothing.
 */
export function cellsToJoin(size: number, owner: ArrayLike<number>, player: Player): number {
  const cells = size * size;
  const table = neighbourTable(size);
  const cap = 4 * cells;
  DIST.fill(0x7fffffff, 0, cells);
  let head = 0;
  let length = 0;
  const relax = (cell: number, d: number) => {
    const o = owner[cell];
    if (o !== 0 && o !== player) return;
    const w = o === player ? 0 : 1;
    if (d + w < DIST[cell]!) {
      DIST[cell] = d + w;
      if (w === 0) DEQUE[(head = (head + cap - 1) % cap)] = cell;
      else DEQUE[(head + length) % cap] = cell;
      length++;
    }
  };
  for (let k = 0; k < size; k++) relax(player === 1 ? k : k * size, 0);
  while (length > 0) {
    const cell = DEQUE[head]!;
    head = (head + 1) % cap;
    length--;
    const d = DIST[cell]!;
    if (player === 1 ? cell >= cells - size : cell % size === size - 1) return d;
    for (let k = cell * 6, end = k + 6; k < end; k++) {
      const n = table[k]!;
      if (n >= 0) relax(n, d);
    }
  }
  return Infinity;
}

export interface BlockOwnership {
  /** Per block: 0 undecided, 1 or 2. */
  owner: Uint8Array;
  /** Per block: the ply that decided it (0 while undecided). */
  decidedAt: Uint32Array;
}

/** Who owns each block (Domains), from the cell owners and the plies that owned them. */
export function blockOwners(size: number, regions: ArrayLike<number>, owner: ArrayLike<number>, ownedAt: ArrayLike<number>): BlockOwnership {
  const result: BlockOwnership = { owner: new Uint8Array(size), decidedAt: new Uint32Array(size) };
  const majority = Math.floor(size / 2) + 1;
  const half = size % 2 === 0 ? size / 2 : -1;
  const owned: Array<Array<[number, number]>> = Array.from({ length: size }, () => []);
  for (let c = 0; c < size * size; c++) if (owner[c] !== 0) owned[regions[c]!]!.push([ownedAt[c]!, owner[c]!]);
  owned.forEach((list, block) => {
    list.sort((a, b) => a[0] - b[0]);
    const counts = [0, 0, 0];
    let firstHalf = 0;
    for (const [ply, p] of list) {
      counts[p]!++;
      if (counts[p] === half && firstHalf === 0) firstHalf = p;
      if (counts[p] === majority) {
        result.owner[block] = p;
        result.decidedAt[block] = ply;
        return;
      }
    }
    if (list.length === size && firstHalf !== 0) {
      result.owner[block] = firstHalf;
      result.decidedAt[block] = list[size - 1]![0];
    }
  });
  return result;
}

/** The Domains result of a block ownership, or null while the game goes on. */
export function domainsResult(size: number, blocks: BlockOwnership): GameResult | null {
  const counts = [0, 0, 0];
  for (const p of blocks.owner) counts[p]!++;
  const majority = Math.floor(size / 2) + 1;
  if (counts[1]! >= majority) return { winner: 1, reason: 'blocks' };
  if (counts[2]! >= majority) return { winner: 2, reason: 'blocks' };
  if (counts[0]! > 0) return null;
  // every block decided, N/2 : N/2 (even N only): the first to reach N/2 blocks wins
  const order = Array.from(blocks.owner.keys()).sort((a, b) => blocks.decidedAt[a]! - blocks.decidedAt[b]!);
  const reached = [0, 0, 0];
  for (const block of order) {
    const p = blocks.owner[block] as Player;
    if (++reached[p]! === size / 2) return { winner: p, reason: 'blocks' };
  }
  throw new Error('internal: every block decided, yet no player reached half of them');
}

/** Has the game been won on the board? (Resignation, time and agreement are not board results.) */
export function boardResult(variant: Variant, size: number, regions: ArrayLike<number>, owner: ArrayLike<number>, ownedAt: ArrayLike<number>): GameResult | null {
  if (variant === 'domains') return domainsResult(size, blockOwners(size, regions, owner, ownedAt));
  if (isJoined(size, owner, 1)) return { winner: 1, reason: 'connection' };
  if (isJoined(size, owner, 2)) return { winner: 2, reason: 'connection' };
  return null;
}
