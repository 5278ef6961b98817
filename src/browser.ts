/**
 * puzzlemill in a browser (`import { generateBoard, renderSvg, verify } from 'puzzlemill/browser'`):
 * everything of the library that needs no Node — the rules and referees (Numbridge, Kosmos,
 * Domino), the solver and the logic prover, verify of a file, player forms, generation of
 * Numbridge boards and Murder cases from a seed, SVG pictures, other tools' formats.
 *
 * Nothing in this module's import graph is a `node:` module or a Node-only package
 * (test/browser/import-graph.test.ts walks it); ids are hashed by src/core/sha256.ts and text is
 * measured with embedded font widths, so a seed gives the same bytes here as in Node. Not here
 * (Node only, from 'puzzlemill'): generateMany (worker threads) and renderPng (resvg, font files).
 * src/index.ts re-exports all of this.
 */
import { atPosition, InputError } from './core/errors.ts';
import { getOrMake } from './core/memo.ts';
import type { PuzzleFile } from './kinds/kind.ts';
import { kindForFormat } from './kinds/registry.ts';
import { readBoardFile } from './numbridge-board/board-file.ts';
import type { NumbridgeBoardFile } from './numbridge-board/schema.ts';
// pure (a batch of inputs in, reports out), so verify here says what `puzzlemill verify` says
import { verifyInput, type VerifyReport } from './pipeline/verify-batch.ts';
import { knownBlockMap, LineError, parseLine, readGivensPrefix, readPlainGivens } from './sudoku/line-format.ts';
import { geometryFor } from './sudoku/geometry.ts';
import { findClash } from './sudoku/check.ts';
import { sharedRegularRegions } from './sudoku/regions.ts';
import { digitsInFirstOrder, gradeBoard, gradeOf, prove, type Grade, type ProofStep } from './sudoku/logic/index.ts';
import { solve as solveBoard, solverFor, type LayoutSolver, type SolveOptions, type SolveResult } from './sudoku/solver.ts';
import type { Board } from './sudoku/types.ts';

export { generateBoard } from './numbridge-board/generate.ts';
export type { BoardRequest } from './numbridge-board/request.ts';
export { generateCase, type CaseRequest } from './murder/generate.ts';
export type { MurderCaseFile } from './murder/schema.ts';
export type { Board, Grid } from './sudoku/types.ts';
export type { NumbridgeBoardFile } from './numbridge-board/schema.ts';
export type { ProofStep } from './sudoku/logic/index.ts';
export type { SolveOptions, SolveResult } from './sudoku/solver.ts';
export type { VerifyReport, VerifyStatus } from './pipeline/verify-batch.ts';
export type { PositionRules, PuzzleFacts, PuzzleFile, PuzzleKind, PuzzleFormat, PuzzleRequest, SolveReport as KindSolveReport, GradeReport as KindGradeReport, VerifyResult } from './kinds/kind.ts';
export { GenerationError, InputError, PositionError } from './core/errors.ts';
export { DEFAULT_MAX_NODES } from './core/budget.ts';
export { formatLine, parseLine } from './sudoku/line-format.ts';
export { kindNamed, kindNames, registerKind } from './kinds/registry.ts';
export { requestFromSchema } from './kinds/request-schema.ts';
export { registerDrawer, type PuzzleDrawer } from './render/drawers.ts'; // a kind module's picture (src/kinds/README.md)
export { ExactCover, type ExactCoverOptions, type ExactCoverResult } from './core/exact-cover.ts';
export * as kosmos from './games/kosmos/index.ts';
export * as domino from './games/domino/index.ts';
export * as numbridge from './games/numbridge/index.ts';
export { exportPuzzle, importPuzzle, NotABoard, renderSvg, type ExportOptions, type PictureOptions, type Source, type Target } from './render/index.ts';

/** A Sudoku-family board: a line-format string, a Board, or a Numbridge board file object. */
export type BoardInput = string | Board | NumbridgeBoardFile;

function boardOf(input: BoardInput): Board {
  if (typeof input === 'string') {
    try {
      return parseLine(input);
    } catch (e) {
      if (e instanceof LineError) throw new InputError({ source: '<argument>', column: e.column }, e.message);
      throw e;
    }
  }
  if ('format' in input) return readBoardFile(input, { source: '<argument>' }).board;
  return input;
}

/** Count solutions (up to `limit`, default 1; 2 proves uniqueness) and return the first. */
export function solve(puzzle: BoardInput, options: SolveOptions = {}): SolveResult {
  if (typeof puzzle !== 'string') return solveBoard(boardOf(puzzle), options);
  return solvePlainLine(puzzle, options) ?? solveMappedLine(puzzle, options) ?? solveBoard(boardOf(puzzle), options);
}

/**
 * Scratch givens by cell count: the common lines are read without building a Board (two fresh
 * 81-byte arrays would be a tenth of a 17-clue puzzle's cost). The solvers keep nothing of the
 * givens they are given, so one grid per size serves every call.
 */
const scratchGivens: Record<number, Uint8Array> = Object.fromEntries([16, 25, 36, 49, 64, 81].map((cells) => [cells, new Uint8Array(cells)]));

/**
 * Clashing givens have no solution, so only a count of 0 can hide them: then the line is read
 * as `parseLine` reads it, which refuses it with its column (or accepts it: the count stands).
 */
function refuseClash(line: string, result: SolveResult, size: number, regions: ArrayLike<number>, givens: Uint8Array): SolveResult {
  if (result.count === 0 && findClash(size, regions, givens)) boardOf(line);
  return result;
}

