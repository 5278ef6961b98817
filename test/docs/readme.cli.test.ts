/**
 * Every shell example in the README runs verbatim, as a user on a fresh clone would type it: each
 * ```sh block, line by line in order (later lines use what earlier ones made), in a scratch
 * directory that sees the repository's test/data/, with `npx puzzlemill` resolved to this
 * checkout's bin. Each line must exit 0 and print no stack trace. The README's first block
 * (`npm install && npm start`, `npm install && npm test`) is the install itself and what CI runs,
 * so it is not run from inside the test suite.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { BIN, ROOT } from '../helpers/cli.ts';

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The lines of every ```sh block, comments kept (bash ignores them), blank lines dropped. */
function shellBlocks(markdown: string): string[][] {
  const blocks: string[][] = [];
  let current: string[] | null = null;
  for (const line of markdown.split('\n')) {
    if (current === null && line.trim() === '```sh') current = [];
    else if (current !== null && line.trim() === '```') {
      blocks.push(current);
      current = null;
    } else if (current !== null && line.trim() !== '') current.push(line);
  }
  return blocks;
}

const [install, ...examples] = shellBlocks(README);
const scratch = mkdtempSync(join(tmpdir(), 'puzzlemill-readme-'));
symlinkSync(join(ROOT, 'test'), join(scratch, 'test'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// `npx puzzlemill …` as an installed package would run it; any other npx is the real one.
const PRELUDE = `set -o pipefail; npx() { if [ "$1" = puzzlemill ]; then shift; node "${BIN}" "$@"; else command npx "$@"; fi; }\n`;

describe('the README', () => {
  test('opens with the two commands of a fresh machine', () => {
    expect(install).toEqual([
      expect.stringMatching(/^npm install && npm start\s+#/),
      expect.stringMatching(/^npm install && npm test\s+#/),
    ]);
    expect(examples.length).toBeGreaterThanOrEqual(2);
  });

  const lines = examples.flatMap((block, b) => block.map((line) => ({ block: b + 2, line })));
  test.each(lines)('block $block: $line', ({ line }) => {
    // `| head` closes the pipe early on purpose: the writer then ends with EPIPE, quietly
    const r = spawnSync('bash', ['-c', PRELUDE + line], {
      cwd: scratch,
      encoding: 'utf8',
      env: { ...process.env, PUZZLEMILL_DAILY_KEY: 'readme-examples-key-0123456789abcdef0123456789' },
      maxBuffer: 64 << 20,
      timeout: 120_000,
    });
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/); // no stack trace
    expect({ status: r.status, stderr: r.stderr.slice(0, 500) }).toMatchObject({ status: 0 });
  });
});
