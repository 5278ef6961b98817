/**
 * A verification run: input puzzles in, one report each, in input order. Small inputs are checked
 * in this thread; a long run moves to the pool (AutoExecutor), so verifying one file costs no
 * thread start-up and verifying a corpus uses every core.
 */
import { runOrdered } from './batcher.ts';
import { executorFor, type Executor, type SyncGuard } from './executor.ts';
import type { VerifyInput, VerifyReport, VerifyTask } from './verify-batch.ts';

export interface VerifyRunOptions {
  inputs: AsyncIterable<VerifyInput> | Iterable<VerifyInput>;
  workers?: number;
  /** Run on this executor (kept open) instead of choosing one. */
  executor?: Executor;
  /** Around work done in this thread (the CLI hands signals back to their default action there). */
  syncGuard?: SyncGuard;
  kindModules?: string[];
  /** The search budget of every check (core/budget.ts: absent = the default, 0 = none). */
  maxNodes?: number;
  /** The logic prover's branch budget of every check (`--max-branches`; absent = the default, 0 = none). */
  maxBranches?: number;
  /** False: grade without the uniqueness techniques (`verify --no-uniqueness`). */
  uniqueness?: boolean;
  /** False: prove without the last rung, nested forcing chains (`verify --no-nested`). */
  nested?: boolean;
  emit: (report: VerifyReport) => void;
  signal?: AbortSignal;
}

export interface VerifyCounts {
  ok: number;
  fail: number;
  badInput: number;
  skipped: number;
  stopped: boolean;
}

export async function verifyRun(o: VerifyRunOptions): Promise<VerifyCounts> {
  const counts: VerifyCounts = { ok: 0, fail: 0, badInput: 0, skipped: 0, stopped: false };
  const executor: Executor = o.executor ?? executorFor(o.workers ?? 1, o.syncGuard);
  try {
    const report = await runOrdered<VerifyInput, VerifyReport>({
      units: o.inputs,
      parallelism: executor.parallelism,
      total: Array.isArray(o.inputs) ? o.inputs.length : undefined,
      stop: () => o.signal?.aborted ?? false,
      execute: async (inputs) => {
        const task: VerifyTask = { type: 'verify', kindModules: o.kindModules ?? [], inputs, ...(o.maxNodes === undefined ? {} : { maxNodes: o.maxNodes }), ...(o.maxBranches === undefined ? {} : { maxBranches: o.maxBranches }), ...(o.uniqueness === false ? { uniqueness: false } : {}), ...(o.nested === false ? { nested: false } : {}) };
        const r = await executor.run(task);
        return { results: r.outcomes, ms: r.ms };
      },
      failed: (input, error) => ({
        where: input.where,
        status: 'bad-input',
        problems: [`checker failed twice: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`],
      }),
      emit: (r) => {
        if (r.status === 'ok') counts.ok++;
        else if (r.status === 'fail') counts.fail++;
        else if (r.status === 'skipped') counts.skipped++;
        else counts.badInput++;
        o.emit(r);
      },
    });
    counts.stopped = report.stopped;
  } finally {
    if (!o.executor) await executor.close();
  }
  return counts;
}
