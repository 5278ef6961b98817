/**
 * Where batches run: in this thread (one worker: no start-up cost, nothing to copy) or in a
 * piscina pool of worker threads. Both run the same tasks (tasks.ts), so a run's output does not
 * depend on which one is used.
 *
 * Pool settings (STYLE.md): min = max threads (no thread churn during a run), an idle timeout,
 * a listener on 'error'. The compiled build's worker (pool-worker.ts) is plain JavaScript; from
 * the sources the entry workers/pool-worker.mjs registers tsx in its own thread, so the pool works
 * from the CLI, from vitest and from a project that depends on puzzlemill alike.
 */
import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { prepareTask, runTask, type Task, type TaskResult } from './tasks.ts';

export interface Executor {
  /** Batches that can usefully run at once. */
  readonly parallelism: number;
  run<T extends Task>(task: T): Promise<TaskResult<T>>;
  /** Wait for nothing more and release the threads. */
  close(): Promise<void>;
}

/**
 * Around work done synchronously in this thread. While a task runs here the event loop is blocked,
 * so a signal handler cannot run until the task ends (one hard puzzle: minutes). The CLI's guard
 * therefore writes out what is finished and hands signals back to their default action for the
 * length of the task: a signal then ends the process at once (the shell sees 130 or 143), and
 * every file on disk is whole (atomic writes) for a rerun to resume. Between tasks the handlers
 * are back and stop the run cleanly.
 */
export interface SyncGuard {
  enter(): void;
  leave(): void;
}

/** Runs tasks one at a time in this thread, yielding to the event loop between them (signals). */
export class InProcessExecutor implements Executor {
  readonly parallelism = 1;
  constructor(private readonly guard?: SyncGuard) {}
  async run<T extends Task>(task: T): Promise<TaskResult<T>> {
    await new Promise((resolve) => setImmediate(resolve));
    await prepareTask(task);
    return guarded(this.guard, () => runTask(task));
  }
  async close(): Promise<void> {}
}

function guarded<R>(guard: SyncGuard | undefined, work: () => R): R {
  guard?.enter();
  try {
    return work();
  } finally {
    guard?.leave();
  }
}

// Compiled, the pool runs the compiled worker next to this module; from the sources (tsx,
// vitest) it runs the entry that registers tsx in each thread.
const WORKER_URL = import.meta.url.endsWith('.js') ? new URL('./pool-worker.js', import.meta.url).href : new URL('../../workers/pool-worker.mjs', import.meta.url).href;

/** A piscina pool of `threads` workers. */
export class PoolExecutor implements Executor {
  readonly parallelism: number;
  private readonly pool: Piscina;
  /** Errors the pool raised outside any task (kept for the report; tasks carry their own). */
  readonly poolErrors: Error[] = [];

  constructor(threads: number) {
    this.parallelism = threads;
    this.pool = new Piscina({
      filename: WORKER_URL,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: 30_000,
      // One task per worker at a time: batches are already sized to keep a worker busy.
      concurrentTasksPerWorker: 1,
      // The parent's flags (a test runner's, say) are not for the workers.
      execArgv: [],
    });
    this.pool.on('error', (e: Error) => {
      this.poolErrors.push(e);
    });
  }

  run<T extends Task>(task: T): Promise<TaskResult<T>> {
    return this.pool.run(task) as Promise<TaskResult<T>>;
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}

/** The default worker count: the cores this process may use. */
export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Work done in this thread before the pool is started. Starting workers costs about half a second
 * (threads, tsx, the task modules), so a run of a few hundred milliseconds is faster without
 * them; past this much work the pool pays for itself.
 */
export const ESCALATE_MS = 1000;

/**
 * Starts in this thread and moves to a pool of `workers` once ESCALATE_MS of work has been done
 * here: small runs never pay the pool's start-up, large ones pay it once, early. Which executor
 * runs a batch never changes its bytes.
 */
export class AutoExecutor implements Executor {
  private pool: PoolExecutor | undefined;
  private workedMs = 0;
  /** The task running in this thread, if any: tasks here run one after another. */
  private here: Promise<void> | undefined;

  constructor(
    readonly parallelism: number,
    private readonly guard?: SyncGuard,
  ) {}

  async run<T extends Task>(task: T): Promise<TaskResult<T>> {
    await new Promise((resolve) => setImmediate(resolve));
    // Preparing a task yields, so a second task could pass the hand-over check before the first
    // has counted its work: wait for it, then decide with the work known.
    while (this.here) await this.here;
    if (!this.pool && this.workedMs >= ESCALATE_MS) this.pool = new PoolExecutor(this.parallelism);
    if (this.pool) return this.pool.run(task);
    let finished!: () => void;
    this.here = new Promise((resolve) => (finished = resolve));
    const t0 = performance.now();
    try {
      await prepareTask(task);
      return guarded(this.guard, () => runTask(task));
    } finally {
      this.workedMs += performance.now() - t0;
      this.here = undefined;
      finished();
    }
  }

  /** True once the pool has taken over. */
  get pooled(): boolean {
    return this.pool !== undefined;
  }

  async close(): Promise<void> {
    await this.pool?.close();
  }
}

/**
 * One worker runs in this thread; more start here and move to a pool when the run is long. Never
 * more threads than cores (the library's `workers` too; the CLI caps with a warning first): each
 * holds its own copy of the code and tables, so -j 64 took over 3.5 GB and ran no faster.
 */
export function executorFor(workers: number, guard?: SyncGuard): Executor {
  const threads = Math.min(workers, defaultWorkers());
  return threads <= 1 ? new InProcessExecutor(guard) : new AutoExecutor(threads, guard);
}
