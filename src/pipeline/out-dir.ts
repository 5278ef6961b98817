/**
 * `--out DIR`, the one owner of a run's files: their deterministic names, their writing (in the
 * thread that made the batch, or here), the run's lock, its manifest and resume. Nothing else in
 * the pipeline names or writes a file of DIR.
 *
 *   DIR/numbridge-000000.json          the file (with secret)
 *   DIR/numbridge-000000.player.json   its player form (with --player)
 *   DIR/manifest.json                  the run (manifest.shard-I-of-N.json for a shard)
 *   DIR/.manifest.json.lock            held while a run writes this manifest's puzzles (lock.ts)
 *
 * A run takes the lock of its manifest first (a second run of the same slot is refused, exit 2;
 * other shards have other manifests and write beside it), then checks that no manifest in DIR
 * belongs to another run of the kind, then writes its manifest (complete: false, no puzzles yet)
 * before its first puzzle file, so a run killed at once still marks DIR as its own.
 *
 * Puzzle files are written where the puzzle was made: the worker that made a batch writes its
 * files itself (`writePuzzleFiles`, atomic, fsynced), so the main thread of a pooled run receives
 * a few fields per puzzle for the manifest instead of every file's text, and never waits on a
 * helper's disk: on 2 cores, -j 2 is the main thread (which writes its own batches' files) and one
 * helper.
 *
 *   worker: make batch → write DIR/<kind>-<k>.player.json, then DIR/<kind>-<k>.json → outcomes
 *           without their texts (`written: true`) → main thread: manifest entries only
 *
 * A write that fails (a full disk) stops the batch there: the outcome of that puzzle carries the
 * system error as plain data (an Error's code and path do not cross threads), and the run throws
 * it again when it emits that puzzle, in index order, exactly as if it had written the file itself.
 *
 * Resume: a puzzle whose file is already there, parses, passes its schema and was made from one of
 * its own attempt seeds is kept as it is and not generated again; anything else is (re)written.
 * The files present are found by scanning DIR (never by a set over all indices: a count is
 * limited by the disk only). The manifest is deterministic (no timestamps), so an interrupted and
 * resumed run ends with the same bytes as an uninterrupted one; it is written in chunks, as
 * `JSON.stringify(manifest, null, 2)` would write it, so no single string has to hold it.
 */
