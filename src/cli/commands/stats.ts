/**
 * `puzzlemill stats [--db FILE] [--from DATE] [--to DATE] [--format table|json|svg] [--out FILE]`:
 * what players found hard, from the play the server recorded (src/server/stats): per level and
 * per puzzle, players, solve rate, solve time quartiles, hints per solve (and a level's typical
 * time: the median of its puzzles' medians), and the puzzles out of line with their grade; `svg` draws solve time by level as box plots. Reads the database only
 * (a running server may keep writing it).
 */
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import type { Argv, CommandModule } from 'yargs';
import { InputError } from '../../core/errors.ts';
import { LANGS, type Lang } from '../../core/lang.ts';
import { kindModulesFromEnv, loadKindModules } from '../../kinds/kind-modules.ts';
import { writeFileAtomic } from '../../pipeline/atomic.ts';
import { addDays, dateArgument } from '../../pipeline/daily.ts';
import { levelText } from '../../render/labels.ts';
import { solveTimePlot } from '../../render/stats-plot.ts';
import { levelNameOf, playReport, type Figures, type LevelKey, type PlayReport } from '../../server/stats/figures.ts';
import { SqlitePlayStore } from '../../server/stats/play-store.ts';
import { DEFAULT_DB } from './serve.ts';

interface StatsArgs {
  db: string;
  from?: string;
  to?: string;
  format: 'table' | 'json' | 'svg';
  out?: string;
  lang: Lang;
}

export const statsCommand: CommandModule<object, StatsArgs> = {
  command: 'stats',
  describe: 'What players found hard: per level and puzzle, solve rate, solve time, hints per solve, and the puzzles out of line with their grade (from what serve recorded)',
  builder: (y) =>
    y
      .option('db', { type: 'string', default: DEFAULT_DB, describe: "serve's database (read only)" })
      .option('from', { type: 'string', describe: 'plays begun on or after this day (YYYY-MM-DD, today or tomorrow; the machine\'s days)' })
      .option('to', { type: 'string', describe: 'plays begun on or before this day' })
      .option('format', { choices: ['table', 'json', 'svg'] as const, default: 'table' as const, describe: 'a text table, the figures as JSON, or solve time by level as an SVG box plot' })
      .option('out', { type: 'string', describe: 'write to this file rather than stdout' })
      .option('lang', { choices: LANGS, default: 'en' as Lang, describe: 'level names and the picture\'s words' })
      .check((a) => {
        for (const name of ['db', 'from', 'to', 'format', 'out', 'lang']) if (Array.isArray(a[name])) return `--${name} is given more than once`;
        for (const name of ['db', 'out']) if (a[name] === '') return `--${name} must not be empty`;
        for (const name of ['from', 'to']) if (a[name] !== undefined && dateArgument(a[name] as string) === undefined) return `--${name} ${JSON.stringify(a[name])} is not a date (YYYY-MM-DD, today or tomorrow)`;
        if (a.from !== undefined && a.to !== undefined && dateArgument(a.from as string)! > dateArgument(a.to as string)!) return `--from ${a.from as string} is after --to ${a.to as string}`;
        return true;
      })
      .example('$0 stats', 'every level and puzzle played, from .puzzlemill/server.db')
      .example('$0 stats --from 2026-12-01 --to 2026-12-07 --format svg --out week.svg', "a week's solve times by level") as unknown as Argv<StatsArgs>,
  handler: async (args) => {
    await loadKindModules(kindModulesFromEnv()); // a club kind's level names
    const report = playReport(await readPlays(args), levelNameOf);
    const from = args.from !== undefined ? dateArgument(args.from)! : null;
    const to = args.to !== undefined ? dateArgument(args.to)! : null;
    const output =
      args.format === 'json'
        ? JSON.stringify({ from, to, ...report }, null, 2) + '\n'
        : args.format === 'svg'
          ? solveTimePlot(report.levels.map((l) => ({ ...l, seconds: l.solveSeconds })), args.lang).svg
          : statsTable(report, args.lang);
    if (args.out !== undefined) writeFileAtomic(args.out, output);
    else process.stdout.write(output);
  },
};

