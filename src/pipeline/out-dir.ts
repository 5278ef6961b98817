/**
 * `--out DIR`: one file per puzzle with a deterministic name, the player form beside it, and a
 * manifest; every write atomic; a rerun of the same command resumes.
 *
 *   DIR/numbridge-000000.json          the file (with secret)
 *   DIR/numbridge-000000.player.json   its player form (with --player)
 *   DIR/manifest.json                  the run (manifest.shard-I-of-N.json for a shard)
 *
 * Resume: a puzzle whose file is already there, parses, passes its schema and was made from one of
 * its own attempt seeds is kept as it is and not generated again; anything else is (re)written.
 * The manifest is deterministic (no timestamps), so an interrupted and resumed run ends with the
 * same bytes as an uninterrupted one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { InputError } from '../core/errors.ts';
import { assertValid, readerSchema, validator } from '../core/schema.ts';
import type { AnyKind, PuzzleFile, PuzzleRequest } from '../kinds/kind.ts';
import { ensureDir, removeStaleTemps, syncDir, writeFileAtomic } from './atomic.ts';
import { fingerprintOf, isAttemptSeed, type PuzzleOutcome } from './generate-batch.ts';
import { RunManifest, type ManifestEntry } from './schema.ts';
import { isWholeRun, shardRange, type Shard } from './shard.ts';

export interface RunIdentity {
  kind: AnyKind;
  request: PuzzleRequest;
  seed: string;
  count: number;
  shard: Shard;
  player: boolean;
}

export class OutDir {
  readonly manifestName: string;
  private readonly width: number;
  private readonly entries = new Map<number, ManifestEntry>();
  private readonly failed = new Map<number, string>();

  constructor(
    readonly dir: string,
    readonly run: RunIdentity,
  ) {
    this.width = Math.max(6, String(Math.max(0, run.count - 1)).length);
    this.manifestName = isWholeRun(run.shard) ? 'manifest.json' : `manifest.shard-${run.shard.index}-of-${run.shard.of}.json`;
  }

  fileName(k: number): string {
    return `${this.run.kind.name}-${String(k).padStart(this.width, '0')}.json`;
  }

  playerName(k: number): string {
    return `${this.run.kind.name}-${String(k).padStart(this.width, '0')}.player.json`;
  }

  /**
   * Create DIR, refuse it when its manifest belongs to another run, and clear the temporary
   * files a killed run of ours left behind.
   */
  prepare(): void {
    ensureDir(this.dir);
    const path = join(this.dir, this.manifestName);
    if (existsSync(path)) {
      const where = { source: path };
      let old: unknown;
      try {
        old = JSON.parse(readFileSync(path, 'utf8'));
      } catch {
        throw new InputError(where, 'manifest is not valid JSON; remove it to start this directory afresh');
      }
      assertValid<RunManifest>(RunManifest, old, where);
      const mine = this.manifest(false);
      const same = old.kind === mine.kind && old.paramsKey === mine.paramsKey && old.seed === mine.seed && old.count === mine.count;
      if (!same) {
        throw new InputError(
          where,
          `holds another run (${old.kind} ${old.paramsKey}, seed ${JSON.stringify(old.seed)}, count ${old.count}); choose another --out`,
        );
      }
    }
    const { start, end } = shardRange(this.run.count, this.run.shard);
    const owned = new Set<string>();
    for (let k = start; k < end; k++) {
      owned.add(this.fileName(k));
      owned.add(this.playerName(k));
    }
    owned.add(this.manifestName);
    removeStaleTemps(this.dir, (name) => owned.has(name));
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
    this.entries.set(k, entry);
    return true;
  }

  /** Write a finished puzzle (and its player form). */
  write(outcome: Extract<PuzzleOutcome, { ok: true }>): void {
    const k = outcome.k;
    const entry: ManifestEntry = { index: k, file: this.fileName(k), id: outcome.id, seed: outcome.seed, fingerprint: fingerprintOf(outcome) };
    if (this.run.player && outcome.playerText !== undefined) {
      writeFileAtomic(join(this.dir, this.playerName(k)), outcome.playerText + '\n');
      entry.playerFile = this.playerName(k);
    }
    // The full file last: its presence is what marks puzzle k as done for a resumed run.
    writeFileAtomic(join(this.dir, this.fileName(k)), outcome.text + '\n');
    this.entries.set(k, entry);
    this.failed.delete(k);
  }

  fail(k: number, reason: string): void {
    this.failed.set(k, reason);
  }

  get kept(): number {
    return this.entries.size;
  }

  /** Write the manifest (validated) and make the directory's new names durable. */
  finish(complete: boolean): RunManifest {
    const manifest = this.manifest(complete);
    assertValid<RunManifest>(RunManifest, manifest, { source: join(this.dir, this.manifestName) });
    writeFileAtomic(join(this.dir, this.manifestName), JSON.stringify(manifest, null, 2) + '\n');
    syncDir(this.dir);
    return manifest;
  }

  private manifest(complete: boolean): RunManifest {
    const { kind, request, seed, count, shard, player } = this.run;
    const range = shardRange(count, shard);
    return {
      format: 'puzzlemill/run-manifest',
      version: 1,
      kind: kind.name,
      puzzleFormat: kind.format,
      request,
      paramsKey: kind.paramsKey(request),
      seed,
      count,
      shard: { index: shard.index, of: shard.of },
      range,
      player,
      complete,
      puzzles: [...this.entries.values()].sort((a, b) => a.index - b.index),
      failed: [...this.failed.entries()].sort((a, b) => a[0] - b[0]).map(([index, reason]) => ({ index, reason })),
    };
  }
}
