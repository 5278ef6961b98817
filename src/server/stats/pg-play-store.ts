/**
 * `PlayStore` on PostgreSQL (../pg.ts): the same rows and figures as the SQLite store. The salt is
 * made once whoever asks first (ON CONFLICT DO NOTHING, then read back), so every instance of a
 * club hashes a browser's id alike.
 */
import { randomBytes } from 'node:crypto';
import type { PgPool } from '../pg.ts';
import { playerHash, type PlayEvent, type PlayRow, type PlayStore, type PlayWindow } from './play-store.ts';

export class PgPlayStore implements PlayStore {
  private salt: Promise<Buffer> | undefined;

  constructor(private readonly pool: PgPool) {}

  async playerKey(browserId: string, puzzleId: string): Promise<string> {
    // a failed first read (the database away) is not kept: the next request tries again
    this.salt ??= this.loadSalt().catch((e: unknown) => {
      this.salt = undefined;
      throw e;
    });
    return playerHash(await this.salt, browserId, puzzleId);
  }

  private loadSalt(): Promise<Buffer> {
    return databaseSalt(this.pool);
  }

  async record(puzzleId: string, player: string, at: number, event: PlayEvent): Promise<void> {
    const check = event.type === 'check' ? event : undefined;
    // the SQLite store's one statement (play-store.ts), GREATEST for max
    await this.pool.query(
      `INSERT INTO plays AS p (puzzle_id, player, first_at, last_at, checks_right, checks_wrong, hints, solved_at)
       VALUES ($1, $2, $3, $3, $4, $5, $6, $7)
       ON CONFLICT (puzzle_id, player) DO UPDATE SET
         last_at = GREATEST(p.last_at, excluded.last_at),
         checks_right = p.checks_right + CASE WHEN p.solved_at IS NULL THEN excluded.checks_right ELSE 0 END,
         checks_wrong = p.checks_wrong + CASE WHEN p.solved_at IS NULL THEN excluded.checks_wrong ELSE 0 END,
         hints = p.hints + CASE WHEN p.solved_at IS NULL THEN excluded.hints ELSE 0 END,
         solved_at = coalesce(p.solved_at, excluded.solved_at)`,
      [puzzleId, player, at, check?.right ? 1 : 0, check && !check.right ? 1 : 0, event.type === 'hint' ? 1 : 0, check?.solved ? at : null],
    );
  }

  async plays(window: PlayWindow): Promise<PlayRow[]> {
    const where: string[] = [];
    const params: Array<string | number | null> = [];
    const add = (condition: (n: number) => string, value: string | number | null) => {
      params.push(value);
      where.push(condition(params.length));
    };
    if (window.from !== undefined) add((n) => `p.first_at >= $${n}`, window.from);
    if (window.to !== undefined) add((n) => `p.first_at < $${n}`, window.to);
    if (window.puzzleId !== undefined) add((n) => `p.puzzle_id = $${n}`, window.puzzleId);
    if (window.ladder) {
      add((n) => `z.kind = $${n}`, window.ladder.kind);
      add((n) => `z.size IS NOT DISTINCT FROM $${n}::integer`, window.ladder.size);
    }
    return (
      await this.pool.query<PlayRow>(
        `SELECT p.puzzle_id AS "puzzleId", z.kind, z.size, z.level, p.first_at AS "firstAt", p.solved_at AS "solvedAt",
                p.checks_right AS "checksRight", p.checks_wrong AS "checksWrong", p.hints
         FROM plays p JOIN puzzles z ON z.id = p.puzzle_id
         ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY p.puzzle_id, p.first_at, p.player`,
        params,
      )
    ).rows;
  }

  async prune(before: number): Promise<number> {
    return (await this.pool.query('DELETE FROM plays WHERE last_at < $1', [before])).rowCount ?? 0;
  }
}

/**
 * The database's secret salt (`play_salt`, migration 4), made by whoever asks first: the key of
 * every HMAC that keeps a client's id or address out of the tables (plays, check_limits).
 */
export async function databaseSalt(pool: PgPool): Promise<Buffer> {
  await pool.query('INSERT INTO play_salt (id, salt) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [randomBytes(32)]);
  return (await pool.query<{ salt: Buffer }>('SELECT salt FROM play_salt WHERE id = 1')).rows[0]!.salt;
}
