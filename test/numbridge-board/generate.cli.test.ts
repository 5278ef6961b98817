/** `puzzlemill generate numbridge`: the real binary, as a user runs it. */
import { describe, expect, test } from 'vitest';
import { validator } from '../../src/core/schema.ts';
import { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { verifyBoard } from '../../src/numbridge-board/verify.ts';
import { runCli } from '../helpers/cli.ts';

const isBoardFile = validator<NumbridgeBoardFile>(NumbridgeBoardFile);
const lines = (s: string) => s.trim().split('\n').filter((l) => l !== '');

describe('puzzlemill generate numbridge', () => {
  test('writes NDJSON of valid boards; the same seed gives the same bytes with any worker count', () => {
    const args = ['generate', 'numbridge', '--size', '6', '--givens', '14', '--count', '6', '--seed', 'cli-test', '-q'];
    const one = runCli([...args, '--workers', '1']);
    const two = runCli([...args, '--workers', '2']);
    expect(one.code).toBe(0);
    expect(one.stderr).toBe('');
    expect(two.stdout).toBe(one.stdout);
    const files = lines(one.stdout).map((l) => JSON.parse(l) as NumbridgeBoardFile);
    expect(files).toHaveLength(6);
    for (const f of files) {
      expect(isBoardFile(f)).toBe(true);
      expect(f.public.size).toBe(6);
      expect(f.public.givens.flat().filter((d) => d !== 0)).toHaveLength(14);
      expect(verifyBoard(f).ok).toBe(true);
    }
    expect(new Set(files.map((f) => f.id)).size).toBe(6);
    const other = runCli([...args.slice(0, -3), '--seed', 'cli-test-2', '-q', '--workers', '1']);
    expect(other.stdout).not.toBe(one.stdout);
  });

  test('defaults: 9×9 regular, 30 givens; --player leaves the secret out', () => {
    const r = runCli(['generate', 'numbridge', '--seed', 'defaults', '--player', '-q', '-j', '1']);
    expect(r.code).toBe(0);
    const [file] = lines(r.stdout).map((l) => JSON.parse(l) as NumbridgeBoardFile);
    expect(file!.secret).toBeUndefined();
    expect(file!.public.size).toBe(9);
    expect(file!.public.blockShape).toBe('regular');
    expect(file!.public.givens.flat().filter((d) => d !== 0)).toHaveLength(30);
  });

  test.each([
    [['--size', '5', '--blocks', 'regular'], /5×5 has no regular blocks/],
    [['--size', '6', '--givens', '13', '--symmetry', 'rot180'], /13 givens cannot form a rot180-symmetric pattern on 6×6 .*must be even/],
    [['--givens', '12'], /givens 12 is outside 17\.\.80/],
    [['--size', '11'], /--size must be one of 4, 5, 6, 7, 8, 9 \(not 11\)/],
    [['--symmetry', 'quarter'], /--symmetry must be one of "none", .* \(not "quarter"\)/],
    [['--grade', '9'], /--grade must be one of "1", .*"extreme" \(not "9"\)/],
    [['--size', '4', '--grade', '2'], /4×4 regular boards never need more than singles/],
    [['--givens', 'many'], /^puzzlemill: --givens must be a number, got "many" \(see --help\)$/m],
  ])('refuses an impossible request %j: one line, exit 2', (extra, reason) => {
    const r = runCli(['generate', 'numbridge', '--seed', 'x', '-q', ...extra]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(reason);
  });

  test('a request the budget cannot meet: exit 1 with the request named, nothing half-written', () => {
    // two open cells always leave a full house, so grade 2 is never reached
    const r = runCli(['generate', 'numbridge', '--size', '4', '--blocks', 'irregular', '--givens', '14', '--grade', '2', '--seed', 'x', '--attempts', '1', '-j', '1']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/no 4×4 irregular board with 14 givens at grade 2 within 60 grids/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

});
