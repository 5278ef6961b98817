/**
 * The tables' rows as both databases return them (migrations 2, 3, 5, 8), and the store's shapes made
 * from them: one mapping for the SQLite and the PostgreSQL store.
 */
import type { GameName } from './game.ts';
import type { StoredMove, StoredTable } from './store.ts';

export interface TableRow {
  id: string;
  deal: string;
  game: GameName;
  seats: number;
  seat1_hash: Buffer;
  seat2_hash: Buffer;
  seat3_hash: Buffer | null;
  seat4_hash: Buffer | null;
  started_at: number;
  /** The clock's next move (migration 8); read only by the stores, to write it when it changes. */
  clock_due: number | null;
}

export interface MoveRow {
  move_number: number;
  seat: number | null;
  idempotency_key: string | null;
  request: string | null;
  entry: string;
  verdict: string | null;
  at: number;
}

/** The columns of a TableRow, for both stores' SELECTs. */
export const TABLE_COLUMNS = 'id, game, seats, deal, seat1_hash, seat2_hash, seat3_hash, seat4_hash, started_at, clock_due';

export function tableOfRow(row: TableRow): StoredTable {
  const seatHashes = [row.seat1_hash, row.seat2_hash, row.seat3_hash, row.seat4_hash].slice(0, row.seats) as Buffer[];
  return { id: row.id, game: row.game, deal: JSON.parse(row.deal), seatHashes, startedAt: row.started_at };
}

export function moveOfRow(m: MoveRow): StoredMove {
  return { moveNumber: m.move_number, seat: m.seat, idempotencyKey: m.idempotency_key, request: m.request, entry: JSON.parse(m.entry), verdict: m.verdict, at: m.at };
}
