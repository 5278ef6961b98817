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
 *
 * Fair between clients: a task names its client (the address), one client may have at most
 * `perClient` tasks running or waiting (one more is a 429: `RateLimited`), and a free thread
 * takes the next task of the next client in turn, not the oldest task — so twelve connections
 * looping verifies (or hard deals) from one address hold two places, and every other address's
 * task still gets the next free thread but one.
 */
import { Piscina } from 'piscina';
import { DEFAULT_POOL_PER_ADDRESS } from './connection-limits.ts';
import { RateLimited, type RetryLater } from './rate-limit.ts';
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
  /** Tasks one client may have running or waiting (default 2; 0: no limit, e.g. behind a proxy). */
  perClient?: number;
}

export interface HeavyRunOptions {
  /** This task's time limit instead of the pool's. */
  timeLimitMs?: number;
  /** Who asks (the address): tasks are shared out fairly between clients. */
  client?: string;
}

export interface HeavyWork {
  run<T extends HeavyTask>(task: T, options?: HeavyRunOptions): Promise<HeavyResult<T>>;
  close(): Promise<void>;
}

/** The pool is full: the request is refused now, to be retried later. */
export class Busy extends Error implements RetryLater {
  override readonly name = 'Busy';
  readonly status = 503;
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

/**
 * Slots shared fairly between clients: at most `slots` works run and `waiting` more wait; a client
 * may have `perClient` works running or waiting (one more: `RateLimited`; 0: no such limit); a
 * freed slot goes to the waiting client whose last work started longest ago (one that never had
 * a turn first), each client's works in their order.
 */
export class FairSlots {
  private inFlight = 0;
  private running = 0;
  private starts = 0;
  private closed = false;
  /** Per client, its waiting works in order (start, or refuse when the slots close). */
  private readonly waiting = new Map<string, Array<{ start: () => void; refuse: (e: Error) => void }>>();
  /** Per client, when its last work started (a running count). */
  private readonly lastStart = new Map<string, number>();
  private readonly perClientNow = new Map<string, number>();

  constructor(
    private readonly slots: number,
    private readonly waitingPlaces: number,
    private readonly perClient: number,
  ) {}

  /** Works running or waiting now. */
  get size(): number {
    return this.inFlight;
  }

  /** Run `work` in `client`'s turn; refused at once (retry after `retrySeconds`) when no place is left. */
  async within<T>(client: string, retrySeconds: number, work: () => Promise<T>): Promise<T> {
    if (this.closed) throw new Busy(retrySeconds);
    const mine = this.perClientNow.get(client) ?? 0;
    if (client !== '' && this.perClient > 0 && mine >= this.perClient) throw new RateLimited(retrySeconds, `verify and deal requests at once (${this.perClient})`);
    if (this.inFlight >= this.slots + this.waitingPlaces) throw new Busy(retrySeconds);
    this.perClientNow.set(client, mine + 1);
    this.inFlight++;
    try {
      // a waiting work's slot is counted when its turn comes (startNext), so no newcomer takes it
      if (this.running >= this.slots) await this.turn(client);
      else this.begin(client);
      try {
        return await work();
      } finally {
        this.running--;
        this.startNext();
      }
    } finally {
      this.inFlight--;
      const left = this.perClientNow.get(client)! - 1;
      if (left === 0) {
        this.perClientNow.delete(client);
        this.lastStart.delete(client);
      } else this.perClientNow.set(client, left);
    }
  }

  /** No more works: the waiting ones are refused (Busy), the running ones end as they end. */
  close(): void {
    this.closed = true;
    for (const line of this.waiting.values()) for (const w of line) w.refuse(new Busy(1));
    this.waiting.clear();
  }

  private begin(client: string): void {
    this.running++;
    this.lastStart.set(client, ++this.starts);
  }

  private turn(client: string): Promise<void> {
    return new Promise((start, refuse) => {
      const line = this.waiting.get(client);
      if (line) line.push({ start, refuse });
      else this.waiting.set(client, [{ start, refuse }]);
    });
  }

  /** A slot is free: the waiting client whose last work started longest ago starts its oldest. */
  private startNext(): void {
    if (this.closed) return;
    let chosen: string | undefined;
    for (const client of this.waiting.keys()) {
      if (chosen === undefined || (this.lastStart.get(client) ?? 0) < (this.lastStart.get(chosen) ?? 0)) chosen = client;
    }
    if (chosen === undefined) return;
    const line = this.waiting.get(chosen)!;
    const { start } = line.shift()!;
    if (line.length === 0) this.waiting.delete(chosen);
    this.begin(chosen);
    start();
  }
}

export class PoolHeavyWork implements HeavyWork {
  private pool: Piscina | undefined;
  private closed = false;
  private readonly slots: FairSlots;
  private readonly timeLimitMs: number;
  private readonly kindModules: readonly string[];
  private readonly threads: number;

  constructor(options: HeavyWorkOptions = {}) {
    this.threads = Math.max(1, options.threads ?? 1);
    this.slots = new FairSlots(this.threads, Math.max(0, options.queue ?? 8), Math.max(0, options.perClient ?? DEFAULT_POOL_PER_ADDRESS));
    this.timeLimitMs = options.timeLimitMs ?? 10_000;
    this.kindModules = options.kindModules ?? [];
  }

  run<T extends HeavyTask>(task: T, options: HeavyRunOptions = {}): Promise<HeavyResult<T>> {
    // counted here, not by piscina's own queue: the refusal is then exact and immediate
    return this.slots.within(options.client ?? '', Math.max(1, Math.ceil(this.timeLimitMs / 1000)), () => this.onThread(task, options.timeLimitMs ?? this.timeLimitMs));
  }

  private async onThread<T extends HeavyTask>(task: T, limit: number): Promise<HeavyResult<T>> {
    if (this.closed) throw new Busy(1);
    this.pool ??= new Piscina({
      filename: WORKER_URL,
      minThreads: this.threads,
      maxThreads: this.threads,
      idleTimeout: 60_000,
      concurrentTasksPerWorker: 1,
      // the parent's flags (a test runner's, say) are not for the workers
      execArgv: [],
    });
    try {
      const sent = this.kindModules.length > 0 ? { ...task, kindModules: this.kindModules } : task;
      return (await this.pool.run(sent, { signal: AbortSignal.timeout(limit) })) as HeavyResult<T>;
    } catch (e) {
      if ((e as Error).name === 'AbortError') throw new TimedOut(limit);
      throw e;
    }
  }

  /** Tasks running or waiting now. */
  get inFlightTasks(): number {
    return this.slots.size;
  }

  async close(): Promise<void> {
    // the waiting tasks are refused; none starts a new pool after this one is gone
    this.closed = true;
    this.slots.close();
    const pool = this.pool;
    this.pool = undefined;
    await pool?.destroy();
  }
}
