/**
 * Errors a user can fix. Bad input is never a crash: it becomes an `InputError` that names the
 * input and the position, and the CLI prints it as one line (`file:line:col: reason`) with a
 * non-zero exit code and no stack trace.
 */

/** Where in an input a problem is. `line` and `column` are 1-based, as editors show them. */
export interface InputPosition {
  /** File name, or `<stdin>`. */
  source: string;
  line?: number;
  column?: number;
  /** A JSON pointer into the object (e.g. `/public/givens/3/4`) when the problem is inside JSON. */
  pointer?: string;
}

export class InputError extends Error {
  override readonly name = 'InputError';
  /** The reason, on one line: control characters from the input (a `format` holding "\n") are escaped. */
  readonly reason: string;
  constructor(
    readonly position: InputPosition,
    reason: string,
  ) {
    super(oneLine(formatPosition(position) + ': ' + reason));
    this.reason = oneLine(reason);
  }
}

/**
 * Text for a one-line report: line breaks and other control characters (which a reason quoting the
 * input may hold) written as escapes (`\n`, `\u001b`), everything else as it is.
 */
export function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => ESCAPES[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const ESCAPES: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * A player's position that cannot be judged (src/kinds/kind.ts `PositionRules`): `unreadable`, a
 * position that does not fit the puzzle (a cell off the board, an unknown person: a client's
 * mistake, HTTP 400); `conflict`, a readable position that contradicts the solution, or a file
 * without one (HTTP 409). The message names the item, one line.
 */
export class PositionError extends Error {
  override readonly name = 'PositionError';
  constructor(
    readonly reason: 'unreadable' | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

/**
 * What a refused closed choice may be, every value named: `must be one of "bridge", "blitz",
 * "domains" (not "classic")` — a frontend (or a typing user) learns the choices from the refusal.
 * One value is `must be "skipped"`. `given`, when known, is shown cut to a few dozen characters.
 */
export function oneOfText(values: readonly unknown[], given?: { value: unknown }): string {
  const allowed = values.length === 1 ? `must be ${quoted(values[0])}` : `must be one of ${values.map(quoted).join(', ')}`;
  return given === undefined ? allowed : `${allowed} (not ${shortJson(given.value)})`;
}

/** A value as JSON (strings in double quotes), or "undefined". */
function quoted(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

const SHOWN_CHARS = 40;

/** A given value in a one-line report: its JSON, cut after SHOWN_CHARS characters. */
export function shortJson(value: unknown): string {
  const text = quoted(value);
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}

/** `file:3:7 /public/givens/2` — only the parts that are known. */
export function formatPosition(p: InputPosition): string {
  let s = p.source;
  if (p.line !== undefined) s += ':' + p.line;
  if (p.column !== undefined) s += ':' + p.column;
  if (p.pointer) s += ' ' + p.pointer;
  return s;
}

/**
 * An input problem placed at a position: an InputError keeps its own finer details (pointer,
 * column), a plain message or Error (from a parser) takes the position as is.
 */
export function atPosition(error: InputError | Error | string, position: InputPosition): InputError {
  if (error instanceof InputError) {
    return new InputError({ ...position, ...definedOnly(error.position), source: position.source }, error.reason);
  }
  return new InputError(position, typeof error === 'string' ? error : error.message);
}

/**
 * A position further inside the same JSON value: `pointer` is relative to `where`, so an element
 * of an array document (`where.pointer = "/3"`) keeps its index (`/3/public/givens`).
 */
export function inside(where: InputPosition, pointer: string): InputPosition {
  return { ...where, pointer: (where.pointer ?? '') + pointer };
}

function definedOnly(p: InputPosition): Partial<InputPosition> {
  const out: Partial<InputPosition> = {};
  if (p.line !== undefined) out.line = p.line;
  if (p.column !== undefined) out.column = p.column;
  if (p.pointer !== undefined) out.pointer = p.pointer;
  return out;
}

/**
 * A generator could not meet a request within its budget (e.g. "9×9 irregular, 24 givens, grade 4:
 * no board after 200 grids"). Never a partial result: the CLI reports it in one line, exit 1.
 */
export class GenerationError extends Error {
  override readonly name = 'GenerationError';
}

/**
 * A generator's caller asked it to stop (`--max-seconds`) in the middle of one puzzle: no result,
 * never a partial one. The batch leaves that puzzle unwritten, so a later run makes it whole.
 */
export class GenerationStopped extends Error {
  override readonly name = 'GenerationStopped';
}

/** Failed file operations in words, by Node's error code: the one wording every command uses. */
const SYSTEM_REASONS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  EACCES: 'permission denied',
  EISDIR: 'is a directory',
  ENOTDIR: 'a part of the path is a file, not a directory',
  EEXIST: 'exists and is not a directory',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
};

/** A short reason for a failed file operation ("no such file or directory", "permission denied", …). */
export function systemReason(e: Error & { code?: string }): string {
  return (e.code && SYSTEM_REASONS[e.code]) ?? e.code ?? e.message;
}

/** Whether `systemReason` knows this error's code (a file-system problem, not a bug). */
export function isSystemError(e: unknown): e is NodeJS.ErrnoException {
  return e instanceof Error && typeof (e as NodeJS.ErrnoException).code === 'string' && (e as NodeJS.ErrnoException).code! in SYSTEM_REASONS;
}
