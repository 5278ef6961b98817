/**
 * The tables on PostgreSQL (../pg.ts): the same rows as the SQLite store (migrations 2, 3, 5, 8).
 * `update` is `BEGIN; SELECT … FOR UPDATE` on the table's row, the appends, `COMMIT`: requests for
 * one table on any instance are judged one after the other, and the unique keys on (table, move
 * number) and (table, seat, idempotency key) stay the backstop. A commit returns once the move is
 * durable, so an acknowledged move survives the instance and the database server.
 */
import pg from 'pg';
import { CHANNEL } from './pg-changes.ts';
import { moveOfRow, TABLE_COLUMNS, tableOfRow, type MoveRow, type TableRow } from './rows.ts';
import { DATABASE_AWAY, DATABASE_BUSY, inTransaction, isLockContention, isUnavailable, type PgPool } from '../pg.ts';
import { StoreError, type Decision, type StoredTable, type TableLog, type TableStore } from './store.ts';

type Queryable = Pick<pg.PoolClient, 'query'>;

export class PgTableStore implements TableStore {
  constructor(private readonly pool: PgPool) {}

  async create(table: StoredTable, clockDue: number | null): Promise<void> {
    const h = table.seatHashes;
    await guarded(() =>
      this.pool.query('INSERT INTO numbridge_tables (id, game, seats, deal, seat1_hash, seat2_hash, seat3_hash, seat4_hash, started_at, clock_due) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
        table.id,
        table.game ?? 'numbridge',
        h.length,
        JSON.stringify(table.deal),
        h[0],
        h[1] ?? Buffer.alloc(0),
        h[2] ?? null,
        h[3] ?? null,
        table.startedAt,
        clockDue,
      ]),
    );
  }

  async read(id: string): Promise<TableLog | null> {
    // one snapshot: the table row and its moves as of one moment
    return guarded(() => inTransaction(this.pool, async (client) => {
      await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      return (await logOf(client, id, false))?.log ?? null;
    }));
  }

  async update<T>(id: string, decide: (log: TableLog) => Decision<T>): Promise<T | null> {
    return guarded(() =>
      inTransaction(this.pool, async (client) => {
        const read = await logOf(client, id, true);
        if (!read) return null;
        const { append, answer, endedAt, clockDue } = decide(read.log);
        for (const m of append) {
          await client.query('INSERT INTO numbridge_table_moves (table_id, move_number, seat, idempotency_key, request, entry, verdict, at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)', [
            id,
            m.moveNumber,
            m.seat,
            m.idempotencyKey,
            m.request,
            JSON.stringify(m.entry),
            m.verdict,
            m.at,
          ]);
        }
        if (endedAt !== undefined) await client.query('UPDATE numbridge_tables SET finished_at = $1 WHERE id = $2 AND finished_at IS NULL', [endedAt, id]);
        if (clockDue !== undefined && clockDue !== read.clockDue) await client.query('UPDATE numbridge_tables SET clock_due = $1 WHERE id = $2', [clockDue, id]);
        // every instance's streams of this table (pg-changes.ts): sent when, and only if, the move commits
        if (append.length > 0) await client.query('SELECT pg_notify($1, $2)', [CHANNEL, id]);
        return answer;
      }),
    );
  }

  async openTables(): Promise<string[]> {
    return guarded(async () => (await this.pool.query<{ id: string }>('SELECT id FROM numbridge_tables WHERE finished_at IS NULL ORDER BY id')).rows.map((r) => r.id));
  }

  async claimDue(now: number, leaseMs: number, limit: number): Promise<string[]> {
    // SKIP LOCKED: a table a move holds now is settled by that move, and no sweep waits on it
    const sql = `UPDATE numbridge_tables SET clock_due = $1::bigint + $2::bigint WHERE id IN (
      SELECT id FROM numbridge_tables WHERE finished_at IS NULL AND clock_due <= $1 ORDER BY clock_due LIMIT $3 FOR UPDATE SKIP LOCKED
    ) RETURNING id`;
    return guarded(async () => (await this.pool.query<{ id: string }>(sql, [now, leaseMs, limit])).rows.map((r) => r.id));
  }

  async deleteEndedBefore(time: number): Promise<number> {
    return guarded(() =>
      inTransaction(this.pool, async (client) => {
        await client.query('DELETE FROM numbridge_table_moves WHERE table_id IN (SELECT id FROM numbridge_tables WHERE finished_at < $1)', [time]);
        return (await client.query('DELETE FROM numbridge_tables WHERE finished_at < $1', [time])).rowCount ?? 0;
      }),
    );
  }
}

/** The table's row (locked for the transaction with `lock`) and its moves, with its stored clock time, or null. */
async function logOf(client: Queryable, id: string, lock: boolean): Promise<{ log: TableLog; clockDue: number | null } | null> {
  const row = (await client.query<TableRow>(`SELECT ${TABLE_COLUMNS} FROM numbridge_tables WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id])).rows[0];
  if (!row) return null;
  const moves = (await client.query<MoveRow>('SELECT move_number, seat, idempotency_key, request, entry, verdict, at FROM numbridge_table_moves WHERE table_id = $1 ORDER BY move_number', [id])).rows.map(moveOfRow);
  return { log: { table: tableOfRow(row), moves }, clockDue: row.clock_due };
}

/** PostgreSQL's refusals in the store's terms: a unique key taken is a conflict, a database away or a lock race is busy (503). */
export async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    throw storeError(e);
  }
}

function storeError(e: unknown): unknown {
  const code = (e as { code?: string }).code;
  if (code === '23505') return new StoreError('conflict', 'another request appended to this table at the same moment: send the move again with the same key');
  if (code === '53100') return new StoreError('full', "the server's disk is full: nothing was stored; try again later");
  if (isUnavailable(e)) return new StoreError('busy', DATABASE_AWAY);
  if (isLockContention(e)) return new StoreError('busy', DATABASE_BUSY);
  return e;
}

