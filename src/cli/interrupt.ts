/**
 * SIGINT for long runs: the first Ctrl-C asks the run to stop cleanly (running batches finish and
 * are written, the manifest records where it stopped, exit 130); a second one quits at once
 * (files already written are whole: every write is atomic).
 */
import { flushOutput } from './output.ts';
import { EXIT_INTERRUPTED, warn } from './exit.ts';

export interface Interrupt {
  signal: AbortSignal;
  dispose(): void;
}

export function onInterrupt(): Interrupt {
  const controller = new AbortController();
  const handler = () => {
    if (controller.signal.aborted) {
      flushOutput();
      process.exit(EXIT_INTERRUPTED);
    }
    warn('puzzlemill: stopping after the running batches (Ctrl-C again to quit now)');
    controller.abort();
  };
  process.on('SIGINT', handler);
  return { signal: controller.signal, dispose: () => process.off('SIGINT', handler) };
}
