/**
 * `puzzlemill import [FILE…] [--from auto|line|ipuz|fpuzzles|sudokupad|crimedoku]`: puzzles from
 * other tools as Numbridge board files: line format (with an optional block map), ipuz Sudoku,
 * f-puzzles JSON or URL, SudokuPad f-puzzles URLs. Each is solved by the exact-cover counter
 * (exactly one solution), proven and graded by the logic prover, and schema-checked; NDJSON on
 * stdout (or one file per board with --out DIR). Exit 2 for unreadable input, 1 for puzzles that
 * are readable but no Numbridge board (no or several solutions, beyond the ladder, undecided
 * within --max-nodes); the others still go out.
 *
 * Sudoku Murder: crimedoku-solver's JSON cases (src/murder/crimedoku.ts) become murder-case files
 * the same way (counted, proven, graded, German and English card texts); a puzzlemill murder-case
 * file goes through as it is once `verify` passes it.
 */
import type { Argv, CommandModule } from 'yargs';
import { atPosition, InputError } from '../../core/errors.ts';
import { MURDER_CASE } from '../../core/formats.ts';
import { kindForFormat } from '../../kinds/registry.ts';
import { boardFileOf, NotABoard } from '../../render/interchange/board.ts';
import { importItem, SOURCES, type Source } from '../../render/interchange/index.ts';
import { CaseRefused, CRIMEDOKU_READINGS, importMurderCase, type CrimedokuReading, type Gender } from '../../render/interchange/murder.ts';
import { safeStem } from '../../render/output-names.ts';
import { EXIT_BAD_INPUT, EXIT_FAILED, raiseExitCode, warn } from '../exit.ts';
import { readItems } from '../input.ts';
import { withMaxBranches, withMaxNodes, withNested } from '../max-nodes.ts';
import { flushOutput, OutputTarget } from '../output.ts';

/** The sources of `--from`: the Numbridge interchange formats and crimedoku's Murder cases. */
export const IMPORT_SOURCES = [...SOURCES, 'crimedoku'] as const;
type ImportSource = (typeof IMPORT_SOURCES)[number];

interface ImportArgs {
  files: string[];
  from: ImportSource;
  crimedokuReading: CrimedokuReading;
  gender: string[];
  player: boolean;
  out?: string;
  maxNodes: number;
  maxBranches: number;
  nested: boolean;
}

export const importCommand: CommandModule<object, ImportArgs> = {
  command: 'import [files..]',
  describe: 'Read puzzles from other tools (line format with block map, ipuz Sudoku, f-puzzles, SudokuPad) as graded Numbridge board files, and crimedoku-solver cases as graded Murder cases',
  builder: (y: Argv) =>
    withNested(withMaxBranches(withMaxNodes(y)))
      .positional('files', { type: 'string', array: true, default: [] as string[], describe: 'input files (- for stdin)' })
      .option('from', { choices: IMPORT_SOURCES, default: 'auto' as ImportSource, describe: 'source format (auto: JSON by its fields, URLs by their host, else the line format)' })
      .option('crimedoku-reading', {
        choices: CRIMEDOKU_READINGS,
        default: 'readme' as CrimedokuReading,
        describe:
          "crimedoku: how to read next_to_object and not_next_to_wall, where its README and code differ. readme (default): any orthogonal neighbour (adjacentObject), not at the plan's edge (notBesideEdge: the board edge or a cell the file leaves out, as its code treats left-out cells); code: a neighbour in the same room (besideObject), no room wall around (notBesideWall)",
      })
      // repeatable, one value each (nargs 1: the file names after it stay files)
      .option('gender', { type: 'string', array: true, nargs: 1, default: [] as string[], describe: "crimedoku: a person's gender, NAME=f or NAME=m (repeatable); else our list of first names, else m with a warning" })
      .check((a) => {
        const bad = ((a.gender ?? []) as string[]).find((g) => !/^.+=[fm]$/.test(g));
        return bad === undefined ? true : `--gender ${JSON.stringify(bad)}: expected NAME=f or NAME=m`;
      })
      .option('player', { type: 'boolean', default: false, describe: 'write player forms (no secret)' })
      .option('out', { alias: 'o', type: 'string', describe: 'one file per board in this directory instead of NDJSON on stdout' })
      .example("echo '..3.1....…:AAABBBCCC…' | $0 import", 'an irregular board from one line')
      .example('$0 import --from ipuz puzzle.ipuz', 'an ipuz Sudoku')
      .example('$0 import --from crimedoku --gender Kim=f case.json', 'a crimedoku-solver case as a graded Murder case') as unknown as Argv<ImportArgs>,
  handler: async (args) => {
    const output = new OutputTarget(args.out);
    const genders: Record<string, Gender> = Object.fromEntries((args.gender ?? []).map((g) => [g.slice(0, g.lastIndexOf('=')), g.slice(g.lastIndexOf('=') + 1) as Gender]));
    for await (const item of readItems(args.files)) {
      if (item.kind === 'error') {
        warn(`puzzlemill: ${item.error.message}`);
        raiseExitCode(EXIT_BAD_INPUT);
        continue;
      }
      let text: string;
      let id: string;
      try {
        const tell = (line: string) => warn(`puzzlemill: ${atPosition(line, item.where).message}`);
        const murder = item.kind === 'json' ? importMurderCase(item.value, item.where, { from: args.from, reading: args.crimedokuReading, genders, maxNodes: args.maxNodes, warn: tell }) : null;
        if (murder) {
          text = JSON.stringify(args.player ? kindForFormat(MURDER_CASE)!.playerForm(murder) : murder);
          id = murder.id;
        } else {
          if (args.from === 'crimedoku') throw new InputError(item.where, 'not a crimedoku case (a JSON object with "grid", "people", "victim" and "clues")');
          const file = boardFileOf(importItem(item.kind === 'line' ? { kind: 'line', text: item.text, where: item.where } : item, args.from as Source), item.where, { maxNodes: args.maxNodes, maxBranches: args.maxBranches, nested: args.nested });
          const out = args.player ? kindForFormat(file.format)!.playerForm(file) : file;
          text = JSON.stringify(out);
          id = file.id;
        }
      } catch (e) {
        if (e instanceof InputError) {
          warn(`puzzlemill: ${e.message}`);
          raiseExitCode(EXIT_BAD_INPUT);
          continue;
        }
        if (e instanceof NotABoard || e instanceof CaseRefused) {
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
