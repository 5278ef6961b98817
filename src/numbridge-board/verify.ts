/**
 * verifyBoard(file): an independent re-check of a Numbridge board file, from us or any other
 * tool. It shares none of the generator's shortcuts (no immediate-single removals, no added-back
 * givens, no carve state): every claim is checked from the file alone.
 *
 *   schema       ajv, then N×N grids, regions a hex-connected partition, no clashing givens
 *   claims       blockShape matches the regions; givens count, size, blocks, symmetry and grade
 *                match secret.request; the pattern of givens has the claimed symmetry
 *   unique       the exact-cover counter, limit 2, finds exactly one solution within the node
 *                budget (core/budget.ts); past it the board is "undecided" and nothing that needs
 *                the solution is checked
 *   solution     secret.solution is that solution
 *   grade        the prover capped at the claimed level solves it, capped one level lower it does
 *                not (both read off one uncapped run: gradeProblems); level, name, technique and
 *                score equal what the prover reports; a scale-3 grade (today's ladder, the score
 *                placed otherwise inside levels 1–2) is held to all of them but the score; a grade
 *                of an earlier scale (2, or none) came from the ladder before the calibration and is
 *                not held to today's
 *   proof        (when the file carries one) replaying secret.proof.steps from the givens with the
 *                independent step checker (sudoku/logic/check-proof.ts): every step's pattern
 *                yields its placements and eliminations in its position, the end is the solution,
 *                the highest tier is the level
 *   leaks        no string of the player form carries the solution's digits (any separators,
 *                nearly, or base64/hex); not every cell is given; no field of `public` we do
 *                not know (readers accept them) spells the solution in its numbers
 *
 * The messages are the one-line reasons `puzzlemill verify` prints.
 */
import { branchLimit, unfinishedReason, type SearchBudget } from '../core/budget.ts';
import { InputError } from '../core/errors.ts';
import { contentId } from '../core/ids.ts';
import { LEVEL_SPAN, levelOfScore } from '../core/level-score.ts';
import { digitLeak, stringsOf } from '../core/leaks.ts';
import { cellName, givenCount, isSolutionOf } from '../sudoku/check.ts';
import { CHECKED_TECHNIQUES, checkProof, proofFailureText } from '../sudoku/logic/check-proof.ts';
import { byTodaysLadder, digitsInFirstOrder, gradeOf, prove, SCORE_SCALE, TIERS, type ProofStep, type ProveResult } from '../sudoku/logic/index.ts';
import { beyondLadderReason, judgeBoard } from '../sudoku/logic/verdict.ts';
import { formatLine } from '../sudoku/line-format.ts';
import { isRegularRegions } from '../sudoku/regions.ts';
import type { Board, Grid } from '../sudoku/types.ts';
import { boardId, flattenGrid, readBoardFile } from './board-file.ts';
import { NumbridgePublic, type NumbridgeBoardInput } from './schema.ts';
import { isSymmetricPattern } from './symmetry.ts';

export interface BoardVerdict {
  ok: boolean;
  problems: string[];
}

/** Check a board file (any JSON value); every problem found is one line. */
export interface BoardVerifyOptions extends SearchBudget {
  /** No problem names a cell or digit of the true solution (the server's /verify; kinds' VerifyOptions). */
  conceal?: boolean;
  /** False: grade without the techniques that assume one solution (`--no-uniqueness`). */
  uniqueness?: boolean;
  /** False: prove without the last rung, nested forcing chains (`--no-nested`). */
  nested?: boolean;
}

/** The concealed words of a wrong secret solution. */
export const CONCEALED_SOLUTION = "the secret's solution is not the puzzle's solution";

