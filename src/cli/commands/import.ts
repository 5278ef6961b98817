/**
 * `puzzlemill import [FILE…] [--from auto|line|ipuz|fpuzzles|sudokupad]`: puzzles from other tools
 * as Numbridge board files: line format (with an optional block map), ipuz Sudoku, f-puzzles JSON
 * or URL, SudokuPad f-puzzles URLs. Each is solved by the exact-cover counter (exactly one
 * solution), proven and graded by the logic prover, and schema-checked; NDJSON on stdout (or one
 * file per board with --out DIR). Exit 2 for unreadable input, 1 for puzzles that are readable
 * but no Numbridge board (no or several solutions, beyond the ladder, undecided within
 * --max-nodes); the others still go out.
 */
import type { Argv, CommandModule } from 'yargs';
import { atPosition, InputError } from '../../core/errors.ts';
import { kindForFormat } from '../../kinds/registry.ts';
import { boardFileOf, NotABoard } from '../../render/interchange/board.ts';
import { importItem, SOURCES, type Source } from '../../render/interchange/index.ts';
import { safeStem } from '../../render/output-names.ts';
import { EXIT_BAD_INPUT, EXIT_FAILED, raiseExitCode, warn } from '../exit.ts';
import { readItems } from '../input.ts';
import { withMaxNodes } from '../max-nodes.ts';
import { flushOutput, OutputTarget } from '../output.ts';

interface ImportArgs {
  files: string[];
  from: Source;
  player: boolean;
  out?: string;
  maxNodes: number;
}

export const importCommand: CommandModule<object, ImportArgs> = {
  command: 'import [files..]',
  describe: 'Read puzzles from other tools (line format with block map, ipuz Sudoku, f-puzzles, SudokuPad) as graded Numbridge board files',
  builder: (y: Argv) =>
    withMaxNodes(y)
      .positional('files', { type: 'string', array: true, default: [] as string[], describe: 'input files (- for stdin)' })
      .option('from', { choices: SOURCES, default: 'auto' as Source, describe: 'source format (auto: JSON by its fields, URLs by their host, else the line format)' })
      .option('player', { type: 'boolean', default: false, describe: 'write player forms (no secret)' })
      .option('out', { alias: 'o', type: 'string', describe: 'one file per board in this directory instead of NDJSON on stdout' })
      .example("echo '..3.1....…:AAABBBCCC…' | $0 import", 'an irregular board from one line')
      .example('$0 import --from ipuz puzzle.ipuz', 'an ipuz Sudoku') as unknown as Argv<ImportArgs>,
  handler: async (args) => {
    const output = new OutputTarget(args.out);
    for await (const item of readItems(args.files)) {
      if (item.kind === 'error') {
        warn(`puzzlemill: ${item.error.message}`);
        raiseExitCode(EXIT_BAD_INPUT);
        continue;
      }
      let text: string;
      let id: string;
      try {
        const file = boardFileOf(importItem(item.kind === 'line' ? { kind: 'line', text: item.text, where: item.where } : item, args.from), item.where, { maxNodes: args.maxNodes });
        const out = args.player ? kindForFormat(file.format)!.playerForm(file) : file;
        text = JSON.stringify(out);
        id = file.id;
      } catch (e) {
        if (e instanceof InputError) {
          warn(`puzzlemill: ${e.message}`);
          raiseExitCode(EXIT_BAD_INPUT);
          continue;
        }
        if (e instanceof NotABoard) {
          warn(`puzzlemill: ${atPosition(e.message, item.where).message}`);
          raiseExitCode(EXIT_FAILED);
          continue;
        }
        throw e;
      }
      output.text(text, `${safeStem(id)}${args.player ? '.player' : ''}`, 'json');
    }
    flushOutput();
  },
};
