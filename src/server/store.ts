/**
 * Where the server keeps puzzles: a small interface (so PostgreSQL can follow for several API
 * instances, README.md) and its SQLite implementation over migration 1.
 *
 * The store holds each file whole, secret included — checks and hints need the solution — and
 * beside it the player form's text, which is all a response ever carries. Methods are async
 * although SQLite answers synchronously: a networked database cannot, and the routes are written
 * once for both.
 */
import type { Statement } from 'better-sqlite3';
import type { Db } from './db.ts';
import type { PuzzleFile } from '../kinds/kind.ts';
import type { DailyPublicIndex } from '../pipeline/schema.ts';

/** What a list shows of a puzzle: enough to choose one, nothing from its secret. */
export interface PuzzleSummary {
  id: string;
  kind: string;
  format: string;
  size: number | null;
  level: number | null;
  /** The hardest technique the file's grade names (a Numbridge board's `grade.technique`), or null. */
  technique: string | null;
  summary: string;
}

export interface StoredPuzzle extends PuzzleSummary {
  /** The first day it may be seen (a daily set's date), or null: public as soon as stored. */
  availableFrom: string | null;
  /** The full file, with its secret: never sent. */
  file: PuzzleFile;
  /** The player form as JSON text: what responses carry. */
  playerText: string;
}

export interface NewPuzzle extends PuzzleSummary {
  /** The daily set's date it comes with, or null (any other corpus). */
  availableFrom: string | null;
  file: PuzzleFile;
  player: PuzzleFile;
}

export interface PuzzleFilter {
  /** Only puzzles that may be seen on this day (YYYY-MM-DD). */
  availableOn: string;
  kind?: string;
  size?: number;
  level?: number;
  technique?: string;
}

/** A page: after `cursor` (the last id of the page before) or from `offset`; `limit` items. */
export interface PageRequest {
  limit: number;
  cursor?: string;
  offset?: number;
}

export interface Page {
  items: PuzzleSummary[];
  /** The last id of this page when there may be more, for `cursor=`. */
  next: string | null;
}

export interface DailySet {
  publicIndex: DailyPublicIndex;
  /** The puzzles' ids in the index's order. */
  ids: string[];
}

/** `added`: new; `same`: that id with that very file was there; `conflict`: that id holds another file. */
export type PutOutcome = 'added' | 'same' | 'conflict';

export interface PuzzleStore {
  /**
   * Store a file under its id, idempotently. The same file again may make it available earlier
   * (an earlier daily set, or null from another corpus), never later.
   */
  putPuzzle(puzzle: NewPuzzle): Promise<PutOutcome>;
  getPuzzle(id: string): Promise<StoredPuzzle | undefined>;
  /** Ids in ascending order, filtered. */
  listPuzzles(filter: PuzzleFilter, page: PageRequest): Promise<Page>;
  /** Record a date's set (its puzzles must be stored); the same set again is a no-op, another refused. */
  putDaily(set: DailySet): Promise<PutOutcome>;
  getDaily(date: string): Promise<DailySet | undefined>;
  /** Dates with a set, newest first (future ones too: callers decide what is shown). */
  dailyDates(): Promise<string[]>;
}

/** A `puzzles` row as a store reads it (SQLite's or PostgreSQL's): the summary's columns plus what stays on the server. */
export interface PuzzleRow extends PuzzleSummary {
  available_from: string | null;
  file: string;
  player: string;
}

/** A row as the store hands it out: the file parsed, the player form kept as its text. */
export function storedPuzzleOf(row: PuzzleRow): StoredPuzzle {
  return {
    id: row.id,
    kind: row.kind,
    format: row.format,
    size: row.size,
    level: row.level,
    technique: row.technique,
    summary: row.summary,
    availableFrom: row.available_from,
    file: JSON.parse(row.file) as PuzzleFile,
    playerText: row.player,
  };
}

/** The SQLite store: each statement prepared once (the list's on first use, per filter combination), one transaction per write. */
export class SqlitePuzzleStore implements PuzzleStore {
  private readonly insert;
  private readonly byId;
  private readonly widen;
  private readonly insertDaily;
  private readonly insertDailyPuzzle;
  private readonly dailyByDate;
  private readonly dailyIds;
  private readonly dates;
  private readonly putOne: (p: NewPuzzle) => PutOutcome;
  private readonly lists = new Map<string, Statement<Array<string | number>, PuzzleSummary>>();

