/**
 * The Numbridge board kind (FORMATS.md `puzzlemill/numbridge-board`): the adapter between the
 * pipeline's PuzzleKind interface and src/numbridge/.
 */
import { createHash } from 'node:crypto';
import { readBoardFile, flattenGrid } from '../numbridge/board-file.ts';
import { NumbridgeBoardFile } from '../numbridge/schema.ts';
import { givenCount } from '../sudoku/check.ts';
import { formatLine } from '../sudoku/line-format.ts';
import { isRegularRegions } from '../sudoku/regions.ts';
import { checkBoard } from './board-checks.ts';
import type { PuzzleFormat, VerifyResult } from './kind.ts';

/** Verify reports positions itself; kinds throw InputErrors relative to the file. */
const IN_FILE = { source: '' };

export const numbridgeFormat: PuzzleFormat<NumbridgeBoardFile> = {
  name: 'numbridge',
  format: 'puzzlemill/numbridge-board',
  schema: NumbridgeBoardFile,

  verify(file): VerifyResult {
    const { board } = readBoardFile(file, IN_FILE);
    const pub = file.public;
    const n = pub.size;
    const summary = `${n}×${n} ${pub.blockShape}, ${givenCount(board.givens)} givens, grade ${pub.grade.level} (${pub.grade.name})`;
    const problems: string[] = [];
    const regular = isRegularRegions(n, board.regions);
    if ((pub.blockShape === 'regular') !== regular) {
      problems.push(`blockShape says ${pub.blockShape} but the blocks are ${regular ? 'the regular ones' : 'not the regular ones'}`);
    }
    const claimed = file.secret ? flattenGrid(file.secret.solution, n, IN_FILE, '/secret/solution') : undefined;
    const verdict = checkBoard(board, { solution: claimed, grade: pub.grade });
    problems.push(...verdict.problems);
    if (verdict.solution && file.id.includes(formatLine(verdict.solution))) problems.push('id reveals the solution');
    return { problems, summary };
  },

  playerForm(file) {
    const { secret: _secret, ...player } = file;
    return player;
  },

  fingerprint(file) {
    const n = file.public.size;
    const board = readBoardFile(file, IN_FILE).board;
    // Digits relabelled in order of first appearance: boards that differ only in their digit names agree.
    const relabel = new Uint8Array(n + 1);
    let next = 1;
    let text = `${n}:${Array.from(board.regions).join('')}:`;
    for (const d of board.givens) {
      if (d !== 0 && relabel[d] === 0) relabel[d] = next++;
      text += relabel[d];
    }
    return createHash('sha256').update(text).digest('hex').slice(0, 16);
  },

  seedOf: (file) => file.secret?.seed,
};