/** The plays begun within --from … --to (local days, both whole). */
async function readPlays(args: StatsArgs) {
  if (!existsSync(args.db)) throw new InputError({ source: args.db }, 'no such database (serve makes it; --db names another)');
  let db;
  try {
    // read-write but asking nothing to be written (query_only): as the database's last connection
    // it then folds and removes the write-ahead files on close, which a read-only one leaves behind
    // (owned by whoever ran stats); without write access, read-only
    try {
      db = new Database(args.db, { fileMustExist: true });
    } catch {
      db = new Database(args.db, { readonly: true, fileMustExist: true });
    }
    db.pragma('query_only = ON');
  } catch (e) {
    throw new InputError({ source: args.db }, `cannot open the database: ${(e as Error).message}`);
  }
  try {
    let hasPlays: boolean;
    try {
      // SQLite reads the file on the first query: a file that is no database fails here
      hasPlays = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'plays'").get() !== undefined;
    } catch (e) {
      throw new InputError({ source: args.db }, `not a puzzlemill database: ${(e as Error).message}`);
    }
    if (!hasPlays) throw new InputError({ source: args.db }, 'no play statistics in this database (made by an older puzzlemill: serve it once to add them)');
    const localMidnight = (date: string) => new Date(`${date}T00:00:00`).getTime();
    const window = {
      ...(args.from !== undefined && { from: localMidnight(dateArgument(args.from)!) }),
      ...(args.to !== undefined && { to: localMidnight(addDays(dateArgument(args.to)!, 1)) }),
    };
    return await new SqlitePlayStore(db).plays(window);
  } finally {
    db.close();
  }
}

const percent = (x: number | null) => (x === null ? '—' : `${Math.round(x * 100)} %`);
/** "45 s", "3:07", "1.2 h": whole seconds first, so 119.5 s is 2:00, never 1:60. */
function duration(seconds: number | undefined): string {
  if (seconds === undefined) return '—';
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  return `${(s / 3600).toFixed(1)} h`;
}

function levelLabel(k: LevelKey, lang: Lang): string {
  const size = k.size !== null ? ` ${k.size}×${k.size}` : '';
  const level = k.level !== null && k.levelName !== null ? ` ${levelText('level', { level: k.level, name: k.levelName }, lang)}` : k.level !== null ? ` ${k.level}` : '';
  return `${k.kind}${size}${level}`;
}

function figureCells(f: Figures): string[] {
  const s = f.solveSeconds;
  return [String(f.players), percent(f.solveRate), duration(s?.median), s ? `${duration(s.q1)}–${duration(s.q3)}` : '—', f.hintsPerSolve === null ? '—' : f.hintsPerSolve.toFixed(1)];
}

/** Columns padded with spaces, numbers right-aligned. */
function columns(rows: string[][], right: ReadonlySet<number>): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)));
  const pad = (cell: string, i: number) => (right.has(i) ? ' '.repeat(widths[i]! - [...cell].length) + cell : cell + ' '.repeat(widths[i]! - [...cell].length));
  return rows.map((r) => r.map(pad).join('  ').trimEnd()).join('\n') + '\n';
}

/** The report as text: levels, puzzles, then the puzzles out of line. */
export function statsTable(report: PlayReport, lang: Lang): string {
  const head = ['players', 'solve rate', 'median', 'quartiles', 'hints/solve'];
  const numbers = new Set([1, 2, 3, 4, 5, 6]);
  const levels = columns([['level', 'puzzles', ...head, 'typical'], ...report.levels.map((l) => [levelLabel(l, lang), String(l.puzzles), ...figureCells(l), duration(l.typicalSeconds ?? undefined)])], new Set([...numbers, 7]));
  const puzzles = columns([['puzzle', 'level', ...head], ...report.puzzles.map((p) => [p.id, levelLabel(p, lang), ...figureCells(p)])], new Set([2, 3, 4, 5, 6]));
  const odd =
    report.outOfLine.length === 0
      ? 'none (a puzzle needs 5 solves to be judged)\n'
      : report.outOfLine.map((o) => `${o.id}  ${levelLabel(o, lang)}: median ${duration(o.median)}, plays ${o.plays} than ${o.than.level === o.level ? `its level (${o.plays === 'harder' ? 'twice' : 'half'} its median: ${duration(o.than.median)})` : `${o.than.levelName ?? o.than.level} (median ${duration(o.than.median)})`}`).join('\n') + '\n';
  if (report.puzzles.length === 0) return 'no play recorded in this window\n';
  return `${levels}\n${puzzles}\nout of line with their grade:\n${odd}`;
}
