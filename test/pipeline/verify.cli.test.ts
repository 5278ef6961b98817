/**
 * `puzzlemill verify` on a directory of broken (and a few good) inputs: each gets exactly its
 * one-line reason, none stops the others, no stack traces, and the exit code is the worst.
 */
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { runCli } from '../helpers/cli.ts';

const FIX = 'test/fixtures/verify/';
const tmp = mkdtempSync(join(tmpdir(), 'pm-verify-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Every fixture and its expected report lines (stdout), in input order: a prefix, then `…`-separated parts it contains. */
const EXPECTED: Record<string, string[]> = {
  'good-board.json': [':1: ok: numbridge 4×4 regular, 4 givens, grade 1 (easy)'],
  'good-player.ndjson': [':1: ok: numbridge 4×4 regular, 4 givens, grade 1 (easy)'],
  'two-solutions.json': [':1: FAIL: numbridge 4×4 regular, 2 givens, grade 1 (easy): has more than one solution'],
  'wrong-secret.json': [":1: FAIL: numbridge 4×4 regular, 4 givens, grade 1 (easy): secret solution is not the board's solution (first difference at r4c1)"],
  'leaky-id.json': [':1: FAIL: numbridge 4×4 regular, 4 givens, grade 1 (easy): id reveals the solution'],
  'wrong-block-shape.json': [':1: FAIL: numbridge 4×4 irregular, 4 givens, grade 1 (easy): blockShape says irregular but the blocks are the regular ones'],
  'wrong-types.json': [':1 /public/size: bad input: must be integer'],
  'size-out-of-range.json': [':1 /public/size: bad input: must be ≤ 9'],
  'regions-not-partition.json': [':1 /public/regions: bad input: region 0 has 5 cells, expected 4'],
  'regions-not-connected.json': [':1 /public/regions: bad input: region 0 is not connected (hex adjacency)'],
  'contradictory-givens.json': [':1 /public/givens/1/1: bad input: givens clash: 1 at r1c1 and r2c2 share a block'],
  // an unknown field is read and ignored, but one that spells the solution is a leak
  'unknown-field.json': [':1: FAIL: numbridge 4×4 regular, 4 givens, grade 1 (easy): public field "solution" reveals the solution'],
  'truncated.ndjson': [
    ':1: ok: numbridge 4×4 regular, 4 givens, grade 1 (easy)',
    ':2:121: bad input: not valid JSON (Unterminated string)',
    ':3: ok: numbridge 4×4 regular, 4 givens, grade 1 (easy)',
  ],
  'not-json.ndjson': [':1: bad input: not valid JSON (Unexpected token', ':2: ok: numbridge 4×4 regular, 4 givens, grade 1 (easy)'],
  'not-an-object.ndjson': [
    ':1 /0: bad input: expected a puzzle object, got number',
    ':1 /1: bad input: expected a puzzle object, got string',
    ':1 /2: bad input: expected a puzzle object, got null',
  ],
  'unknown-format.json': [':1 /format: bad input: unknown format "puzzlemill/chess-problem" (known: '],
  'no-format.json': [':1 /format: bad input: missing "format" (e.g. "puzzlemill/numbridge-board")'],
  'deeply-nested.json': [':1: bad input: JSON nested deeper than 64 levels'],
  'lines.txt': [
    ':2: FAIL: sudoku 4×4, 2 givens: has more than one solution',
    ':3: FAIL: sudoku 4×4, 3 givens: has more than one solution',
    ':4:4: bad input: bad character "x" (expected 1..4, \'.\' or \'0\')',
    ':5:1: bad input: puzzle has 5 characters, expected 16, 25, 36, 49, 64 or 81',
    ':6: ok: sudoku 9×9, 17 givens, grade',
    ':8: ok: sudoku 9×9, 21 givens, grade 5 (extreme', // no rung finds a first step but the last: nested forcing chains
  ],
  'good-case.json': [':1: ok: murder 4×4 easy'],
  'unknown-clue-kind.json': [':1 /public/people/1/clues/2/kind: bad input: must be one of "victim", "row"'],
  'wrong-level.json': [':1: FAIL: murder 4×4 hard … level claims 3 (hard) but the proof needs 1 (easy)'],
  'case-many-solutions.json': [':1: FAIL: murder 4×4 easy … more than one solution … not guess-free'],
  'empty.json': [': bad input: no puzzle in this file'],
  'binary.bin': [':1: bad input: not a text file (a NUL byte at byte 4: binary data, or UTF-16 text?)'],
  'not-json.json': [":1: bad input: not valid JSON (Unexpected token 'h')"],
  'array-of-puzzles.json': [':1 /0: ok: numbridge 4×4 regular, 4 givens, grade 1 (easy)', ':1 /1/public/size: bad input: must be ≤ 9'],
  'wrong-grade.json': [':1: FAIL: numbridge 4×4 regular, 4 givens, grade 2 (medium): claims grade 2 (medium) but the prover grades it 1 (easy)'],
};

describe('puzzlemill verify', () => {
  test('every broken input gets its one-line reason; the good ones pass; exit 2 (worst)', () => {
    const names = Object.keys(EXPECTED).sort();
    const r = runCli(['verify', '-j', '1', ...names.map((n) => FIX + n)]);
    expect(r.code).toBe(2);
    const lines = r.stdout.trimEnd().split('\n');
    const expected = names.flatMap((n) => EXPECTED[n]!.map((l) => FIX + n + l));
    expect(lines).toHaveLength(expected.length);
    lines.forEach((line, i) => {
      const [prefix, ...parts] = expected[i]!.split(' … ');
      expect(line.startsWith(prefix!), `${line}\n  should start with\n${prefix}`).toBe(true);
      for (const part of parts) expect(line).toContain(part);
    });
    expect(r.stderr).toMatch(/^puzzlemill: verified 39: \d+ ok, \d+ failed, \d+ unreadable\n$/);
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
  });

  test('exit 1 when a readable puzzle fails and nothing is unreadable; 0 when all pass; --json reports', () => {
    const failing = runCli(['verify', '-q', FIX + 'good-board.json', FIX + 'two-solutions.json']);
    expect(failing.code).toBe(1);
    expect(failing.stderr).toBe('');
    const json = runCli(['verify', '--json', '-q', FIX + 'good-board.json', FIX + 'size-out-of-range.json']);
    expect(json.stdout.trim().split('\n').map((l) => JSON.parse(l))).toEqual([
      { source: FIX + 'good-board.json', line: 1, pointer: null, status: 'ok', kind: 'numbridge', summary: '4×4 regular, 4 givens, grade 1 (easy)', problems: [] },
      { source: FIX + 'size-out-of-range.json', line: 1, pointer: '/public/size', status: 'bad-input', kind: null, summary: null, problems: ['must be ≤ 9'] },
    ]);
    const ok = runCli(['verify', '-q', FIX + 'good-board.json', FIX + 'good-player.ndjson']);
    expect(ok.code).toBe(0);
  });

  test('a 100 MB line is refused without being held, a missing file exits 2, and the rest is still checked', () => {
    const big = join(tmp, 'huge.txt'); // line format after the long line (a .json/.ndjson name would make every line JSON)
    const fd = openSync(big, 'w');
    const chunk = Buffer.alloc(1 << 20, 'x'.charCodeAt(0));
    for (let i = 0; i < 100; i++) writeSync(fd, chunk);
    writeSync(fd, '\n1.........4.....\n');
    closeSync(fd);
    const r = runCli(['verify', '-q', big, join(tmp, 'missing.json'), FIX + 'good-board.json']);
    expect(r.code).toBe(2);
    expect(r.stdout.split('\n').slice(0, 4)).toEqual([
      `${big}:1: bad input: line longer than 16 MB`,
      expect.stringMatching(new RegExp(`^${big}:2: FAIL: sudoku 4×4, 2 givens: has more than one solution`)),
      `${join(tmp, 'missing.json')}: bad input: cannot read: no such file or directory`,
      `${FIX}good-board.json:1: ok: numbridge 4×4 regular, 4 givens, grade 1 (easy)`,
    ]);
  });

  test('`verify DIR/*.json` on an --out directory: puzzles checked, the manifest skipped (schema-checked), exit 0', () => {
    const out = join(tmp, 'out');
    const made = runCli(['generate', 'numbridge', '--size', '4', '--givens', '6', '--count', '2', '--seed', 's', '-q', '--out', out]);
    expect(made.code).toBe(0);
    const files = readdirSync(out).filter((n) => n.endsWith('.json')).sort().map((n) => join(out, n));
    const r = runCli(['verify', ...files]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/manifest\.json:1: skipped: not a puzzle \(puzzlemill\/run-manifest\), schema ok\n/);
    expect(r.stdout.match(/: ok: numbridge 4×4/g)).toHaveLength(2);
    expect(r.stderr).toBe('puzzlemill: verified 2: 2 ok, 0 failed, 0 unreadable (1 bookkeeping file skipped)\n');
    const broken = join(tmp, 'broken-index.json');
    writeFileSync(broken, JSON.stringify({ format: 'puzzlemill/daily-index', version: 1 }));
    const bad = runCli(['verify', '-q', broken]);
    expect(bad.code).toBe(2);
    expect(bad.stdout).toMatch(/^.*broken-index\.json:1 \/: bad input: missing field/);
  });
});
