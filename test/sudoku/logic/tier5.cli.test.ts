/** Tier 5 (t5a) through the commands: `grade` and `verify` with and without `--no-uniqueness`. */
import { describe, expect, test } from 'vitest';
import { runCli } from '../../helpers/cli.ts';
import { dataLines } from '../../helpers/data.ts';

// top1465 line 207: the ladder's path uses a unique rectangle (type 3); without it the forcing
// chains finish the board.
const NEEDS_UR = dataLines('classic/top1465.txt')[206]!;

describe('the uniqueness techniques on the command line', () => {
  test('grade uses them on a unique board; --no-uniqueness grades it without them', () => {
    const r = runCli(['grade'], { input: NEEDS_UR + '\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^<stdin>:1 {2}extreme \(level 5\), score \d+: .*unique-rectangle-3 ×1/);
    const off = runCli(['grade', '--no-uniqueness', '--json'], { input: NEEDS_UR + '\n' });
    expect(off.code).toBe(0);
    const graded = JSON.parse(off.stdout) as { grade: { level: number }; techniques: Record<string, number> };
    expect(graded.grade.level).toBe(5);
    expect(Object.keys(graded.techniques).filter((id) => /unique|bug/.test(id))).toEqual([]);
  });

  test('grade --proof marks the step and says it assumes one solution', () => {
    const r = runCli(['grade', '--proof', '--json'], { input: NEEDS_UR + '\n' });
    const steps = JSON.parse(r.stdout).steps as Array<{ technique: string; assumesUniqueness?: boolean; text: { en: string } }>;
    const ur = steps.find((s) => s.technique === 'unique-rectangle-3')!;
    expect(ur.assumesUniqueness).toBe(true);
    expect(ur.text.en).toContain('(this assumes the puzzle has exactly one solution)');
  });

  test('verify checks the line the same way', () => {
    expect(runCli(['verify'], { input: NEEDS_UR + '\n' }).code).toBe(0);
    expect(runCli(['verify', '--no-uniqueness'], { input: NEEDS_UR + '\n' }).code).toBe(0);
  });

  test('grade --nested finishes a forum-hardest board the ladder leaves without the nested rung', () => {
    const hardest = dataLines('classic/forum-hardest-1106.txt').find((l) => runCli(['grade', '--json'], { input: l + '\n' }).code === 1)!;
    const off = JSON.parse(runCli(['grade', '--json'], { input: hardest + '\n' }).stdout);
    expect(off).toMatchObject({ guessFree: false, verdict: 'beyond-ladder' });
    const on = runCli(['grade', '--nested', '--json'], { input: hardest + '\n' });
    expect(on.code).toBe(0);
    const graded = JSON.parse(on.stdout) as { grade: { level: number }; techniques: Record<string, number> };
    expect(graded.grade.level).toBe(5);
    expect(graded.techniques['nested-forcing-chain']).toBeGreaterThan(0);
  });
});
