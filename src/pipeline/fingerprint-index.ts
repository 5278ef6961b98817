/**
 * The corpus's memory of what was published: `fingerprints.ndjson`, one entry per puzzle
 * `{ fingerprint, kind, date, slot, id }`, sorted by date then slot. The daily job checks new
 * puzzles against it and rewrites it atomically (temp file + rename) while holding a lock file,
 * so two daily jobs on one corpus cannot interleave and a crash leaves the old index or the new.
 *
 *   corpus/daily/secret/fingerprints.ndjson
 *   corpus/daily/secret/.lock          { pid, host, started } while a job runs
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.ts';
import { assertValid } from '../core/schema.ts';
import { ensureDir, writeFileAtomic } from './atomic.ts';
import { withLock } from './lock.ts';
import { FingerprintEntry } from './schema.ts';

export const INDEX_FILE = 'fingerprints.ndjson';
const LOCK_FILE = '.lock';

export class FingerprintIndex {
  private entries: FingerprintEntry[];

  private constructor(
    readonly path: string,
    entries: FingerprintEntry[],
    /** Published from other daily folders (serve on PostgreSQL: other hosts' days): checked, never written here. */
    private readonly elsewhere: readonly FingerprintEntry[],
  ) {
    this.entries = entries;
  }

  /**
   * Load (or start) the index of a corpus directory; every line is schema-checked. `elsewhere`:
   * puzzles published from other daily folders, never repeated either but not written to this one.
   */
  static load(corpusDir: string, elsewhere: readonly FingerprintEntry[] = []): FingerprintIndex {
    const path = join(corpusDir, INDEX_FILE);
    const entries: FingerprintEntry[] = [];
    if (existsSync(path)) {
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          if (text.trim() === '') return;
          const where = { source: path, line: i + 1 };
          let value: unknown;
          try {
            value = JSON.parse(text);
          } catch {
            throw new InputError(where, 'not valid JSON (the fingerprint index is damaged; restore it from version control)');
          }
          assertValid<FingerprintEntry>(FingerprintEntry, value, where);
          entries.push(value);
        });
    }
    return new FingerprintIndex(path, entries, elsewhere);
  }

  /** The entry with this fingerprint published on another date than `date`, if any. */
  seenBefore(fingerprint: string, date: string): FingerprintEntry | undefined {
    const other = (e: FingerprintEntry) => e.fingerprint === fingerprint && e.date !== date;
    return this.entries.find(other) ?? this.elsewhere.find(other);
  }

  /** Every entry of this folder's index (not those from elsewhere). */
  all(): readonly FingerprintEntry[] {
    return this.entries;
  }

  entriesOf(date: string): FingerprintEntry[] {
    return this.entries.filter((e) => e.date === date);
  }

  /** Replace the entries of `date` and write the index atomically. */
  replaceDate(date: string, fresh: FingerprintEntry[]): void {
    for (const e of fresh) assertValid<FingerprintEntry>(FingerprintEntry, e, { source: this.path });
    this.entries = [...this.entries.filter((e) => e.date !== date), ...fresh].sort((a, b) =>
      a.date < b.date ? -1 : a.date > b.date ? 1 : a.slot < b.slot ? -1 : a.slot > b.slot ? 1 : 0,
    );
    writeFileAtomic(this.path, this.entries.map((e) => JSON.stringify(e) + '\n').join(''));
  }
}

/**
 * Hold the corpus lock for the duration of `work` (lock.ts: taken atomically, so a full disk
 * never leaves an empty lock). A lock that is empty, unreadable, or left by a process that no
 * longer runs on this host is taken over; a live one is an error naming its holder.
 */
export async function withCorpusLock<T>(corpusDir: string, work: () => Promise<T>): Promise<T> {
  ensureDir(corpusDir);
  return withLock(join(corpusDir, LOCK_FILE), 'another daily job holds this corpus', work);
}
