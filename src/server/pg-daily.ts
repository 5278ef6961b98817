/**
 * The daily sets across hosts on PostgreSQL. Instances sharing a database make each day once
 * (under one advisory lock, start.ts), each into its own daily folder, and a folder remembers only
 * the days made into it — so instances on different hosts, each with a folder of its own, would
 * not know each other's puzzles (a repeat) nor notice another key. The database's memory
 * (migration 9, `daily_fingerprints`) is every instance's: each published puzzle's fingerprint
 * with its date, slot, id and the key id its day was made with. Under the lock, the maker
 *
 * 1. refuses when the newest day in the database was made with another key (`assertKey`; `serve`
 *    also refuses to start then, as it does for its own folder's sets);
 * 2. records its folder's days the database lacks (`recordFolder`: days made before migration 9,
 *    or while the database was someone else's; also at every start) — a repeat among those is
 *    left as it was;
 * 3. makes the day with every fingerprint in the database as published elsewhere (`published`:
 *    makeDaily's `publishedElsewhere`), so no candidate repeats any instance's day;
 * 4. records the new day (`recordDay`: in place of any rows the date had), refusing a fingerprint
 *    another date holds (the key of the table is the fingerprint: the database itself keeps one
 *    puzzle to one day), then loads it.
 *
 * One lock for every date, not one per date: two instances making two different days at once
 * would each miss the other's puzzles.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { dailyDirs, madeIndex } from '../pipeline/daily.ts';
import { FingerprintIndex } from '../pipeline/fingerprint-index.ts';
import type { FingerprintEntry } from '../pipeline/schema.ts';
import { inTransaction, type PgPool } from './pg.ts';

/** The advisory lock (pg.ts withAdvisoryLock) every instance makes its days under. */
export const DAILY_LOCK = 'puzzlemill daily';

export class PgDailyMemory {
  constructor(private readonly pool: PgPool) {}

  /** Throw (a RangeError in one line) when the newest day recorded with a key was made with another one than `keyId`. */
  async assertKey(keyId: string): Promise<void> {
    const newest = (await this.pool.query<{ date: string; key_id: string }>('SELECT date, key_id FROM daily_fingerprints WHERE key_id IS NOT NULL ORDER BY date DESC LIMIT 1')).rows[0];
    if (newest && newest.key_id !== keyId) {
      throw new RangeError(`the database's daily sets (the newest ${newest.date}) were made with another daily key (key id ${newest.key_id}, this key is ${keyId}): give every instance on the database the same key`);
    }
  }

  /** Every fingerprint published by any instance on the database. */
  async published(): Promise<FingerprintEntry[]> {
    return (await this.pool.query<FingerprintEntry>('SELECT fingerprint, kind, date, slot, puzzle_id AS id FROM daily_fingerprints ORDER BY date, slot')).rows;
  }

  /** Record the days of the daily folder at `root` that the database does not have (as they are: a repeat among them is not refused). */
  async recordFolder(root: string): Promise<void> {
    const known = new Set((await this.pool.query<{ date: string }>('SELECT DISTINCT date FROM daily_fingerprints')).rows.map((r) => r.date));
    const secretRoot = dailyDirs(root, '').secretRoot;
    if (!existsSync(secretRoot)) return;
    const byDate = new Map<string, FingerprintEntry[]>();
    for (const e of FingerprintIndex.load(secretRoot).all()) if (!known.has(e.date)) byDate.set(e.date, [...(byDate.get(e.date) ?? []), e]);
    for (const [date, entries] of byDate) await this.record(date, entries, keyIdOf(root, date), false);
  }

  /**
   * Record the day `date` of the daily folder at `root` (just made there), in place of any rows the
   * date had: a fingerprint another date holds is refused (a RangeError in one line; nothing changed).
   */
  async recordDay(root: string, date: string): Promise<void> {
    const path = secretIndexPath(root, date);
    const index = madeIndex(path);
    if (!index) throw new RangeError(`${path}: missing or not a daily index, so the day cannot be recorded in the database`);
    await this.record(date, index.puzzles.map((p) => ({ fingerprint: p.fingerprint, kind: p.kind, date, slot: p.slot, id: p.id })), index.keyId ?? null, true);
  }

  private async record(date: string, entries: readonly FingerprintEntry[], keyId: string | null, strict: boolean): Promise<void> {
    await inTransaction(this.pool, async (db) => {
      // the day as made now, not beside rows of an earlier making of it (a slot remade, a commit whose answer was lost)
      if (strict) await db.query('DELETE FROM daily_fingerprints WHERE date = $1', [date]);
      await db.query(
        `INSERT INTO daily_fingerprints (fingerprint, kind, date, slot, puzzle_id, key_id)
         SELECT f, k, $5, s, i, $6 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS t (f, k, s, i)
         ON CONFLICT (fingerprint) DO NOTHING`,
        [entries.map((e) => e.fingerprint), entries.map((e) => e.kind), entries.map((e) => e.slot), entries.map((e) => e.id), date, keyId],
      );
      if (!strict) return;
      const taken = (await db.query<{ date: string; slot: string }>('SELECT date, slot FROM daily_fingerprints WHERE fingerprint = ANY($1::text[]) AND date <> $2 ORDER BY date LIMIT 1', [entries.map((e) => e.fingerprint), date])).rows[0];
      if (taken) throw new RangeError(`daily ${date}: a puzzle repeats ${taken.date} ${taken.slot} (recorded in the database by another instance): not stored`);
    });
  }
}

/** Where the date's secret index (its fingerprints and key id) is in the daily folder at `root`. */
function secretIndexPath(root: string, date: string): string {
  return join(dailyDirs(root, date).secretDir, 'index.json');
}

/** The key id of the date's set in the folder; null when its index is missing or unreadable (its fingerprints still count). */
function keyIdOf(root: string, date: string): string | null {
  return madeIndex(secretIndexPath(root, date))?.keyId ?? null;
}
