/**
 * The limit on guesses: checks and hints of one client (IP address) on one puzzle, as a token
 * bucket in memory. A bucket holds up to `burst` requests and refills at `perMinute`; a request
 * finding it empty is refused (`RateLimited`: a 429 with Retry-After) and costs nothing.
 *
 * What it stops and what not (src/server/README.md): it slows a script trying digits cell by cell
 * against one puzzle from one address; it does not stop many addresses, nor a full-grid check
 * (one request, a verdict per cell) used as a guess for every cell at once, and the buckets are
 * per process (several instances each keep their own).
 */

export interface CheckRate {
  /** Requests refilled per minute. */
  perMinute: number;
  /** Requests a fresh bucket holds (a player's quick run of checks). */
  burst: number;
}

/** The bucket of this many client–puzzle pairs at most; the longest unused go first. */
const MAX_BUCKETS = 100_000;

export class RateLimited extends Error {
  override readonly name = 'RateLimited';
  constructor(readonly retryAfterSeconds: number) {
    super(`too many checks and hints on this puzzle from this address: retry in ${retryAfterSeconds} s`);
  }
}

export class CheckLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(
    private readonly rate: CheckRate,
    private readonly now: () => number,
  ) {
    if (!(rate.perMinute > 0 && rate.burst >= 1)) throw new RangeError(`a check rate needs perMinute > 0 and burst >= 1, got ${JSON.stringify(rate)}`);
  }

  /** Take one request from the bucket of `client` on `puzzle`, or throw RateLimited. */
  take(client: string, puzzle: string): void {
    const key = `${client}\n${puzzle}`;
    const t = this.now();
    const bucket = this.buckets.get(key) ?? { tokens: this.rate.burst, at: t };
    // a clock that steps back refills nothing
    bucket.tokens = Math.min(this.rate.burst, bucket.tokens + (Math.max(0, t - bucket.at) * this.rate.perMinute) / 60_000);
    bucket.at = t;
    // re-inserted: the Map's order is then least recently used first
    this.buckets.delete(key);
    if (this.buckets.size >= MAX_BUCKETS) this.buckets.delete(this.buckets.keys().next().value!);
    this.buckets.set(key, bucket);
    if (bucket.tokens < 1) throw new RateLimited(Math.max(1, Math.ceil(((1 - bucket.tokens) * 60) / this.rate.perMinute)));
    bucket.tokens -= 1;
  }
}
