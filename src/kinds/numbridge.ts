/**
 * The Numbridge board kind (docs/FORMATS.md `puzzlemill/numbridge-board`): the adapter between the
 * pipeline's PuzzleKind interface and src/numbridge/ (generateBoard, verifyBoard, playerForm,
 * the canonical fingerprint, the request and its seeds).
 */
import { nestGrid, playerForm, readBoardFile } from '../numbridge/board-file.ts';
import { fingerprint } from '../numbridge/canonical.ts';
import { generateBoard, MAX_GRADE } from '../numbridge/generate.ts';
import { BLOCK_KINDS, canonicalRequest, DEFAULT_GIVENS, GRADE_CHOICES, gradeLevel, puzzleSeed, requestProblem, requestRecord, type BoardRequestRecord } from '../numbridge/request.ts';
import { NumbridgeBoardFile, type NumbridgeBoardInput } from '../numbridge/schema.ts';
import { SYMMETRIES, type Symmetry } from '../numbridge/symmetry.ts';
import { verifyBoard } from '../numbridge/verify.ts';
import { givenCount } from '../sudoku/check.ts';
import { regularBlockShape } from '../sudoku/regions.ts';
import { gradeSudokuBoard, solveBoard } from './board-checks.ts';
import type { PuzzleKind, VerifyResult } from './kind.ts';

/** Verify reports positions itself; kinds throw InputErrors relative to the file. */
const IN_FILE = { source: '' };

export type NumbridgeRequest = BoardRequestRecord;

// Files are typed as readers accept them (no proof or seed needed); what generate makes is stricter.
export const numbridgeKind: PuzzleKind<NumbridgeRequest, NumbridgeBoardInput> = {
  name: 'numbridge',
  format: 'puzzlemill/numbridge-board',
  describe: 'Numbridge boards: unique, guess-free, graded hex Sudoku with exactly the givens asked for',
  schema: NumbridgeBoardFile,
  examples: [
    ['--count 10 --seed club', 'ten 9×9 boards, 30 givens, any grade'],
    ['--size 6 --givens 14 --grade 1 --symmetry rot180 --seed blitz', 'a Blitz board'],
    ['--blocks irregular --givens 28 --grade 2 --player', 'the player form only'],
  ],

  options: {
    size: { type: 'number', describe: 'N: an N×N board (5 and 7 have irregular blocks only)', choices: [4, 5, 6, 7, 8, 9], default: 9 },
    blocks: { type: 'string', describe: 'regular blocks (9×9: 3×3 rhombi, 6×6 Blitz: 2×3) or irregular hex-connected ones [default: regular where N has them]', choices: BLOCK_KINDS },
    givens: { type: 'number', describe: 'exact number of givens [default: 30 on 9×9, 14 on 6×6, ~38 % of the cells otherwise]' },
    grade: { type: 'string', describe: 'exact grade: level or name (1 easy … 4 fiendish); default: any guess-free grade', choices: GRADE_CHOICES },
    symmetry: { type: 'string', describe: 'symmetric pattern of givens: rot180, diag (r = c), antidiag (r + c = N−1), all', choices: SYMMETRIES, default: 'none' },
  },

  parseRequest(input) {
    const size = integer(input.size ?? 9, 'size');
    const blocks = input.blocks ?? (regularBlockShape(size) ? 'regular' : 'irregular');
    if (typeof blocks !== 'string' || !(BLOCK_KINDS as readonly string[]).includes(blocks)) throw new RangeError(`blocks must be regular or irregular`);
    const symmetry = input.symmetry ?? 'none';
    if (typeof symmetry !== 'string' || !(SYMMETRIES as readonly string[]).includes(symmetry)) throw new RangeError(`symmetry must be one of ${SYMMETRIES.join(', ')}`);
    const request: NumbridgeRequest = {
      size,
      blocks: blocks as NumbridgeRequest['blocks'],
      givens: integer(input.givens ?? DEFAULT_GIVENS[size] ?? 0, 'givens'),
      symmetry: symmetry as Symmetry,
    };
    if (input.grade !== undefined) request.grade = gradeLevel(input.grade);
    const problem = requestProblem(request, MAX_GRADE);
    if (problem) throw new RangeError(problem);
    return requestRecord(request);
  },

  paramsKey: (request) => canonicalRequest(request),
  puzzleSeed: (runSeed, request, k) => puzzleSeed(runSeed, request, k),
  generate: (request, seed) => generateBoard(request, seed),

  verify(file, options): VerifyResult {
    const { board } = readBoardFile(file, IN_FILE); // unreadable as a board: an InputError, as the interface asks
    const pub = file.public;
    const n = pub.size;
    const summary = `${n}×${n} ${pub.blockShape}, ${givenCount(board.givens)} givens, grade ${pub.grade.level} (${pub.grade.name})`;
    return { problems: verifyBoard(file, options).problems, summary };
  },

  playerForm: (file) => playerForm(file),

  fingerprint(file) {
    const { board } = readBoardFile(file, IN_FILE);
    return fingerprint(board.size, board.regions, board.givens);
  },

  seedOf: (file) => file.secret?.seed,

  // the solution as secret.solution holds it (rows of digits); its line is the line format's
  solve: (file, options = {}) => solveBoard(readBoardFile(file, IN_FILE).board, options, (grid) => nestGrid(grid, file.public.size)),
  grade: (file, options) => gradeSudokuBoard(readBoardFile(file, IN_FILE).board, options),
};

function integer(value: unknown, name: string): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  // yargs turns a non-numeric --givens into NaN, which JSON.stringify would print as null
  if (typeof n === 'number' && Number.isNaN(n)) throw new RangeError(`${name} must be a whole number`);
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new RangeError(`${name} must be a whole number, not ${JSON.stringify(value)}`);
  return n;
}
