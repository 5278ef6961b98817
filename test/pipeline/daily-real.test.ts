/**
 * The real daily set (dailyPlan with the real generators) for a fixed date: stable bytes from run
 * to run and for any worker count, every file verified, player forms without secrets.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { DAILY_SIZE, dailyPlan, makeDaily, weekdayGrade } from '../../src/pipeline/daily.ts';
import { verifyInput } from '../../src/pipeline/verify-batch.ts';

const tmp = mkdtempSync(join(tmpdir(), 'pm-daily-real-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const DATE = '2026-01-01';
const KEY = Buffer.from('the real daily set under a test key of 32+ characters');

function files(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).sort().map((n) => [n, readFileSync(join(dir, n), 'utf8')]));
}

describe('the daily set', () => {
  test('the 9×9 boards follow the week over the whole ladder: easy Monday … extreme Sunday', () => {
    const week = ['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05', '2026-12-06']; // Monday … Sunday
    expect(week.map(weekdayGrade)).toEqual([1, 2, 2, 3, 3, 4, 5]);
    for (const date of week) {
      const plan = dailyPlan(date);
      expect(plan).toHaveLength(DAILY_SIZE);
      expect(plan.filter((s) => s.request.size === 9 && s.kind === 'numbridge').map((s) => s.request.grade)).toEqual([weekdayGrade(date), weekdayGrade(date)]);
    }
  });

  test(`${DATE}: the same bytes in this thread and on two workers; every puzzle verifies`, async () => {
    const a = await makeDaily({ date: DATE, root: join(tmp, 'a'), key: KEY, workers: 1 });
    const b = await makeDaily({ date: DATE, root: join(tmp, 'b'), key: KEY, workers: 2 });
    for (const part of ['public', 'secret']) expect(files(join(tmp, 'b', part, DATE))).toEqual(files(join(tmp, 'a', part, DATE)));
    expect(readFileSync(join(tmp, 'b/secret/fingerprints.ndjson'), 'utf8')).toBe(readFileSync(join(tmp, 'a/secret/fingerprints.ndjson'), 'utf8'));
    expect(a.index.puzzles.map((p) => p.slot)).toEqual(dailyPlan(DATE).map((s) => s.slot));
    expect(b.made).toBe(DAILY_SIZE);

    for (const p of a.index.puzzles) {
      const full = JSON.parse(readFileSync(join(tmp, 'a/secret', DATE, p.file), 'utf8'));
      const player = JSON.parse(readFileSync(join(tmp, 'a/public', DATE, p.playerFile), 'utf8'));
      const report = verifyInput({ where: { source: p.file }, value: full });
      expect(report.problems, p.slot).toEqual([]);
      expect(report.status).toBe('ok');
      expect(player).not.toHaveProperty('secret');
      expect(player.public).toEqual(full.public);
      expect(full.secret.seed).toBe(p.seed);
    }
    const summaries = Object.fromEntries(a.index.puzzles.map((p) => [p.slot, p.summary]));
    expect(summaries['murder-9']).toMatch(/^9×9 hard, \d+ clues, robust$/);
    expect(weekdayGrade(DATE)).toBe(3); // 2026-01-01 is a Thursday
    expect(summaries['numbridge-9-regular']).toMatch(/^9×9 regular, 30 givens, grade 3/);
    expect(summaries['numbridge-9-irregular']).toMatch(/^9×9 irregular, 30 givens, grade 3/);
    expect(summaries['numbridge-6-regular']).toMatch(/^6×6 regular, 14 givens, grade \d/);
  });

  test('Sunday: the 9×9 boards are extreme (tier 5), and each verifies with its proof replayed', async () => {
    const sunday = '2026-01-04';
    const made = await makeDaily({ date: sunday, root: join(tmp, 'sunday'), key: KEY, workers: 1 });
    const nine = made.index.puzzles.filter((p) => p.slot.startsWith('numbridge-9-'));
    expect(nine).toHaveLength(2);
    for (const p of nine) {
      const full = JSON.parse(readFileSync(join(tmp, 'sunday/secret', sunday, p.file), 'utf8'));
      expect(full.public.grade).toMatchObject({ level: 5, name: 'extreme' });
      expect(full.public.grade.score).toBeGreaterThanOrEqual(4000);
      expect(full.secret.proof.steps.some((s: { tier: number }) => s.tier === 5)).toBe(true);
      expect(verifyInput({ where: { source: p.file }, value: full }).status, p.slot).toBe('ok');
    }
  });
});