export function verifyBoard(input: NumbridgeBoardInput | unknown, budget: BoardVerifyOptions = {}): BoardVerdict {
  let file: NumbridgeBoardInput;
  let board: Board;
  try {
    ({ file, board } = readBoardFile(input, { source: 'board' }));
  } catch (e) {
    if (e instanceof InputError) return { ok: false, problems: [e.message] };
    throw e;
  }
  const problems = claimProblems(file, board);
  const n = board.size;
  // the one board check (count, prove, grade, explain) and its wording; the claims are this file's.
  // A board made with --no-uniqueness is graded as it was made.
  const uniqueness = budget.uniqueness !== false && file.secret?.request?.uniqueness !== false;
  const judged = judgeBoard(board, { ...budget, uniqueness });
  const unique = judged.solutions === 1;
  if (judged.reason && judged.verdict !== 'beyond-ladder') problems.push(judged.reason);
  const solution: Grid | null = judged.solution;
  if (file.secret) {
    const claimed = flattenGrid(file.secret.solution, n, { source: 'board' }, '/secret/solution');
    if (solution) {
      const at = solution.findIndex((d, i) => d !== claimed[i]);
      if (at >= 0) problems.push(budget.conceal ? CONCEALED_SOLUTION : `secret solution is not the board's solution (first difference at ${cellName(n, at)})`);
    } else if (!isSolutionOf(board, claimed)) {
      problems.push('secret solution is not a solution of the board');
    }
  }
  if (solution) {
    const inStrings = leakProblems(file, board, solution);
    // numbers of unknown fields, where the string scan has not already named that field
    const named = (key: string) => inStrings.some((q) => q === `/public/${key}` || q.startsWith(`/public/${key}/`) || q.startsWith(`/public/${key} `));
    problems.push(...inStrings, ...publicLeaks(file, solution, named));
  }
  if (unique && judged.grade) {
    let graded = gradeProblems(file.public.grade, board, uniqueness, judged.grading);
    // Only secret.request records --no-uniqueness: a player form (or another tool's file) does
    // not say which ladder graded it, so its grade holds when it is the grade under either.
    if (graded.length > 0 && uniqueness && file.secret?.request === undefined && gradeProblems(file.public.grade, board, false, undefined, budget.nested !== false).length === 0) graded = [];
    problems.push(...graded);
  } else if (unique) problems.push(judged.reason!);
  // A file may carry no proof (another tool's, or an empty list); a proof it carries must hold.
  const steps = file.secret?.proof?.steps ?? [];
  if (solution && steps.length > 0 && problems.length === 0) problems.push(...proofProblems(board, solution, steps, file.public.grade, budget.conceal === true, uniqueness));
  return { ok: problems.length === 0, problems };
}

const KNOWN_PUBLIC = new Set(Object.keys(NumbridgePublic.properties));

/**
 * Another tool may add fields to `public`, and players see them: one whose digits, read in order,
 * contain the solution row by row (nested rows, a line, a list) gives the solution away.
 */
function publicLeaks(file: NumbridgeBoardInput, solution: Grid, alreadyNamed: (key: string) => boolean): string[] {
  const line = Array.from(solution).join('');
  return Object.entries(file.public)
    .filter(([key, value]) => !KNOWN_PUBLIC.has(key) && !alreadyNamed(key) && JSON.stringify(value).replace(/[^0-9]/g, '').includes(line))
    .map(([key]) => `public field "${key}" reveals the solution`);
}

/**
 * No string of the player form (everything but `secret`: id, names, any added field) may carry the
 * solution: its N² digits, or the digits of the empty cells alone, with any separators, nearly
 * (⌊L/8⌋ edits) or encoded (core/leaks.ts).
 */
function leakProblems(file: NumbridgeBoardInput, board: Board, solution: Grid): string[] {
  const { secret: _secret, ...player } = file;
  const whole = formatLine(solution);
  const open = Array.from(solution, (d, i) => (board.givens[i] === 0 ? String(d) : '')).join('');
  const secrets = [whole, ...(open.length >= 12 && open !== whole ? [open] : [])];
  const problems: string[] = [];
  for (const [pointer, text] of stringsOf(player)) {
    for (const digits of secrets) {
      const how = digitLeak(text, digits);
      if (how) {
        problems.push(`${pointer === '/id' ? 'id' : pointer} reveals the solution (${digits === whole ? '' : 'the empty cells\' '}${how})`);
        break;
      }
    }
  }
  return problems;
}

