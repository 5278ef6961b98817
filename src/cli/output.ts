/**
 * stdout carries data only, in large writes. A closed pipe (`puzzlemill … | head`) ends the
 * program quietly with exit 0; any other failure to write it (`> /dev/full`: no space left, a
 * broken device) is one line on stderr and exit 1 (the request — the data — could not be delivered;
 * the same code as a full disk under --out), never a stack trace. Either way the rest of the output
 * is lost, so the program stops at once.
 */
import { join } from 'node:path';
import { systemReason } from '../core/errors.ts';
import { ensureDir, writeFileAtomic } from '../pipeline/atomic.ts';
import { OutputNames } from '../render/output-names.ts';
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

/**
 * Write what is queued and wait until stdout has taken it: a command's summary on stderr comes
 * after this, so that when stdout cannot be written (`> /dev/full`) the one "cannot write" line is
 * all the user sees — a failed write is reported after the write call returns, not during it.
 */
export function drainOutput(): Promise<void> {
  guardStdout();
  const text = buffer;
  buffer = '';
  // on an error the 'error' handler above says it in one line and exits: this never resolves then
  return new Promise((resolve) => process.stdout.write(text, (e) => void (e ? undefined : resolve())));
}

/**
 * Where `render`, `export` and `import` put each output: with `--out DIR`, one file per output in
 * DIR (made on first use, each written whole, never the same name twice in a run: output-names.ts)
 * and its path as a line on stdout; without, the text itself as a line on stdout.
 */
export class OutputTarget {
  private readonly names = new OutputNames();

  constructor(private readonly dir: string | undefined) {}

  get toFolder(): boolean {
    return this.dir !== undefined;
  }

  /** A text output: its line on stdout, or the file `stem.ext` holding it (and a newline) in DIR. */
  text(text: string, stem: string, ext: string): void {
    if (this.dir === undefined) writeLine(text);
    else this.file(text + '\n', stem, ext);
  }

  /** The file `stem.ext` (or `stem-2.ext` …) in DIR; its path on stdout. */
  file(data: string | Uint8Array, stem: string, ext: string): void {
    if (this.dir === undefined) throw new Error('internal: a file output without --out');
    ensureDir(this.dir);
    const path = join(this.dir, this.names.next(stem, ext));
    writeFileAtomic(path, data);
    writeLine(path);
  }
}
