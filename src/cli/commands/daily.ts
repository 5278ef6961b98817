/**
 * `puzzlemill daily [--date YYYY-MM-DD|today|tomorrow] [--days N] [--plan FILE] [--out ROOT] [--key-file FILE]`: the main job (`npm start`).
 * Makes the day's set into ROOT/public/DATE/ (player files) and ROOT/secret/DATE/ (full files),
 * ROOT = corpus/daily, never repeating a puzzle of another day. The seeds come from the club's
 * daily key ($PUZZLEMILL_DAILY_KEY, --key-file, or .puzzlemill/daily.key made on first use).
 */
import { resolve } from 'node:path';
import { LANGS, type Lang } from '../../core/lang.ts';
import { writeFileAtomic } from '../../pipeline/atomic.ts';
import { dailyOverview } from '../../pipeline/daily-overview.ts';
import { overviewSvg, overviewTable } from '../../render/daily-overview.ts';
import type { Argv, CommandModule } from 'yargs';
import { kindModulesFromEnv, loadKindModules } from '../../kinds/kind-modules.ts';
import { addDays, DAILY_SIZE, dailyDirs, dateArgument, isDate, makeDaily, publishDue, today } from '../../pipeline/daily.ts';
import { DEFAULT_PLAN, readPlanFile, slotsFor } from '../../pipeline/daily-plan.ts';
import { DAILY_KEY_ENV, DEFAULT_KEY_FILE, loadDailyKey, MIN_KEY_CHARS } from '../../pipeline/daily-key.ts';
import { defaultWorkers } from '../../pipeline/executor.ts';
import { RequestError, warn } from '../exit.ts';
import { progressBar } from '../progress.ts';

interface DailyArgs {
  date?: string;
  days?: number;
  overview: boolean;
  from?: string;
  overviewSvg?: string;
  overviewPng?: string;
  lang?: Lang;
  plan?: string;
  out: string;
  keyFile?: string;
  workers: number;
  quiet: boolean;
}

export const DAILY_ROOT = 'corpus/daily';

