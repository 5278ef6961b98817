/**
 * Exit codes and the one-line error report shared by every command.
 *
 *   0  everything passed        1  some puzzle failed or a request could not be met
 *   2  unreadable or unusable input / bad command line        130  interrupted (SIGINT)
 *   143 stopped by SIGTERM (a batch engine stopping the job; what was finished is written)
 *   70 internal error (a bug: rerun with PUZZLEMILL_DEBUG=1 for the stack)
 */
import { GenerationError, InputError, isSystemError, systemReason } from '../core/errors.ts';

export const EXIT_FAILED = 1;
export const EXIT_BAD_INPUT = 2;
export const EXIT_INTERNAL = 70;
export const EXIT_INTERRUPTED = 130;
/** Stopped by SIGTERM (128 + 15), as a shell reports it. */
export const EXIT_TERMINATED = 143;

/** Raise the process exit code (never lower it: the worst outcome wins). */
export function raiseExitCode(code: number): void {
  const current = typeof process.exitCode === 'number' ? process.exitCode : 0;
  if (code > current) process.exitCode = code;
}

/** A failure the user asked for and we could not deliver (exit 1, one line, no stack). */
export class RequestError extends Error {
  override readonly name = 'RequestError';
}

/** A bad command line (exit 2, one line, a pointer to --help). */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** Print one line to stderr. */
export function warn(line: string): void {
  process.stderr.write(line + '\n');
}

/** Report any error as one line; the stack only with PUZZLEMILL_DEBUG=1. Returns the exit code. */
export function reportError(error: unknown): number {
  if (error instanceof UsageError) {
    warn(`puzzlemill: ${error.message} (see --help)`);
    return EXIT_BAD_INPUT;
  }
  if (error instanceof InputError) {
    warn(`puzzlemill: ${error.message}`);
    return EXIT_BAD_INPUT;
  }
  if (error instanceof RequestError || error instanceof GenerationError) {
    warn(`puzzlemill: ${error.message}`);
    return EXIT_FAILED;
  }
  const fsProblem = fileSystemProblem(error);
  if (fsProblem) {
    warn(`puzzlemill: ${fsProblem.line}`);
    return fsProblem.code;
  }
  const message = error instanceof Error ? error.message : String(error);
  warn(`puzzlemill: internal error: ${message.split('\n')[0]}`);
  if (process.env.PUZZLEMILL_DEBUG && error instanceof Error && error.stack) warn(error.stack);
  else warn('puzzlemill: (set PUZZLEMILL_DEBUG=1 to see where)');
  return EXIT_INTERNAL;
}

/**
 * Reasons for the file-system errors a command line can cause (`--out` naming a file, a missing
 * parent folder, no permission, a full disk): they name the path and are no bug, so they get one
 * line and exit 2 (a path on the command line that cannot be used) or 1 (the request could not be
 * met) instead of "internal error".
 */
const FS_EXIT_CODES: Readonly<Record<string, number>> = {
  EEXIST: EXIT_BAD_INPUT,
  ENOTDIR: EXIT_BAD_INPUT,
  EISDIR: EXIT_BAD_INPUT,
  ENOENT: EXIT_BAD_INPUT,
  EACCES: EXIT_FAILED,
  EPERM: EXIT_FAILED,
  EROFS: EXIT_FAILED,
  ENOSPC: EXIT_FAILED,
  EDQUOT: EXIT_FAILED,
};

function fileSystemProblem(error: unknown): { line: string; code: number } | null {
  if (!isSystemError(error) || typeof error.path !== 'string') return null;
  const { path, syscall } = error;
  const verb = syscall === 'mkdir' ? 'cannot create the directory' : syscall === 'open' || syscall === 'rename' || syscall === 'write' ? 'cannot write' : 'cannot use';
  // a temporary file of an atomic write is named after its target: name the target
  const shown = path.replace(/(^|[\\/])\.([^\\/]+)\.\d+-\d+\.tmp$/, '$1$2');
  return { line: `${shown}: ${verb}: ${systemReason(error)}`, code: FS_EXIT_CODES[error.code!] ?? EXIT_FAILED };
}
