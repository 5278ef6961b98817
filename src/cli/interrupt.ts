/**
 * SIGINT and SIGTERM for long runs: the first one asks the run to stop cleanly (running batches
 * finish and are written, the manifest records where it stopped, exit 130 for SIGINT, 143 for
 * SIGTERM); a second one quits at once (files already written are whole: every write is atomic).
 * SIGTERM is what batch engines send (Kubernetes, then SIGKILL after its grace period), so a pod
 * being stopped writes its manifest like a Ctrl-C does.
 */
import { flushOutput } from './output.ts';
import { EXIT_INTERRUPTED, EXIT_TERMINATED, warn } from './exit.ts';

export interface Interrupt {
  signal: AbortSignal;
  /** The exit code for the signal that stopped the run (130 SIGINT, 143 SIGTERM). */
  readonly exitCode: number;
  dispose(): void;
}

const SIGNALS = { SIGINT: EXIT_INTERRUPTED, SIGTERM: EXIT_TERMINATED } as const;

export function onInterrupt(): Interrupt {
  const controller = new AbortController();
  let exitCode: number = EXIT_INTERRUPTED;
  const handlers = (Object.keys(SIGNALS) as Array<keyof typeof SIGNALS>).map((name) => {
    const handler = () => {
      if (controller.signal.aborted) {
        flushOutput();
        process.exit(SIGNALS[name]);
      }
      exitCode = SIGNALS[name];
      warn(`puzzlemill: ${name}: stopping after the running batches (${name === 'SIGINT' ? 'Ctrl-C' : 'the signal'} again to quit now)`);
      controller.abort();
    };
    process.on(name, handler);
    return [name, handler] as const;
  });
  return {
    signal: controller.signal,
    get exitCode() {
      return exitCode;
    },
    dispose: () => {
      for (const [name, handler] of handlers) process.off(name, handler);
    },
  };
}
