/**
 * verifyBoard(file): an independent re-check of a Numbridge board file, from us or any other
 * tool. It shares none of the generator's shortcuts (no immediate-single removals, no added-back
 * givens, no carve state): every claim is checked from the file alone.
 *
 *   schema       ajv, then N×N grids, regions a hex-connected partition, no clashing givens
 *   claims       blockShape matches the regions; givens count, size, blocks, symmetry and grade
 *                match secret.request; the pattern of givens has the claimed symmetry
 *   unique       the exact-cover counter, limit 2, finds exactly one solution
 *   solution     secret.solution is that solution
 *   grade        the prover capped at the claimed level solves it, capped one level lower it does
 *                not; level, name and score equal what the prover reports
 *   proof        (when the file carries one) replaying secret.proof.steps from the givens: every placement is the solution's
 *                digit in an empty cell, no elimination removes a solution digit, every step is a
 *                known technique of its tier, the highest tier is the level, the end is solved
 *   leaks        the id does not spell the solution; not every cell is given
 *
 * The messages are the one-line reasons `puzzlemill verify` prints.
 */
import { InputError } from '../core/errors.ts';
import { cellName, givenCount, isSolutionOf } from '../sudoku/check.ts';
import { geometryFor } from '../sudoku/geometry.ts';
import { gradeOf, prove, techniqueById, type ProofStep } from '../sudoku/logic/index.ts';
import { beyondLadderReason } from '../sudoku/logic/verdict.ts';
import { formatLine } from '../sudoku/line-format.ts';
import { isRegularRegions } from '../sudoku/regions.ts';
import { solve } from '../sudoku/solver.ts';
import type { Board, Grid } from '../sudoku/types.ts';
import { flattenGrid, readBoardFile } from './board-file.ts';
import type { NumbridgeBoardFile } from './schema.ts';
import { isSymmetricPattern } from './symmetry.ts';

export interface BoardVerdict {
  ok: boolean;
  problems: string[];
}

/** Check a board file (any JSON value); every problem found is one line. */
export function verifyBoard(input: NumbridgeBoardFile | unknown): BoardVerdict {
  let file: NumbridgeBoardFile;
  let board: Board;
  try {
    ({ file, board } = readBoardFile(input, { source: 'board' }));
  } catch (e) {
    if (e instanceof InputError) return { ok: false, problems: [e.message] };
    throw e;
  }
  const problems = claimProblems(file, board);
  const n = board.size;
  const counted = solve(board, { limit: 2 });
  if (counted.count !== 1) problems.push(counted.count === 0 ? 'has no solution' : 'has more than one solution');
  const solution: Grid | null = counted.count === 1 ? counted.solution : null;
  if (file.secret) {
    const claimed = flattenGrid(file.secret.solution, n, { source: 'board' }, '/secret/solution');
    if (solution) {
      const at = solution.findIndex((d, i) => d !== claimed[i]);
      if (at >= 0) problems.push(`secret solution is not the board's solution (first difference at ${cellName(n, at)})`);
    } else if (!isSolutionOf(board, claimed)) {
      problems.push('secret solution is not a solution of the board');
    }
  }
  if (solution && file.id.includes(formatLine(solution))) problems.push('id reveals the solution');
  if (counted.count === 1) problems.push(...gradeProblems(file, board));
  // A file may carry no proof (an empty list); a proof it carries must hold.
  const steps = file.secret?.proof.steps ?? [];
  if (solution && steps.length > 0 && problems.length === 0) problems.push(...proofProblems(board, solution, steps, file.public.grade.level));
  return { ok: problems.length === 0, problems };
}

/** Claims that can be checked without solving: block shape, request, symmetry. */
function claimProblems(file: NumbridgeBoardFile, board: Board): string[] {
  const problems: string[] = [];
  const pub = file.public;
  const n = board.size;
  const regular = isRegularRegions(n, board.regions);
  if ((pub.blockShape === 'regular') !== regular) {
    problems.push(`blockShape says ${pub.blockShape} but the blocks are ${regular ? 'the regular ones' : 'not the regular ones'}`);
  }
  const count = givenCount(board.givens);
  if (count === n * n) problems.push('every cell is given: the solution is public');
  const symmetry = pub.symmetry ?? 'none';
  if (!isSymmetricPattern(n, symmetry, board.givens)) problems.push(`the givens are not ${symmetry}-symmetric as claimed`);
  const request = file.secret?.request;
  if (request) {
    if (request.givens !== count) problems.push(`has ${count} givens, the request asked for ${request.givens}`);
    if (request.size !== n) problems.push(`is ${n}×${n}, the request asked for ${request.size}×${request.size}`);
    if (request.blocks !== pub.blockShape) problems.push(`has ${pub.blockShape} blocks, the request asked for ${request.blocks}`);
    if (request.symmetry !== symmetry) problems.push(`has symmetry ${symmetry}, the request asked for ${request.symmetry}`);
    if (request.grade !== undefined && request.grade !== pub.grade.level) problems.push(`has grade ${pub.grade.level}, the request asked for ${request.grade}`);
  }
  return problems;
}

