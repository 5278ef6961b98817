/**
 * The scheduler shared by generation and verification: it cuts a stream of units (puzzle
 * indices, input puzzles) into batches, keeps every worker busy, retries failed batches, and
 * hands the results on in unit order.
 *
 *   units ──► [batch 0][batch 1][batch 2] … ──► workers ──► reorder buffer ──► emit (in order)
 *              sizes adapt: ≈ targetMs (50 ms) of work each — far above the pool's ≈0.1 ms per
 *              task, short enough to balance —, 1 unit until the cost is known, smaller again
 *              near the end so the workers finish together
 *
 * A batch whose task rejects (the worker threw or died) is retried unit by unit, once; a unit
 * that fails again gets `failed(unit, error)` as its result. Units carry their own seeds, so a
 * retry gives the same bytes. `stop()` is polled before each dispatch: once it says stop, no new
 * batch starts, the running ones finish and are emitted, and the run returns.
 */

export interface OrderedBatchOptions<U, R> {
  units: AsyncIterable<U> | Iterable<U>;
  /** Run one batch; one result per unit, in order, and the work time in ms. */
  execute(units: U[]): Promise<{ results: R[]; ms: number }>;
  /** The result of a unit whose batch failed and whose retry failed too. */
  failed(unit: U, error: unknown): R;
  /** Receives every result in unit order. */
  emit(result: R, unit: U): void | Promise<void>;
  /** Batches that run at once (the worker count). */
  parallelism: number;
  /** Work per batch to aim for (ms): long enough to hide the pool's overhead, short for balance. */
  targetMs?: number;
  maxBatch?: number;
  /** Units expected in all, when known: the last batches shrink so workers end together. */
  total?: number;
  stop?: () => boolean;
  /** Called when a batch failed and its units are about to be retried one by one. */
  onRetry?: (units: U[], error: unknown) => void;
}

export interface OrderedBatchReport {
  /** Units handed to workers. */
  dispatched: number;
  batches: number;
  retriedBatches: number;
  stopped: boolean;
}

export async function runOrdered<U, R>(o: OrderedBatchOptions<U, R>): Promise<OrderedBatchReport> {
  const targetMs = o.targetMs ?? 50;
  const maxBatch = o.maxBatch ?? 1000;
  const maxInFlight = Math.max(2, o.parallelism * 2);
  const iterator = (Symbol.asyncIterator in o.units ? (o.units as AsyncIterable<U>)[Symbol.asyncIterator]() : (o.units as Iterable<U>)[Symbol.iterator]()) as AsyncIterator<U> | Iterator<U>;
  const buffer = new Map<number, { unit: U; result: R }>();
  const running = new Set<Promise<void>>();
  let nextSeq = 0;
  let emitSeq = 0;
  let exhausted = false;
  let msPerUnit: number | undefined;
  /** Set once the run has returned or thrown. */
  let over = false;
  const report: OrderedBatchReport = { dispatched: 0, batches: 0, retriedBatches: 0, stopped: false };

  const batchSize = (): number => {
    if (msPerUnit === undefined) return 1;
    let size = Math.round(targetMs / Math.max(msPerUnit, 1e-3));
    // Near the end, a quarter of the remaining share per worker: the last batches finish together.
    if (o.total !== undefined) size = Math.min(size, Math.ceil((o.total - nextSeq) / (4 * o.parallelism)));
    return Math.max(1, Math.min(maxBatch, size));
  };

  const pull = async (n: number): Promise<U[]> => {
    const out: U[] = [];
    while (out.length < n) {
      const step = await iterator.next();
      if (step.done) {
        exhausted = true;
        break;
      }
      out.push(step.value);
    }
    return out;
  };

  const store = (seq: number, units: U[], results: R[]) => {
    units.forEach((unit, i) => buffer.set(seq + i, { unit, result: results[i]! }));
  };

  const launch = (units: U[], seq: number) => {
    report.batches++;
    report.dispatched += units.length;
    const p: Promise<void> = o
      .execute(units)
      .then(({ results, ms }) => {
        if (results.length !== units.length) throw new Error(`batch returned ${results.length} results for ${units.length} units`);
        const perUnit = ms / units.length;
        msPerUnit = msPerUnit === undefined ? perUnit : 0.7 * msPerUnit + 0.3 * perUnit;
        store(seq, units, results);
      })
      .catch(async (error: unknown) => {
        // The run has ended (an emit threw, a write failed): the executor is closing under this
        // batch, which is no fault of the batch: nothing to retry or report.
        if (over) return;
        report.retriedBatches++;
        o.onRetry?.(units, error);
        const results = await Promise.all(
          units.map((unit) =>
            o.execute([unit]).then(
              (r) => r.results[0]!,
              (again: unknown) => o.failed(unit, again),
            ),
          ),
        );
        store(seq, units, results);
      })
      .finally(() => running.delete(p));
    running.add(p);
  };

  const flush = async () => {
    for (let entry = buffer.get(emitSeq); entry !== undefined; entry = buffer.get(emitSeq)) {
      buffer.delete(emitSeq);
      emitSeq++;
      await o.emit(entry.result, entry.unit);
    }
  };

  try {
    await loop();
  } finally {
    over = true;
  }
  return report;

  async function loop(): Promise<void> {
    for (;;) {
      while (!exhausted && running.size < maxInFlight) {
        if (o.stop?.()) {
          report.stopped = true;
          exhausted = true;
          break;
        }
        const units = await pull(batchSize());
        if (units.length === 0) break;
        launch(units, nextSeq);
        nextSeq += units.length;
      }
      if (running.size === 0) break;
      await Promise.race(running);
      await flush();
    }
    await flush();
  }
}
