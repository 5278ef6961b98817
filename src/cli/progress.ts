/**
 * The progress bar on stderr: count, rate and ETA, drawn only when stderr is a terminal (never
 * into a log file or a pipe) and not with --quiet. cli-progress does the drawing: it handles
 * terminal width, redraw throttling and cursor restore, which we would otherwise write ourselves.
 */
import cliProgress from 'cli-progress';

export interface Progress {
  update(done: number, total: number): void;
  /** Log a line without tearing the bar. */
  log(line: string): void;
  stop(): void;
}

export function progressBar(label: string, quiet: boolean): Progress {
  if (quiet || !process.stderr.isTTY) {
    return { update() {}, log: (line) => process.stderr.write(line + '\n'), stop() {} };
  }
  const t0 = performance.now();
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${label} {bar} {value}/{total} | {rate}/s | ETA {eta_formatted}`,
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 50,
      fps: 10,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  // Once stopped, the bar stays gone: a late progress report (a worker's last batch, a retry) must
  // not draw it again below the summary, and must not start it if it never was.
  let stopped = false;
  return {
    update(done, total) {
      if (stopped) return;
      const rate = done / Math.max((performance.now() - t0) / 1000, 1e-3);
      const payload = { rate: rate >= 100 ? rate.toFixed(0) : rate.toFixed(1) };
      if (!started) {
        bar.start(total, done, payload);
        started = true;
      } else {
        bar.setTotal(total);
        bar.update(done, payload);
      }
    },
    log(line) {
      if (started && !stopped) {
        // cli-progress redraws on the next update; clear the bar's line first
        process.stderr.write('\r\x1b[K' + line + '\n');
      } else {
        process.stderr.write(line + '\n');
      }
    },
    stop() {
      if (started && !stopped) bar.stop();
      stopped = true;
    },
  };
}
