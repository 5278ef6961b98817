/**
 * The server's clock acting on its own: one timer per open table, due when `settle` will next make
 * a move by itself (a lapse, a flag fall). When it fires the service settles the table — the lapse
 * is written and pushed to the seats' event streams at that moment, not when someone next asks.
 *
 * A timer is a hint, never the truth: every request settles the table anyway, and settling twice
 * makes nothing twice (the store's update is one unit), so a timer that fires early or late, or
 * on two instances of the server, costs one more look and changes nothing. Timers are unref'd
 * (they never keep a process alive) and cleared when the server closes.
 */

/** setTimeout's longest delay; a later deadline is looked at again then. */
const MAX_DELAY_MS = 2 ** 31 - 1;
/** A timer never fires sooner than this: a clock that does not move (a test's) must not spin. */
const MIN_DELAY_MS = 10;

export class TableTimers {
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly now: () => number,
    private readonly fire: (id: string) => void,
  ) {}

  /** Run `fire(id)` (or `then`, once) at server time `due` (null: the table's clock has stopped). */
  arm(id: string, due: number | null, then?: () => void): void {
    // always set anew, even for the same due time: the clock may have been read differently since
    const armed = this.timers.get(id);
    if (armed) clearTimeout(armed);
    this.timers.delete(id);
    if (due === null || this.closed) return;
    const delay = Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, due - this.now()));
    const timer = setTimeout(() => {
      this.timers.delete(id);
      if (then) then();
      else this.fire(id);
    }, delay);
    timer.unref();
    this.timers.set(id, timer);
  }

  /** How many tables have a running clock here. */
  get size(): number {
    return this.timers.size;
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
  }
}
