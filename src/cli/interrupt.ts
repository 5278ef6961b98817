/**
 * SIGINT and SIGTERM for long runs. While the event loop is free (the main thread waits on worker
 * threads, or between batches), the first signal asks the run to stop cleanly: no new batch starts,
 * running batches finish and are written, the manifest records where it stopped, exit 130 for
 * SIGINT, 143 for SIGTERM. Running batches get STOP_GRACE_MS to finish; past that (one hard puzzle
 * can take minutes) the process writes out what it has and exits with the same code. A second
 * signal quits at once. Files already written are whole: every write is atomic, and a rerun
 * resumes.
 *
 * While a batch runs synchronously in this thread nothing can handle a signal, so `syncGuard`
 * flushes stdout and removes the handlers for the length of the batch: the signal's default
 * action then ends the process at once (the shell and Kubernetes see 130 and 143, as above).
 * SIGTERM is what batch engines send (Kubernetes, then SIGKILL after its grace period).
 */
import type { SyncGuard } from '../pipeline/executor.ts';
import { flushOutput } from './output.ts';
import { EXIT_INTERRUPTED, EXIT_TERMINATED, warn } from './exit.ts';

export interface Interrupt {
  signal: AbortSignal;
  /** The exit code for the signal that stopped the run (130 SIGINT, 143 SIGTERM). */
  readonly exitCode: number;
  /** For the executor: around work done synchronously in this thread. */
  readonly syncGuard: SyncGuard;
  dispose(): void;
}

const SIGNALS = { SIGINT: EXIT_INTERRUPTED, SIGTERM: EXIT_TERMINATED } as const;
type SignalName = keyof typeof SIGNALS;

/** How long running batches may take to finish after the first signal. */
export const STOP_GRACE_MS = 1000;

export function onInterrupt(): Interrupt {
  const controller = new AbortController();
  let exitCode: number = EXIT_INTERRUPTED;
  let grace: NodeJS.Timeout | undefined;
  const quit = (code: number): never => {
    flushOutput();
    process.exit(code);
  };
  const handlers = (Object.keys(SIGNALS) as SignalName[]).map((name) => {
    const handler = () => {
      if (controller.signal.aborted) quit(SIGNALS[name]);
      exitCode = SIGNALS[name];
      warn(`puzzlemill: ${name}: stopping after the running batches (${name === 'SIGINT' ? 'Ctrl-C' : 'the signal'} again to quit now)`);
      controller.abort();
      grace = setTimeout(() => {
        warn(`puzzlemill: ${name}: the running batches did not finish within ${STOP_GRACE_MS / 1000} s; quitting (rerun to resume)`);
        quit(exitCode);
      }, STOP_GRACE_MS).unref();
    };
    return [name, handler] as const;
  });
  let attached = false;
  const attach = () => {
    if (attached) return;
    for (const [name, handler] of handlers) process.on(name, handler);
    attached = true;
  };
  const detach = () => {
    if (!attached) return;
    for (const [name, handler] of handlers) process.off(name, handler);
    attached = false;
  };
  let disposed = false;
  attach();
  return {
    signal: controller.signal,
    get exitCode() {
      return exitCode;
    },
    syncGuard: {
      enter: () => {
        flushOutput();
        detach();
      },
      leave: () => {
        if (!disposed) attach();
      },
    },
    dispose: () => {
      disposed = true;
      clearTimeout(grace);
      detach();
    },
  };
}
