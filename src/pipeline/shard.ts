/**
 * Sharding a run over machines with no coordinator. Shard i of n (0-based, as a Kubernetes
 * indexed job's JOB_COMPLETION_INDEX) gets one contiguous slice of the indices 0..count−1:
 *
 *     count 10, n 3:   shard 0 → 0 1 2 3 | shard 1 → 4 5 6 | shard 2 → 7 8 9
 *                      slice i = [⌊i·count/n⌋, ⌊(i+1)·count/n⌋)
 *
 * Contiguous (rather than k ≡ i mod n) so that concatenating the shards' NDJSON outputs in shard
 * order gives the whole run's output byte for byte, and each shard's files sort together.
 */

export interface Shard {
  index: number;
  of: number;
}

export const WHOLE_RUN: Shard = { index: 0, of: 1 };

/** The variables batch engines hand a task its index in: Kubernetes indexed jobs, AWS Batch array jobs. */
export const INDEX_VARIABLES = ['JOB_COMPLETION_INDEX', 'AWS_BATCH_JOB_ARRAY_INDEX'] as const;

/**
 * Parse `i/n` (0 ≤ i < n), or `auto/n`, whose i is the engine's index from `env` (INDEX_VARIABLES:
 * a pod or array task needs no shell to put it into the command line); throws a RangeError with a
 * one-line reason.
 */
export function parseShard(text: string, env: Readonly<Record<string, string | undefined>> = {}): Shard {
  const m = /^(\d+|auto)\/(\d+)$/.exec(text.trim());
  if (!m) throw new RangeError(`--shard must look like i/n (e.g. 0/4) or auto/n, got ${JSON.stringify(text)}`);
  const of = Number(m[2]);
  if (of < 1) throw new RangeError(`--shard ${text}: n must be at least 1`);
  if (!Number.isSafeInteger(of)) throw new RangeError(`--shard ${text}: n must be at most ${Number.MAX_SAFE_INTEGER}`);
  let index: number;
  let from = '';
  if (m[1] === 'auto') {
    const set = INDEX_VARIABLES.filter((name) => env[name] !== undefined && env[name] !== '');
    if (set.length === 0) throw new RangeError(`--shard ${text}: neither JOB_COMPLETION_INDEX (Kubernetes indexed jobs) nor AWS_BATCH_JOB_ARRAY_INDEX (AWS Batch array jobs) is set`);
    const values = set.map((name) => env[name]!.trim());
    for (const [i, value] of values.entries()) if (!/^\d+$/.test(value)) throw new RangeError(`--shard ${text}: ${set[i]}=${JSON.stringify(env[set[i]!])} is not a whole number`);
    if (new Set(values.map(Number)).size > 1) throw new RangeError(`--shard ${text}: JOB_COMPLETION_INDEX=${values[0]} and AWS_BATCH_JOB_ARRAY_INDEX=${values[1]} disagree`);
    index = Number(values[0]);
    from = ` (${set[0]}=${values[0]})`;
  } else {
    index = Number(m[1]);
  }
  if (index >= of) throw new RangeError(`--shard ${text}${from}: i must be below n (shards are numbered 0..${of - 1})`);
  return { index, of };
}

/** The half-open index range [start, end) of a shard. */
export function shardRange(count: number, shard: Shard): { start: number; end: number } {
  return { start: sliceBound(count, shard.index, shard.of), end: sliceBound(count, shard.index + 1, shard.of) };
}

/** ⌊i·count/n⌋, exact: i·count passes 2^53 for large counts, where doubles round. */
function sliceBound(count: number, i: number, n: number): number {
  const product = i * count;
  if (!Number.isSafeInteger(product)) return Number((BigInt(i) * BigInt(count)) / BigInt(n));
  // the quotient of two doubles may round up to the next integer: correct it exactly
  let q = Math.floor(product / n);
  while (q * n > product) q--;
  while ((q + 1) * n <= product) q++;
  return q;
}

export function isWholeRun(shard: Shard): boolean {
  return shard.of === 1;
}

export function shardLabel(shard: Shard): string {
  return `${shard.index}/${shard.of}`;
}
