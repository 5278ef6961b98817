/**
 * The daily set made a day ahead while serving, so `/daily/today` never goes missing at midnight.
 * Each tick makes (when missing) and loads the sets of today and tomorrow (or as many days ahead
 * as the plan's `daysAhead` says) by the server's clock
 * in its local time zone (TZ) — the date `daily` and `/daily/today` use — and the next tick is
 * set for a fixed interval later. Tomorrow's set is then stored hours before its day, and the
 * store's `available_from` keeps it (and its puzzles) unseen until the day comes.
 *
 * I/O at the edges: the clock, making a set and loading it are injected (serve passes a worker
 * thread for making, so the event loop keeps answering; tests pass a clock and a small plan).
 */
import { today } from '../pipeline/daily.ts';
import { datesFrom } from '../pipeline/daily-plan.ts';

export interface DailyAheadOptions {
  now: () => Date;
  /** True when the date's set is already in the daily corpus. */
  has: (date: string) => boolean;
  /** Make the date's set into the daily corpus. */
  make: (date: string) => Promise<void>;
  /** Load the date's set into the store (idempotent). */
  load: (date: string) => Promise<void>;
  /** A line for the operator (a failure to make a set is reported and retried at the next tick). */
  report?: (line: string) => void;
  /** Days after today to keep made (the plan's `daysAhead`; default 1, tomorrow). */
  daysAhead?: number;
  /** Between ticks (default 15 minutes: tomorrow's set is made at least 23¾ hours ahead). */
  intervalMs?: number;
}

export const DAILY_AHEAD_INTERVAL_MS = 15 * 60_000;

export class DailyAhead {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly o: DailyAheadOptions) {}

  /** Make and load the sets of today and the days ahead where missing; one tick at a time. */
  tick(): Promise<void> {
    this.running ??= this.ensureAhead().finally(() => (this.running = undefined));
    return this.running;
  }

  /** Tick now and every interval until `stop`. */
  start(): Promise<void> {
    const first = this.tick();
    const every = this.o.intervalMs ?? DAILY_AHEAD_INTERVAL_MS;
    const schedule = () => {
      if (this.stopped) return;
      this.timer = setTimeout(() => void this.tick().finally(schedule), every);
      // the timer alone does not keep the process alive: serving does
      this.timer.unref();
    };
    void first.finally(schedule);
    return first;
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Make the date's set when missing (into the corpus only). */
  async makeMissing(date: string): Promise<void> {
    if (!this.o.has(date)) await this.o.make(date);
  }

  /** Make the date's set when missing, and load it. */
  async ensure(date: string): Promise<void> {
    await this.makeMissing(date);
    await this.o.load(date);
  }

  private async ensureAhead(): Promise<void> {
    const dates = datesFrom(today(this.o.now()), (this.o.daysAhead ?? 1) + 1);
    // one after the other: a day's fingerprints keep its puzzles out of the next days
    for (const date of dates) {
      if (this.stopped) return;
      try {
        await this.ensure(date);
      } catch (e) {
        if (this.stopped) return;
        this.o.report?.(`the daily set of ${date}: ${(e as Error).message.split('\n')[0]!} (tried again at the next tick)`);
      }
    }
  }
}
