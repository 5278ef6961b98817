/**
 * The daily sets across hosts on PostgreSQL. Instances sharing a database make each day once
 * (under one advisory lock, `makeDay`, which start.ts calls), each into its own daily folder, and a folder remembers only
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
 * would each miss the other's puzzles. `makeDay` runs those steps; a day the database refuses is
 * removed from the folder again, so it is never served.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { dailyDirs, madeIndex, removeDay } from '../pipeline/daily.ts';
import { FingerprintIndex } from '../pipeline/fingerprint-index.ts';
import type { FingerprintEntry } from '../pipeline/schema.ts';
import { inTransaction, withAdvisoryLock, type PgPool } from './pg.ts';

/** The advisory lock (pg.ts withAdvisoryLock) every instance makes its days under. */
const DAILY_LOCK = 'puzzlemill daily';

/** What `makeDay` needs from the server: the store's view, the making and the loading of one day. */
export interface DayMaking {
  /** The daily folder the day is made into. */
  root: string;
  date: string;
  /** The id of the daily key the day is made with. */
  keyId: string;
  /** True when an instance has stored the day already. */
  stored: () => Promise<boolean>;
  /** Make the day into the folder, never repeating `publishedElsewhere`. */
  make: (publishedElsewhere: FingerprintEntry[]) => Promise<void>;
  /** Load the day, made and recorded, into the store. */
  load: () => Promise<void>;
  /** True once the server is stopping: no more waiting for the lock. */
  stopped?: () => boolean;
}

export class PgDailyMemory {
  constructor(private readonly pool: PgPool) {}

  /**
   * Make the day once across the instances (steps 1–4 above) unless one has stored it. A day made
   * but not recorded (a repeat refused, the database away) is removed from the folder again
   * (daily.ts removeDay): left there, the next tick would find it made and load it, and a restart
   * would record it without the refused puzzle. Throws what refused it.
   */
  async makeDay(o: DayMaking): Promise<void> {
    // stored already: no waiting for the lock, which another instance may hold for minutes making a later day
    if (await o.stored()) return;
    await withAdvisoryLock(
      this.pool,
      DAILY_LOCK,
      async () => {
        if (await o.stored()) return;
        await this.assertKey(o.keyId);
        await this.recordFolder(o.root);
        await o.make(await this.published());
        try {
          await this.recordDay(o.root, o.date);
        } catch (e) {
          await removeDay(o.root, o.date);
          throw e;
        }
        await o.load();
      },
      { ...(o.stopped && { stopped: o.stopped }) },
    );
  }

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

  /**
   * Record the days of the daily folder at `root` that the database does not have (as they are: a
   * repeat among them is not refused). Only under DAILY_LOCK (makeDay, recordFolderAtStart): a
   * day recorded while another instance makes one would not be in that maker's view.
   */
  async recordFolder(root: string): Promise<void> {
    for (const [date, entries] of await this.folderDaysMissing(root)) await this.record(date, entries, keyIdOf(root, date), false);
  }

  /**
   * A start's recordFolder: under DAILY_LOCK, asked for only when the folder has days the database
   * lacks, so a start does not wait on another instance making a day when there is nothing to record.
   */
  async recordFolderAtStart(root: string, stopped?: () => boolean): Promise<void> {
    if ((await this.folderDaysMissing(root)).size === 0) return;
    await withAdvisoryLock(this.pool, DAILY_LOCK, () => this.recordFolder(root), { ...(stopped && { stopped }) });
  }

  /** The days of the folder's fingerprints.ndjson the database has no row of, by date. */
  private async folderDaysMissing(root: string): Promise<Map<string, FingerprintEntry[]>> {
    const byDate = new Map<string, FingerprintEntry[]>();
    const secretRoot = dailyDirs(root, '').secretRoot;
    if (!existsSync(secretRoot)) return byDate;
    const known = new Set((await this.pool.query<{ date: string }>('SELECT DISTINCT date FROM daily_fingerprints')).rows.map((r) => r.date));
    for (const e of FingerprintIndex.load(secretRoot).all()) if (!known.has(e.date)) byDate.set(e.date, [...(byDate.get(e.date) ?? []), e]);
    return byDate;
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