/** Claims that can be checked without solving: block shape, request, symmetry. */
function claimProblems(file: NumbridgeBoardInput, board: Board): string[] {
  const problems: string[] = [];
  const pub = file.public;
  const n = board.size;
  const regular = isRegularRegions(n, board.regions);
  if ((pub.blockShape === 'regular') !== regular) {
    problems.push(`blockShape says ${pub.blockShape} but the blocks are ${regular ? 'the regular ones' : 'not the regular ones'}`);
  }
  // An id of our own form names its content; another tool's id is its own business.
  if (/^nb\d[ri]-[0-9a-f]{16}$/.test(file.id)) {
    const expected = boardId(n, board.regions, board.givens);
    const before = contentId(expected.slice(0, 4), `${n}:${Array.from(board.regions).join('')}:${Array.from(board.givens).join('')}`); // ids before blocks were renumbered canonically
    if (file.id !== expected && file.id !== before) problems.push(`id "${file.id}" does not match the content (expected "${expected}")`);
  }
  const count = givenCount(board.givens);
  if (count === n * n) problems.push('every cell is given: the solution is public');
  const symmetry = pub.symmetry ?? 'none';
  if (!isSymmetricPattern(n, symmetry, board.givens)) problems.push(`the givens are not ${symmetry}-symmetric as claimed`);
  const request = file.secret?.request;
  if (request) {
    if (request.givens === undefined) {
      if (request.technique === undefined) problems.push('its request has no givens count, which only a practice request (technique) may leave out');
    } else if (request.givens !== count) problems.push(`has ${count} givens, the request asked for ${request.givens}`);
    if (request.size !== n) problems.push(`is ${n}×${n}, the request asked for ${request.size}×${request.size}`);
    if (request.blocks !== pub.blockShape) problems.push(`says it has ${pub.blockShape} blocks, the request asked for ${request.blocks}`);
    if (request.symmetry !== symmetry) problems.push(`says it has symmetry ${symmetry}, the request asked for ${request.symmetry}`);
    if (request.grade !== undefined && request.grade !== pub.grade.level) problems.push(`has grade ${pub.grade.level}, the request asked for ${request.grade}`);
    // a practice board: its grade names the technique asked for (gradeProblems holds that name to the prover's)
    if (request.technique !== undefined && request.technique !== pub.grade.technique) problems.push(`its hardest technique is ${pub.grade.technique ?? 'not named'}, the request asked for ${request.technique}`);
  }
  return problems;
}

/** The highest level a grade without `scale` can have: such files were written before tier 5. */
const LEGACY_TOP_LEVEL = 4;

/**
 * A claimed grade against the prover: guess-free at the claimed level and not below, with the
 * claimed name, hardest technique and score (a deal's board is held to its grade by this too:
 * games/numbridge/files.ts). Only for a board counted unique: `uniqueness` then allows the rungs
 * that assume it, as judgeBoard does.
 *
 * One uncapped run answers every question: the ladder tries its rungs by tier (ladder.ts) and
 * restarts at the bottom after each step, so a run capped at any tier ≥ the highest one the
 * uncapped run used takes exactly its path, and a run capped below that tier follows it to its
 * first step of that tier and stalls there (nothing lower applied, or that step would not have
 * been taken). So "solved at the claimed level and not below" is "the uncapped run's level is the
 * claimed one" (test/sudoku/logic/capped-runs.test.ts holds the prover to this on every level).
 * `run` is that run when the caller has it: judgeBoard's `grading` (digits in first order, no
 * steps) with the same `uniqueness`.
 *
 * Every grade names a level of the ladder with that level's name, and a banded score (any scale)
 * lies in its level's span. A scale-3 grade was made by today's ladder with the score placed
 * otherwise inside levels 1–2 (`byTodaysLadder`): its level, name and technique are held to today's,
 * its score only to the span. A grade of an earlier scale (2, or none) was made by the ladder of its
 * time, before the calibration moved tiers and costs (issue 27): today's ladder must still finish
 * the board, but the grade is not held to today's level or score, which that ladder need not have
 * given.
 */
