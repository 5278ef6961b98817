/**
 * One input item of `solve` or `grade` as a puzzle: a line-format Sudoku (a Board), or a JSON file
 * of any registered format (built in or from PUZZLEMILL_KIND_MODULES) that has the command's
 * capability. Bad input — unreadable, an unknown format, a format without that capability (one
 * line naming the format) — becomes one warning line with its position (exit 2, as in verify and
 * import) and a `BadItem`, so the other items are still processed and the command can still
 * write its line for it (batch output lines up with the input: docs/FORMATS.md, "Batch output").
 */
import { atPosition, InputError, inside, type InputPosition } from '../core/errors.ts';
import type { AnyFormat, PuzzleFile } from '../kinds/kind.ts';
import { boardOfLine, LineError, type Board } from '../kinds/line-input.ts';
import { EXIT_BAD_INPUT, raiseExitCode, warn } from './exit.ts';
import type { InputItem } from './input.ts';

/** An item that could not be read (already reported on stderr, exit code raised): its error. */
export class BadItem {
  constructor(readonly error: InputError) {}
}

/**
 * The stdout line `solve` writes for an input line that has no answer line, so its output keeps
 * one line per input line (the reason goes to stderr): unreadable, not decided within the budget,
 * no solution (plain `solve`; `--count` prints 0).
 */
export const NO_ANSWER = { badInput: 'bad-input', undecided: 'undecided', noSolution: 'no-solution' } as const;

export type PuzzleItem =
  | { kind: 'line'; board: Board; where: InputPosition }
  | { kind: 'file'; format: AnyFormat; file: PuzzleFile; where: InputPosition; id: string };

/** The capability a command needs, and how its refusal reads (`… has no solver`). */
export type Capability = 'solve' | 'grade';
const LACKS: Record<Capability, string> = { solve: 'has no solver', grade: 'has no grader' };

// The registry (every kind, TypeBox and ajv: most of the start-up of a line-format solve) and the
// extra kind modules are loaded with the first JSON item.
let registry: Promise<typeof import('../kinds/registry.ts')> | undefined;

async function loadRegistry(): Promise<typeof import('../kinds/registry.ts')> {
  const [reg, modules] = await Promise.all([import('../kinds/registry.ts'), import('../kinds/kind-modules.ts')]);
  await modules.loadKindModules(modules.kindModulesFromEnv());
  return reg;
}

export async function puzzleOfItem(item: InputItem, capability: Capability): Promise<PuzzleItem | BadItem> {
  if (item.kind === 'error') {
    warn(item.error.message);
    raiseExitCode(EXIT_BAD_INPUT);
    return new BadItem(item.error);
  }
  try {
    if (item.kind === 'line') return { kind: 'line', board: boardOfLine(item.text), where: item.where };
    const { kindForFormat, allFormats } = await (registry ??= loadRegistry());
    const schema: typeof import('../core/schema.ts') = await import('../core/schema.ts');
    const value: unknown = item.value;
    const where = item.where;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InputError(where, 'expected a puzzle object (a puzzlemill file)');
    const name = (value as { format?: unknown }).format;
    if (typeof name !== 'string') throw new InputError(inside(where, '/format'), 'missing "format" (e.g. "puzzlemill/numbridge-board")');
    const format = kindForFormat(name);
    const able = allFormats().filter((f) => typeof f[capability] === 'function').map((f) => f.format);
    if (!format) throw new InputError(inside(where, '/format'), `unknown format ${JSON.stringify(name)} (${capability} takes line-format puzzles and ${able.join(', ')})`);
    if (typeof format[capability] !== 'function') throw new InputError(inside(where, '/format'), `${name} ${LACKS[capability]} (${capability} takes line-format puzzles and ${able.join(', ')})`);
    schema.assertReadable<PuzzleFile>(format.schema, value, where);
    return { kind: 'file', format, file: value, where, id: value.id };
  } catch (e) {
    return badItem(e, item.where);
  }
}

/** Run a kind's capability on a file, its InputErrors (relative to the file) placed in the input. */
export function withinItem<T>(where: InputPosition, run: () => T): T | BadItem {
  try {
    return run();
  } catch (e) {
    return badItem(e, where);
  }
}

function badItem(e: unknown, where: InputPosition): BadItem {
  if (!(e instanceof InputError || e instanceof LineError)) throw e;
  const error = placed(e, where);
  warn(error.message);
  raiseExitCode(EXIT_BAD_INPUT); // unreadable input: 2 in every command, as verify and import say
  return new BadItem(error);
}

/** Kinds report positions inside the file (source ''): put them in the input's file, line and pointer. */
function placed(e: InputError | LineError, where: InputPosition): InputError {
  if (e instanceof LineError) return atPosition(e, { ...where, column: e.column });
  if (e.position.source !== '') return e;
  const { pointer: outer, ...rest } = where;
  const inner = e.position.pointer;
  const pointer = !outer ? inner : !inner || inner === '/' ? outer : outer + inner;
  return atPosition(e.reason, { ...rest, ...(e.position.column !== undefined ? { column: e.position.column } : {}), ...(pointer !== undefined ? { pointer } : {}) });
}
