/**
 * Verifying puzzles from any source, one report per input puzzle. Pure: a batch of inputs in, a
 * batch of reports out, so it runs in the pool like generation does.
 *
 *   line     → the line format (regular N×N Sudoku)          → checkLinePuzzle
 *   JSON     → `format` picks the kind → its schema (ajv) → kind.verify
 *   error    → the reader's reason, as it is
 *
 * Outcomes: `ok`; `fail` (a readable puzzle that breaks a promise: no or several solutions,
 * needs guessing, wrong grade, a leaked solution, or not decided within the task's node budget); `bad-input` (not readable as a puzzle at all:
 * syntax, schema, sizes, regions, clashing givens, unknown clue kinds or formats); `skipped` (one
 * of our own bookkeeping files — a run manifest, a daily index — that sits beside puzzles, so
 * `verify DIR/*.json` works: its schema is checked, it is not a puzzle).
 */
import { atPosition, formatPosition, InputError, type InputPosition, inside, oneLine } from '../core/errors.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../core/json-depth.ts';
import { assertReadable, assertValid } from '../core/schema.ts';
import type { PuzzleFile, VerifyOptions } from '../kinds/kind.ts';
import { allFormats, kindForFormat } from '../kinds/registry.ts';
import { checkLinePuzzle } from '../kinds/sudoku-line.ts';
import type { BatchResult } from './generate-batch.ts';
import { DailyIndex, DailyPublicIndex, RunManifest } from './schema.ts';
import { DAILY_INDEX, DAILY_PUBLIC_INDEX, RUN_MANIFEST } from '../core/formats.ts';

/** Our files that are not puzzles but live in puzzle folders. */
const BOOKKEEPING: Readonly<Record<string, object>> = {
  [RUN_MANIFEST]: RunManifest,
  [DAILY_INDEX]: DailyIndex,
  [DAILY_PUBLIC_INDEX]: DailyPublicIndex,
};

/** True for one of our bookkeeping files (a manifest, a daily index): commands over puzzle folders skip them. */
export function isBookkeeping(value: unknown): boolean {
  const format = typeof value === 'object' && value !== null ? (value as { format?: unknown }).format : undefined;
  return typeof format === 'string' && Object.hasOwn(BOOKKEEPING, format);
}

export type VerifyInput =
  | { where: InputPosition; line: string }
  | { where: InputPosition; value: unknown }
  | { where: InputPosition; error: string };

export interface VerifyTask {
  type: 'verify';
  kindModules: string[];
  inputs: VerifyInput[];
  /** The search budget of every check (`--max-nodes`; absent = the default, 0 = none). */
  maxNodes?: number;
  /** The logic prover's branch budget (`--max-branches`; absent = the default, 0 = none). */
  maxBranches?: number;
  /** False: grade without the uniqueness techniques (`--no-uniqueness`). */
  uniqueness?: boolean;
  /** False: prove without the last rung, nested forcing chains (`--no-nested`). */
  nested?: boolean;
}

export type VerifyStatus = 'ok' | 'fail' | 'bad-input' | 'skipped';

export interface VerifyReport {
  where: InputPosition;
  status: VerifyStatus;
  /** Kind name (`numbridge`, `murder`, `sudoku` for the line format) when known. */
  kind?: string;
  summary?: string;
  problems: string[];
}

export function runVerifyBatch(task: VerifyTask): BatchResult<VerifyReport> {
  const t0 = performance.now();
  const budget: VerifyOptions = task.maxNodes === undefined ? {} : { maxNodes: task.maxNodes };
  if (task.maxBranches !== undefined) budget.maxBranches = task.maxBranches;
  if (task.uniqueness === false) budget.uniqueness = false;
  if (task.nested === false) budget.nested = false;
  const outcomes = task.inputs.map((input) => verifyInput(input, budget));
  return { outcomes, ms: performance.now() - t0 };
}

