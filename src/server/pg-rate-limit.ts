/**
 * The limit on checks and hints on PostgreSQL: the same two token buckets as `CheckLimiter`
 * (rate-limit.ts: an address on one puzzle, and on all puzzles at four times the rate and twice the
 * burst), kept in the database (migration 7, `check_limits`) so that every instance takes from
 * the same buckets — the limit holds per address however the requests are spread over instances.
 *
 * A bucket is one number, the time at which it is full again (`full_at`; "generic cell rate"): it
 * holds `burst - (full_at - now) / interval` requests, `interval` being 60 s / perMinute; taking
 * one moves `full_at` to `max(full_at, now) + interval`, and a take is allowed while the result is
 * at most `burst` intervals ahead. That is the in-memory bucket's refill, answers and Retry-After,
 * with no tokens to refill. Both buckets move in one upsert, inside a transaction that is rolled
 * back when either refuses: a refused request costs nothing, and the rows stay locked from the
 * upsert to the end, so two instances never both take an address's last request. A row whose
 * `full_at` has passed means the same as no row: the first take a minute after an instance's last
 * sweep deletes those, so the table holds buckets of about the last two minutes (or, on a server
 * nobody has checked with since, of the last checks) — under a keyed hash of the address, never
 * the address itself (`addressKey`).
 *
 * Cheap refusals: a refused bucket is remembered in this process until it holds a request again,
 * so the 429s a script keeps asking for are answered without the database. The table is UNLOGGED
 * (migration 7): its rows are minutes-long and worth nothing after a crash (PostgreSQL empties it
 * then: every bucket full), and a transaction that writes only unlogged tables commits without
 * waiting for a flush of the write-ahead log.
 */
import { createHmac } from 'node:crypto';
import { inTransaction, type PgPool } from './pg.ts';
import { databaseSalt } from './stats/pg-play-store.ts';
import { allPuzzlesRate, assertRate, ON_ALL_PUZZLES, ON_PUZZLE, RateLimited, type CheckLimit, type CheckRate } from './rate-limit.ts';

/** Refusals this process remembers at most (address–puzzle pairs and addresses); the oldest go first. */
const MAX_REFUSED = 100_000;

/** A take this long after an instance's last sweep deletes the rows of full buckets (an index range, cheap). */
const SWEEP_AFTER_MS = 60_000;

/** The row of an address on all puzzles (a puzzle id is never empty). */
const ALL_PUZZLES = '';

/** Thrown inside the transaction to roll it back; answered as the RateLimited it carries. */
class Refused extends Error {
  constructor(readonly refusal: RateLimited) {
    super(refusal.message);
  }
}

export class PgCheckLimiter implements CheckLimit {
  private readonly puzzleInterval: number;
  private readonly allInterval: number;
  private sweptAt = -Infinity;
  /**
   * Buckets this process found empty, with the time they hold a request again: a request before
   * then is refused here, with no connection nor transaction — a flood of 429s costs the database
   * nothing. Safe across instances: the others only take more from a bucket, never give back.
   */
  private readonly refusedUntil = new Map<string, number>();
  private salt: Promise<Buffer> | undefined;

  constructor(
    private readonly pool: PgPool,
    private readonly rate: CheckRate,
    private readonly now: () => number,
  ) {
    assertRate(rate);
    this.puzzleInterval = 60_000 / rate.perMinute;
    this.allInterval = 60_000 / allPuzzlesRate(rate).perMinute;
  }

  async take(client: string, puzzle: string): Promise<void> {
    const now = this.now();
    this.refuseIfRemembered(`${client}\n${puzzle}`, now, ON_PUZZLE);
    this.refuseIfRemembered(client, now, ON_ALL_PUZZLES);
    if (now - this.sweptAt >= SWEEP_AFTER_MS) this.sweep(now);
    const address = await this.addressKey(client);
    try {
      await inTransaction(this.pool, async (db) => {
        // the puzzle's row first, then the address's: every take locks in this order (no deadlock)
        const rows = (
          await db.query<{ puzzle: string; full_at: number }>(
            `INSERT INTO check_limits AS b (address, puzzle, full_at) VALUES ($1, $2, $3::float8 + $4::float8), ($1, '', $3::float8 + $5::float8)
             ON CONFLICT (address, puzzle) DO UPDATE SET full_at = GREATEST(b.full_at, $3::float8) + (EXCLUDED.full_at - $3::float8)
             RETURNING puzzle, full_at`,
            [address, puzzle, now, this.puzzleInterval, this.allInterval],
          )
        ).rows;
        const ahead = (which: string) => rows.find((r) => r.puzzle === which)!.full_at - now;
        const onPuzzle = ahead(puzzle) - this.rate.burst * this.puzzleInterval;
        if (onPuzzle > 0) throw new Refused(this.remember(`${client}\n${puzzle}`, now, onPuzzle, ON_PUZZLE));
        const onAll = ahead(ALL_PUZZLES) - allPuzzlesRate(this.rate).burst * this.allInterval;
        if (onAll > 0) throw new Refused(this.remember(client, now, onAll, ON_ALL_PUZZLES));
      });
    } catch (e) {
      throw e instanceof Refused ? e.refusal : e;
    }
  }

  /**
   * The stored form of a client's address: an HMAC under the database's salt (the one the play
   * statistics use), so the shared database holds no address, as src/server/stats/README.md says.
   */
  private async addressKey(client: string): Promise<string> {
    // a failed first read (the database away) is not kept: the next request tries again
    this.salt ??= databaseSalt(this.pool).catch((e: unknown) => {
      this.salt = undefined;
      throw e;
    });
    return createHmac('sha256', await this.salt).update(`check-limits\u0000${client}`).digest('base64url');
  }

  /** Throw the refusal remembered for the bucket `key` while its time has not come. */
  private refuseIfRemembered(key: string, now: number, what: string): void {
    const until = this.refusedUntil.get(key);
    if (until === undefined) return;
    if (until > now) throw new RateLimited(seconds(until - now), what);
    this.refusedUntil.delete(key);
  }

  /** Remember that the bucket `key` holds a request again in `ms`; the refusal to answer. */
  private remember(key: string, now: number, ms: number, what: string): RateLimited {
    this.refusedUntil.delete(key);
    if (this.refusedUntil.size >= MAX_REFUSED) this.refusedUntil.delete(this.refusedUntil.keys().next().value!);
    this.refusedUntil.set(key, now + ms);
    return new RateLimited(seconds(ms), what);
  }

  /** Delete the rows of buckets full again by `now` (no row says the same); a failure only leaves them for the next sweep. */
  private sweep(now: number): void {
    this.sweptAt = now;
    // rows a take holds are skipped, not waited for: a delete locking rows in full_at order against a
    // take locking its two rows could deadlock (the next sweep gets them)
    this.pool
      .query('DELETE FROM check_limits WHERE (address, puzzle) IN (SELECT address, puzzle FROM check_limits WHERE full_at <= $1 FOR UPDATE SKIP LOCKED)', [now])
      .catch(() => undefined);
  }
}

/** The wait before a bucket `ms` past its burst holds a request again, in whole seconds (at least 1). */
function seconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