/** A plain line (N² givens, regular blocks), solved on the shared regular map; null for any other line. */
function solvePlainLine(line: string, options: SolveOptions): SolveResult | null {
  const givens = scratchGivens[line.length];
  const size = givens ? readPlainGivens(line, givens) : 0;
  if (size === 0) return null;
  const regions = sharedRegularRegions(size);
  return refuseClash(line, plainSolver(size, regions).solve(givens!, options), size, regions, givens!);
}

/**
 * The solver of the regular layout of each size, by size: a plain line skips the layout memo's
 * byte compare of the map and a scratch Board (with shared block shapes, 3–5 % of a 17-clue line).
 */
const plainSolvers: Array<LayoutSolver | undefined> = [];
function plainSolver(size: number, regions: Readonly<Uint8Array>): LayoutSolver {
  return (plainSolvers[size] ??= solverFor(geometryFor(size, regions.slice())));
}

/**
 * The solver of each block map the line reader has checked, by the reader's own copy of the map
 * (`knownBlockMap`): so a later line with that map skips field splitting, the map's copy, the
 * clash scan and the layout's look-up (about 4 µs, a fifth of an irregular count to 2). Weak: the
 * reader's bounded cache decides how long a map, and with it its solver, is kept.
 */
const solverOfMap = new WeakMap<Readonly<Uint8Array>, LayoutSolver>();

/** A `givens:blocks` line (N² characters, ':', N² characters) whose map was read before, solved on its layout; else null. */
function solveMappedLine(line: string, options: SolveOptions): SolveResult | null {
  const cells = (line.length - 1) / 2;
  const givens = scratchGivens[cells];
  if (!givens || line.charCodeAt(cells) !== 58) return null; // ':'
  const size = Math.sqrt(cells);
  const regions = knownBlockMap(size, line.slice(cells + 1));
  if (!regions || !readGivensPrefix(line, size, givens)) return null;
  const solver = getOrMake(solverOfMap, regions, solverOfNewMap);
  return refuseClash(line, solver.solve(givens, options), size, regions, givens);
}

/** The solver of a block map read for the first time (its own copy of the map: the reader's may be dropped). */
const solverOfNewMap = (regions: Readonly<Uint8Array>): LayoutSolver => solverFor(geometryFor(Math.sqrt(regions.length), regions.slice()));

/**
 * `solve` for many puzzles with one options object: the same results, in order, as calling
 * `solve` on each (for benchmarks and batch checks). Puzzles are solved as they are read; the
 * first bad one throws an InputError with its place in the batch as the line (`<argument>:3:12: …`).
 */
export function solveMany(puzzles: Iterable<BoardInput>, options: SolveOptions = {}): SolveResult[] {
  const results: SolveResult[] = [];
  let index = 0;
  for (const puzzle of puzzles) {
    index++;
    try {
      results.push(solve(puzzle, options));
    } catch (e) {
      // `<argument>:LINE:COLUMN`: the line is the puzzle's place in the batch, 1-based. Puzzles
      // are solved as they are read, so a Board the solver refuses (a digit above its size, a
      // broken map: RangeError) is named by its place as well, before any later puzzle is read.
      if (e instanceof InputError || e instanceof RangeError) throw atPosition(e, { source: '<argument>', line: index });
      throw e;
    }
  }
  return results;
}

export interface GradeReport {
  /** Solved by the logic prover alone: no guessing needed. */
  guessFree: boolean;
  /** The docs/FORMATS.md grade, when guess-free (the level score, SCORE_SCALE). */
  grade: Grade | null;
  /** Technique id → applications. */
  techniques: Record<string, number>;
  /** The proof, with `{ steps: true }`. */
  steps: ProofStep[];
}

/** Grade a board with the logic prover (optionally capped at `maxTier`). */
export function grade(puzzle: BoardInput, options: { maxTier?: number; steps?: boolean } = {}): GradeReport {
  const board = boardOf(puzzle);
  // the grade is the puzzle's (gradeBoard: digits renamed by first appearance); steps keep the board's own digits
  const steps = options.steps ?? false;
  const result = prove(steps ? board : digitsInFirstOrder(board), { maxTier: options.maxTier, collectSteps: steps });
  return {
    guessFree: result.solved,
    grade: !result.solved ? null : steps ? gradeBoard(board, { maxTier: options.maxTier })!.grade : gradeOf(result, board),
    techniques: result.techniqueCounts,
    steps: result.steps,
  };
}

/**
 * Verify one puzzle: a file object (board or case), its JSON text, or a line-format Sudoku.
 * Never throws for bad input: the report says `bad-input` with the reason. `options.maxNodes`
 * caps every counting search (default DEFAULT_MAX_NODES, 0 = none), `options.maxBranches` the
 * logic prover (the whole ladder, nested forcing chains included; default DEFAULT_MAX_BRANCHES);
 * past either the puzzle fails "undecided".
 */
export function verify(puzzle: string | object, options: { maxNodes?: number; maxBranches?: number } = {}): VerifyReport {
  const where = { source: '<argument>' };
  if (typeof puzzle !== 'string') return verifyInput({ where, value: puzzle }, options);
  const text = puzzle.trim();
  if (!text.startsWith('{')) return verifyInput({ where, line: text }, options);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return { where, status: 'bad-input', problems: [`not valid JSON (${(e as Error).message})`] };
  }
  return verifyInput({ where, value }, options);
}

/** What a player may see: the file without `secret` (any registered format). */
export function playerForm<F extends PuzzleFile>(file: F): F {
  const format = kindForFormat(file.format);
  if (!format) throw new RangeError(`unknown format ${JSON.stringify(file.format)}`);
  return format.playerForm(file) as F;
}

