/**
 * The seeded Kosmos SuDoku deal: nine gold tiles, one of each digit, one per row and column,
 * placed so that the setup extends to a full Sudoku (proven by the foundation solver, whose
 * solution is kept as the witness), and the other 72 tiles shuffled face down.
 */
import { contentId } from '../../core/ids.ts';
import { Rng } from '../../core/rng.ts';
import { solve } from '../../sudoku/solver.ts';
import type { Grid } from '../../sudoku/types.ts';
import { cellLabel, CELLS, GEOMETRY, SIZE } from '../sudoku-board.ts';
import type { GoldTile, KosmosDealFile } from './schema.ts';
import { KOSMOS_DEAL } from '../../core/formats.ts';

/** Setups tried before giving up (every one so far has been completable at the first try). */
const MAX_SETUPS = 1000;

export function dealKosmos(players: number, seed: string): KosmosDealFile {
  if (!(Number.isInteger(players) && players >= 1 && players <= 4)) throw new RangeError('Kosmos SuDoku is for 1 to 4 players');
  const rng = new Rng('kosmos-deal', players, seed);
  for (let attempt = 0; attempt < MAX_SETUPS; attempt++) {
    const columns = rng.shuffle([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    const digits = rng.shuffle([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const gold: GoldTile[] = columns.map((column, row) => ({ row, column, digit: digits[row]! }));
    const proof = solve({ size: SIZE, regions: GEOMETRY.regions, givens: setupBoard(gold) }, { limit: 1 });
    if (!proof.solution) continue;
    const pile: number[] = [];
    for (let d = 1; d <= 9; d++) for (let k = 0; k < 8; k++) pile.push(d);
    rng.shuffle(pile);
    const completion = Array.from({ length: SIZE }, (_, r) => Array.from(proof.solution!.subarray(r * SIZE, r * SIZE + SIZE)));
    const pub: KosmosDealFile['public'] = { players, gold, pileSize: 72 };
    return { format: KOSMOS_DEAL, version: 1, id: kosmosDealId(pub), public: pub, secret: { pile, completion, seed } };
  }
  throw new Error(`no completable gold setup in ${MAX_SETUPS} tries`);
}

/**
 * A deal's id: a hash of its public part only, so anyone holding the player form can compute it
 * and it tells nothing more (not the seed, not the pile). Deals that look the same to the players
 * (same player count and gold setup) share an id.
 */
export function kosmosDealId(pub: KosmosDealFile['public']): string {
  return contentId(`kosmos-${pub.players}p`, JSON.stringify(['kosmos-deal', pub.players, pub.gold]));
}

/** The board with only the gold tiles. */
export function setupBoard(gold: readonly GoldTile[]): Grid {
  const board = new Uint8Array(CELLS);
  for (const g of gold) board[g.row * SIZE + g.column] = g.digit;
  return board;
}

/**
 * Check a gold setup as the sheet describes it: nine tiles, digits 1..9 once each, one per row
 * and one per column. Returns the first problem, or null.
 */
export function goldProblem(gold: readonly GoldTile[]): { index: number; reason: string } | null {
  const rows = new Set<number>();
  const columns = new Set<number>();
  const digits = new Set<number>();
  for (let i = 0; i < gold.length; i++) {
    const g = gold[i]!;
    const at = cellLabel(g.row * SIZE + g.column);
    if (rows.has(g.row)) return { index: i, reason: `a second gold tile in row ${g.row + 1} (${at})` };
    if (columns.has(g.column)) return { index: i, reason: `a second gold tile in column ${g.column + 1} (${at})` };
    if (digits.has(g.digit)) return { index: i, reason: `a second gold ${g.digit} (${at})` };
    rows.add(g.row);
    columns.add(g.column);
    digits.add(g.digit);
  }
  return gold.length === 9 ? null : { index: gold.length, reason: `${gold.length} gold tiles, expected 9` };
}
