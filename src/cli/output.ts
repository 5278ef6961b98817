/**
 * stdout carries data only, in large writes; a closed pipe (`puzzlemill … | head`) ends the
 * program quietly with exit 0.
 */
let buffer = '';
let installed = false;

function installPipeGuard(): void {
  if (installed) return;
  installed = true;
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    throw e;
  });
}

/** Queue one line of data for stdout. */
export function writeLine(line: string): void {
  installPipeGuard();
  buffer += line + '\n';
  if (buffer.length >= 1 << 16) flushOutput();
}

/** Write what is queued. */
export function flushOutput(): void {
  if (buffer.length === 0) return;
  installPipeGuard();
  process.stdout.write(buffer);
  buffer = '';
}