export function verifyInput(input: VerifyInput, budget: VerifyOptions = {}): VerifyReport {
  const where = input.where;
  if ('error' in input) return { where, status: 'bad-input', problems: [input.error] };
  try {
    if ('line' in input) {
      const r = checkLinePuzzle(input.line, where, budget);
      return { where, status: r.problems.length === 0 ? 'ok' : 'fail', kind: 'sudoku', summary: r.summary, problems: r.problems };
    }
    // Checks report pointers inside the puzzle object; an item of an array document adds its own.
    return { ...verifyJson(input.value, withoutPointer(where), budget), where };
  } catch (e) {
    if (e instanceof InputError) {
      // Kinds report positions inside the file (source ''); place them in this input.
      const at = e.position.source === '' ? atPosition(e, withoutPointer(where)).position : e.position;
      return { where: { ...at, ...pointerOf(joinPointer(where.pointer, at.pointer)) }, status: 'bad-input', problems: [e.reason] };
    }
    // A checker crashing on some input is our bug, but it must not stop the other puzzles.
    return { where, status: 'bad-input', problems: [`internal error while checking: ${(e as Error).message?.split('\n')[0] ?? e}`] };
  }
}

function withoutPointer(where: InputPosition): InputPosition {
  const { pointer: _, ...rest } = where;
  return rest;
}

function pointerOf(pointer: string | undefined): { pointer?: string } {
  return pointer === undefined ? {} : { pointer };
}

/** `/2` + `/public/size` → `/2/public/size` (a root pointer `/` adds nothing). */
function joinPointer(outer: string | undefined, inner: string | undefined): string | undefined {
  if (!outer) return inner;
  if (!inner || inner === '/') return outer;
  return outer + inner;
}

function verifyJson(value: unknown, where: InputPosition, budget: VerifyOptions): VerifyReport {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new InputError(where, `expected a puzzle object, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}`);
  }
  // the CLI refuses such text before parsing it; a library caller's object gets the same limit
  if (nestedDeeperThan(value, MAX_JSON_DEPTH)) throw new InputError(where, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  const format = (value as { format?: unknown }).format;
  if (typeof format !== 'string') throw new InputError(inside(where, '/format'), 'missing "format" (e.g. "puzzlemill/numbridge-board")');
  const bookkeeping = Object.hasOwn(BOOKKEEPING, format) ? BOOKKEEPING[format] : undefined; // not "__proto__" or "constructor" of the table
  if (bookkeeping) {
    assertValid(bookkeeping, value, where);
    return { where, status: 'skipped', summary: `not a puzzle (${format}), schema ok`, problems: [] };
  }
  const kind = kindForFormat(format);
  if (!kind) {
    const known = allFormats().length > 0 ? ` (known: ${knownFormats()})` : '';
    throw new InputError(inside(where, '/format'), `unknown format ${JSON.stringify(format)}${known}`);
  }
  // Read as the contract promises: unknown fields ignored, a secret without our proof or seed accepted.
  assertReadable<PuzzleFile>(kind.schema, value, where);
  const r = kind.verify(value, budget);
  return { where, status: r.problems.length === 0 ? 'ok' : 'fail', kind: kind.name, summary: r.summary, problems: r.problems };
}

function knownFormats(): string {
  return allFormats()
    .map((k) => JSON.stringify(k.format))
    .join(', ');
}

/** One report as a text line: `file:3: ok: numbridge 9×9 …` / `file:3 /public/size: bad input: …`. */
export function reportLine(r: VerifyReport): string {
  // one line whatever the file's strings hold (a problem may quote a name or id with a line break)
  return oneLine(reportText(r));
}

function reportText(r: VerifyReport): string {
  const what = r.summary ? `${r.kind ? r.kind + ' ' : ''}${r.summary}` : r.kind ?? '';
  switch (r.status) {
    case 'ok':
      return `${formatPosition(r.where)}: ok: ${what}`;
    case 'skipped':
      return `${formatPosition(r.where)}: skipped: ${what}`;
    case 'fail':
      return `${formatPosition(r.where)}: FAIL: ${what ? what + ': ' : ''}${r.problems.join('; ')}`;
    case 'bad-input':
      return `${formatPosition(r.where)}: bad input: ${r.problems.join('; ')}`;
  }
}

/** One report as an NDJSON object (`--json`). */
export function reportJson(r: VerifyReport): string {
  return JSON.stringify({
    source: r.where.source,
    line: r.where.line ?? null,
    pointer: r.where.pointer ?? null,
    status: r.status,
    kind: r.kind ?? null,
    summary: r.summary ?? null,
    problems: r.problems,
  });
}
