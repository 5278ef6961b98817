/**
 * Where the server's heavy requests run (heavy-tasks.ts: `POST /verify`, `POST /tables` deals,
 * the next day's daily set): a piscina pool of worker threads, started on the first such request,
 * so the event loop stays free for every other client while a 0.9 s deal or a 500,000-node
 * verify runs.
 *
 * Bounded on both sides: at most `threads` tasks run and `queue` more wait; one more is refused at
 * once (`Busy`, a 503 with Retry-After) rather than queued behind minutes of work. A task past its
 * time limit is aborted — piscina ends the thread that runs it, so the work really stops — and is
 * reported as `TimedOut`; the caller words it (a deal is a 422, as a spent generator budget is).
 */
import { Piscina } from 'piscina';
import type { HeavyResult, HeavyTask } from './heavy-tasks.ts';

export interface HeavyWorkOptions {
  /** Worker threads (default 1: the server's other requests keep the remaining cores). */
  threads?: number;
  /** Tasks that may wait for a thread beyond those running (default 8). */
  queue?: number;
  /** The time limit of one task, in ms (default 10 s). */
  timeLimitMs?: number;
  /** Kind modules (file URLs) every task loads in its thread first (heavy-tasks.ts). */
  kindModules?: readonly string[];
}

export interface HeavyWork {
  run<T extends HeavyTask>(task: T, options?: { timeLimitMs?: number }): Promise<HeavyResult<T>>;
  close(): Promise<void>;
}

/** The pool is full: the request is refused now, to be retried later. */
export class Busy extends Error {
  override readonly name = 'Busy';
  constructor(readonly retryAfterSeconds: number) {
    super(`the server is busy with other verify and deal requests: retry in ${retryAfterSeconds} s`);
  }
}

/** A task ran past its time limit and was stopped. */
export class TimedOut extends Error {
  override readonly name = 'TimedOut';
  constructor(readonly limitMs: number) {
    super(`not done within the server's limit of ${limitMs} ms`);
  }
}

// Compiled, the pool runs the compiled worker next to this module; from the sources (tsx,
// vitest) the entry that registers tsx in each thread.
const WORKER_URL = import.meta.url.endsWith('.js') ? new URL('./heavy-worker.js', import.meta.url).href : new URL('../../workers/server-worker.mjs', import.meta.url).href;

export class PoolHeavyWork implements HeavyWork {
  private pool: Piscina | undefined;
  private inFlight = 0;
  private readonly threads: number;
  private readonly queue: number;
  private readonly timeLimitMs: number;
  private readonly kindModules: readonly string[];

  constructor(options: HeavyWorkOptions = {}) {
    this.threads = Math.max(1, options.threads ?? 1);
    this.queue = Math.max(0, options.queue ?? 8);
    this.timeLimitMs = options.timeLimitMs ?? 10_000;
    this.kindModules = options.kindModules ?? [];
  }

  async run<T extends HeavyTask>(task: T, options: { timeLimitMs?: number } = {}): Promise<HeavyResult<T>> {
    // counted here, not by piscina's own queue: the refusal is then exact and immediate
    if (this.inFlight >= this.threads + this.queue) throw new Busy(Math.max(1, Math.ceil(this.timeLimitMs / 1000)));
    const limit = options.timeLimitMs ?? this.timeLimitMs;
    this.pool ??= new Piscina({
      filename: WORKER_URL,
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
      // the parent's flags (a test runner's, say) are not for the workers
      execArgv: [],
    });
    this.inFlight++;
    try {
      const sent = this.kindModules.length > 0 ? { ...task, kindModules: this.kindModules } : task;
      return (await this.pool.run(sent, { signal: AbortSignal.timeout(limit) })) as HeavyResult<T>;
    } catch (e) {
      if ((e as Error).name === 'AbortError') throw new TimedOut(limit);
      throw e;
    } finally {
      this.inFlight--;
    }
  }

  /** Tasks running or waiting now. */
  get inFlightTasks(): number {
    return this.inFlight;
  }

  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }
}
