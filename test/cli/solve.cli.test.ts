import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { dataLines, TEST_DATA } from '../helpers/data.ts';
import { ROOT, runCli } from '../helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'pm-solve-'));
const file = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('puzzlemill solve', () => {
  test('--count reproduces the oracle counts', () => {
    const r = runCli(['solve', '--count', TEST_DATA + 'oracles/solution-counts.txt']);
    expect(r.code).toBe(0);
    const expected = dataLines('oracles/solution-counts.txt').map((l) => String(Math.min(2, Number(l.split(':')[1]))));
    expect(r.stdout.trim().split('\n')).toEqual(expected);
  });

  test("prints solutions, skips comments and blank lines, reads tdoku's count field", () => {
    const r = runCli(['solve'], { input: '# a comment\n\n1.........4.....:2\r\n' });
    expect(r.code).toBe(0);
    const [line] = r.stdout.trim().split('\n');
    expect(line).toMatch(/^1[1-4]{15}$/);
    expect(line![10]).toBe('4');
  });

  test('bad lines get one message with file and line, the rest are still solved, exit 2 (unreadable input, as in verify)', () => {
    const p = file('bad.txt', '1234\n................\n11..............\n..3x............\n');
    const r = runCli(['solve', p]);
    expect(r.code).toBe(2);
    // one stdout line per input line: the bad ones get the marker, their reasons go to stderr
    expect(r.stdout).toMatch(/^bad-input\n[1-4]{16}\nbad-input\nbad-input\n$/);
    expect(r.stderr).toBe(
      [
        `${p}:1:1: puzzle has 4 characters, expected 16, 25, 36, 49, 64 or 81`,
        `${p}:3:2: givens clash: 1 at r1c1 and r1c2 share a row`,
        `${p}:4:4: bad character "x" (expected 1..4, '.' or '0')`,
        '',
      ].join('\n'),
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  test('an unreadable file exits 2 with one line', () => {
    const r = runCli(['solve', join(dir, 'missing.txt')]);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe(`${join(dir, 'missing.txt')}: cannot read: no such file or directory`);
  });

  test('--stats reports rate and nodes on stderr, data only on stdout', () => {
    const r = runCli(['solve', '--stats'], { input: '.'.repeat(81) + '\n' });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^[1-9]{81}$/);
    expect(r.stderr).toMatch(/^1 puzzles, \d+ puzzles\/s, [\d.]+ nodes\/puzzle\n$/);
  });

  test('reads Numbridge board JSON and reports schema problems with a pointer', () => {
    const board = {
      format: 'puzzlemill/numbridge-board',
      version: 1,
      id: 't',
      public: {
        size: 4,
        geometry: 'hex',
        blockShape: 'regular',
        regions: [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 2, 3, 3]],
        givens: [[1, 0, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]],
        grade: { level: 1, name: 'easy', score: 1 },
      },
    };
    const pretty = file('board.json', JSON.stringify(board, null, 2));
    const ok = runCli(['solve', '--count', pretty]);
    expect(ok.stderr).toBe('');
    expect(ok.stdout).toBe('1\n');
    const broken = { ...board, public: { ...board.public, givens: [[1, 0, 0], [0, 0, 3, 0], [0, 4, 0, 0], [0, 0, 0, 2]] } };
    const bad = runCli(['solve'], { input: JSON.stringify(broken) + '\n{"nope\n' });
    expect(bad.code).toBe(2);
    expect(bad.stderr.split('\n')[0]).toBe('<stdin>:1 /public/givens/0: has fewer than 4 items');
    expect(bad.stderr.split('\n')[1]).toBe('<stdin>:2:7: not valid JSON (Unterminated string)');
  });

  test('a directory or a missing file exits 2 with one line each; the readable files are still solved', () => {
    const good = file('good.txt', '1.........4.....\n');
    const r = runCli(['solve', dir, join(dir, 'missing.txt'), good]);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${dir}: cannot read: is a directory\n${join(dir, 'missing.txt')}: cannot read: no such file or directory\n`);
    expect(r.stdout).toMatch(/^bad-input\nbad-input\n1[1-4]{15}\n$/);
  });

  test('binary junk is one line for the whole file (exit 2), not one per "line"; lines before it are read', () => {
    const junk = join(dir, 'junk.bin');
    const bytes = Buffer.alloc(200_000);
    for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919 + (i >> 3)) & 0xff; // has NULs and newlines
    writeFileSync(junk, Buffer.concat([Buffer.from('1.........4.....\n'), bytes]));
    const r = runCli(['solve', '--count', junk]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('2\nbad-input\n');
    expect(r.stderr).toMatch(new RegExp(`^${junk}:2: not a text file \\(a NUL byte at byte \\d+: binary data, or UTF-16 text\\?\\)\n$`));
  });

  test('invalid UTF-8 (a Latin-1 file) is one fatal line too, naming the line', () => {
    const latin1 = file('latin1.txt', '');
    writeFileSync(latin1, Buffer.concat([Buffer.from('1.........4.....\n# R'), Buffer.from([0xe4]), Buffer.from('tsel\n1.........4.....\n')]));
    const r = runCli(['solve', '--count', latin1]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('2\nbad-input\n'); // the file ends at its first bad line
    expect(r.stderr).toBe(`${latin1}:2: not a text file (invalid UTF-8: binary data, or text in another encoding such as Latin-1?)\n`);
  });

  test('a line longer than 16 MB is one message (exit 2), the next line is still solved', () => {
    const big = join(dir, 'big.txt');
    writeFileSync(big, '.'.repeat(17 * 1024 * 1024) + '\n1.........4.....\n');
    const r = runCli(['solve', '--count', big]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('bad-input\n2\n');
    expect(r.stderr).toBe(`${big}:1: line longer than 16 MB\n`);
  });

  test('JSON input: deeply nested, malformed, and a bad element of an array document keeps its index', () => {
    const board = JSON.parse(readFileSync(ROOT + 'test/fixtures/verify/good-board.json', 'utf8'));
    const nested = runCli(['solve'], { input: '['.repeat(100_000) + ']'.repeat(100_000) + '\n' });
    expect(nested.code).toBe(2);
    expect(nested.stderr).toBe('<stdin>:1: JSON nested deeper than 64 levels\n');
    const pretty = JSON.stringify(board, null, 2);
    const truncated = runCli(['solve'], { input: pretty.slice(0, -1) });
    expect(truncated.code).toBe(2);
    expect(truncated.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^<stdin>:\d+:\d+: not valid JSON \(ends too early: truncated\?\)$/)]);
    const clash = structuredClone(board);
    clash.public.givens[0][1] = clash.public.givens[0][0];
    const { public: _, ...noPublic } = board;
    const array = runCli(['solve', '--count'], { input: JSON.stringify([board, clash, noPublic], null, 2) });
    expect(array.code).toBe(2);
    expect(array.stdout).toBe('1\nbad-input\nbad-input\n');
    expect(array.stderr).toBe('<stdin>:1 /1/public/givens/0/1: givens clash: 1 at r1c1 and r1c2 share a row\n<stdin>:1 /2: missing field "public"\n');
  });

  test('--max-nodes: a puzzle not decided within the budget is "undecided" (exit 1), the others are answered', () => {
    const solved = '652483917978162435314975628825736149791824563436519872269348751547291386183657294';
    const r = runCli(['solve', '--count', '--max-nodes', '3'], { input: `.${solved.slice(1)}\n${'.'.repeat(81)}\n` });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('1\nundecided\n');
    expect(r.stderr).toBe('<stdin>:2: undecided: not decided within 3 search nodes (raise --max-nodes)\n');
    expect(runCli(['solve', '--max-nodes', '-1']).code).toBe(2);
  });

  test('--help works for the command', () => {
    const r = runCli(['solve', '--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--count');
  });

  test('an unknown option exits 2 with one line', () => {
    const r = runCli(['solve', '--bogus']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });
});
