/**
 * Limits per client (IP address), as token buckets in memory. A bucket holds up to `burst`
 * requests and refills at `perMinute`; a request finding it empty is refused (`RateLimited`: a
 * 429 with Retry-After) and costs nothing.
 *
 * The limit on guesses (`CheckLimiter`): checks and hints of one client on one puzzle, and of one
 * client on all puzzles together (four times the rate, twice the burst) — without the second, one
 * address could send a burst of hints on every puzzle of the corpus at once, and hints run the
 * prover. What it stops and what not (src/server/README.md): it slows a script trying digits cell
 * by cell; it does not stop many addresses, nor a full-grid check (one request, a verdict per cell)
 * used as a guess for every cell at once. These buckets are the process's own (SQLite, one
 * instance); on PostgreSQL every instance takes from the same buckets in the database
 * (pg-rate-limit.ts, `PgCheckLimiter`), so the limit holds per address across instances.
 */

export interface CheckRate {
  /** Requests refilled per minute. */
  perMinute: number;
  /** Requests a fresh bucket holds (a player's quick run of checks). */
  burst: number;
}

/** Tables one address may deal: 20 a minute, a burst of 20 (a club evening's tables, not a flood of rows). */
export const DEFAULT_DEAL_RATE: CheckRate = { perMinute: 20, burst: 20 };

/** The buckets of this many keys at most; the longest unused go first. */
const MAX_BUCKETS = 100_000;

/** A refusal that says when to come back: answered with its status and Retry-After (Busy: 503, RateLimited: 429). */
export interface RetryLater extends Error {
  readonly status: 429 | 503;
  readonly retryAfterSeconds: number;
}

export function isRetryLater(error: unknown): error is RetryLater {
  return error instanceof Error && 'retryAfterSeconds' in error && 'status' in error;
}

export class RateLimited extends Error implements RetryLater {
  override readonly name = 'RateLimited';
  readonly status = 429;
  constructor(
    readonly retryAfterSeconds: number,
    what: string,
  ) {
    super(`too many ${what} from this address: retry in ${retryAfterSeconds} s`);
  }
}

/** Throw (a RangeError) for a rate no bucket can keep: perMinute > 0 and burst >= 1. */
export function assertRate(rate: CheckRate): void {
  if (!(rate.perMinute > 0 && rate.burst >= 1)) throw new RangeError(`a rate needs perMinute > 0 and burst >= 1, got ${JSON.stringify(rate)}`);
}

/** Token buckets by key, at one rate. */
export class TokenBuckets {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rate: CheckRate,
    private readonly now: () => number,
  ) {
    assertRate(rate);
  }

  /** Seconds until `key`'s bucket holds a request (0: it holds one now); refills it to now. */
  wait(key: string): number {
    const bucket = this.refilled(key);
    return bucket.tokens >= 1 ? 0 : Math.max(1, Math.ceil(((1 - bucket.tokens) * 60) / this.rate.perMinute));
  }

  /** Take one request from `key`'s bucket (call after `wait` said 0). */
  spend(key: string): void {
    this.refilled(key).tokens -= 1;
  }

  private refilled(key: string): { tokens: number; at: number } {
    const t = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.rate.burst, at: t };
    // a clock that steps back refills nothing
    bucket.tokens = Math.min(this.rate.burst, bucket.tokens + (Math.max(0, t - bucket.at) * this.rate.perMinute) / 60_000);
    bucket.at = t;
    // re-inserted: the Map's order is then least recently used first
    this.buckets.delete(key);
    if (this.buckets.size >= MAX_BUCKETS) this.buckets.delete(this.buckets.keys().next().value!);
    this.buckets.set(key, bucket);
    return bucket;
  }
}

/** The limit on checks and hints, wherever its buckets are kept. */
export interface CheckLimit {
  /** Take one request from the buckets of `client` on `puzzle` and on all puzzles, or throw RateLimited (taking none). */
  take(client: string, puzzle: string): void | Promise<void>;
}

/** The bucket of one address on all puzzles together: four times the rate, twice the burst of one puzzle's. */
export function allPuzzlesRate(rate: CheckRate): CheckRate {
  return { perMinute: rate.perMinute * 4, burst: rate.burst * 2 };
}

/** The refusals of the two buckets, the puzzle's checked first. */
export const ON_PUZZLE = 'checks and hints on this puzzle';
export const ON_ALL_PUZZLES = 'checks and hints';

/** The limit on checks and hints in this process's memory (SQLite: one instance). */
export class CheckLimiter implements CheckLimit {
  private readonly perPuzzle: TokenBuckets;
  private readonly perClient: TokenBuckets;

  constructor(rate: CheckRate, now: () => number) {
    this.perPuzzle = new TokenBuckets(rate, now);
    this.perClient = new TokenBuckets(allPuzzlesRate(rate), now);
  }

  take(client: string, puzzle: string): void {
    const onPuzzle = this.perPuzzle.wait(`${client}\n${puzzle}`);
    if (onPuzzle > 0) throw new RateLimited(onPuzzle, ON_PUZZLE);
    const onAll = this.perClient.wait(client);
    if (onAll > 0) throw new RateLimited(onAll, ON_ALL_PUZZLES);
    this.perPuzzle.spend(`${client}\n${puzzle}`);
    this.perClient.spend(client);
  }
}