export function gradeProblems(claimed: NumbridgeBoardInput['public']['grade'], board: Board, uniqueness = false, run?: ProveResult, nested = true): string[] {
  // The ladder on the board with its digits renamed by first appearance: the grade's own run (gradeBoard).
  // The whole ladder (or without its nested rung: `nested`), as judgeBoard runs it, within the default branch budget.
  const graded = run ?? prove(digitsInFirstOrder(board), { collectSteps: false, uniqueness, nested, maxBranches: branchLimit() });
  if (graded.exhausted) return [unfinishedReason()];
  if (!graded.solved) return [beyondLadderReason(graded)];
  if (claimed.scale === undefined && claimed.level > LEGACY_TOP_LEVEL) return [`a grade of level ${claimed.level} without scale: files without a scale were written before level ${LEGACY_TOP_LEVEL + 1} existed`];
  const tier = TIERS[claimed.level - 1];
  if (!tier || tier.name !== claimed.name) return [`claims grade ${claimed.level} (${claimed.name}), which is no level of the ladder (${TIERS.map((t) => `${t.tier} ${t.name}`).join(', ')})`];
  if (byTodaysLadder(claimed.scale)) {
    const real = gradeOf(graded, board);
    if (real.level !== claimed.level || real.name !== claimed.name) return [`claims grade ${claimed.level} (${claimed.name}) but the prover grades it ${real.level} (${real.name})`];
    // files written before grade.technique carry none; one that names it must name the path's hardest
    if (claimed.technique !== undefined && claimed.technique !== real.technique) {
      return [`claims its hardest technique is ${claimed.technique} but the prover's hardest step is ${real.technique ?? 'none (nothing to solve)'}`];
    }
    if (claimed.scale === SCORE_SCALE) return Math.abs(real.score - claimed.score) <= 1e-9 ? [] : [`grade score is ${real.score}, the file says ${claimed.score}`];
  }
  // a banded score of another meaning (scale 2 or 3): a whole number in its level's span, so sorting by it sorts by level first
  if (claimed.scale !== undefined && (!Number.isInteger(claimed.score) || levelOfScore(claimed.score) !== claimed.level)) {
    return [`grade score ${claimed.score} is not in level ${claimed.level}'s span (${(claimed.level - 1) * LEVEL_SPAN} … ${claimed.level * LEVEL_SPAN - 1})`];
  }
  return [];
}

/**
 * Replay the proof step by step with the independent step checker (check-proof.ts): each step's
 * named pattern must yield its placements and eliminations in the position it is applied to; the
 * end must be the solution, and its highest tier the grade.
 */
function proofProblems(board: Board, solution: Grid, steps: ProofStep[], grade: NumbridgeBoardInput['public']['grade'], conceal: boolean, uniqueness: boolean): string[] {
  const n = board.size;
  // graded without the rungs that assume one solution (--no-uniqueness): its proof may not use them
  const assuming = uniqueness ? -1 : steps.findIndex((step) => step.assumesUniqueness === true || CHECKED_TECHNIQUES[step.technique]?.assumesUniqueness === true);
  if (assuming >= 0) return [`proof step ${assuming + 1} (${steps[assuming]!.technique}) assumes one solution, but the board was graded without those techniques (--no-uniqueness)`];
  // called only for a board counted unique; a grade of an earlier scale came with that ladder's tiers
  const replay = checkProof(board, steps, { solutions: 1, earlierLadder: !byTodaysLadder(grade.scale) });
  if (replay.failure) return [proofFailureText(replay.failure)];
  const open = replay.grid.indexOf(0);
  if (open >= 0) return [`the proof ends with ${cellName(n, open)} still empty`];
  const wrong = replay.grid.findIndex((d, i) => d !== solution[i]);
  if (wrong >= 0 && conceal) return ["the proof does not end at the puzzle's solution"];
  if (wrong >= 0) return [`the proof ends with ${replay.grid[wrong]} at ${cellName(n, wrong)}, the solution has ${solution[wrong]}`];
  const highest = steps.reduce((t, step) => Math.max(t, step.tier), 0);
  if (Math.max(1, highest) !== grade.level) return [`the proof's highest tier is ${highest}, the grade is ${grade.level}`];
  return [];
}
