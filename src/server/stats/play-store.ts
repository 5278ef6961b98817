/**
 * Where play is kept: one row per puzzle and (hashed) player, updated in place by one UPSERT per
 * request. The interface is asynchronous like the puzzle store's, so a shared database can stand
 * behind it; `SqlitePlayStore` is the embedded one (migration 4).
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db.ts';

/** Plays whose last request is older than this many days are deleted (`serve --keep-plays`; here apart from Fastify, so the CLI reads it cheaply). */
export const DEFAULT_KEEP_PLAYS_DAYS = 365;

/** What one request tells about a player's play of a puzzle. */
export type PlayEvent = { type: 'view' } | { type: 'check'; right: boolean; solved: boolean } | { type: 'hint' };

/** A player's play of one puzzle, with the puzzle's facts (for grouping by level). */
export interface PlayRow {
  puzzleId: string;
  kind: string;
  size: number | null;
  level: number | null;
  /** Server times, ms. */
  firstAt: number;
  solvedAt: number | null;
  checksRight: number;
  checksWrong: number;
  /** Hints asked before the solve (all of them when unsolved). */
  hints: number;
}

export interface PlayWindow {
  /** First contact at or after this time (ms), when given. */
  from?: number;
  /** First contact before this time (ms), when given. */
  to?: number;
  /** Only the puzzles of this kind and size (a ladder of levels). */
  ladder?: { kind: string; size: number | null };
  /** Only this puzzle. */
  puzzleId?: string;
}

export interface PlayStore {
  /**
   * The stored form of a browser's id on one puzzle: a keyed hash of both (the key never leaves
   * the database), so the table holds no id a frontend ever sent, and one browser's rows on two
   * puzzles cannot be linked: the figures need no more than "the same player on this puzzle".
   */
  playerKey(browserId: string, puzzleId: string): Promise<string>;
  record(puzzleId: string, player: string, at: number, event: PlayEvent): Promise<void>;
  plays(window: PlayWindow): Promise<PlayRow[]>;
  /** Delete the plays whose last request came before `before` (ms); the number deleted. */
  prune(before: number): Promise<number>;
}

/** HMAC-SHA-256 under the salt of the puzzle's id and the browser's (a NUL between: neither holds one), 32 hex digits. */
export function playerHash(salt: Buffer, browserId: string, puzzleId: string): string {
  return createHmac('sha256', salt).update(`${puzzleId}\u0000${browserId}`).digest('hex').slice(0, 32);
}

export class SqlitePlayStore implements PlayStore {
  private salt: Buffer | undefined;
  private readonly upsert;

  constructor(private readonly db: Db) {
    // one statement for every event: a first request makes the row, later ones add to it; what
    // comes after the solve only moves last_at
    this.upsert = db.prepare(`
      INSERT INTO plays (puzzle_id, player, first_at, last_at, checks_right, checks_wrong, hints, solved_at)
      VALUES (@puzzle, @player, @at, @at, @right, @wrong, @hint, @solvedAt)
      ON CONFLICT (puzzle_id, player) DO UPDATE SET
        last_at = max(last_at, excluded.last_at),
        checks_right = checks_right + CASE WHEN solved_at IS NULL THEN excluded.checks_right ELSE 0 END,
        checks_wrong = checks_wrong + CASE WHEN solved_at IS NULL THEN excluded.checks_wrong ELSE 0 END,
        hints = hints + CASE WHEN solved_at IS NULL THEN excluded.hints ELSE 0 END,
        solved_at = coalesce(solved_at, excluded.solved_at)
    `);
  }

  async playerKey(browserId: string, puzzleId: string): Promise<string> {
    this.salt ??= this.loadSalt();
    return playerHash(this.salt, browserId, puzzleId);
  }

  private loadSalt(): Buffer {
    this.db.prepare('INSERT INTO play_salt (id, salt) VALUES (1, ?) ON CONFLICT (id) DO NOTHING').run(randomBytes(32));
    return this.db.prepare('SELECT salt FROM play_salt WHERE id = 1').pluck().get() as Buffer;
  }

  async record(puzzleId: string, player: string, at: number, event: PlayEvent): Promise<void> {
    const check = event.type === 'check' ? event : undefined;
    this.upsert.run({
      puzzle: puzzleId,
      player,
      at,
      right: check?.right ? 1 : 0,
      wrong: check && !check.right ? 1 : 0,
      hint: event.type === 'hint' ? 1 : 0,
      solvedAt: check?.solved ? at : null,
    });
  }

  async plays(window: PlayWindow): Promise<PlayRow[]> {
    const where: string[] = [];
    const params: Record<string, string | number | null> = {};
    if (window.from !== undefined) where.push('p.first_at >= @from'), (params.from = window.from);
    if (window.to !== undefined) where.push('p.first_at < @to'), (params.to = window.to);
    if (window.puzzleId !== undefined) where.push('p.puzzle_id = @puzzleId'), (params.puzzleId = window.puzzleId);
    if (window.ladder) {
      // IS: a kind without sizes stores NULL, which = never matches
      where.push('z.kind = @kind AND z.size IS @size');
      Object.assign(params, window.ladder);
    }
    const rows = this.db
      .prepare(
        `SELECT p.puzzle_id AS puzzleId, z.kind, z.size, z.level, p.first_at AS firstAt, p.solved_at AS solvedAt,
                p.checks_right AS checksRight, p.checks_wrong AS checksWrong, p.hints
         FROM plays p JOIN puzzles z ON z.id = p.puzzle_id
         ${where.length > 0 ? `WHERE ${where.join(' AND ')}` : ''}
         ORDER BY p.puzzle_id, p.first_at, p.player`,
      )
      .all(params) as PlayRow[];
    return rows;
  }

  async prune(before: number): Promise<number> {
    return this.db.prepare('DELETE FROM plays WHERE last_at < ?').run(before).changes;
  }
}