export const dailyCommand: CommandModule<object, DailyArgs> = {
  command: 'daily',
  describe: `Make the daily set (${DAILY_SIZE} puzzles: Murder 4..9, Numbridge 9×9 and 6×6) into ${DAILY_ROOT}/public/DATE/ and ${DAILY_ROOT}/secret/DATE/`,
  builder: (y: Argv) =>
    y
      .option('date', { type: 'string', describe: 'the (first) day: YYYY-MM-DD, or today or tomorrow (local time); default: today. Days still to come are staged (staged/DATE), published on their day' })
      .option('days', { type: 'number', describe: 'make N consecutive days from --date, one after the other (each resumable: a rerun skips finished days and resumes an interrupted one); with --overview: the days shown [default: 1, with --overview 7]' })
      .option('overview', { type: 'boolean', default: false, describe: 'make nothing: print a table of the days from --from (days × slots: size and level of what is made, — where nothing is yet)' })
      .option('from', { type: 'string', describe: 'with --overview: the first day (YYYY-MM-DD, today or tomorrow) [default: --date, else today]' })
      .option('overview-svg', { type: 'string', describe: 'with --overview: also write the overview as an SVG calendar to FILE (a colour per level)' })
      .option('overview-png', { type: 'string', describe: 'with --overview: also write the calendar as a PNG to FILE (the shipped font, 2 pixels per unit)' })
      .option('lang', { choices: LANGS, describe: 'with --overview: language of level and weekday names [default: en]' })
      .option('plan', { type: 'string', describe: 'the club\'s daily plan, a puzzlemill/daily-plan file, JSON or YAML (.yaml, .yml; docs/FORMATS.md); default: the built-in plan, docs/daily-plan.json' })
      .option('out', { alias: 'o', type: 'string', default: DAILY_ROOT, describe: 'the daily corpus: player files go to ROOT/public/DATE/, full files, seeds and fingerprints to ROOT/secret/' })
      .option('key-file', {
        type: 'string',
        describe: `the club's secret daily key (at least ${MIN_KEY_CHARS} characters); default: $${DAILY_KEY_ENV}, else ${DEFAULT_KEY_FILE}, made with a random key on first use. Keep it private: it decides every future set`,
      })
      // The set is about a second of work: starting worker threads would cost more than it saves.
      .option('workers', { alias: 'j', type: 'number', default: 1, describe: `worker threads (1 = in this thread; up to ${defaultWorkers()} cores here)` })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'no progress and no summary' })
      .check((a) => {
        for (const name of ['date', 'from', 'overview-svg', 'overview-png', 'plan', 'out', 'key-file']) if (Array.isArray(a[name])) return `--${name} is given more than once`;
        // an unset variable in a script (`--out "$DIR"`) would put public/ and secret/ into the working directory
        for (const name of ['plan', 'out', 'key-file', 'overview-svg', 'overview-png']) if (a[name] === '') return `--${name} must not be empty`;
        if (Array.isArray(a.days)) return '--days is given more than once';
        for (const name of ['from', 'overview-svg', 'overview-png', 'lang']) if (!a.overview && a[name] !== undefined) return `--${name} goes with --overview`;
        if (a.from !== undefined && dateArgument(a.from as string) === undefined) return `--from ${JSON.stringify(a.from)} is not a date (YYYY-MM-DD, today or tomorrow)`;
        if (a.date !== undefined && dateArgument(a.date as string) === undefined) return `--date ${JSON.stringify(a.date)} is not a date (YYYY-MM-DD, today or tomorrow)`;
        // the last day asked for is a date too (YYYY-MM-DD ends with 9999-12-31)
        const start = (a.overview ? (a.from ?? a.date) : a.date) as string | undefined;
        const days = typeof a.days === 'number' && a.days >= 1 ? Math.floor(a.days) : a.overview ? 7 : 1;
        if (start !== undefined && !isDate(addDays(dateArgument(start)!, days - 1))) return `--days ${days} from ${dateArgument(start)} goes past 9999-12-31`;
        return true;
      })
      .example('$0 daily', "today's set into corpus/daily/public/DATE/ and corpus/daily/secret/DATE/")
      .example('$0 daily --date tomorrow --days 7', 'a week ahead from tomorrow (staged until each day); rerun to resume')
      .example('$0 daily --overview --from 2027-01-04 --overview-svg week.svg --lang de', 'the week at a glance: a table on stdout, a calendar picture')
      .example('$0 daily --plan club-plan.json', "today's set after the club's own plan (start from docs/daily-plan.json)")
      .example('$0 daily --date 2027-01-01 --out /srv/puzzles/daily --key-file /etc/puzzlemill/daily.key', 'a given day, elsewhere, with the club key') as unknown as Argv<DailyArgs>,
  handler: async (args) => {
    const first = args.date === undefined ? today() : dateArgument(args.date)!;
    // a club's kinds (PUZZLEMILL_KIND_MODULES) may be named in its plan
    const kindModules = kindModulesFromEnv();
    await loadKindModules(kindModules);
    // a bad plan is refused (exit 2, one line with the JSON pointer) before the key is touched
    const plan = args.plan !== undefined ? readPlanFile(args.plan) : DEFAULT_PLAN;
    if (args.overview) {
      // reading only: no key, no lock
      const overview = dailyOverview(args.out, plan, args.from !== undefined ? dateArgument(args.from)! : first, args.days ?? 7);
      // the pictures first: a picture that cannot be written fails the run before the table is out
      if (args.overviewSvg !== undefined || args.overviewPng !== undefined) {
        const { svg } = overviewSvg(overview, args.lang ?? 'en');
        if (args.overviewSvg !== undefined) writeFileAtomic(args.overviewSvg, svg);
        if (args.overviewPng !== undefined) {
          // resvg's native binding loads only when a PNG is asked for, not for every daily run
          const { svgToPng } = await import('../../render/png.ts');
          writeFileAtomic(args.overviewPng, svgToPng(svg, { scale: 2 }));
        }
      }
      process.stdout.write(overviewTable(overview, args.lang ?? 'en'));
      return;
    }
    // An empty variable is what an unset one in a server's script gives: refused with a reason, not taken as "no key".
    const key = loadDailyKey({ keyFile: args.keyFile, envKey: process.env[DAILY_KEY_ENV] });
    if (key.looseMode) warn(`puzzlemill: daily: warning: ${key.source} can be read by other users (mode ${key.looseMode}); chmod 600 it`);
    if (key.created) warn(`puzzlemill: daily: made a new random daily key in ${resolve(key.source)} (mode 0600, git-ignored by the .gitignore beside it): keep it private and back it up; the sets of coming days follow from it`);
    // staged days whose date has come go public first (as serve's tick does)
    for (const day of await publishDue(args.out, today())) if (!args.quiet) warn(`puzzlemill: daily: published the staged set of ${day} into ${args.out}/public/`);
    // one day after the other: a day's fingerprints keep its puzzles out of the next days
    for (let i = 0; i < (args.days ?? 1); i++) {
      const date = addDays(first, i);
      const bar = progressBar(`daily ${date}`, args.quiet);
      let result;
      try {
        result = await makeDaily({
          date,
          root: args.out,
          key: key.bytes,
          plan: slotsFor(plan, date),
          // a day still to come is staged, never in public/ before its date (as serve makes days ahead)
          stagePublic: date > today(),
          workers: Math.max(1, args.workers),
          kindModules,
          onWarning: (line) => bar.log(`puzzlemill: daily ${date}: ${line}`),
          onProgress: (done, total) => bar.update(done, total),
        });
      } catch (e) {
        if (e instanceof RangeError) throw new RequestError(e.message);
        throw e;
      } finally {
        bar.stop();
      }
      if (!args.quiet) {
        for (const p of result.index.puzzles) warn(`  ${p.slot.padEnd(22)} ${p.summary}`);
        warn(`puzzlemill: daily ${date}: ${result.index.puzzles.length} puzzles (${result.made} made, ${result.index.puzzles.length - result.made} already there) in ${result.seconds.toFixed(1)} s: ${result.publicDir === dailyDirs(args.out, date).stagedDir ? `staged in ${result.publicDir}/ until its day (the first daily or serve on or after it publishes it)` : `publish ${result.publicDir}/`}, keep ${result.secretDir}/ private`);
      }
    }
  },
};
