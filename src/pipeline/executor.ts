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
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg } from 'node:os';
import type { Piscina } from 'piscina';
import { prepareTask, runTask, taskUnits, type Task, type TaskResult, type WarmTask } from './tasks.ts';

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

/**
 * piscina, loaded when the first pool is made: most runs never make one (one thread, a refusal),
 * and the library is ~20 files to read at start-up.
 */
const loadPiscina = (): typeof Piscina => (createRequire(import.meta.url)('piscina') as { Piscina: typeof Piscina }).Piscina;

/** A piscina pool of `threads` workers. */
export class PoolExecutor implements Executor {
  readonly parallelism: number;
  private readonly pool: Piscina;
  /** Errors the pool raised outside any task (kept for the report; tasks carry their own). */
  readonly poolErrors: Error[] = [];

  /**
   * `tasksPerWorker` > 1 queues further tasks at the worker itself (it runs them one after
   * another): a helper beside a busy main thread then never waits for that thread's event loop to
   * hand it its next batch.
   */
  constructor(threads: number, tasksPerWorker = 1) {
    this.parallelism = threads;
    const PiscinaPool = loadPiscina();
    this.pool = new PiscinaPool({
      filename: WORKER_URL,
      minThreads: threads,
      maxThreads: threads,
      idleTimeout: 30_000,
      // Batches are already sized to keep a worker busy: one at a time, or one running and one queued.
      concurrentTasksPerWorker: tasksPerWorker,
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

/**
 * A free-core test for a helper, measured from now: the cores' idle time since (os.cpus(), every
 * process and this one's own threads counted) at half a core or more. A busy host has none: a
 * second thread would cold-start on a core it must share. The 1-minute load average (half a core
 * below the cores) answers for the first quarter second; it lags, and on the shared test host it
 * read 7–9 while a pool of two still ran a run 1.7× faster than one thread.
 */
function freeCoreSince(): () => boolean {
  const t0 = performance.now();
  const idle0 = idleMs();
  return () => {
    const ms = performance.now() - t0;
    if (ms < 250) return loadavg()[0]! <= defaultWorkers() - 0.5;
    return (idleMs() - idle0) / ms >= 0.5;
  };
}

/** The cores' idle time in ms, summed over the cores. */
function idleMs(): number {
  let idle = 0;
  for (const cpu of cpus()) idle += cpu.times.idle;
  return idle;
}

/** The default worker count: the cores this process may use. */
export function defaultWorkers(): number {
  return Math.max(1, availableParallelism());
}

/** Work done in this thread after which the pool is started when the run's size is not known (or its first batches were few and long). */
export const ESCALATE_MS = 1000;

/**
 * Work still to do (the run's size known), estimated from this thread's cheapest batch after its
 * first, above which the pool is started. A compiled worker is ready in about 0.1 s, but its code
 * then runs cold: each worker compiles the hot paths again (V8's JIT is per thread), and its first
 * hundred boards cost several times the warm ones. Measured on 2 cores (9×9 boards, --out): 100
 * boards took 1.5 s in this thread and 2.4 s with a pool started at 0.4 s of work left. The pool
 * wins when half the work left plus a worker's cold start (about 1 s) is less than the work left;
 * the estimate from the first batches runs high (this thread is cold too), hence 3 s. Since this
 * thread keeps working beside a helper, the helper pays when the work left exceeds its start-up:
 * measured on the shared 2-core host (issue 32), a numbridge helper's start and first batches
 * cost 1.5–2 s of CPU (3,000 boards: 8.2 s against 6.2 s with -j 1) and it was ready 3–5 s after
 * its start, hence 6 s.
 */
const POOL_PAYS_MS = 6000;

/**
 * Work left above which a helper is started even when no core looks free (freeCoreSince): then
 * a second thread only shares the cores with the other jobs, and its start-up is repaid only on a
 * long run. Measured on the shared host (load 4–14): 3,000 boards (5–8 s of work) ran slower with
 * the old pool than with -j 1 in every run, 20,000 boards (35 s) 1.35× faster.
 */
const LOADED_POOL_PAYS_MS = 20_000;

/** The longest batch (expected ms) this thread takes once the pool is starting. */
const SHORT_BATCH_MS = 250;

/** Work done here (ms) after which the estimate of the work left is trusted (measured: the first 3 numbridge boards took 0.5 s, 35 ms each, against 8 ms warm). */
const TRUST_ESTIMATE_MS = ESCALATE_MS;

/** Work left (ms, estimated) below which a helper gets no first batch. */
const HELPER_FIRST_LEFT_MS = 1000;

/** Batches at a helper at once: one running, one queued there. */
const TASKS_PER_HELPER = 2;

/**
 * Starts in this thread and adds a pool of `workers − 1` helpers once the work left is worth it:
 * small runs never pay a worker's start-up, large ones start it early. This thread keeps making
 * batches all along (its code is already compiled: a new worker's is not, and on `workers` cores
 * a pool of `workers` would leave this warm thread idle and put two cold ones in its place), so
 * `workers` threads run on `workers` cores; each helper has one batch running and one queued
 * at the worker, so it never waits for this thread's event loop between batches. A batch too long
 * for this thread (SHORT_BATCH_MS: signals wait while it runs) goes to the pool. Which thread
 * runs a batch never changes its bytes.
 *
 *   batches   [1][1][4][16] … (this thread: estimate the work left)
 *   pool      start ── warm-up w0 ─┐
 *   here      [b][b][b][b][b][b][b][b][b][b]…   (and dispatch, reorder, emit between batches)
 *   w0                              [b][b][b][b]…
 */
export class AutoExecutor implements Executor {
  private pool: PoolExecutor | undefined;
  private workedMs = 0;
  /** Units handed to run() so far (estimating the work left needs the run's size). */
  private unitsSeen = 0;
  /** ms per unit of this thread's cheapest batch after its first (which pays for compiling the code). */
  private msPerUnit: number | undefined;
  private batchesHere = 0;
  /** ms per unit of this thread's latest batch, the first included. */
  private lastMsPerUnit: number | undefined;
  /** Workers whose warm-up task has come back: they take batches from now on. */
  private readyWorkers = 0;
  private poolBusy = 0;
  /** Batches the helpers have finished. */
  private helperBatches = 0;
  /** The task running in this thread, if any: tasks here run one after another. */
  private here: Promise<void> | undefined;
  /** Waiting for this thread, a worker or a pool slot to become free. */
  private waiting: Array<() => void> = [];

  constructor(
    readonly parallelism: number,
    private readonly guard?: SyncGuard,
    /** Units the whole run will hand over, when known: the pool starts once the work left is worth it. */
    private readonly expectedUnits?: number,
    private readonly poolPaysMs = POOL_PAYS_MS,
    /** Whether a core looks free for a helper now (executorFor: the cores' idle time); always, by default. */
    private readonly coreFree: () => boolean = () => true,
  ) {}

  async run<T extends Task>(task: T): Promise<TaskResult<T>> {
    await new Promise((resolve) => setImmediate(resolve));
    const units = taskUnits(task);
    for (;;) {
      if (!this.pool && this.worthAPool()) this.startPool(task);
      // The helpers first while they have room: a batch taken here runs to its end before the
      // next run() is even looked at, so this thread would otherwise take every batch.
      if (this.pool && ((this.poolBusy < this.readyWorkers * TASKS_PER_HELPER && this.helperPays()) || this.waitsForPool(units))) return this.onPool(task, units);
      if (!this.here) return this.inThisThread(task, units, this.shortHere(units));
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  /**
   * A batch expected to be short here (SHORT_BATCH_MS). Beside a pool, a longer one (a single hard
   * puzzle) goes to a helper (waitsForPool), since signals cannot be handled while this thread
   * works on it (SyncGuard).
   */
  private shortHere(units: number): boolean {
    return this.lastMsPerUnit === undefined || units * this.hereMsPerUnit() <= SHORT_BATCH_MS;
  }

  /**
   * This thread's cost of a unit: its cheapest batch after the first, or its latest if cheaper
   * (one slow batch — the first ones run cold — must not keep it from taking batches for good).
   */
  private hereMsPerUnit(): number {
    return Math.min(this.lastMsPerUnit ?? Infinity, this.msPerUnit ?? Infinity);
  }

  /**
   * A long batch goes to the pool once it is there, rather than blocking this thread (signals):
   * at once if a helper is ready, else only if it is longer than a helper takes to start
   * (ESCALATE_MS): a batch of a few cold puzzles runs here rather than wait seconds for a thread.
   */
  private waitsForPool(units: number): boolean {
    if (!this.pool || this.shortHere(units)) return false;
    return this.readyWorkers > 0 || units * this.hereMsPerUnit() > ESCALATE_MS;
  }

  /**
   * A helper's first batch runs cold (several times the warm cost): it gets one only while
   * HELPER_FIRST_LEFT_MS of work (estimated) is left, else this thread ends the run sooner alone
   * (measured: a cold helper's last 10 boards held a 300-board run for 3 s).
   */
  private helperPays(): boolean {
    if (this.helperBatches > 0 || this.expectedUnits === undefined || this.msPerUnit === undefined) return true;
    return (this.expectedUnits - this.unitsSeen) * this.msPerUnit >= HELPER_FIRST_LEFT_MS;
  }

  private worthAPool(): boolean {
    if (this.expectedUnits === undefined) return this.workedMs >= ESCALATE_MS;
    const left = this.expectedUnits - this.unitsSeen;
    // puzzles of seconds each: a second of work in fewer than three batches here, and the latest
    // says much is left. The first batch alone pays for compiling the code (a 9×9 board took 1 s
    // on a busy host, 8 ms warm), so it counts only past three seconds.
    if (this.msPerUnit === undefined || this.batchesHere < 3) {
      const warmEnough = this.batchesHere >= 2 || this.workedMs >= 3 * ESCALATE_MS;
      // (no load check: a helper's start-up is a puzzle or two of these)
      return warmEnough && this.workedMs >= ESCALATE_MS && this.lastMsPerUnit !== undefined && left * this.lastMsPerUnit >= this.poolPaysMs;
    }
    // The first batches run cold (2–5× the warm cost): their estimate is trusted once
    // TRUST_ESTIMATE_MS of work was done here; before, only a fifth of it counts.
    const estimate = left * this.msPerUnit;
    return this.pays(this.workedMs >= TRUST_ESTIMATE_MS ? estimate : estimate / 5);
  }

  /** Whether a helper pays for `leftMs` of work left: past its start-up on a free core, else only on a long run. */
  private pays(leftMs: number): boolean {
    return leftMs >= this.poolPaysMs && (leftMs >= LOADED_POOL_PAYS_MS || this.coreFree());
  }

  private startPool(like: Task): void {
    const helpers = this.parallelism - 1;
    const pool = new PoolExecutor(helpers, TASKS_PER_HELPER);
    this.pool = pool;
    const warm: WarmTask = { type: 'warm', kindModules: like.kindModules, ...(like.type === 'generate' ? { kind: like.kind } : {}) };
    // piscina hands each of these to a different idle worker; a warm-up that fails still counts
    // as settled: the batches sent there then fail and are retried as any failed batch is.
    for (let i = 0; i < helpers; i++) {
      pool
        .run(warm)
        .catch(() => undefined)
        .finally(() => {
          this.readyWorkers++;
          this.wake();
        });
    }
  }

  private async onPool<T extends Task>(task: T, units: number): Promise<TaskResult<T>> {
    this.unitsSeen += units;
    this.poolBusy++;
    try {
      const result = await this.pool!.run(task);
      this.helperBatches++;
      return result;
    } finally {
      this.poolBusy--;
      this.wake();
    }
  }

  private async inThisThread<T extends Task>(task: T, units: number, short: boolean): Promise<TaskResult<T>> {
    this.unitsSeen += units;
    let finished!: () => void;
    this.here = new Promise((resolve) => (finished = resolve));
    const t0 = performance.now();
    // CPU time, not wall time, for the estimate: on a busy machine wall time overstates the work
    // (and the pool would start where it helps least). Process-wide, so only before the pool runs.
    const cpu0 = this.pool ? undefined : process.cpuUsage();
    try {
      await prepareTask(task);
      // A batch estimated short (SHORT_BATCH_MS) runs unguarded: a signal waits for it and then
      // stops the run cleanly, as while workers run. A batch that may be long (or the first ones,
      // not yet estimated) keeps the guard: a signal ends the process at once.
      return guarded(short && this.lastMsPerUnit !== undefined ? undefined : this.guard, () => runTask(task));
    } finally {
      const ms = performance.now() - t0;
      this.workedMs += ms;
      if (units > 0) {
        const cpu = cpu0 === undefined ? undefined : process.cpuUsage(cpu0);
        this.lastMsPerUnit = (cpu === undefined ? ms : Math.min(ms, (cpu.user + cpu.system) / 1000)) / units;
        // the cheapest batch after the first: one slow batch (a collection, a module compiled) does not start the pool
        if (this.batchesHere > 0) this.msPerUnit = Math.min(this.msPerUnit ?? Infinity, this.lastMsPerUnit);
      }
      this.batchesHere++;
      this.here = undefined;
      finished();
      this.wake();
    }
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
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
export function executorFor(workers: number, guard?: SyncGuard, expectedUnits?: number): Executor {
  const threads = Math.min(workers, defaultWorkers());
  return threads <= 1 ? new InProcessExecutor(guard) : new AutoExecutor(threads, guard, expectedUnits, POOL_PAYS_MS, freeCoreSince());
}
