/**
 * A generation run: puzzles k = start..end−1 of (kind, request, seed), made in batches on the
 * executor, emitted in index order to NDJSON lines or to an output directory.
 *
 *   indices of the shard ──(skip those already in DIR)──► runOrdered ──► sink (lines | OutDir)
 *   (a generator: nothing is held per index, so --count is limited by the disk, not memory)
 *
 * The caller owns the edges: it passes `writeLine` for stdout and an AbortSignal for SIGINT; this
 * module touches no process state.
 */
import type { AnyKind, PuzzleRequest } from '../kinds/kind.ts';
import { runOrdered } from './batcher.ts';
import { executorFor, type Executor, type SyncGuard } from './executor.ts';
import type { GenerateTask, PuzzleOutcome } from './generate-batch.ts';
import { OutDir, writeFailureError, type RunIdentity } from './out-dir.ts';
import { shardRange, WHOLE_RUN, type Shard } from './shard.ts';
import { addRejected, type RunSummary } from './summary.ts';

/**
 * A request whose first puzzles all fail (every attempt seed) is almost surely one the generator
 * cannot meet (hard cases on 4×4, too few givens): stop instead of spending the whole budget on
 * every remaining index.
 */
const GIVE_UP_AFTER = 4;

export interface GenerateRunOptions {
  kind: AnyKind;
  /** A parsed request (kind.parseRequest). */
  request: PuzzleRequest;
  seed: string;
  count: number;
  shard?: Shard;
  /** Worker count (default 1: in this thread); ignored when `executor` is given. */
  workers?: number;
  executor?: Executor;
  /** Around work done in this thread (the CLI hands signals back to their default action there). */
  syncGuard?: SyncGuard;
  /** Output directory; without it every puzzle goes to `writeLine`. */
  out?: string;
  writeLine?: (line: string) => void;
  /** Write player forms: beside each file in DIR, or instead of the full file on lines. */
  player?: boolean;
  /** Seeds tried per puzzle (default 3). */
  attempts?: number;
  maxSeconds?: number;
  /** Aborting stops the run cleanly: running batches finish and are written. */
  signal?: AbortSignal;
  /** Extra kind modules the workers must load (kinds outside src/kinds). */
  kindModules?: string[];
  /** Batch target in ms (default 50). */
  targetMs?: number;
  onProgress?: (done: number, total: number) => void;
  /** One-line warnings (a failed puzzle, a retried batch). */
  onWarning?: (line: string) => void;
}

/** The largest --count: indices stay exact integers (k + 1 ≠ k) up to here. */
export const MAX_COUNT = Number.MAX_SAFE_INTEGER;

export async function generateRun(o: GenerateRunOptions): Promise<RunSummary> {
  const t0 = performance.now();
  if (!Number.isSafeInteger(o.count) || o.count < 0) throw new RangeError(`count must be a whole number from 0 to ${MAX_COUNT}, got ${o.count}`);
  if (!o.out && !o.writeLine) throw new Error('generateRun: give `out` or `writeLine`');
  // The run's options, settled once: the output directory and the batches read them from here.
  const run: RunIdentity = { kind: o.kind, request: o.request, seed: o.seed, count: o.count, shard: o.shard ?? WHOLE_RUN, player: o.player ?? false };
  const out = o.out === undefined ? undefined : new OutDir(o.out, run);
  out?.prepare();
  try {
    return await runPrepared(o, run, out, t0);
  } finally {
    out?.release();
  }
}

