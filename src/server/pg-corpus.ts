/**
 * Corpus folders loaded once into a PostgreSQL database that several instances share (issue 28):
 * each `serve --corpus DIR` would otherwise read and verify the same large folder at every start
 * of every instance. The load is recorded (migration 10, `corpus_loads`) under the folder's content
 * fingerprint (corpus.ts `corpusFingerprint`); an instance finding it recorded skips the folder,
 * and a changed folder has another fingerprint, so it is loaded again (idempotent by id, as
 * always). Loads run under an advisory lock per fingerprint, so instances starting together load a
 * folder once: the others wait, then find it recorded.
 */
import type { PgPool } from './pg.ts';

/** The advisory lock (pg.ts withAdvisoryLock) a folder of this content is loaded under. */
export const corpusLock = (fingerprint: string) => `puzzlemill corpus ${fingerprint}`;

export interface CorpusLoad {
  folder: string;
  puzzles: number;
  refused: number;
  dailySets: number;
  loadedAt: string;
}

export class PgCorpusLoads {
  constructor(private readonly pool: PgPool) {}

  /** The recorded load of a folder with this fingerprint, or null. */
  async find(fingerprint: string): Promise<CorpusLoad | null> {
    const row = (await this.pool.query<{ folder: string; puzzles: number; refused: number; daily_sets: number; loaded_at: string }>('SELECT folder, puzzles, refused, daily_sets, loaded_at FROM corpus_loads WHERE fingerprint = $1', [fingerprint])).rows[0];
    return row ? { folder: row.folder, puzzles: row.puzzles, refused: row.refused, dailySets: row.daily_sets, loadedAt: row.loaded_at } : null;
  }

  /** Record a finished load (a second record of the same content keeps the first). */
  async record(fingerprint: string, load: CorpusLoad): Promise<void> {
    await this.pool.query('INSERT INTO corpus_loads (fingerprint, folder, puzzles, refused, daily_sets, loaded_at) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (fingerprint) DO NOTHING', [fingerprint, load.folder, load.puzzles, load.refused, load.dailySets, load.loadedAt]);
  }
}
