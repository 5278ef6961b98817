import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { playerForm } from '../../src/numbridge-board/board-file.ts';
import { runCli } from '../helpers/cli.ts';
import { boardIrregular9, boardRegular9, DOMINO_EXAMPLE, murderCase } from './samples.ts';

let dir = '';
let stream = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'render-cli-'));
  stream = join(dir, 'mixed.ndjson');
  const broken = { ...boardRegular9(), public: { ...boardRegular9().public, size: 12 } };
  writeFileSync(stream, [boardRegular9(), broken, murderCase(6), playerForm(boardIrregular9())].map((f) => JSON.stringify(f)).join('\n') + '\n');
  writeFileSync(join(dir, 'board.json'), JSON.stringify(boardIrregular9(), null, 2));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('puzzlemill render', () => {
  test('one puzzle without --out: its SVG on stdout', () => {
    const r = runCli(['render', join(dir, 'board.json'), '--solution', '--lang', 'de']);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(r.stdout).toContain('class="solution"');
    expect(r.stderr).toBe('');
  });

  test('a stream with a broken line: one picture per good puzzle, deterministic names, one error line, exit 2', () => {
    const out = join(dir, 'png');
    const r = runCli(['render', stream, '--format', 'png', '--out', out, '--lang', 'de', '--scale', '1']);
    expect(r.code).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`${stream.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}:2 /public/size`));
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const names = readdirSync(out).sort();
    expect(names).toEqual([`${boardIrregular9().id}.de.png`, `${murderCase(6).id}.de.png`, `${boardRegular9().id}.de.png`].sort());
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
    for (const name of names) expect([...readFileSync(join(out, name)).subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  test('the same command writes the same bytes; --solution names the solution pictures apart', () => {
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    runCli(['render', stream, '--out', a, '--solution']);
    runCli(['render', stream, '--out', b, '--solution']);
    const names = readdirSync(a).sort();
    expect(names).toContain(`${boardRegular9().id}.en.solution.svg`);
    // the player form has no secret: drawn without the solution, named as such
    expect(names).toContain(`${boardIrregular9().id}.en.svg`);
    for (const name of names) expect(readFileSync(join(a, name)).equals(readFileSync(join(b, name)))).toBe(true);
  });

  test('a player form next to its full file (a daily folder) gives one picture, not a copy named -2', () => {
    const player = join(dir, 'board.player.json');
    writeFileSync(player, JSON.stringify(playerForm(boardIrregular9())));
    const out = join(dir, 'pair');
    const r = runCli(['render', join(dir, 'board.json'), player, '--out', out]);
    expect(r.code).toBe(0);
    expect(readdirSync(out)).toEqual([`${boardIrregular9().id}.en.svg`]);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    // with --solution they differ (the player form has no solution to draw): two pictures
    const solved = runCli(['render', join(dir, 'board.json'), player, '--out', join(dir, 'pair-solved'), '--solution']);
    expect(readdirSync(join(dir, 'pair-solved')).sort()).toEqual([`${boardIrregular9().id}.en.solution.svg`, `${boardIrregular9().id}.en.svg`]);
    expect(solved.code).toBe(0);
  });

  test('several puzzles without --out is a usage error; so is a line-format puzzle', () => {
    const r = runCli(['render', stream]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/more than one puzzle in the input: use --out DIR/);
    expect(r.stdout).toBe('');
    const line = runCli(['render'], { input: '.'.repeat(81) + '\n' });
    expect(line.code).toBe(2);
    expect(line.stderr).toMatch(/<stdin>:1: not a puzzlemill JSON file/);
  });

  test('--out naming a file, or a folder under a file: one line naming the path, exit 2, not an internal error', () => {
    const file = join(dir, 'board.json');
    for (const args of [
      ['render', file, '--out', join(file, 'pictures')],
      ['render', '--html', dir, '--out', join(dir, 'missing', 'index.html')],
      ['import', '--out', file],
    ]) {
      const line = (boardRegular9().public.givens as number[][]).flat().map((d) => (d === 0 ? '.' : String(d))).join('');
      const r = runCli(args, { input: line + '\n' });
      expect(r.code, args.join(' ')).toBe(2);
      const lines = r.stderr.trim().split('\n').filter((l) => !/puzzles on|no secret part/.test(l));
      expect(lines.at(-1)).toMatch(/^puzzlemill: \/.*: cannot (create the directory|write): /);
      expect(r.stderr).not.toMatch(/internal error|\n\s+at /);
    }
    expect(readFileSync(file, 'utf8').startsWith('{')).toBe(true);
  });

  test('options that do not apply are said, not silently ignored', () => {
    const url = runCli(['export', '--to', 'ipuz', '--url', join(dir, 'board.json')]);
    expect(url.code).toBe(2);
    expect(url.stderr).toMatch(/--url goes with --to fpuzzles/);
    const turn = runCli(['render', join(dir, 'board.json'), '--turn', '3']);
    expect(turn.code).toBe(0);
    expect(turn.stderr).toMatch(/board\.json:1: --turn applies to game records only/);
  });

  test('a Domino record in the sheet notation, at a given turn', () => {
    const r = runCli(['render', DOMINO_EXAMPLE, '--turn', '12']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('after turn 12/');
    expect((r.stdout.match(/class="domino( [a-z-]+)*"/g) ?? []).length).toBeGreaterThan(10);
  });
});

describe('puzzlemill export and import', () => {
  test('export --to line | import gives the same board; --player strips the secret', () => {
    const exported = runCli(['export', '--to', 'line', '--solution', stream]);
    expect(exported.code).toBe(2); // the broken line
    const lines = exported.stdout.trim().split('\n');
    expect(lines).toHaveLength(2); // the regular board and the player form (the case is no board)
    expect(exported.stderr).toMatch(/mixed\.ndjson:2 \/public\/size/);
    expect(exported.stderr).toMatch(/mixed\.ndjson:3 \/format: expected a puzzlemill\/numbridge-board, found puzzlemill\/murder-case/);
    expect(exported.stderr).toMatch(/mixed\.ndjson:4: no secret part, exported without the solution/);
    const imported = runCli(['import', '--player'], { input: exported.stdout });
    expect(imported.code).toBe(0);
    const files = imported.stdout.trim().split('\n').map((l) => JSON.parse(l) as { id: string; secret?: unknown });
    expect(files.map((f) => f.id)).toEqual([boardRegular9().id, boardIrregular9().id]);
    expect(files.every((f) => f.secret === undefined)).toBe(true);
  });

  test('import: a puzzle with two solutions exits 1, an unreadable line exits 2, the good ones still go out', () => {
    const input = ['12', '.'.repeat(81), boardRegular9().public.givens.flat().map((d) => (d ? d : '.')).join('')].join('\n') + '\n';
    const r = runCli(['import'], { input });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/<stdin>:1:1: puzzle has 2 characters/);
    expect(r.stderr).toMatch(/<stdin>:2: has more than one solution/);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    const onlyAmbiguous = runCli(['import'], { input: '.'.repeat(81) + '\n' });
    expect(onlyAmbiguous.code).toBe(1);
  });
});
