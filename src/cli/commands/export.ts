/**
 * `puzzlemill export --to line|ipuz|fpuzzles|sudokupad [FILE…]`: Numbridge board files in another
 * tool's format (src/render/interchange/). One board per output line on stdout (ipuz and
 * f-puzzles JSON as NDJSON), or with --out DIR one file per board named by its id. The solution
 * goes out only with --solution (it is secret: a URL or file a player sees must not carry it).
 */
import type { Argv, CommandModule } from 'yargs';
import { formatPosition, InputError } from '../../core/errors.ts';
import { exportBoard, readExportable, targetExtension, TARGETS, type Target } from '../../render/interchange/index.ts';
import { safeStem } from '../../render/output-names.ts';
import { EXIT_BAD_INPUT, raiseExitCode, warn } from '../exit.ts';
import { readItems } from '../input.ts';
import { flushOutput, OutputTarget } from '../output.ts';

interface ExportArgs {
  files: string[];
  to: Target;
  solution: boolean;
  url: boolean;
  out?: string;
}

export const exportCommand: CommandModule<object, ExportArgs> = {
  command: 'export [files..]',
  describe: 'Write Numbridge boards in another tool\'s format: line (with block map), ipuz, f-puzzles, SudokuPad (stdin when no file)',
  builder: (y: Argv) =>
    y
      .positional('files', { type: 'string', array: true, default: [] as string[], describe: 'board files, JSON or NDJSON (- for stdin)' })
      .option('to', { choices: TARGETS, demandOption: true, describe: 'target format' })
      .option('solution', { type: 'boolean', default: false, describe: 'include the solution (secret: not for players)' })
      .option('url', { type: 'boolean', default: false, describe: 'fpuzzles: print the f-puzzles.com URL instead of the JSON' })
      .option('out', { alias: 'o', type: 'string', describe: 'one file per board in this directory instead of stdout' })
      .check((a) => (a.url && a.to !== 'fpuzzles' ? `--url goes with --to fpuzzles (${a.to === 'sudokupad' ? 'sudokupad is always a URL' : `${String(a.to)} has no URL form`})` : true))
      .example('$0 export --to sudokupad corpus/daily/public/2026-01-01/numbridge-9-irregular.player.json', 'a SudokuPad link')
      .example('$0 export --to line boards.ndjson', 'one line per board (block map for irregular blocks)') as unknown as Argv<ExportArgs>,
  handler: async (args) => {
    const options = { solution: args.solution, url: args.url };
    const output = new OutputTarget(args.out);
    for await (const item of readItems(args.files)) {
      if (item.kind === 'error') {
        bad(item.error);
        continue;
      }
      if (item.kind === 'line') {
        bad(new InputError(item.where, 'a line-format puzzle: run puzzlemill import first (export takes Numbridge board files)'));
        continue;
      }
      let text: string;
      let id: string;
      try {
        const file = readExportable(item.value, item.where);
        if (args.solution && !file.secret) warn(`puzzlemill: ${formatPosition({ ...item.where, pointer: undefined })}: no secret part, exported without the solution`);
        text = exportBoard(file, args.to, options);
        id = file.id;
      } catch (e) {
        if (e instanceof InputError) {
          bad(e);
          continue;
        }
        throw e;
      }
      output.text(text, `${safeStem(id)}${args.solution ? '.solution' : ''}`, targetExtension(args.to, options));
    }
    flushOutput();
  },
};

function bad(error: InputError): void {
  warn(`puzzlemill: ${error.message}`);
  raiseExitCode(EXIT_BAD_INPUT);
}
