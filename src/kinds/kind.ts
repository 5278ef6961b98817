/**
 * The shape of a puzzle kind (Tatham's collection: every puzzle provides the same small set of
 * functions). The pipeline, the workers, the corpus code and the CLI are written against this
 * interface only; a kind is one adapter module in this folder over the pure functions of its own
 * folder (src/numbridge-board/, src/murder/, …) plus one line in registry.ts.
 *
 * Everything that crosses a worker boundary is plain JSON: requests are objects of strings,
 * numbers and booleans, files are JSON objects of docs/FORMATS.md.
 */

import type { SearchBudget } from '../core/budget.ts';

/** A puzzle file of docs/FORMATS.md: `{ format, version, id, public, secret? }`. */
export interface PuzzleFile {
  format: string;
  version: number;
  id: string;
  public: object;
  secret?: object;
}

/** The parameters of one request, after parsing: plain JSON so it can be posted to a worker. */
export type PuzzleRequest = Record<string, string | number | boolean>;

/** What `verify` found. An empty `problems` list means the puzzle passed every check. */
export interface VerifyResult {
  problems: string[];
  /** A short description for report lines, e.g. `9×9 irregular, 30 givens, grade 2 (moderate)`. */
  summary: string;
}

/**
 * How `verify` may search: `maxNodes` caps every counting search (core/budget.ts; absent = the
 * shared default, 0 = none). A puzzle not decided within it gets the problem `undecidedReason`.
 * `conceal`: word every problem without any detail of the true solution(s) — no cell, digit,
 * person, position or murderer of theirs ("the secret's solution is not the puzzle's solution",
 * "more than one solution"). For a caller who must not learn the solution from the report: the
 * server's `POST /verify`, where anyone may send a stored puzzle with a made-up secret.
 */
export interface VerifyOptions extends SearchBudget {
  conceal?: boolean;
  /** Sudoku boards: false grades without the uniqueness techniques (`--no-uniqueness`). */
  uniqueness?: boolean;
  /** Sudoku boards: false leaves out the last rung, nested forcing chains (default: the whole ladder, within `maxBranches`; `--no-nested`). */
  nested?: boolean;
}

/** How `solve` may search: the node budget, and whether to count (to 2) instead of stopping at one. */
export interface SolveOptions extends SearchBudget {
  count?: boolean;
}

/** What `solve` found for one file. */
export interface SolveReport {
  /** Solutions found: 0 or 1 (with `count`: 0, 1, or 2 for two or more); null when undecided. */
  solutions: number | null;
  /** A solution in the kind's own shape (what its `secret.solution` holds), when there is one. */
  solution: unknown;
  /** That solution as one line for the CLI's stdout. */
  line: string | null;
  /** Why there is no solution to print (undecided, none), one line; absent when there is one. */
  reason?: string;
  /** Search nodes spent (`solve --stats`), where the kind's search counts them. */
  nodes?: number;
}

/** How `grade` runs: the node budget, a cap on the ladder, every step of the proof. */
export interface GradeOptions extends SearchBudget {
  maxTier?: number;
  proof?: boolean;
  /** Sudoku boards: false excludes the uniqueness techniques (unique rectangles, BUG+1); default allowed once counted unique. */
  uniqueness?: boolean;
  /** Sudoku boards: false leaves out the last rung, nested forcing chains (default: the whole ladder, within `maxBranches`; `--no-nested`). */
  nested?: boolean;
}

/** What `grade` found for one file: the grade, the techniques, the steps, or why there is none. */
export interface GradeReport {
  guessFree: boolean;
  /** Level and name (and the score, where the kind has one), when guess-free. */
  grade: { level: number; name: string; score?: number } | null;
  /** Technique (rule) id → times used, in the kind's order for reports (its ladder's, easiest first). */
  techniques: Record<string, number>;
  /** With `proof`: every step, each with its text in both languages. */
  steps?: Array<{ text: { en: string; de: string } }>;
  /** When not guess-free: what the puzzle is, in the one wording (src/sudoku/logic/verdict.ts). */
  verdict?: { kind: string; solutions: number | null; tier: number; reason: string };
}

/** One option of a kind's request, in the plain shape yargs accepts (no CLI import here). */
export interface RequestOption {
  type: 'string' | 'number' | 'boolean';
  describe: string;
  choices?: ReadonlyArray<string | number>;
  default?: string | number | boolean;
  demandOption?: boolean;
}

/**
 * What every consumer may show of a file without knowing its kind (the server's list, the daily
 * index, a page): read from what the file claims, nothing proved. Null where the kind has no such
 * thing or the file does not say.
 */
export interface PuzzleFacts {
  /** The side N of an N×N board. */
  size: number | null;
  /** The claimed level, 1 = easiest (a Numbridge grade, a Murder level), and its name. */
  level: number | null;
  levelName: string | null;
  /**
   * The hardest technique the claimed grade names (a Numbridge board's `grade.technique`: one of
   * the kind's `techniques`). Optional for a kind's `facts`, so kinds written before it still fit;
   * `factsOf` always gives it (null when absent).
   */
  technique?: string | null;
}

/**
 * Checking and hinting a player's position against a file's secret solution, for the server
 * (`POST /puzzles/:id/check`, `/hint`). Pure; the file is a stored full file (with its secret),
 * the position is valid under `schema`. Neither answer says anything about items the position
 * does not hold, beyond the hint's steps. A position that cannot be judged throws a PositionError
 * (src/core/errors.ts): `unreadable` (an item off the board, an unknown name), or `conflict` (a
 * hint for a position that contradicts the solution, naming the first wrong item; a file without
 * a secret).
 */