import { existsSync, opendirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.ts';
import { assertValid, readerSchema, validator } from '../core/schema.ts';
import type { AnyKind, PuzzleFile, PuzzleRequest } from '../kinds/kind.ts';
import { ensureDir, removeStaleTemps, syncDir, writeFileAtomic, writeFileAtomicChunks } from './atomic.ts';
import { fingerprintOf, isAttemptSeed, type PuzzleFileTarget, type PuzzleOutcome, type WriteFailure } from './generate-batch.ts';
import { acquireLock, type HeldLock } from './lock.ts';
import { ManifestEntry, RunManifest } from './schema.ts';
import { isWholeRun, shardRange, type Shard } from './shard.ts';
import { RUN_MANIFEST } from '../core/formats.ts';

export interface RunIdentity {
  kind: AnyKind;
  /** A parsed request (kind.parseRequest). */
  request: PuzzleRequest;
  seed: string;
  count: number;
  shard: Shard;
  player: boolean;
}

/** The index width of a run of `count` puzzles: at least 6 digits, enough for the last index. */
function indexWidth(count: number): number {
  return Math.max(6, String(Math.max(0, count - 1)).length);
}

function puzzleFileName(kind: string, width: number, k: number): string {
  return `${kind}-${String(k).padStart(width, '0')}.json`;
}

function playerFileName(kind: string, width: number, k: number): string {
  return `${kind}-${String(k).padStart(width, '0')}.player.json`;
}

const MANIFEST_NAME = /^manifest(\.shard-\d+-of-\d+)?\.json$/;

export class OutDir {
  readonly manifestName: string;
  private readonly width: number;
  /** The run's indices (its shard's slice), computed once. */
  private readonly range: { start: number; end: number };
  /** Kept and written puzzles, each once (arrays: a Map stops at 2^24 entries). */
  private readonly entries: ManifestEntry[] = [];
  private readonly failed: Array<{ index: number; reason: string }> = [];
  private lock: HeldLock | undefined;

  constructor(
    readonly dir: string,
    readonly run: RunIdentity,
  ) {
    this.width = indexWidth(run.count);
    this.range = shardRange(run.count, run.shard);
    this.manifestName = isWholeRun(run.shard) ? 'manifest.json' : `manifest.shard-${run.shard.index}-of-${run.shard.of}.json`;
  }

  fileName(k: number): string {
    return puzzleFileName(this.run.kind.name, this.width, k);
  }

  playerName(k: number): string {
    return playerFileName(this.run.kind.name, this.width, k);
  }

  /** Where the thread that makes a batch writes its files (the task's `writeTo`). */
  get target(): PuzzleFileTarget {
    return { dir: this.dir, kind: this.run.kind.name, width: this.width, player: this.run.player };
  }

  get lockName(): string {
    return `.${this.manifestName}.lock`;
  }

  /**
   * Create DIR, take this manifest's lock, refuse DIR when a manifest in it belongs to another
   * run of this kind, clear the temporary files a killed run of ours left behind, and mark DIR
   * as this run's (the manifest) before any puzzle is written. Call `release` when done.
   */
  prepare(): void {
    ensureDir(this.dir);
    this.lock = acquireLock(join(this.dir, this.lockName), 'another run is writing this directory');
    try {
      this.refuseOtherRuns();
      removeStaleTemps(this.dir, (name) => this.owns(name));
      if (!existsSync(join(this.dir, this.manifestName))) this.finish(false);
    } catch (e) {
      this.release();
      throw e;
    }
  }

  /** Give up the directory's lock (after `finish`, or when the run fails). */
  release(): void {
    this.lock?.release();
    this.lock = undefined;
  }

  /**
   * Indices of this run's range whose full file is in DIR, ascending: the candidates for `resume`.
   * Found by reading the directory as a stream, so memory follows the files, not the count.
   */
  present(): number[] {
    const { start, end } = this.range;
    const found: number[] = [];
    const dir = opendirSync(this.dir);
    try {
      for (let e = dir.readSync(); e !== null; e = dir.readSync()) {
        const k = this.indexOf(e.name, false);
        if (k !== undefined && k >= start && k < end) found.push(k);
      }
    } finally {
      dir.closeSync();
    }
    return found.sort((a, b) => a - b);
  }

  /**
   * Names this run writes: its puzzles and player forms (in range) and its manifest. Not the
   * lock: a second run's lock temp file may be live while we hold the lock.
   */
  private owns(name: string): boolean {
    if (name === this.manifestName) return true;
    const k = this.indexOf(name, true);
    if (k === undefined) return false;
    const { start, end } = this.range;
    return k >= start && k < end;
  }

  /** k when `name` is exactly fileName(k) (or playerName(k), when `player`). */
  private indexOf(name: string, player: boolean): number | undefined {
    const prefix = `${this.run.kind.name}-`;
    if (!name.startsWith(prefix)) return undefined;
    const m = /^(\d+)(\.player)?\.json$/.exec(name.slice(prefix.length));
    if (!m || (m[2] !== undefined && !player)) return undefined;
    const k = Number(m[1]);
    if (!Number.isSafeInteger(k)) return undefined;
    return name === (m[2] === undefined ? this.fileName(k) : this.playerName(k)) ? k : undefined;
  }

  /** Refuse DIR when its manifests (this one, or another shard's) describe another run of this kind. */
  private refuseOtherRuns(): void {
    const names: string[] = [];
    const dir = opendirSync(this.dir);
    try {
      for (let e = dir.readSync(); e !== null; e = dir.readSync()) if (MANIFEST_NAME.test(e.name)) names.push(e.name);
    } finally {
      dir.closeSync();
    }
    const mine = this.header(false);
    for (const name of names.sort()) {
      const path = join(this.dir, name);
      const where = { source: path };
      let old: unknown;
      try {
        old = JSON.parse(readFileSync(path, 'utf8'));
      } catch {
        if (name !== this.manifestName) continue; // another shard's business
        throw new InputError(where, 'manifest is not valid JSON; remove it to start this directory afresh');
      }
      if (name !== this.manifestName && !validator<RunManifest>(RunManifest)(old)) continue;
      assertValid<RunManifest>(RunManifest, old, where);
      if (name !== this.manifestName && old.kind !== mine.kind) continue; // other names, no clash
      const same = old.kind === mine.kind && old.paramsKey === mine.paramsKey && old.seed === mine.seed && old.count === mine.count;
      if (!same) {
        throw new InputError(
          where,
          `holds another run (${old.kind} ${old.paramsKey}, seed ${JSON.stringify(old.seed)}, count ${old.count}); choose another --out`,
        );
      }
    }
  }

  /**
   * Keep every puzzle of the run already in DIR and valid (`present`, then `resume` with its own
   * base seed): the indices kept, ascending. The rest is the run's work.
   */
  keepPresent(): number[] {
    const { kind, seed, request } = this.run;
    const kept: number[] = [];
    for (const k of this.present()) if (this.resume(k, kind.puzzleSeed(seed, request, k))) kept.push(k);
    return kept;
  }

  /**
   * Keep puzzle k when its file is already there and valid for this run (writing a missing or
   * stale player form from it). True when kept.
   */
  resume(k: number, baseSeed: string): boolean {
    const path = join(this.dir, this.fileName(k));
    let file: PuzzleFile;
    try {
      const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
      // read leniently (a field another tool added is no reason to remake the puzzle); our seed is still required below
      if (!validator<PuzzleFile>(readerSchema(this.run.kind.schema))(value)) return false;
      file = value;
    } catch {
      return false;
    }
    const seed = this.run.kind.seedOf(file);
    if (seed === undefined || !isAttemptSeed(seed, baseSeed) || file.secret === undefined) return false;
    const entry: ManifestEntry = { index: k, file: this.fileName(k), id: file.id, seed, fingerprint: this.run.kind.fingerprint(file) };
    if (this.run.player) {
      const text = JSON.stringify(this.run.kind.playerForm(file)) + '\n';
      const playerPath = join(this.dir, this.playerName(k));
      let current = '';
      try {
        current = readFileSync(playerPath, 'utf8');
      } catch {
        /* missing: written below */
      }
      if (current !== text) writeFileAtomic(playerPath, text);
      entry.playerFile = this.playerName(k);
    }
    this.entries.push(entry);
    return true;
  }

  /** Write a finished puzzle (and its player form), unless the thread that made it already did. */
  write(outcome: Extract<PuzzleOutcome, { ok: true }>): void {
    const k = outcome.k;
    const entry: ManifestEntry = { index: k, file: this.fileName(k), id: outcome.id, seed: outcome.seed, fingerprint: fingerprintOf(outcome) };
    if (outcome.written) {
      if (outcome.playerWritten) entry.playerFile = this.playerName(k);
      this.entries.push(entry);
      return;
    }
    if (this.run.player && outcome.playerText !== undefined) {
      writeFileAtomic(join(this.dir, this.playerName(k)), outcome.playerText + '\n');
      entry.playerFile = this.playerName(k);
    }
    // The full file last: its presence is what marks puzzle k as done for a resumed run.
    writeFileAtomic(join(this.dir, this.fileName(k)), outcome.text + '\n');
    this.entries.push(entry);
  }

  fail(k: number, reason: string): void {
    this.failed.push({ index: k, reason });
  }

  get kept(): number {
    return this.entries.length;
  }

  /** Write the manifest (validated) and make the directory's new names durable. */
  finish(complete: boolean): void {
    const where = { source: join(this.dir, this.manifestName) };
    const header = this.header(complete);
    assertValid<RunManifest>(RunManifest, header, where);
    const validEntry = validator<ManifestEntry>(ManifestEntry);
    this.entries.sort((a, b) => a.index - b.index);
    this.failed.sort((a, b) => a.index - b.index);
    for (const entry of this.entries) if (!validEntry(entry)) assertValid<ManifestEntry>(ManifestEntry, entry, where);
    writeFileAtomicChunks(where.source, manifestChunks(header, this.entries, this.failed));
    syncDir(this.dir);
  }

  /** The manifest without its lists (they are long: written entry by entry). */
  private header(complete: boolean): RunManifest {
    const { kind, request, seed, count, shard, player } = this.run;
    return {
      format: RUN_MANIFEST,
      version: 1,
      kind: kind.name,
      puzzleFormat: kind.format,
      request,
      paramsKey: kind.paramsKey(request),
      seed,
      count,
      shard: { index: shard.index, of: shard.of },
      range: this.range,
      player,
      complete,
      puzzles: [],
      failed: [],
    };
  }
}

/**
 * Write the made puzzles of a batch (player form first: the full file, written last, is what
 * marks puzzle k done for a resumed run) and drop their texts from the outcomes. Stops at the
 * first outcome stopped by the deadline (what follows it is not emitted either) and at the first
 * failed write: that outcome and the rest of the batch carry the failure.
 */
export function writePuzzleFiles(target: PuzzleFileTarget, outcomes: PuzzleOutcome[]): PuzzleOutcome[] {
  const result: PuzzleOutcome[] = [];
  for (const [i, outcome] of outcomes.entries()) {
    if (!outcome.ok) {
      result.push(outcome);
      if (outcome.stopped) return result.concat(outcomes.slice(i + 1));
      continue;
    }
    const { text, playerText, ...rest } = outcome;
    try {
      if (target.player && playerText !== undefined) writeFileAtomic(join(target.dir, playerFileName(target.kind, target.width, outcome.k)), playerText + '\n');
      writeFileAtomic(join(target.dir, puzzleFileName(target.kind, target.width, outcome.k)), text + '\n');
    } catch (e) {
      // one outcome per unit still (the scheduler checks): the rest of the batch is not written either
      const writeFailure = writeFailureOf(e);
      for (const left of outcomes.slice(i)) result.push({ k: left.k, ok: false, reason: 'not written', rejected: left.rejected, writeFailure });
      return result;
    }
    result.push({ ...rest, text: '', written: true, ...(target.player && playerText !== undefined ? { playerWritten: true } : {}) });
  }
  return result;
}

function writeFailureOf(e: unknown): WriteFailure {
  if (!(e instanceof Error)) return { message: String(e) };
  const err = e as NodeJS.ErrnoException;
  const failure: WriteFailure = { message: err.message };
  if (err.code !== undefined) failure.code = err.code;
  if (err.syscall !== undefined) failure.syscall = err.syscall;
  if (err.path !== undefined) failure.path = err.path;
  if (err.errno !== undefined) failure.errno = err.errno;
  return failure;
}

/** The system error again, in the thread that reports it. */
export function writeFailureError(failure: WriteFailure): NodeJS.ErrnoException {
  const { message, ...fields } = failure;
  return Object.assign(new Error(message), fields);
}

/**
 * The text of `JSON.stringify({ ...header, puzzles, failed }, null, 2) + '\n'`, in pieces: the
 * two lists are the header's last fields, so their elements go where their empty "[]" stands.
 */
export function* manifestChunks(header: RunManifest, puzzles: readonly ManifestEntry[], failed: ReadonlyArray<{ index: number; reason: string }>): Generator<string> {
  const text = JSON.stringify({ ...header, puzzles: [], failed: [] }, null, 2);
  const atPuzzles = text.lastIndexOf('"puzzles": []');
  const atFailed = text.lastIndexOf('"failed": []');
  yield text.slice(0, atPuzzles) + '"puzzles": ';
  yield* listChunks(puzzles);
  yield text.slice(atPuzzles + '"puzzles": []'.length, atFailed) + '"failed": ';
  yield* listChunks(failed);
  yield text.slice(atFailed + '"failed": []'.length) + '\n';
}

/** A list at depth 1 of the manifest, as JSON.stringify(…, null, 2) indents it. */
function* listChunks(items: readonly object[]): Generator<string> {
  if (items.length === 0) {
    yield '[]';
    return;
  }
  yield '[\n';
  for (let i = 0; i < items.length; i++) {
    const item = '    ' + JSON.stringify(items[i], null, 2).replace(/\n/g, '\n    ');
    yield i + 1 < items.length ? item + ',\n' : item + '\n';
  }
  yield '  ]';
}
