/**
 * Game files are read with a bound: stdin, pipes and devices report no size, so the reader
 * counts bytes as they come and stops at the limit with one line instead of filling memory.
 */
import { spawnSync } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { BIN, ROOT } from '../helpers/cli.ts';


/** Runs a shell pipeline with the real binary; resident memory from GNU time's %M (kB) when present. */
function pipeline(command: string) {
  const r = spawnSync('bash', ['-c', command], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, BIN }, timeout: 60_000 });
  return { code: r.status ?? -1, stderr: r.stderr };
}

describe('endless inputs to the game commands', () => {
  test.each([
    ['replay domino from an endless pipe', `yes '[4/9] (4,6/4,9)' | node "$BIN" replay domino -`, '<stdin>'],
    ['replay domino of /dev/zero', `node "$BIN" replay domino /dev/zero`, '/dev/zero'],
    ['complete domino of /dev/zero on stdin', `node "$BIN" complete domino - < /dev/zero`, '<stdin>'],
    ['replay kosmos from an endless pipe', `yes '{}' | node "$BIN" replay kosmos -`, '<stdin>'],
  ])('%s: one line, exit 2', (_name, command, source) => {
    const r = pipeline(command);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`puzzlemill: ${source}: larger than 16 MB`);
  });

  test('a game file nested deeper than any record is refused before it is parsed', () => {
    const r = pipeline(`printf '%s' "$(printf '[%.0s' $(seq 1 100000))" | node "$BIN" replay kosmos -`);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('puzzlemill: <stdin>: JSON nested deeper than 64 levels');
  });
});
