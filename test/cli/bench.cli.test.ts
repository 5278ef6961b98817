import { describe, expect, test } from 'vitest';
import { benchmarkNames } from '../../bench/run.ts';
import { BENCHMARK_NAMES } from '../../src/cli/commands/bench.ts';
import { runCli } from '../helpers/cli.ts';

describe('puzzlemill bench', () => {
  test('--help names every benchmark of bench/run.ts', () => {
    expect(BENCHMARK_NAMES).toEqual(benchmarkNames());
    const r = runCli(['bench', '--help']);
    expect(r.code).toBe(0);
    for (const name of benchmarkNames()) expect(r.stdout).toContain(name);
  });

  test('an unknown benchmark is one line naming the known ones, exit 1, nothing run', () => {
    const r = runCli(['bench', 'nope']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`puzzlemill: unknown benchmark "nope" (known: ${benchmarkNames().join(', ')})\n`);
  });
});
