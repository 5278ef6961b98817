/**
 * `puzzlemill print FILE|DIR… --out booklet.pdf [--paper a4|letter] [--per-page 1|2|4|6]
 * [--title TEXT] [--solutions] [--lang de|en]`: a printable vector PDF of puzzles (the layout:
 * src/render/pdf.ts).
 *
 *   FILE   a puzzle file (JSON, pretty or NDJSON), as `render` reads it
 *   DIR    every drawable file of a folder, as `render --html` gathers it (src/render/html.ts
 *          gatherFolder): a player form and its full file are one puzzle, a daily index gives
 *          the order, slot names and the date
 *
 * A puzzle given twice (a player form and its full file) prints once, from the full file.
 * Unreadable input: one line on stderr, exit 2, the other puzzles still print. `--solutions` with
 * a file that has no `secret` (a player form): one line naming it, exit 1; the puzzle still prints,
 * without an entry in the answer key. Nothing to print, or an --out that cannot be written: one
 * line, exit 2, nothing written. The PDF is written to a temp file and renamed.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { formatPosition, InputError, isSystemError, systemReason, type InputPosition } from '../../core/errors.ts';
import { LANGS, type Lang } from '../../core/lang.ts';
import { kindModulesFromEnv, loadKindModules } from '../../kinds/kind-modules.ts';
import { writeFileAtomic } from '../../pipeline/atomic.ts';
import { dailyPageIndex } from '../../pipeline/daily-page.ts';
import { isBookkeeping } from '../../pipeline/verify-batch.ts';
import { gatherFolder } from '../../render/html.ts';
import { booklet, PAPERS, PER_PAGE, type BookletItem, type Paper, type PerPage } from '../../render/pdf.ts';
import { EXIT_BAD_INPUT, EXIT_FAILED, raiseExitCode, UsageError, warn } from '../exit.ts';
import { readItems } from '../input.ts';
import { flushOutput, writeLine } from '../output.ts';

interface PrintArgs {
  inputs: string[];
  out: string;
  paper: Paper;
  perPage: PerPage;
  title?: string;
  solutions: boolean;
  lang: Lang;
}

export const printCommand: CommandModule<object, PrintArgs> = {
  command: 'print <inputs..>',
  describe: 'A printable PDF booklet of puzzles (files or folders): A4 or Letter, 1, 2, 4 or 6 a page, a title page, page numbers, an answer key at the back',
  builder: (y: Argv) =>
    y
      .positional('inputs', { type: 'string', array: true, describe: 'puzzle files and folders' })
      .option('out', { alias: 'o', type: 'string', demandOption: true, describe: 'the PDF file to write' })
      .option('paper', { choices: PAPERS, default: 'a4' as Paper, describe: 'paper size' })
      .option('per-page', { choices: PER_PAGE, type: 'number', default: 1 as PerPage, describe: 'puzzles a page (Murder cases: fewer when their card text would print under 9 pt)' })
      .option('title', { type: 'string', describe: 'a title page with this title (the club\'s name), the dates and the count' })
      .option('solutions', { type: 'boolean', default: false, describe: 'an answer key at the back (files with a secret part only)' })
      .option('lang', { choices: LANGS, default: 'en' as Lang, describe: 'language of names, clue texts, legends and the page frame' })
      .check((a) => {
        const out = a.out as string;
        if (out.trim() === '') return '--out must name a file';
        if (existsSync(out) && statSync(out).isDirectory()) return `--out ${out} is a directory: name the PDF file`;
        // the booklet would replace a file it is being made from
        const same = ((a.inputs as string[] | undefined) ?? []).find((input) => existsSync(input) && existsSync(out) && realpathSync(input) === realpathSync(out));
        if (same !== undefined) return `--out ${out} is one of the inputs (${same}): name another file`;
        return true;
      })
      .example('$0 print corpus/daily/public/2026-01-01 --out booklet.pdf --per-page 4 --title "Chess & Puzzle Club"', 'a day\'s player forms, four a page')
      .example('$0 print corpus/daily/secret/2026-01-01 --solutions --lang de --out mit-loesungen.pdf', 'with the answer key at the back') as unknown as Argv<PrintArgs>,
  handler: async (args) => {
    await loadKindModules(kindModulesFromEnv());
    const items = new Map<string, BookletItem & { hasSecret: boolean }>();
    const add = (value: unknown, where: InputPosition, extra: { label?: string; date?: string } = {}) => {
      const record = typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
      const hasSecret = record?.secret !== undefined;
      // a player form and its full file are one puzzle: the full file wins
      const key = record && typeof record.format === 'string' && record.id !== undefined ? `${record.format}\u0000${String(record.id)}` : `\u0001${items.size}`;
      const previous = items.get(key);
      if (!previous || (hasSecret && !previous.hasSecret)) items.set(key, { value, where, hasSecret, ...(previous?.label !== undefined ? { label: previous.label } : {}), ...(previous?.date !== undefined ? { date: previous.date } : {}), ...extra });
    };

    for (const input of args.inputs) {
      if (existsSync(input) && statSync(input).isDirectory()) {
        const folder = gatherFolder(input, dailyPageIndex);
        for (const problem of folder.problems) badInput(problem);
        const date = folder.index?.heading;
        for (const f of folder.found) {
          const entry = folder.bySlot.get(f.file);
          add(f.value, { source: join(input, f.file), ...(f.line ? { line: f.line } : {}) }, { ...(entry ? { label: entry.slot } : {}), ...(date ? { date } : {}) });
        }
        continue;
      }
      for await (const item of readItems([input])) {
        if (item.kind === 'error') {
          badInput(item.error.message);
          continue;
        }
        if (item.kind === 'line') {
          badInput(new InputError(item.where, 'not a puzzlemill JSON file (line-format puzzles: puzzlemill import them first)').message);
          continue;
        }
        if (isBookkeeping(item.value)) continue;
        add(item.value, item.where);
      }
    }

    const made = await booklet([...items.values()], { paper: args.paper, perPage: args.perPage, ...(args.title !== undefined ? { title: args.title } : {}), solutions: args.solutions, lang: args.lang });
    for (const problem of made.problems) badInput(problem);
    for (const where of made.missingSecret) {
      warn(`puzzlemill: ${formatPosition({ ...where, pointer: undefined })}: no secret part (a player form): printed without an answer-key entry`);
      raiseExitCode(EXIT_FAILED);
    }
    for (const note of made.notes) warn(`puzzlemill: ${note}`);
    if (made.puzzles === 0) {
      if (process.exitCode === EXIT_BAD_INPUT) return; // each unreadable input has had its line; nothing is written
      throw new UsageError('nothing to print: no drawable puzzle in the input (nothing written)');
    }
    try {
      writeFileAtomic(args.out, made.pdf);
    } catch (e) {
      if (!isSystemError(e)) throw e;
      throw new InputError({ source: args.out }, `cannot write the PDF: ${systemReason(e)} (nothing written)`);
    }
    writeLine(args.out);
    flushOutput();
    warn(`puzzlemill: ${plural(made.puzzles, 'puzzle')} on ${plural(made.pages, 'page')}${args.solutions ? ` (answer key: ${made.keyPages})` : ''} → ${args.out}`);
  },
};

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function badInput(line: string): void {
  warn(`puzzlemill: ${line}`);
  raiseExitCode(EXIT_BAD_INPUT);
}
