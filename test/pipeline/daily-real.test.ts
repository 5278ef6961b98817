/**
 * The real daily set (DAILY_PLAN with the real generators) for a fixed date: stable bytes from run
 * to run and for any worker count, every file verified, player forms without secrets.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { DAILY_PLAN, makeDaily } from '../../src/pipeline/daily.ts';
import { verifyInput } from '../../src/pipeline/verify-batch.ts';

const tmp = mkdtempSync(join(tmpdir(), 'pm-daily-real-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const DATE = '2026-01-01';

function files(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).sort().map((n) => [n, readFileSync(join(dir, n), 'utf8')]));
}

describe('the daily set', () => {
  test(`${DATE}: the same bytes in this thread and on two workers; every puzzle verifies`, async () => {
    const a = await makeDaily({ date: DATE, dir: join(tmp, 'a', DATE), workers: 1 });
    const b = await makeDaily({ date: DATE, dir: join(tmp, 'b', DATE), workers: 2 });
    expect(files(join(tmp, 'b', DATE))).toEqual(files(join(tmp, 'a', DATE)));
    expect(readFileSync(join(tmp, 'b/fingerprints.ndjson'), 'utf8')).toBe(readFileSync(join(tmp, 'a/fingerprints.ndjson'), 'utf8'));
    expect(a.index.puzzles.map((p) => p.slot)).toEqual(DAILY_PLAN.map((s) => s.slot));
    expect(b.made).toBe(DAILY_PLAN.length);

    for (const p of a.index.puzzles) {
      const full = JSON.parse(readFileSync(join(tmp, 'a', DATE, p.file), 'utf8'));
      const player = JSON.parse(readFileSync(join(tmp, 'a', DATE, p.playerFile), 'utf8'));
      const report = verifyInput({ where: { source: p.file }, value: full });
      expect(report.problems, p.slot).toEqual([]);
      expect(report.status).toBe('ok');
      expect(player).not.toHaveProperty('secret');
      expect(player.public).toEqual(full.public);
      expect(full.secret.seed).toBe(p.seed);
    }
    const summaries = Object.fromEntries(a.index.puzzles.map((p) => [p.slot, p.summary]));
    expect(summaries['murder-9']).toMatch(/^9×9 hard, \d+ clues, robust$/);
    expect(summaries['numbridge-9-irregular']).toMatch(/^9×9 irregular, 30 givens, grade \d/);
    expect(summaries['numbridge-6-regular']).toMatch(/^6×6 regular, 14 givens, grade \d/);
  });
});
