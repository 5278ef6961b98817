/**
 * `daily --overview` (issue 29, section 2): days × slots from a small made corpus, as a table on
 * stdout and an SVG calendar; reading only (no key needed, nothing written but the picture).
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { LEVEL_COLOURS } from '../../src/render/daily-overview.ts';
import { runCli } from '../helpers/cli.ts';

const tmp = mkdtempSync(join(tmpdir(), 'pm-daily-overview-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const PLAN = join(tmp, 'plan.json');
writeFileSync(
  PLAN,
  JSON.stringify({
    format: 'puzzlemill/daily-plan',
    version: 1,
    slots: [
      { slot: 'murder-4', kind: 'murder', size: 4, robust: true, level: 'easy' },
      { slot: 'nb-6', kind: 'numbridge', size: 6, givens: 14, level: ['hard', 'easy', 'medium', 'medium', 'hard', 'hard', 'hard'] },
    ],
  }),
);
const ROOT_DIR = join(tmp, 'corpus');

describe('daily --overview', () => {
  test('a table of the days from --from: size and level of what is made, the plan\'s in parentheses where nothing is yet; German names with --lang de; an SVG calendar', () => {
    const made = runCli(['daily', '--out', ROOT_DIR, '--plan', PLAN, '--date', '2026-12-06', '--days', '2', '--quiet'], { env: { PUZZLEMILL_DAILY_KEY: 'a test key for daily --overview, 32 characters or more' } });
    expect([made.code, made.stderr]).toEqual([0, '']);
    // no key needed to look
    const en = runCli(['daily', '--overview', '--out', ROOT_DIR, '--plan', PLAN, '--from', '2026-12-05', '--days', '4'], { env: { PUZZLEMILL_DAILY_KEY: '' } });
    expect([en.code, en.stderr]).toEqual([0, '']);
    expect(en.stdout).toBe(
      [
        'date        day  murder-4    nb-6',
        '2026-12-05  Sat  (4×4 easy)  (6×6 hard)',
        '2026-12-06  Sun  4×4 easy    6×6 hard',
        '2026-12-07  Mon  4×4 easy    6×6 easy',
        '2026-12-08  Tue  (4×4 easy)  (6×6 medium)',
        '',
      ].join('\n'),
    );
    const svgFile = join(tmp, 'week.svg');
    const pngFile = join(tmp, 'week.png');
    const de = runCli(['daily', '--overview', '--out', ROOT_DIR, '--plan', PLAN, '--from', '2026-12-06', '--days', '2', '--lang', 'de', '--overview-svg', svgFile, '--overview-png', pngFile]);
    expect(de.code).toBe(0);
    expect(de.stdout).toBe(['Datum       Tag  murder-4    nb-6', '2026-12-06  So   4×4 leicht  6×6 schwer', '2026-12-07  Mo   4×4 leicht  6×6 leicht', ''].join('\n'));
    expect(readFileSync(pngFile).subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const svg = readFileSync(svgFile, 'utf8');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toContain('<title>Tagesrätsel 2026-12-06 – 2026-12-07</title>');
    expect(svg).toContain('6×6 schwer');
    expect(svg.match(new RegExp(`fill="${LEVEL_COLOURS.hard}"`, 'g'))).toHaveLength(2); // the cell and the legend
    expect(svg.match(new RegExp(`fill="${LEVEL_COLOURS.easy}"`, 'g'))).toHaveLength(4); // three cells and the legend
    // looking wrote nothing into the corpus
    // (days still to come are staged, days come are public: which, depends on when the test runs)
    const days = ['public', 'staged'].flatMap((f) => (existsSync(join(ROOT_DIR, f)) ? readdirSync(join(ROOT_DIR, f)) : []));
    expect(days.sort()).toEqual(['2026-12-06', '2026-12-07']);
    const wrong = runCli(['daily', '--from', '2026-12-06', '--out', ROOT_DIR]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr.split('\n')[0]).toBe('puzzlemill: --from goes with --overview (see --help)');
    // --lang names only the overview's words: without it, a day would be made as if it were not given
    const lang = runCli(['daily', '--lang', 'de', '--out', ROOT_DIR]);
    expect([lang.code, lang.stderr.split('\n')[0]]).toEqual([2, 'puzzlemill: --lang goes with --overview (see --help)']);
    // the calendar ends at 9999-12-31: a run past it is refused before any work
    const late = runCli(['daily', '--overview', '--from', '9999-12-30', '--out', ROOT_DIR]);
    expect([late.code, late.stderr]).toEqual([2, 'puzzlemill: --days 7 from 9999-12-30 goes past 9999-12-31 (see --help)\n']);
  }, 60_000);
});
