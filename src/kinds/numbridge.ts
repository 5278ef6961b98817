/**
 * The Numbridge board kind (docs/FORMATS.md `puzzlemill/numbridge-board`): the adapter between the
 * pipeline's PuzzleKind interface and src/numbridge-board/ (generateBoard, verifyBoard, playerForm,
 * the canonical fingerprint, the request and its seeds).
 */
import { nestGrid, playerForm, readBoardFile } from '../numbridge-board/board-file.ts';
import { fingerprint } from '../numbridge-board/canonical.ts';
import { generateBoard, MAX_GRADE } from '../numbridge-board/generate.ts';
import { BoardRequestInput, canonicalRequest, gradeLevel, requestGivens, puzzleSeed, requestProblem, requestRecord, type BlockKind, type BoardRequest, type BoardRequestRecord } from '../numbridge-board/request.ts';
import { NumbridgeBoardFile, type NumbridgeBoardInput } from '../numbridge-board/schema.ts';
import type { Symmetry } from '../numbridge-board/symmetry.ts';
import { boardHint, checkBoardPosition, NumbridgeCheck, NumbridgeHint, NumbridgePosition } from '../numbridge-board/position.ts';
import { verifyBoard } from '../numbridge-board/verify.ts';
import { LADDER, TIERS } from '../sudoku/logic/index.ts';
import { givenCount } from '../sudoku/check.ts';
import { regularBlockShape } from '../sudoku/regions.ts';
import { gradeSudokuBoard, solveBoard } from './board-checks.ts';
import type { PuzzleKind, VerifyResult } from './kind.ts';
import { requestFromSchema } from './request-schema.ts';
import { NUMBRIDGE_BOARD } from '../core/formats.ts';

/** Verify reports positions itself; kinds throw InputErrors relative to the file. */
const IN_FILE = { source: '' };

export type NumbridgeRequest = BoardRequestRecord;

// Files are typed as readers accept them (no proof or seed needed); what generate makes is stricter.
export const numbridgeKind: PuzzleKind<NumbridgeRequest, NumbridgeBoardInput> = {
  name: 'numbridge',
  format: NUMBRIDGE_BOARD,
  describe: 'Numbridge boards: unique, guess-free, graded hex Sudoku with exactly the givens asked for',
  schema: NumbridgeBoardFile,
  examples: [
    ['--count 10 --seed club', 'ten 9×9 boards, 30 givens, any grade'],
    ['--size 6 --givens 14 --grade 1 --symmetry rot180 --seed blitz', 'a Blitz board'],
    ['--blocks irregular --givens 28 --grade 2 --player', 'the player form only'],
  ],

  // options and parser from the request's TypeBox schema; what depends on the size, and the rules
  // between fields, after it
  ...requestFromSchema<NumbridgeRequest>(BoardRequestInput, (fields) => {
    const size = fields.size as number;
    const request: BoardRequest = {
      size,
      blocks: (fields.blocks as BlockKind | undefined) ?? (regularBlockShape(size) ? 'regular' : 'irregular'),
      symmetry: fields.symmetry as Symmetry,
    };
    const givens = requestGivens(size, fields.givens as number | undefined, fields.technique as string | undefined);
    if (givens !== undefined) request.givens = givens;
    if (fields.grade !== undefined) request.grade = gradeLevel(fields.grade);
    if (fields.uniqueness === false) request.uniqueness = false;
    if (fields.technique !== undefined) request.technique = fields.technique as string;
    const problem = requestProblem(request, MAX_GRADE);
    if (problem) throw new RangeError(problem);
    return requestRecord(request);
  }),

  paramsKey: (request) => canonicalRequest(request),
  puzzleSeed: (runSeed, request, k) => puzzleSeed(runSeed, request, k),
  generate: (request, seed, shouldStop) => generateBoard(request, seed, undefined, shouldStop),

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

  levels: TIERS.map((t) => t.name),
  techniques: LADDER.map((t) => t.id),
  facts: (file) => ({ size: file.public.size, level: file.public.grade.level, levelName: file.public.grade.name, technique: file.public.grade.technique ?? null }),

  // the solution as secret.solution holds it (rows of digits); its line is the line format's
  solve: (file, options = {}) => solveBoard(readBoardFile(file, IN_FILE).board, options, (grid) => nestGrid(grid, file.public.size)),
  grade: (file, options) => gradeSudokuBoard(readBoardFile(file, IN_FILE).board, options),

  position: { schema: NumbridgePosition, checkSchema: NumbridgeCheck, hintSchema: NumbridgeHint, check: checkBoardPosition, hint: boardHint },
};