/** Guess-free at the claimed level and not below, with the claimed name and score. */
function gradeProblems(file: NumbridgeBoardFile, board: Board): string[] {
  const claimed = file.public.grade;
  const differs = (real: { level: number; name: string }) => `claims grade ${claimed.level} (${claimed.name}) but the prover grades it ${real.level} (${real.name})`;
  const atLevel = prove(board, { maxTier: claimed.level, collectSteps: false });
  if (!atLevel.solved) {
    const uncapped = prove(board, { collectSteps: false });
    if (uncapped.solved) return [differs(gradeOf(uncapped))];
    return [beyondLadderReason(uncapped)];
  }
  const real = gradeOf(atLevel);
  if (real.level !== claimed.level || real.name !== claimed.name) return [differs(real)];
  if (claimed.level > 1) {
    const below = prove(board, { maxTier: claimed.level - 1, collectSteps: false });
    if (below.solved) return [differs(gradeOf(below))];
  }
  if (Math.abs(real.score - claimed.score) > 1e-9) return [`grade score is ${real.score}, the file says ${claimed.score}`];
  return [];
}

/**
 * Replay the proof: candidates start full in every empty cell; a placement removes its digit
 * from the cell's peers (as the prover does silently); eliminations are listed.
 */
function proofProblems(board: Board, solution: Grid, steps: ProofStep[], level: number): string[] {
  const n = board.size;
  const geometry = geometryFor(n, board.regions);
  const grid = Uint8Array.from(board.givens);
  const candidates = new Uint16Array(n * n);
  const full = (1 << n) - 1;
  for (let c = 0; c < n * n; c++) candidates[c] = grid[c] === 0 ? full : 0;
  const place = (c: number, d: number) => {
    grid[c] = d;
    candidates[c] = 0;
    for (const p of geometry.peersOf(c)) candidates[p]! &= ~(1 << (d - 1));
  };
  for (let c = 0; c < n * n; c++) if (grid[c] !== 0) place(c, grid[c]!);
  let highest = 0;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    const at = `proof step ${i + 1} (${step.technique})`;
    const technique = techniqueById(step.technique);
    if (!technique) return [`${at}: unknown technique`];
    if (technique.tier !== step.tier) return [`${at}: says tier ${step.tier}, the technique is tier ${technique.tier}`];
    highest = Math.max(highest, step.tier);
    if (step.placements.length === 0 && step.eliminations.length === 0) return [`${at}: changes nothing`];
    for (const [r, c, d] of step.eliminations) {
      if (r >= n || c >= n || d > n) return [`${at}: eliminates ${d} at r${r + 1}c${c + 1}, outside the board`];
      const cell = r * n + c;
      if (solution[cell] === d) return [`${at}: eliminates the solution digit ${d} at ${cellName(n, cell)}`];
      candidates[cell]! &= ~(1 << (d - 1));
    }
    for (const [r, c, d] of step.placements) {
      if (r >= n || c >= n || d > n) return [`${at}: places ${d} at r${r + 1}c${c + 1}, outside the board`];
      const cell = r * n + c;
      if (grid[cell] !== 0) return [`${at}: places ${d} at ${cellName(n, cell)}, which is already filled`];
      if (solution[cell] !== d) return [`${at}: places ${d} at ${cellName(n, cell)}, the solution has ${solution[cell]}`];
      place(cell, d);
    }
  }
  const open = grid.indexOf(0);
  if (open >= 0) return [`the proof ends with ${cellName(n, open)} still empty`];
  if (Math.max(1, highest) !== level) return [`the proof's highest tier is ${highest}, the grade is ${level}`];
  return [];
}
