/**
 * One batch of a generation run: puzzles k ∈ indices, made, schema-checked, verified and
 * serialised. Pure given the task (every random choice comes from the per-puzzle seed), so the
 * same batch gives the same bytes in any worker, in any order, as often as it is retried.
 *
 * A puzzle whose generator runs out of budget, or whose output fails its schema or verification,
 * is rejected and made again from the next attempt seed (`seed~1`, `seed~2`: still a function of
 * k alone, so shards and worker counts never change which seed wins). Any other exception is a bug
 * or a dying worker: it propagates, and the scheduler retries the batch.
 */
import { GenerationError, GenerationStopped } from '../core/errors.ts';
import { validator } from '../core/schema.ts';
import type { AnyKind, PuzzleFile, PuzzleRequest } from '../kinds/kind.ts';
import { kindNamed } from '../kinds/registry.ts';

export interface GenerateTask {
  type: 'generate';
  kind: string;
  /** Kind modules to load first (extra kinds; built-ins need none). */
  kindModules: string[];
  /** A parsed request (kind.parseRequest), as the run parsed it once: plain data, used as it comes. */
  request: PuzzleRequest;
  runSeed: string;
  indices: number[];
  /** Also serialise the player form. */
  player: boolean;
  /** Seeds tried per puzzle before it counts as failed. */
  attempts: number;
  /**
   * Also compute each puzzle's fingerprint (its canonical form, hashed). Only manifests and the
   * daily set need it, and on 9×9 regular boards it costs more than making the board.
   */
  fingerprint: boolean;
  /**
   * Wall-clock time (Date.now(), the same in every thread) after which no new attempt starts:
   * the index then comes back unfinished (`stopped`), neither made nor failed, for a rerun.
   */
  deadline?: number;
  /**
   * `--out DIR`: the thread that makes the batch writes its files (out-dir.ts, `writePuzzleFiles`)
   * and sends back outcomes without their texts. Without it the texts come back (NDJSON, the daily set).
   */
  writeTo?: PuzzleFileTarget;
}

/**
 * Where a batch's puzzle files go: plain data in the task. Named and written by out-dir.ts, the
 * one owner of a run's files; only its shape is here, beside the task that carries it.
 */
export interface PuzzleFileTarget {
  dir: string;
  kind: string;
  /** Digits of the index in a name (every name of a run has the same width). */
  width: number;
  /** Also write the player form beside the file. */
  player: boolean;
}

/** A system error as plain data (structured clone keeps only an Error's message); made by out-dir.ts. */
export interface WriteFailure {
  message: string;
  code?: string;
  syscall?: string;
  path?: string;
  errno?: number;
}

/** Why a candidate puzzle was thrown away. */
export type RejectReason = 'budget' | 'schema' | 'verify';

export type PuzzleOutcome =
  | {
      k: number;
      ok: true;
      seed: string;
      id: string;
      /** The file as written: JSON, one line, no trailing newline ('' once `written`). */
      text: string;
      playerText?: string;
      /** Already written to the task's `writeTo` directory (its text dropped); its player form too when `playerWritten`. */
      written?: true;
      playerWritten?: true;
      /** Set when the task asks for fingerprints. */
      fingerprint?: string;
      /** The verifier's one-line description (size, layout, grade…). */
      summary: string;
      rejected: Partial<Record<RejectReason, number>>;
    }
  | {
      k: number;
      ok: false;
      reason: string;
      rejected: Partial<Record<RejectReason, number>>;
      /** Not failed: the task's deadline came before an attempt succeeded (made again on resume). */
      stopped?: true;
      /** Made, but its file could not be written: the run fails with this error when it gets here. */
      writeFailure?: WriteFailure;
    };

export interface BatchResult<T> {
  outcomes: T[];
  /** Wall time of the batch inside the worker (for adaptive batch sizes). */
  ms: number;
}

/** The fingerprint of a made puzzle whose task asked for fingerprints (a bug when it did not). */
export function fingerprintOf(outcome: { k: number; fingerprint?: string }): string {
  if (outcome.fingerprint === undefined) throw new Error(`puzzle ${outcome.k}: no fingerprint (its task did not ask for one)`);
  return outcome.fingerprint;
}

/** The seed of attempt a of a puzzle whose first seed is `base`. */
function attemptSeed(base: string, attempt: number): string {
  return attempt === 0 ? base : `${base}~${attempt}`;
}

/** True when `seed` is one of the attempt seeds of `base`. */
export function isAttemptSeed(seed: string, base: string): boolean {
  return seed === base || (seed.startsWith(base + '~') && /^\d+$/.test(seed.slice(base.length + 1)));
}

export function runGenerateBatch(task: GenerateTask): BatchResult<PuzzleOutcome> {
  const t0 = performance.now();
  const kind = kindNamed(task.kind);
  // The request was parsed once, where the run began (the CLI's check, makeDaily, the library).
  const outcomes = task.indices.map((k) => makePuzzle(kind, task, k));
  return { outcomes, ms: performance.now() - t0 };
}

function makePuzzle(kind: AnyKind, task: GenerateTask, k: number): PuzzleOutcome {
  const request = task.request;
  const base = kind.puzzleSeed(task.runSeed, request, k);
  const rejected: Partial<Record<RejectReason, number>> = {};
  const valid = validator<PuzzleFile>(kind.schema);
  const deadline = task.deadline;
  let reason = '';
  for (let attempt = 0; attempt < Math.max(1, task.attempts); attempt++) {
    // Between attempts (and before an index's first), and inside one through `generate`'s stop
    // check: one index must not run far past --max-seconds. Which seed wins is unchanged: a
    // stopped index is not written at all.
    if (deadline !== undefined && Date.now() >= deadline) return { k, ok: false, reason: 'stopped at the deadline', rejected, stopped: true };
    const seed = attemptSeed(base, attempt);
    let file;
    try {
      file = kind.generate(request, seed, deadline === undefined ? undefined : () => Date.now() >= deadline);
    } catch (e) {
      if (e instanceof GenerationStopped) return { k, ok: false, reason: 'stopped at the deadline', rejected, stopped: true };
      if (!(e instanceof GenerationError)) throw e;
      reason = e.message;
      rejected.budget = (rejected.budget ?? 0) + 1;
      continue;
    }
    if (!valid(file)) {
      reason = `generator output fails the ${kind.format} schema (a bug)`;
      rejected.schema = (rejected.schema ?? 0) + 1;
      continue;
    }
    const verdict = kind.verify(file);
    if (verdict.problems.length > 0) {
      reason = `generator output fails verification (a bug): ${verdict.problems[0]}`;
      rejected.verify = (rejected.verify ?? 0) + 1;
      continue;
    }
    const outcome: PuzzleOutcome = {
      k,
      ok: true,
      seed,
      id: file.id,
      text: JSON.stringify(file),
      summary: verdict.summary,
      rejected,
    };
    if (task.fingerprint) outcome.fingerprint = kind.fingerprint(file);
    if (task.player) {
      const player = kind.playerForm(file);
      if (!valid(player) || 'secret' in player) throw new Error(`${kind.name}: player form of ${file.id} is not a valid secret-free file`);
      outcome.playerText = JSON.stringify(player);
    }
    return outcome;
  }
  return { k, ok: false, reason, rejected };
}
