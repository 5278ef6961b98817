/**
 * `daily --date today|tomorrow` (local days; a day to come staged) and `daily --days N` (issue 29, section 2): N consecutive
 * days, each resumable and idempotent like one date. A small plan keeps it quick.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { addDays, dateArgument, today } from '../../src/pipeline/daily.ts';
import { runCli } from '../helpers/cli.ts';

const tmp = mkdtempSync(join(tmpdir(), 'pm-daily-days-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const env = { PUZZLEMILL_DAILY_KEY: 'a test key for daily --days, 32 characters or more' };
const PLAN = join(tmp, 'small-plan.json');
writeFileSync(
  PLAN,
  JSON.stringify({
    format: 'puzzlemill/daily-plan',
    version: 1,
    slots: [
      { slot: 'murder-4', kind: 'murder', size: 4, robust: true, level: 'easy' },
      { slot: 'numbridge-6', kind: 'numbridge', size: 6, givens: 14, level: ['medium', 'easy', 'easy', 'medium', 'medium', 'hard', 'hard'] },
    ],
  }),
);

function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, prefix: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name), prefix + e.name + '/');
      else out[prefix + e.name] = createHash('sha256').update(readFileSync(join(d, e.name))).digest('hex');
    }
  };
  walk(dir, '');
  return out;
}

const daily = (out: string, ...args: string[]) => runCli(['daily', '--out', join(tmp, out), '--plan', PLAN, ...args], { env });

describe('daily --date and --days', () => {
  test('dates: YYYY-MM-DD, today and tomorrow in UTC; days add across months and years', () => {
    const late = new Date(2026, 11, 31, 23, 30); // the 31st in the machine's zone, as `today` reads it
    expect(dateArgument('today', late)).toBe('2026-12-31');
    expect(dateArgument('tomorrow', late)).toBe('2027-01-01');
    expect(dateArgument('2026-02-28')).toBe('2026-02-28');
    expect(dateArgument('2026-02-29')).toBeUndefined();
    expect(dateArgument('yesterday')).toBeUndefined();
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
  });

  test('--date today and tomorrow make the local day and the next, tomorrow staged until its day; bad values are one line, exit 2', () => {
    const before = today();
    const r = daily('rel', '--date', 'today', '--days', '1', '--quiet');
    const t = daily('rel', '--date', 'tomorrow', '--quiet');
    const after = today();
    expect([r.code, r.stderr, t.code, t.stderr]).toEqual([0, '', 0, '']);
    const folder = (f: string) => (existsSync(join(tmp, 'rel', f)) ? readdirSync(join(tmp, 'rel', f)).sort() : []);
    // around midnight the two runs may straddle it
    if (before === after) expect({ public: folder('public'), staged: folder('staged') }).toEqual({ public: [before], staged: [addDays(before, 1)] });
    else expect([...folder('public'), ...folder('staged')].length).toBe(2);
    for (const [args, line] of [
      [['--date', 'someday'], '--date "someday" is not a date (YYYY-MM-DD, today or tomorrow)'],
      [['--date', '2026-11-02', '--days', '0'], '--days must be a whole number 1..366, got 0'],
      [['--date', '2026-11-02', '--days', '1.5'], '--days must be a whole number 1..366, got 1.5'],
    ] as const) {
      const bad = daily('never', ...args);
      expect(bad.code).toBe(2);
      expect(bad.stderr.split('\n')[0]).toBe(`puzzlemill: ${line} (see --help)`);
    }
  }, 60_000);

  test('--days 3: three consecutive days; a rerun makes nothing; a deleted day and a half-deleted day are made again, the same bytes', () => {
    const first = daily('week', '--date', '2026-11-02', '--days', '3');
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/daily 2026-11-02: 2 puzzles \(2 made, 0 already there\)/);
    expect(first.stderr).toMatch(/daily 2026-11-04: 2 puzzles \(2 made, 0 already there\)/);
    expect(readdirSync(join(tmp, 'week/public')).sort()).toEqual(['2026-11-02', '2026-11-03', '2026-11-04']);
    const whole = tree(join(tmp, 'week'));
    // the same days one at a time give the same bytes
    for (const d of ['2026-11-02', '2026-11-03', '2026-11-04']) expect(daily('single', '--date', d, '--quiet').code).toBe(0);
    expect(tree(join(tmp, 'single'))).toEqual(whole);

    const again = daily('week', '--date', '2026-11-02', '--days', '3');
    expect(again.code).toBe(0);
    expect(again.stderr.match(/\(0 made, 2 already there\)/g)).toHaveLength(3);
    expect(tree(join(tmp, 'week'))).toEqual(whole);

    // a day deleted outright, and one interrupted (a puzzle and the indexes gone)
    rmSync(join(tmp, 'week/public/2026-11-03'), { recursive: true });
    rmSync(join(tmp, 'week/secret/2026-11-03'), { recursive: true });
    rmSync(join(tmp, 'week/secret/2026-11-04/numbridge-6.json'));
    rmSync(join(tmp, 'week/secret/2026-11-04/index.json'));
    rmSync(join(tmp, 'week/public/2026-11-04/index.json'));
    const resumed = daily('week', '--date', '2026-11-02', '--days', '3');
    expect(resumed.code).toBe(0);
    expect(resumed.stderr).toMatch(/daily 2026-11-02: 2 puzzles \(0 made, 2 already there\)/);
    expect(resumed.stderr).toMatch(/daily 2026-11-03: 2 puzzles \(2 made, 0 already there\)/);
    expect(resumed.stderr).toMatch(/daily 2026-11-04: 2 puzzles \(1 made, 1 already there\)/);
    expect(tree(join(tmp, 'week'))).toEqual(whole);

    // a staged day whose date has come is published by the next daily run (as by serve's tick)
    mkdirSync(join(tmp, 'week/staged'), { recursive: true });
    renameSync(join(tmp, 'week/public/2026-11-04'), join(tmp, 'week/staged/2026-11-04'));
    const published = daily('week', '--date', '2026-11-02');
    expect(published.code).toBe(0);
    expect(published.stderr).toContain(`puzzlemill: daily: published the staged set of 2026-11-04 into ${join(tmp, 'week')}/public/`);
    expect(tree(join(tmp, 'week'))).toEqual(whole);
  }, 120_000);
});
