/**
 * stdout carries data only, in large writes. A closed pipe (`puzzlemill … | head`) ends the
 * program quietly with exit 0; any other failure to write it (`> /dev/full`: no space left, a
 * broken device) is one line on stderr and exit 1 (the request — the data — could not be delivered;
 * the same code as a full disk under --out), never a stack trace. Either way the rest of the output
 * is lost, so the program stops at once.
 */
import { systemReason } from '../core/errors.ts';
import { EXIT_FAILED } from './exit.ts';

let buffer = '';
let installed = false;

/** Install the stdout error handling (main.ts does at start; writing does too, for library use). */
export function guardStdout(): void {
  if (installed) return;
  installed = true;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    process.stderr.write(`puzzlemill: cannot write to stdout: ${systemReason(e)}\n`);
    process.exit(EXIT_FAILED);
  });
}

/** Queue one line of data for stdout. */
export function writeLine(line: string): void {
  guardStdout();
  buffer += line + '\n';
  if (buffer.length >= 1 << 16) flushOutput();
}

/** Write what is queued. */
export function flushOutput(): void {
  if (buffer.length === 0) return;
  guardStdout();
  process.stdout.write(buffer);
  buffer = '';
}
