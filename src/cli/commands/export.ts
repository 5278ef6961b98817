/**
 * `puzzlemill export --to line|ipuz|fpuzzles|sudokupad|crimedoku [FILE…]`: Numbridge board files in
 * another tool's format (src/render/interchange/); Murder case files as crimedoku-solver JSON
 * (src/render/interchange/murder.ts, src/murder/crimedoku.ts: a case that format cannot say is refused in one line, exit 1). One board per output line on stdout (ipuz and
 * f-puzzles JSON as NDJSON), or with --out DIR one file per board named by its id. The solution
 * goes out only with --solution (it is secret: a URL or file a player sees must not carry it).
 */
import type { Argv, CommandModule } from 'yargs';
import { formatPosition, InputError } from '../../core/errors.ts';
import { MURDER_CASE } from '../../core/formats.ts';
import { exportBoard, readExportable, targetExtension, TARGETS } from '../../render/interchange/index.ts';
import { CRIMEDOKU_READINGS, exportCrimedoku, NotExpressible, type CrimedokuReading } from '../../render/interchange/murder.ts';
import { safeStem } from '../../render/output-names.ts';
import { EXIT_BAD_INPUT, EXIT_FAILED, raiseExitCode, warn } from '../exit.ts';
import { readItems } from '../input.ts';
import { flushOutput, OutputTarget } from '../output.ts';

/** The targets of `--to`: the Numbridge interchange formats and crimedoku's Murder cases. */
export const EXPORT_TARGETS = [...TARGETS, 'crimedoku'] as const;
type ExportTarget = (typeof EXPORT_TARGETS)[number];

interface ExportArgs {
  files: string[];
  to: ExportTarget;
  crimedokuReading: CrimedokuReading;
  solution: boolean;
  url: boolean;
  out?: string;
}

export const exportCommand: CommandModule<object, ExportArgs> = {
  command: 'export [files..]',
  describe: 'Write Numbridge boards in another tool\'s format: line (with block map), ipuz, f-puzzles, SudokuPad; Murder cases as crimedoku-solver JSON (stdin when no file)',
  builder: (y: Argv) =>
    y
      .positional('files', { type: 'string', array: true, default: [] as string[], describe: 'board files, JSON or NDJSON (- for stdin)' })
      .option('to', { choices: EXPORT_TARGETS, demandOption: true, describe: 'target format' })
      .option('crimedoku-reading', {
        choices: CRIMEDOKU_READINGS,
        default: 'readme' as CrimedokuReading,
        describe: "crimedoku: the reading the file will be read back with (import's option): readme writes adjacentObject and notBesideEdge as next_to_object and not_next_to_wall, code writes besideObject and notBesideWall",
      })
      .option('solution', { type: 'boolean', default: false, describe: 'include the solution (secret: not for players)' })
      .option('url', { type: 'boolean', default: false, describe: 'fpuzzles: print the f-puzzles.com URL instead of the JSON' })
      .option('out', { alias: 'o', type: 'string', describe: 'one file per board in this directory instead of stdout' })
      .check((a) => (a.url && a.to !== 'fpuzzles' ? `--url goes with --to fpuzzles (${a.to === 'sudokupad' ? 'sudokupad is always a URL' : `${String(a.to)} has no URL form`})` : true))
      .example('$0 export --to sudokupad corpus/daily/public/2026-01-01/numbridge-9-irregular.player.json', 'a SudokuPad link')
      .example('$0 export --to line boards.ndjson', 'one line per board (block map for irregular blocks)')
      .example('$0 export --to crimedoku case.json', 'a Murder case as crimedoku-solver JSON') as unknown as Argv<ExportArgs>,
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
      if (args.to === 'crimedoku') {
        try {
          const format = (item.value as { format?: unknown } | null)?.format;
          if (format !== MURDER_CASE) throw new InputError({ ...item.where, pointer: '/format' }, `expected a ${MURDER_CASE}, found ${typeof format === 'string' ? format : 'no format'}`);
          const exported = exportCrimedoku(item.value, item.where, args.crimedokuReading);
          if (args.solution) warn(`puzzlemill: ${formatPosition({ ...item.where, pointer: undefined })}: crimedoku's format has no place for a solution, exported without it`);
          text = JSON.stringify(exported.json);
          id = exported.id;
        } catch (e) {
          if (e instanceof InputError) {
            bad(e);
            continue;
          }
          if (e instanceof NotExpressible) {
            warn(`puzzlemill: ${formatPosition({ ...item.where, pointer: undefined })}: ${e.message}`);
            raiseExitCode(EXIT_FAILED);
            continue;
          }
          throw e;
        }
        output.text(text, safeStem(id), 'crimedoku.json');
        continue;
      }
      const to = args.to;
      try {
        const file = readExportable(item.value, item.where);
        if (args.solution && !file.secret) warn(`puzzlemill: ${formatPosition({ ...item.where, pointer: undefined })}: no secret part, exported without the solution`);
        text = exportBoard(file, to, options);
        id = file.id;
      } catch (e) {
        if (e instanceof InputError) {
          bad(e);
          continue;
        }
        throw e;
      }
      output.text(text, `${safeStem(id)}${args.solution ? '.solution' : ''}`, targetExtension(to, options));
    }
    flushOutput();
  },
};

function bad(error: InputError): void {
  warn(`puzzlemill: ${error.message}`);
  raiseExitCode(EXIT_BAD_INPUT);
}