async function runPrepared(o: GenerateRunOptions, run: RunIdentity, out: OutDir | undefined, t0: number): Promise<RunSummary> {
  const { start, end } = shardRange(run.count, run.shard);
  const player = run.player;
  const summary: RunSummary = {
    requested: end - start,
    made: 0,
    resumed: 0,
    failed: [],
    rejected: {},
    retriedBatches: 0,
    seconds: 0,
    stopped: null,
  };
  // Epoch time, not performance.now(): worker threads have their own time origins.
  const deadline = o.maxSeconds === undefined ? undefined : Date.now() + o.maxSeconds * 1000;
  // Set when a batch came back cut short by the deadline: what follows is not emitted, so the
  // output stays a prefix of the run (NDJSON) and a rerun resumes from the first hole.
  let cut = false;
  const stop = (): boolean => {
    if (o.signal?.aborted) summary.stopped = 'signal';
    else if (cut || (deadline !== undefined && Date.now() >= deadline)) summary.stopped = 'time';
    else if (summary.made + summary.resumed === 0 && summary.failed.length >= GIVE_UP_AFTER) summary.stopped = 'hopeless';
    return summary.stopped !== null;
  };

  let done = 0;
  const total = end - start;
  const progress = () => o.onProgress?.(done, total);

  // Resume first: what is already in DIR and valid is kept (found by scanning DIR), the rest is
  // the work, planned lazily: no list or set over the indices, so a count is limited by disk only.
  const kept = out?.keepPresent() ?? [];
  summary.resumed = kept.length;
  done = summary.resumed;
  progress();

  const executor = o.executor ?? executorFor(o.workers ?? 1, o.syncGuard, total - kept.length);
  const task = (indices: number[]): GenerateTask => ({
    type: 'generate',
    kind: run.kind.name,
    kindModules: o.kindModules ?? [],
    request: run.request,
    runSeed: run.seed,
    indices,
    player,
    attempts: o.attempts ?? 3,
    fingerprint: out !== undefined, // for the manifest
    ...(deadline === undefined ? {} : { deadline }),
    // the thread that makes a batch writes its files: the texts never travel, this thread never waits on the disk
    ...(out === undefined ? {} : { writeTo: out.target }),
  });
  try {
    const report = await runOrdered<number, PuzzleOutcome>({
      units: indicesExcept(start, end, kept),
      parallelism: executor.parallelism,
      total: total - kept.length,
      targetMs: o.targetMs,
      stop,
      execute: async (indices) => {
        const r = await executor.run(task(indices));
        return { results: r.outcomes, ms: r.ms };
      },
      failed: (k, error) => ({ k, ok: false, reason: `worker failed twice: ${errorLine(error)}`, rejected: {} }),
      onRetry: (indices, error) =>
        o.onWarning?.(`puzzles ${indices[0]}..${indices[indices.length - 1]}: worker failed (${errorLine(error)}); retrying`),
      emit: (outcome) => {
        if (cut) return;
        addRejected(summary.rejected, outcome.rejected);
        if (!outcome.ok && outcome.stopped) {
          cut = true;
          summary.stopped = 'time';
          return;
        }
        done++;
        if (outcome.ok) {
          summary.made++;
          if (out) out.write(outcome);
          else o.writeLine!(player && outcome.playerText !== undefined ? outcome.playerText : outcome.text);
        } else if (outcome.writeFailure) {
          throw writeFailureError(outcome.writeFailure);
        } else {
          summary.failed.push({ index: outcome.k, reason: outcome.reason });
          out?.fail(outcome.k, outcome.reason);
          o.onWarning?.(`puzzle ${outcome.k}: ${outcome.reason}`);
        }
        progress();
      },
    });
    summary.retriedBatches = report.retriedBatches;
  } finally {
    if (!o.executor) await executor.close();
  }
  out?.finish(summary.stopped === null && summary.failed.length === 0 && out.kept === total);
  summary.seconds = (performance.now() - t0) / 1000;
  return summary;
}

/** start, start+1, …, end−1 without the ascending `skip` list, one at a time. */
export function* indicesExcept(start: number, end: number, skip: readonly number[]): Generator<number> {
  let i = 0;
  for (let k = start; k < end; k++) {
    while (i < skip.length && skip[i]! < k) i++;
    if (i < skip.length && skip[i] === k) continue;
    yield k;
  }
}

function errorLine(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!;
}
