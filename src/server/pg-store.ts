/**
 * `PuzzleStore` on PostgreSQL (pg.ts): the same tables (migration 1) and the same answers as the
 * SQLite store, so the routes, and every byte they send, are the same on both
 * (test/server/stores.test.ts runs one suite against each and compares served answers).
 */
import type { DailyPublicIndex } from '../pipeline/schema.ts';
import { inTransaction, type PgPool } from './pg.ts';
import { storedPuzzleOf, type DailySet, type NewPuzzle, type Page, type PageRequest, type PuzzleFilter, type PuzzleRow, type PuzzleStore, type PuzzleSummary, type PutOutcome, type StoredPuzzle } from './store.ts';

export class PgPuzzleStore implements PuzzleStore {
  constructor(private readonly pool: PgPool) {}

  async putPuzzle(p: NewPuzzle): Promise<PutOutcome> {
    const fileText = JSON.stringify(p.file);
    // insert, compare and widen in one transaction, the row locked: another instance storing the
    // same id cannot slip between the insert that found it taken and the compare
    return inTransaction(this.pool, async (client) => {
      const inserted = await client.query(
        'INSERT INTO puzzles (id, kind, format, size, level, technique, summary, file, player, available_from, added_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING',
        [p.id, p.kind, p.format, p.size, p.level, p.technique, p.summary, fileText, JSON.stringify(p.player), p.availableFrom, new Date().toISOString()],
      );
      if (inserted.rowCount === 1) return 'added';
      const stored = (await client.query<{ file: string }>('SELECT file FROM puzzles WHERE id = $1 FOR UPDATE', [p.id])).rows[0]!;
      if (stored.file !== fileText) return 'conflict';
      // NULL (public) wins over any date, an earlier date over a later one
      await client.query('UPDATE puzzles SET available_from = $2 WHERE id = $1 AND available_from IS NOT NULL AND ($2::text IS NULL OR $2::text < available_from)', [p.id, p.availableFrom]);
      return 'same';
    });
  }

  async getPuzzle(id: string): Promise<StoredPuzzle | undefined> {
    const row = (await this.pool.query<PuzzleRow>('SELECT id, kind, format, size, level, technique, summary, available_from, file, player FROM puzzles WHERE id = $1', [id])).rows[0];
    return row ? storedPuzzleOf(row) : undefined;
  }

  async listPuzzles(filter: PuzzleFilter, page: PageRequest): Promise<Page> {
    const params: Array<string | number> = [filter.availableOn];
    const where: string[] = ['(available_from IS NULL OR available_from <= $1)'];
    const add = (column: string, value: string | number) => {
      params.push(value);
      where.push(`${column} $${params.length}`);
    };
    if (filter.kind !== undefined) add('kind =', filter.kind);
    if (filter.size !== undefined) add('size =', filter.size);
    if (filter.level !== undefined) add('level =', filter.level);
    if (filter.technique !== undefined) add('technique =', filter.technique);
    if (page.cursor !== undefined) add('id >', page.cursor);
    params.push(page.limit + 1, page.cursor === undefined ? (page.offset ?? 0) : 0);
    // one row more than asked tells whether there is a next page
    const rows = (await this.pool.query<PuzzleSummary>(`SELECT id, kind, format, size, level, technique, summary FROM puzzles WHERE ${where.join(' AND ')} ORDER BY id LIMIT $${params.length - 1} OFFSET $${params.length}`, params)).rows;
    const items = rows.slice(0, page.limit);
    return { items, next: rows.length > page.limit ? items[items.length - 1]!.id : null };
  }

  async putDaily(set: DailySet): Promise<PutOutcome> {
    const text = JSON.stringify(set.publicIndex);
    const date = set.publicIndex.date;
    return inTransaction(this.pool, async (client) => {
      const inserted = (await client.query('INSERT INTO daily_sets (date, public_index) VALUES ($1, $2) ON CONFLICT (date) DO NOTHING', [date, text])).rowCount === 1;
      if (!inserted) return (await client.query<{ public_index: string }>('SELECT public_index FROM daily_sets WHERE date = $1', [date])).rows[0]!.public_index === text ? 'same' : 'conflict';
      for (const [i, id] of set.ids.entries()) await client.query('INSERT INTO daily_puzzles (date, position, slot, puzzle_id) VALUES ($1, $2, $3, $4)', [date, i, set.publicIndex.puzzles[i]!.slot, id]);
      return 'added';
    });
  }

  async getDaily(date: string): Promise<DailySet | undefined> {
    const row = (await this.pool.query<{ public_index: string }>('SELECT public_index FROM daily_sets WHERE date = $1', [date])).rows[0];
    if (!row) return undefined;
    const ids = (await this.pool.query<{ puzzle_id: string }>('SELECT puzzle_id FROM daily_puzzles WHERE date = $1 ORDER BY position', [date])).rows.map((r) => r.puzzle_id);
    return { publicIndex: JSON.parse(row.public_index) as DailyPublicIndex, ids };
  }

  async dailyDates(): Promise<string[]> {
    return (await this.pool.query<{ date: string }>('SELECT date FROM daily_sets ORDER BY date DESC')).rows.map((r) => r.date);
  }
}
