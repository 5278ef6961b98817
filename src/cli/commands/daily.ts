/**
 * `puzzlemill daily [--date YYYY-MM-DD] [--out DIR]`: the main job (`npm start`). Makes the day's
 * set into corpus/daily/DATE/ (or DIR), never repeating a puzzle of another day.
 */
import { join } from 'node:path';
import type { Argv, CommandModule } from 'yargs';
import { kindModulesFromEnv } from '../../kinds/registry.ts';
import { DAILY_SIZE, isDate, makeDaily, today } from '../../pipeline/daily.ts';
import { defaultWorkers } from '../../pipeline/executor.ts';
import { RequestError, warn } from '../exit.ts';
import { progressBar } from '../progress.ts';

interface DailyArgs {
  date?: string;
  out?: string;
  workers: number;
  quiet: boolean;
}

export const DAILY_ROOT = 'corpus/daily';

export const dailyCommand: CommandModule<object, DailyArgs> = {
  command: 'daily',
  describe: `Make the daily set (${DAILY_SIZE} puzzles: Murder 4..9, Numbridge 9×9 and 6×6) into ${DAILY_ROOT}/DATE/`,
  builder: (y: Argv) =>
    y
      .option('date', { type: 'string', describe: 'the day, YYYY-MM-DD (default: today, local time)' })
      .option('out', { alias: 'o', type: 'string', describe: `the day's directory (default ${DAILY_ROOT}/DATE); the fingerprint index is in its parent` })
      // The set is about a second of work: starting worker threads would cost more than it saves.
      .option('workers', { alias: 'j', type: 'number', default: 1, describe: `worker threads (1 = in this thread; up to ${defaultWorkers()} cores here)` })
      .option('quiet', { alias: 'q', type: 'boolean', default: false, describe: 'no progress and no summary' })
      .check((a) => (a.date === undefined || isDate(a.date as string) ? true : `--date ${JSON.stringify(a.date)} is not a date (YYYY-MM-DD)`))
      .example('$0 daily', "today's set into corpus/daily/DATE/")
      .example('$0 daily --date 2027-01-01 --out /srv/puzzles/daily/2027-01-01', 'a given day, elsewhere') as unknown as Argv<DailyArgs>,
  handler: async (args) => {
    const date = args.date ?? today();
    const dir = args.out ?? join(DAILY_ROOT, date);
    const bar = progressBar(`daily ${date}`, args.quiet);
    let result;
    try {
      result = await makeDaily({
        date,
        dir,
        workers: Math.max(1, args.workers),
        kindModules: kindModulesFromEnv(),
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
      warn(`puzzlemill: daily ${date}: ${result.index.puzzles.length} puzzles in ${dir} (${result.made} made, ${result.index.puzzles.length - result.made} already there) in ${result.seconds.toFixed(1)} s`);
    }
  },
};
