/**
 * The puzzle files of `--out DIR`, named and written where the puzzle was made. The worker that
 * made a batch writes its files itself (atomic, fsynced), so the main thread of a pooled run
 * receives a few fields per puzzle for the manifest instead of every file's text, and never
 * blocks on a disk: on 2 cores, -j 2 is two workers and an almost idle main thread.
 *
 *   worker: make batch → write DIR/<kind>-<k>.player.json, then DIR/<kind>-<k>.json → outcomes
 *           without their texts (`written: true`) → main thread: manifest entries only
 *
 * A write that fails (a full disk) stops the batch there: the outcome of that puzzle carries the
 * system error as plain data (an Error's code and path do not cross threads), and the run throws
 * it again when it emits that puzzle, in index order, exactly as if it had written the file itself.
 */
import { join } from 'node:path';
import { writeFileAtomic } from './atomic.ts';
import type { PuzzleOutcome } from './generate-batch.ts';

/** Where a batch's puzzle files go; plain data (it travels in the task). */
export interface PuzzleFileTarget {
  dir: string;
  kind: string;
  /** Digits of the index in a name (every name of a run has the same width). */
  width: number;
  /** Also write the player form beside the file. */
  player: boolean;
}

/** A system error as plain data (structured clone keeps only an Error's message). */
export interface WriteFailure {
  message: string;
  code?: string;
  syscall?: string;
  path?: string;
  errno?: number;
}

/** The index width of a run of `count` puzzles: at least 6 digits, enough for the last index. */
export function indexWidth(count: number): number {
  return Math.max(6, String(Math.max(0, count - 1)).length);
}

export function puzzleFileName(kind: string, width: number, k: number): string {
  return `${kind}-${String(k).padStart(width, '0')}.json`;
}

export function playerFileName(kind: string, width: number, k: number): string {
  return `${kind}-${String(k).padStart(width, '0')}.player.json`;
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
