/** `puzzlemill generate murder`, run as a user would. */
import { describe, expect, test } from 'vitest';
import { verifyCase } from '../../src/murder/generate.ts';
import { runCli } from '../helpers/cli.ts';

describe('puzzlemill generate murder', () => {
  const args = ['generate', 'murder', '--size', '5', '--level', 'medium', '--count', '3', '--seed', 'cli'];
  const first = runCli(args);

  test('NDJSON on stdout, one verified case per line, exit 0', () => {
    expect(first.code).toBe(0);
    const lines = first.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) {
      const file = JSON.parse(line);
      expect(file.format).toBe('puzzlemill/murder-case');
      expect(verifyCase(file).problems).toEqual([]);
    }
    expect(new Set(lines).size).toBe(3);
  });

  test('the same seed writes the same bytes; --player drops the secret', () => {
    expect(runCli(args).stdout).toBe(first.stdout);
    const player = runCli([...args, '--player']);
    const cases = player.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(cases.every((c) => !('secret' in c))).toBe(true);
    expect(cases.map((c) => c.id)).toEqual(first.stdout.trim().split('\n').map((l) => JSON.parse(l).id));
  });

  test('a request that cannot be met: one line, exit 1; a bad argument: exit 2', () => {
    const tight = runCli(['generate', 'murder', '--size', '4', '--level', 'hard', '--budget', '1', '--seed', 'x']);
    expect(tight.code).toBe(1);
    expect(tight.stdout).toBe('');
    // the pipeline's report: the failed puzzle (after its attempt seeds), then the run's summary
    expect(tight.stderr.trim().split('\n')).toHaveLength(2);
    expect(tight.stderr).toMatch(/^puzzlemill: puzzle 0: no hard 4×4 murder case within 1 clue deal \(seed [0-9a-f]+~2\)\n/);
    expect(tight.stderr).toMatch(/\npuzzlemill: murder: made 0 of 1 .*; 1 failed\n$/);
    const bad = runCli(['generate', 'murder', '--size', '4', '--level', 'easy', '--setting', 'castle']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/setting/);
    expect(bad.stderr).not.toMatch(/at .*\.ts:\d+/);
    const notNumber = runCli(['generate', 'murder', '--size', '4', '--level', 'easy', '--budget', 'lots']);
    expect(notNumber.code).toBe(2);
    expect(notNumber.stderr).toBe('puzzlemill: --budget must be a number, got "lots" (see --help)\n');
  });
});
