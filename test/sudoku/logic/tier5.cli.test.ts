/** The uniqueness rungs (t5a; tier 3 since issue 27) and the last rung through the commands: `grade` and `verify` with and without `--no-uniqueness`. */
import { describe, expect, test } from 'vitest';
import { runCli } from '../../helpers/cli.ts';
import { dataLines } from '../../helpers/data.ts';

// top1465 line 207: the ladder's path uses a unique rectangle (type 3, tier 3) and the chains of
// tier 4 finish it (fiendish); without the rectangles the forcing chains of tier 5 do (extreme).
const NEEDS_UR = dataLines('classic/top1465.txt')[206]!;

describe('the uniqueness techniques on the command line', () => {
  test('grade uses them on a unique board; --no-uniqueness grades it without them', () => {
    const r = runCli(['grade'], { input: NEEDS_UR + '\n' });
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^<stdin>:1 {2}fiendish \(level 4\), score \d+: .*unique-rectangle-3 ×1/);
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

  // forum-hardest line 73: beyond every rung but the last; the whole ladder needs about 11,000 branches.
  const HARDEST = dataLines('classic/forum-hardest-1106.txt')[72]!;

  test('grade uses the whole ladder by default: a forum-hardest board needs nested forcing chains; --no-nested leaves them out', () => {
    const on = runCli(['grade', '--json'], { input: HARDEST + '\n' });
    expect(on.code).toBe(0);
    const graded = JSON.parse(on.stdout) as { grade: { level: number }; techniques: Record<string, number> };
    expect(graded.grade.level).toBe(5);
    expect(graded.techniques['nested-forcing-chain']).toBeGreaterThan(0);
    expect(runCli(['grade', '--nested', '--json'], { input: HARDEST + '\n' }).stdout).toBe(on.stdout); // the old flag: the default now
    const off = runCli(['grade', '--no-nested', '--json'], { input: HARDEST + '\n' });
    expect(off.code).toBe(1);
    expect(JSON.parse(off.stdout)).toMatchObject({ guessFree: false, verdict: 'beyond-ladder' });
  });

  test('a board past --max-branches is "undecided", never a hang; verify accepts a correct line of it within the default', () => {
    const small = runCli(['grade', '--max-branches', '1000', '--json'], { input: HARDEST + '\n' });
    expect(small.code).toBe(1);
    expect(JSON.parse(small.stdout)).toMatchObject({
      guessFree: false,
      verdict: 'undecided',
      solutions: 1,
      reason: 'undecided: the logic prover did not finish within 1000 forcing-chain branches (raise --max-branches)',
    });
    const solution = runCli(['solve'], { input: HARDEST + '\n' }).stdout.trim();
    const line = `${HARDEST}:1:${solution}`;
    const ok = runCli(['verify'], { input: line + '\n' });
    expect(ok.stdout).toMatch(/^<stdin>:1: ok: /);
    expect(ok.code).toBe(0);
    const capped = runCli(['verify', '--max-branches', '1000'], { input: line + '\n' });
    expect(capped.code).toBe(1);
    expect(capped.stdout).toContain('FAIL');
    expect(capped.stdout).toContain('undecided: the logic prover did not finish within 1000 forcing-chain branches');
  });
});
