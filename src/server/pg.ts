/**
 * The server's database on PostgreSQL (`serve --db postgres://…`, or `$DATABASE_URL`), for
 * several instances sharing one club: a connection pool through node-postgres (`pg`: the
 * maintained, pure-JavaScript client, with LISTEN/NOTIFY for live events), the schema built by
 * the same numbered migrations as SQLite's (each with its `postgres` text), applied under an
 * advisory lock so that instances starting together migrate once.
 */
import pg from 'pg';
import { MIGRATIONS, type Migration } from './migrations/index.ts';
import { MIGRATIONS_TABLE, pendingMigrations } from './migrations/migration.ts';

export type PgPool = pg.Pool;

/** The advisory lock migrations run under: one number of our own (any other user picks another). */
const MIGRATION_LOCK = 0x70757a6d; // "puzm"

/** 64-bit integers (millisecond times) as numbers: they stay below 2^53 for 285,000 years. */
const TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === pg.types.builtins.INT8 ? (text: string) => Number(text) : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};

/** True for a database URL this module opens (postgres:// or postgresql://). */
export function isPostgresUrl(text: string): boolean {
  return /^postgres(ql)?:\/\//.test(text);
}

/** A pool on `url`, its schema brought up to date (once, whoever else starts now). */
export async function openPostgres(url: string, migrations: readonly Migration[] = MIGRATIONS): Promise<PgPool> {
  const pool = new pg.Pool({
    connectionString: url,
    types: TYPES,
    max: 10,
    // a database out of reach is a 503 within seconds, not a request hanging on TCP's own timeout;
    // a statement or a lock wait past these is an error, not a stalled table
    connectionTimeoutMillis: 5000,
    keepAlive: true,
    options: '-c lock_timeout=10s -c statement_timeout=30s -c idle_in_transaction_session_timeout=60s',
  });
  // an idle client's error (the server restarted) must not end the process: the pool drops it
  pool.on('error', () => undefined);
  try {
    await migratePostgres(pool, migrations);
  } catch (e) {
    await pool.end();
    throw e;
  }
  return pool;
}

/** Apply every migration not yet recorded, in version order, each in its own transaction, under the advisory lock. */
export async function migratePostgres(pool: PgPool, migrations: readonly Migration[]): Promise<void> {
  const client = await pool.connect();
  const broken = watchClient(client);
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await client.query(MIGRATIONS_TABLE);
      const applied = new Set((await client.query<{ version: number }>('SELECT version FROM schema_migrations')).rows.map((r) => r.version));
      for (const m of pendingMigrations(migrations, applied)) {
        await client.query('BEGIN');
        try {
          await client.query(m.postgres);
          await client.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, new Date().toISOString()]);
          await client.query('COMMIT');
        } catch (e) {
          await client.query('ROLLBACK');
          throw e;
        }
      }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    }
  } finally {
    client.removeListener('error', broken.listener);
    client.release(broken.error);
  }
}

/**
 * A client taken from the pool has no error listener of the pool's: a connection that drops
 * while it is held (the database restarting) would emit an unhandled 'error' and end the process.
 * This one keeps the error, so the client is given back as broken (and dropped).
 */
function watchClient(client: pg.PoolClient): { error: Error | undefined; listener: (e: Error) => void } {
  const state: { error: Error | undefined; listener: (e: Error) => void } = { error: undefined, listener: (e) => void (state.error ??= e) };
  client.on('error', state.listener);
  return state;
}

/** Run `work` in one transaction on one client of the pool. */
export async function inTransaction<T>(pool: PgPool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  const broken = watchClient(client);
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (e) {
    // a client whose ROLLBACK failed may still be inside the transaction: the pool drops it
    await client.query('ROLLBACK').catch((rollback: Error) => void (broken.error ??= rollback));
    throw e;
  } finally {
    client.removeListener('error', broken.listener);
    client.release(broken.error);
  }
}

/** What a client is told while the shared database cannot be reached (a 503). */
export const DATABASE_AWAY = 'the database is not reachable: try again in a moment';

/** The database down, restarting or unreachable: the connection's errors and PostgreSQL's shutdown codes. */
export function isUnavailable(e: unknown): boolean {
  const code = (e as { code?: string }).code ?? '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', '57P01', '57P02', '57P03', '53300', '08000', '08003', '08006', '08001', '08004'].includes(code) ||
    /Connection terminated|connection error|Client has encountered a connection error|timeout exceeded when trying to connect/i.test((e as Error)?.message ?? '')
  );
}

/** What a client is told when its statement lost a race for a lock (a 503: a retry may pass). */
export const DATABASE_BUSY = 'the database is busy: try again in a moment';

/**
 * A lock race PostgreSQL ended: a deadlock it broke (40P01), a lock wait past `lock_timeout`
 * (55P03), a serialization failure (40001). The statement's transaction did nothing: a retry may pass.
 */
export function isLockContention(e: unknown): boolean {
  return ['40P01', '55P03', '40001'].includes((e as { code?: string }).code ?? '');
}

/** The first key of puzzlemill's named advisory locks (two-key form: apart from other applications' locks). */
const LOCK_SPACE = 0x70757a6d; // "puzm"

/**
 * Run `work` holding the advisory lock named `name` (one instance at a time across every instance
 * on the database), on a connection of its own for as long as `work` runs. The lock is polled
 * (every `pollMs`), not waited for, so an instance that is stopping (`stopped`) or whose holder is
 * cut off is never left blocked; stopping while waiting throws. A holder's connection that drops
 * loses the lock: the store's own refusal of a second, different set is the backstop then.
 */
export async function withAdvisoryLock<T>(pool: PgPool, name: string, work: () => Promise<T>, o: { stopped?: () => boolean; pollMs?: number } = {}): Promise<T> {
  const client = await pool.connect();
  const broken = watchClient(client);
  try {
    for (;;) {
      const got = (await client.query<{ got: boolean }>('SELECT pg_try_advisory_lock($1, hashtext($2)) AS got', [LOCK_SPACE, name])).rows[0]!.got;
      if (got) break;
      if (o.stopped?.()) throw new Error(`stopped while waiting for the lock "${name}"`);
      await new Promise((r) => setTimeout(r, o.pollMs ?? 1000));
    }
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [LOCK_SPACE, name]).catch((e: Error) => void (broken.error ??= e));
    }
  } finally {
    // a connection whose unlock failed may still hold the lock: the pool drops it, which frees it
    client.removeListener('error', broken.listener);
    client.release(broken.error);
  }
}
