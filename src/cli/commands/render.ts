/**
 * `puzzlemill render FILE… --format svg|png [--solution] [--lang de|en] [--out DIR]`: one picture
 * per puzzle (board and case JSON, Kosmos, Domino and Numbridge deals, positions and records, a
 * saved Numbridge table seat's state; NDJSON streams and pretty documents; a Domino record in the
 * sheet's notation; stdin when no file).
 *
 *   --out DIR     one file per picture, named by the file's id (src/render/output-names.ts),
 *                 written atomically; the written paths go to stdout. A picture identical to
 *                 one already drawn in this run (a player form next to its full file) is not
 *                 written twice.
 *   no --out      exactly one puzzle: its SVG (or PNG bytes, not to a terminal) on stdout
 *   --html DIR    an offline index page of a corpus folder (src/render/html.ts)
 *
 * Unreadable input: one line with file, line and JSON pointer on stderr, exit 2; the other
 * puzzles are still drawn.
 */
import { existsSync, openSync, readSync, closeSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { formatPosition, InputError } from '../../core/errors.ts';
import { kindModulesFromEnv, loadKindModules } from '../../kinds/kind-modules.ts';
import { writeFileAtomic } from '../../pipeline/atomic.ts';
import { dailyPageIndex } from '../../pipeline/daily-page.ts';
import { dominoSheetPicture } from '../../render/games/domino.ts';
import { corpusPage } from '../../render/html.ts';
import { LANGS, type Lang } from '../../core/lang.ts';
import { pictureStem } from '../../render/output-names.ts';
import type { PictureOptions } from '../../render/picture.ts';
import { isBookkeeping } from '../../pipeline/verify-batch.ts';
import { pictureOf, type Drawn } from '../../render/pictures.ts';
import { svgToPng } from '../../render/png.ts';
import { EXIT_BAD_INPUT, raiseExitCode, UsageError, warn } from '../exit.ts';
import { readItems, type InputItem } from '../input.ts';
import { flushOutput, OutputTarget, writeLine } from '../output.ts';
import { readGameFile } from './game-file.ts';
import { DOMINO_RECORD } from '../../core/formats.ts';

interface RenderArgs {
  files: string[];
  format: 'svg' | 'png';
  solution: boolean;
  lang: Lang;
  out?: string;
  html?: string;
  scale: number;
  turn?: number;
}

export const renderCommand: CommandModule<object, RenderArgs> = {
  command: 'render [files..]',
  describe: 'Draw puzzles as SVG or PNG (boards, cases, Kosmos, Domino and Numbridge game files, a saved table seat\'s state; stdin when no file), or an HTML page of a corpus folder',
  builder: (y: Argv) =>
    y
      .positional('files', { type: 'string', array: true, default: [] as string[], describe: 'input files (- for stdin)' })
      .option('format', { alias: 'f', choices: ['svg', 'png'] as const, default: 'svg' as const, describe: 'picture format' })
      .option('solution', { type: 'boolean', default: false, describe: 'also draw the solution (files with a secret part only)' })
      .option('lang', { choices: LANGS, default: 'en' as Lang, describe: 'language of names, clue texts and legends' })
      .option('out', { alias: 'o', type: 'string', describe: 'directory for the pictures (with --html: the page file)' })
      .option('html', { type: 'string', describe: 'write an offline index page (index.html) of the puzzles in this folder' })
      .option('scale', { type: 'number', default: 2, describe: 'PNG pixels per SVG unit' })
      .option('turn', { type: 'number', describe: 'game records: draw the position after this many turns (Numbridge: moves; default: the end)' })
      .check((a) => {
        const scale = a.scale as number;
        if (!(scale > 0 && scale <= 8)) return '--scale must be above 0 and at most 8';
        const turn = a.turn as number | undefined;
        if (turn !== undefined && !(Number.isInteger(turn) && turn >= 0)) return '--turn must be a whole number ≥ 0';
        if (a.html !== undefined && (a.files as string[]).length > 0) return '--html draws a folder: give no input files';
        return true;
      })
      .example('$0 render board.json > board.svg', 'one picture to stdout')
      .example('$0 render corpus/daily/public/2026-01-01/*.player.json --format png --lang de --out pictures/', 'a PNG per puzzle')
      .example('$0 render --html corpus/daily/secret/2026-01-01 --solution', 'an index page to check a day before it goes online') as unknown as Argv<RenderArgs>,
  handler: async (args) => {
    await loadKindModules(kindModulesFromEnv()); // their kinds and drawers: render draws any format with a drawer
    const options: PictureOptions = { solution: args.solution, lang: args.lang, ...(args.turn !== undefined ? { turn: args.turn } : {}) };
    if (args.html !== undefined) return writeCorpusPage(args.html, args.out, options);

    const output = new OutputTarget(args.out);
    // a folder holds a puzzle's player form and its full file: drawn alike, they are one picture
    const drawnAlready = new Map<string, string>();
    let single: Drawn | null = null;
    const emit = (drawn: Drawn) => {
      const key = `${drawn.format}\u0000${drawn.id}\u0000${drawn.solution}`;
      if (drawnAlready.get(key) === drawn.picture.svg) return;
      drawnAlready.set(key, drawn.picture.svg);
      if (!output.toFolder) {
        if (single) throw new UsageError('more than one puzzle in the input: use --out DIR for one picture each');
        single = drawn;
        return;
      }
      const turn = args.turn !== undefined && drawn.format.endsWith('-record') ? args.turn : undefined;
      output.file(args.format === 'png' ? svgToPng(drawn.picture.svg, { scale: args.scale }) : drawn.picture.svg, pictureStem(drawn.id, args.lang, drawn.solution, turn), args.format);
    };

    const drawItem = (item: InputItem) => {
      if (item.kind === 'error') return badInput(item.error);
      if (item.kind === 'line') return badInput(new InputError(item.where, 'not a puzzlemill JSON file (line-format puzzles: puzzlemill import them first)'));
      if (isBookkeeping(item.value)) return; // an index or manifest beside the puzzles (DIR/*.json): nothing to draw
      let drawn: Drawn;
      try {
        drawn = pictureOf(item.value, item.where, options);
      } catch (e) {
        if (e instanceof InputError) return badInput(e);
        throw e;
      }
      if (args.turn !== undefined && !drawn.format.endsWith('-record')) {
        warn(`puzzlemill: ${formatPosition({ ...item.where, pointer: undefined })}: --turn applies to game records only, ignored for ${drawn.format}`);
      }
      if (args.solution && !drawn.solution && drawn.hasSolution) {
        warn(`puzzlemill: ${formatPosition({ ...item.where, pointer: undefined })}: no secret part, drawn without the solution`);
      }
      emit(drawn);
    };
    // files in the order given; a Domino record in the sheet's notation is read whole
    const sources = args.files.length === 0 ? ['-'] : args.files;
    for (const file of sources) {
      if (isSheetText(file)) {
        try {
          emit(sheetRecord(file, options));
        } catch (e) {
          if (e instanceof InputError) badInput(e);
          else throw e;
        }
        continue;
      }
      for await (const item of readItems([file])) drawItem(item);
    }
    flushOutput();
    if (args.out === undefined) {
      if (!single) {
        if (process.exitCode === undefined) throw new UsageError('no puzzle in the input');
        return;
      }
      const drawn: Drawn = single;
      if (args.format === 'svg') {
        process.stdout.write(drawn.picture.svg);
      } else {
        if (process.stdout.isTTY) throw new UsageError('PNG bytes would go to the terminal: use --out DIR or redirect stdout');
        process.stdout.write(svgToPng(drawn.picture.svg, { scale: args.scale }));
      }
    }
  },
};

function badInput(error: InputError): void {
  warn(`puzzlemill: ${error.message}`);
  raiseExitCode(EXIT_BAD_INPUT);
}

/** A file (not stdin) whose first non-blank character is not JSON: a Domino record in the sheet's notation. */
function isSheetText(file: string): boolean {
  if (file === '-' || !existsSync(file) || !statSync(file).isFile()) return false;
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(4096);
    const n = readSync(fd, head, 0, head.length, 0);
    const text = head.subarray(0, n).toString('utf8').replace(/^\uFEFF/, '');
    const first = text.search(/\S/);
    return first >= 0 && text[first] !== '{' && text[first] !== '[';
  } finally {
    closeSync(fd);
  }
}

function sheetRecord(file: string, options: PictureOptions): Drawn {
  const input = readGameFile(file);
  if (input.kind !== 'text') throw new Error('internal: expected a text record');
  const id = file.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  return { picture: dominoSheetPicture(input.text, input.source, id, options), id, format: DOMINO_RECORD, solution: false, hasSolution: false };
}

async function writeCorpusPage(dir: string, out: string | undefined, options: PictureOptions): Promise<void> {
  if (!existsSync(dir) || !statSync(dir).isDirectory()) throw new InputError({ source: dir }, 'not a directory');
  const page = corpusPage(dir, options, dailyPageIndex);
  for (const problem of page.problems) {
    warn(`puzzlemill: ${problem}`);
    raiseExitCode(EXIT_BAD_INPUT);
  }
  const target = out ?? join(dir, 'index.html');
  writeFileAtomic(target, page.html);
  writeLine(target);
  flushOutput();
  warn(`puzzlemill: ${page.count} puzzles on ${target}`);
}