  constructor(private readonly db: Db) {
    this.insert = db.prepare(
      'INSERT INTO puzzles (id, kind, format, size, level, technique, summary, file, player, available_from, added_at) VALUES (@id, @kind, @format, @size, @level, @technique, @summary, @file, @player, @availableFrom, @addedAt) ON CONFLICT (id) DO NOTHING',
    );
    this.byId = db.prepare<[string], PuzzleRow>('SELECT id, kind, format, size, level, technique, summary, available_from, file, player FROM puzzles WHERE id = ?');
    // NULL (public) wins over any date, an earlier date over a later one
    this.widen = db.prepare<{ id: string; availableFrom: string | null }>(
      'UPDATE puzzles SET available_from = @availableFrom WHERE id = @id AND available_from IS NOT NULL AND (@availableFrom IS NULL OR @availableFrom < available_from)',
    );
    this.insertDaily = db.prepare('INSERT INTO daily_sets (date, public_index) VALUES (?, ?) ON CONFLICT (date) DO NOTHING');
    this.insertDailyPuzzle = db.prepare('INSERT INTO daily_puzzles (date, position, slot, puzzle_id) VALUES (?, ?, ?, ?)');
    this.dailyByDate = db.prepare<[string], { public_index: string }>('SELECT public_index FROM daily_sets WHERE date = ?');
    this.dailyIds = db.prepare<[string], { puzzle_id: string }>('SELECT puzzle_id FROM daily_puzzles WHERE date = ? ORDER BY position');
    this.dates = db.prepare<[], { date: string }>('SELECT date FROM daily_sets ORDER BY date DESC');
    this.putOne = db.transaction((p: NewPuzzle) => this.putOneNow(p));
  }

  async putPuzzle(p: NewPuzzle): Promise<PutOutcome> {
    return this.putOne(p);
  }

  // insert, compare and widen in one transaction: another writer of the same database (a second
  // serve on the file) cannot slip between the insert that found the id taken and the compare
  private putOneNow(p: NewPuzzle): PutOutcome {
    const fileText = JSON.stringify(p.file);
    const result = this.insert.run({
      id: p.id,
      kind: p.kind,
      format: p.format,
      size: p.size,
      level: p.level,
      technique: p.technique,
      summary: p.summary,
      file: fileText,
      player: JSON.stringify(p.player),
      availableFrom: p.availableFrom,
      addedAt: new Date().toISOString(),
    });
    if (result.changes === 1) return 'added';
    if (this.byId.get(p.id)!.file !== fileText) return 'conflict';
    this.widen.run({ id: p.id, availableFrom: p.availableFrom });
    return 'same';
  }

  async getPuzzle(id: string): Promise<StoredPuzzle | undefined> {
    const row = this.byId.get(id);
    return row ? storedPuzzleOf(row) : undefined;
  }

  async listPuzzles(filter: PuzzleFilter, page: PageRequest): Promise<Page> {
    const where: string[] = ['(available_from IS NULL OR available_from <= ?)'];
    const params: Array<string | number> = [filter.availableOn];
    if (filter.kind !== undefined) (where.push('kind = ?'), params.push(filter.kind));
    if (filter.size !== undefined) (where.push('size = ?'), params.push(filter.size));
    if (filter.level !== undefined) (where.push('level = ?'), params.push(filter.level));
    if (filter.technique !== undefined) (where.push('technique = ?'), params.push(filter.technique));
    if (page.cursor !== undefined) (where.push('id > ?'), params.push(page.cursor));
    const sql = `SELECT id, kind, format, size, level, technique, summary FROM puzzles WHERE ${where.join(' AND ')} ORDER BY id LIMIT ? OFFSET ?`;
    // one row more than asked tells whether there is a next page
    const rows = this.listStatement(sql).all(...params, page.limit + 1, page.cursor === undefined ? (page.offset ?? 0) : 0);
    const items = rows.slice(0, page.limit);
    return { items, next: rows.length > page.limit ? items[items.length - 1]!.id : null };
  }

  /** One prepared statement per filter combination (at most 32), prepared on first use. */
  private listStatement(sql: string): Statement<Array<string | number>, PuzzleSummary> {
    let statement = this.lists.get(sql);
    if (!statement) this.lists.set(sql, (statement = this.db.prepare<Array<string | number>, PuzzleSummary>(sql)));
    return statement;
  }

  async putDaily(set: DailySet): Promise<PutOutcome> {
    const text = JSON.stringify(set.publicIndex);
    return this.db.transaction((): PutOutcome => {
      const inserted = this.insertDaily.run(set.publicIndex.date, text).changes === 1;
      if (!inserted) return this.dailyByDate.get(set.publicIndex.date)!.public_index === text ? 'same' : 'conflict';
      set.ids.forEach((id, i) => this.insertDailyPuzzle.run(set.publicIndex.date, i, set.publicIndex.puzzles[i]!.slot, id));
      return 'added';
    })();
  }

  async getDaily(date: string): Promise<DailySet | undefined> {
    const row = this.dailyByDate.get(date);
    if (!row) return undefined;
    return { publicIndex: JSON.parse(row.public_index) as DailyPublicIndex, ids: this.dailyIds.all(date).map((r) => r.puzzle_id) };
  }

  async dailyDates(): Promise<string[]> {
    return this.dates.all().map((r) => r.date);
  }
}