export interface PositionRules<F extends PuzzleFile = PuzzleFile, P = never> {
  /** JSON Schema of a position body (placed items and the player's pencil marks); `title` names the kind. */
  readonly schema: object;
  /**
   * JSON Schema of check's answer: the HTTP API declares it, and sends no answer that breaks it
   * (a 500 instead), so a closed schema (`additionalProperties: false`) guarantees that nothing
   * undeclared — a solution — leaves the server.
   */
  readonly checkSchema: object;
  /** Right or wrong for each submitted item, and whether the submission is the whole answer. */
  check(file: F, position: P): object;
  /** JSON Schema of hint's answer; a kind may check without giving hints (both or neither). */
  readonly hintSchema?: object;
  /** The prover's steps from the position up to and including the next placement. */
  hint?(file: F, position: P): { solved: boolean; steps: unknown[] };
}

/**
 * The reading side of a kind: what `verify`, resume and the corpus need. A format can be known
 * (and verified) before its generator exists.
 */
export interface PuzzleFormat<F extends PuzzleFile = PuzzleFile> {
  /** The CLI and registry name, e.g. `numbridge`. */
  readonly name: string;
  /** The `format` field of its files, e.g. `puzzlemill/numbridge-board`. */
  readonly format: string;
  /**
   * JSON Schema of a file (the player form is the same object without `secret`), in its strict
   * form: what the kind writes. Readers validate with `readerSchema(schema)` (src/core/schema.ts),
   * which accepts unknown fields and a secret without the fields marked OptionalOnRead.
   */
  readonly schema: object;
  /**
   * Check a file that passed the schema, with code that does not share the generator's shortcuts:
   * uniqueness by the exact-cover counter, guess-free by the prover, the claimed grade or level,
   * the secret solution (when present), no solution in what a player sees. Throws an InputError
   * when the file cannot be read as a puzzle at all (regions not a partition, clashing givens…).
   * Searches stay within `options.maxNodes`.
   */
  verify(file: F, options?: VerifyOptions): VerifyResult;
  /** The file without `secret`. */
  playerForm(file: F): F;
  /** Equal for puzzles that are essentially the same (symmetries, relabelling); a short string. */
  fingerprint(file: F): string;
  /** The seed a file was generated from, when it records one (resume checks it). */
  seedOf(file: F): string | undefined;
  /** The kind's level names, easiest first: level k is `levels[k - 1]` (list filters, messages); none when absent. */
  readonly levels?: readonly string[];
  /** The ids `facts(file).technique` may name, in the kind's ladder order (the list filter refuses others); none when absent. */
  readonly techniques?: readonly string[];
  /** Size and claimed level of a schema-valid file (see PuzzleFacts); all null when absent (`factsOf`). */
  facts?(file: F): PuzzleFacts;
  /**
   * Optional capabilities: `puzzlemill solve` and `grade` use them and refuse (one line naming the
   * format) a kind without. Both take a schema-valid file, throw an InputError when it cannot be
   * read as a puzzle, and stay within the node budget.
   */
  solve?(file: F, options?: SolveOptions): SolveReport;
  grade?(file: F, options?: GradeOptions): GradeReport;
  /** Checks and hints on a player's position (the server serves a kind with them; others get a 400). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly position?: PositionRules<F, any>;
}

/** A kind that also generates: the writing side. */
export interface PuzzleKind<R extends PuzzleRequest = PuzzleRequest, F extends PuzzleFile = PuzzleFile> extends PuzzleFormat<F> {
  /** One line for `--help`. */
  readonly describe: string;
  /** Example requests for `generate <name> --help`: the options after the name, and what they make. */
  readonly examples?: ReadonlyArray<readonly [options: string, description: string]>;
  /**
   * The TypeBox schema of a request as callers pose it: the one source that `options` and
   * `parseRequest` are derived from (requestFromSchema in request-schema.ts). A kind that
   * writes those two by hand (the tests' fixtures) may leave it out.
   */
  readonly requestSchema?: object;
  /** The request options, for `generate <kind>` and the library. */
  readonly options: Readonly<Record<string, RequestOption>>;
  /**
   * Check and normalise a request (unknown keys ignored, defaults filled). Throws a RangeError with
   * a one-line reason naming the option when the request cannot be posed at all (e.g. 5×5 with
   * regular blocks).
   */
  parseRequest(input: Readonly<Record<string, unknown>>): R;
  /** Canonical text of a request: equal requests give equal keys (seeds and manifests use it). */
  paramsKey(request: R): string;
  /** The seed of puzzle k of a run: a function of (run seed, kind, parameters, k) only. */
  puzzleSeed(runSeed: string, request: R, k: number): string;
  /**
   * Make one puzzle; throws GenerationError when the budget runs out. Pure given the seed.
   * `shouldStop`, when given, may be asked between units of work (a kind whose puzzles take long
   * should ask it); once it answers true the kind throws GenerationStopped.
   */
  generate(request: R, seed: string, shouldStop?: () => boolean): F;
}

const NO_FACTS: PuzzleFacts = { size: null, level: null, levelName: null, technique: null };

/** What a file of this format claims, for every consumer (a format without `facts` claims nothing). */
export function factsOf<F extends PuzzleFile>(format: PuzzleFormat<F>, file: F): PuzzleFacts {
  const facts = format.facts?.(file);
  return facts ? { ...facts, technique: facts.technique ?? null } : NO_FACTS;
}

/** Any kind or format, with the request and file types erased (what registries and the pipeline hold). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyKind = PuzzleKind<any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyFormat = PuzzleFormat<any>;
