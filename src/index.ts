/**
 * puzzlemill as a library, for servers that generate or check puzzles at deal time:
 *
 *   import { generateBoard, generateCase, verify, solve, grade } from 'puzzlemill';
 *
 * Everything here is a thin, typed front over the modules that do the work; the CLI uses the
 * same modules. The package's `exports` point at its compiled form, dist/index.js (and .d.ts).
 * The part that needs no Node is src/browser.ts (`puzzlemill/browser`); this module adds the rest.
 */
import { generateRun } from './pipeline/generate-run.ts';
import { kindNamed } from './kinds/registry.ts';

export { generateBoard, type BoardRequest } from './numbridge/generate.ts';
export { generateCase, type CaseRequest } from './murder/generate.ts';
export type { MurderCaseFile } from './murder/schema.ts';
export type { Board, Grid } from './sudoku/types.ts';
export type { NumbridgeBoardFile } from './numbridge/schema.ts';
export type { ProofStep } from './sudoku/logic/index.ts';
export type { SolveOptions, SolveResult } from './sudoku/solver.ts';
export type { VerifyReport, VerifyStatus } from './pipeline/verify-batch.ts';
export type { PuzzleFile, PuzzleKind, PuzzleFormat, PuzzleRequest, SolveReport as KindSolveReport, GradeReport as KindGradeReport, VerifyResult } from './kinds/kind.ts';
export { GenerationError, InputError } from './core/errors.ts';
export { DEFAULT_MAX_NODES } from './core/budget.ts';
export { formatLine, parseLine } from './sudoku/line-format.ts';
export { kindNamed, kindNames, registerKind } from './kinds/registry.ts';
export { requestFromSchema } from './kinds/request-schema.ts';
export { registerDrawer, type PuzzleDrawer } from './render/drawers.ts'; // a kind module's picture (src/kinds/README.md)
export { ExactCover, type ExactCoverOptions, type ExactCoverResult } from './core/exact-cover.ts';
export * as kosmos from './games/kosmos/index.ts';
export * as domino from './games/domino/index.ts';
export { exportPuzzle, importPuzzle, NotABoard, renderSvg, type ExportOptions, type PictureOptions, type Source, type Target } from './render/index.ts';
export { renderPng } from './render/png.ts';
export * as numbridge from './games/numbridge/index.ts';
// solve, grade, verify and the player form are the browser entry's (src/browser.ts), the same functions
export { grade, playerForm, solve, solveMany, verify, type BoardInput, type GradeReport } from './browser.ts';

/**
 * Make `count` puzzles of a kind in a worker pool, as the CLI's `generate` does: the same
 * (kind, request, seed) gives the same files whatever `workers` is.
 */
export async function generateMany(
  kind: string,
  request: Record<string, unknown>,
  options: { seed: string; count: number; workers?: number; player?: boolean },
): Promise<object[]> {
  const k = kindNamed(kind);
  const files: object[] = [];
  const summary = await generateRun({
    kind: k,
    request: k.parseRequest(request),
    seed: options.seed,
    count: options.count,
    workers: options.workers ?? 1,
    player: options.player,
    writeLine: (line) => void files.push(JSON.parse(line) as object),
  });
  if (summary.failed.length > 0) throw new RangeError(`${summary.failed.length} of ${options.count} puzzles failed: ${summary.failed[0]!.reason}`);
  return files;
}
