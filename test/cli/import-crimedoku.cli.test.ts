/**
 * `puzzlemill import --from crimedoku|auto` and `export --to crimedoku` as a user runs them (the
 * built dist/): the hand-made samples of test/data/crimedoku/ come out as verified Murder cases
 * or with their one-line reason and exit code, other items still go out, murder-case files pass
 * through once verify accepts them, and import → export → import gives the same case.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { MurderCaseFile } from '../../src/murder/schema.ts';
import { ROOT, runCli } from '../helpers/cli.ts';

const DATA = join(ROOT, 'test/data/crimedoku');
const at = (name: string) => join(DATA, name);
const scratch = mkdtempSync(join(tmpdir(), 'pm-crimedoku-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const cases = (stdout: string): MurderCaseFile[] => stdout.trim().split('\n').filter(Boolean).map((line) => JSON.parse(line) as MurderCaseFile);

describe('import --from crimedoku', () => {
  test('the good samples: graded Murder cases that verify; the bad ones: one line each, the others still go out', () => {
    const r = runCli(['import', '--from', 'crimedoku', at('cottage-4.json'), at('bad-two-solutions.json'), at('shop-5.json'), at('bad-not-square.json'), at('garden-5.json')]);
    expect(r.code).toBe(1);
    const out = cases(r.stdout);
    expect(out.map((c) => [c.public.size, c.public.level?.name, c.secret?.solution.murderer])).toEqual([
      [4, 'easy', 'clara'],
      [5, 'easy', 'greta'],
      [5, 'easy', 'rosa'],
    ]);
    expect(r.stderr.trim().split('\n')).toEqual([
      `puzzlemill: ${at('cottage-4.json')}:1: gender of "Zed" unknown, taken as m (give --gender Zed=f or =m); the cards name the person, so no text shows it`,
      `puzzlemill: ${at('bad-two-solutions.json')}:1: gender of "Zed" unknown, taken as m (give --gender Zed=f or =m); the cards name the person, so no text shows it`,
      `puzzlemill: ${at('bad-two-solutions.json')}:1: more than one solution: clara at [2, 0] or [3, 2], zed at [3, 2] or [2, 0]`,
      `puzzlemill: ${at('bad-not-square.json')}:1: the grid is 4×5: a puzzlemill case is square`,
    ]);
    const file = join(scratch, 'good.ndjson');
    writeFileSync(file, r.stdout);
    const verified = runCli(['verify', file]);
    expect(verified.stderr).toContain('verified 3: 3 ok');
    expect(verified.code).toBe(0);
  });

  test('--from auto knows the format by its fields; --gender names a gender and silences the guess', () => {
    const r = runCli(['import', '--gender', 'Zed=f', at('cottage-4.json')]);
    expect([r.code, r.stderr]).toEqual([0, '']);
    const [c] = cases(r.stdout);
    expect(c!.public.people.find((p) => p.name === 'Zed')!.gender).toBe('f');
    expect(c!.public.people.find((p) => p.name === 'Zed')!.clues[0]!.text.de).toBe('Das Opfer. Zed war mit dem Täter allein.');
    const player = JSON.parse(runCli(['import', '--player', '--gender', 'Zed=f', at('cottage-4.json')]).stdout) as MurderCaseFile;
    expect(player).toEqual({ format: c!.format, version: 1, id: c!.id, public: c!.public });
    expect(runCli(['import', '--gender', 'Zed', at('cottage-4.json')])).toMatchObject({ code: 2, stderr: expect.stringContaining('--gender "Zed": expected NAME=f or NAME=m') });
  });

  test('exit codes of the bad samples: 1 for a case that cannot be ours, 2 for a file that is no crimedoku case', () => {
    const one = (name: string) => runCli(['import', at(name)]);
    expect(one('bad-unknown-clue.json')).toMatchObject({ code: 1, stdout: '', stderr: expect.stringMatching(/:1: clue 2 \(in_row, "Ben"\): not a crimedoku clue type we know \(in_room, /) });
    expect(one('bad-invert-ignored.json')).toMatchObject({ code: 1, stderr: expect.stringContaining(':1: clue 3 (in_corner, "Clara"): "invert" is ignored there by crimedoku itself') });
    expect(one('bad-unknown-object.json')).toMatchObject({ code: 2, stderr: expect.stringContaining(':1 /grid/cells/1/objects/0: unknown object "sofa" (crimedoku\'s objects: window, bed, ') });
    expect(one('bad-not-json.json')).toMatchObject({ code: 2, stderr: expect.stringContaining('not valid JSON') });
    expect(runCli(['import', '--from', 'crimedoku', '-'], { input: '{"format":"x"}' })).toMatchObject({ code: 2, stderr: 'puzzlemill: <stdin>:1 /grid: missing or not an object\n' });
  });

  test('--crimedoku-reading code reads next_to_object and not_next_to_wall as its code does (and says so in --help)', () => {
    expect(runCli(['import', '--crimedoku-reading', 'code', at('shop-5.json')])).toMatchObject({ code: 1, stderr: expect.stringContaining(':1: no solution: no placement satisfies every clue') });
    const help = runCli(['import', '--help']).stdout;
    expect(help).toContain('--crimedoku-reading');
    expect(help.replace(/\s+/g, ' ')).toContain('same room (besideObject), no room wall around (notBesideWall)');
  });

  test('a murder-case file passes through once verify accepts it; one that fails is refused with its problem', () => {
    const first = runCli(['import', at('shop-5.json')]);
    const file = join(scratch, 'shop.json');
    writeFileSync(file, first.stdout);
    expect(runCli(['import', file])).toMatchObject({ code: 0, stdout: first.stdout });
    const c = JSON.parse(first.stdout) as MurderCaseFile;
    c.secret!.solution.murderer = c.public.people.find((p) => p.id !== 'greta' && p.id !== 'ida')!.id;
    const bad = join(scratch, 'bad.json');
    writeFileSync(bad, JSON.stringify(c));
    expect(runCli(['import', bad])).toMatchObject({ code: 1, stdout: '', stderr: expect.stringContaining('secret names the murderer') });
  });
});

describe('export --to crimedoku', () => {
  test('import → export → import: the same case (same id and fingerprint), the same crimedoku file again', () => {
    // the three samples through each step in one process (a case a line, in order): four processes, not twelve
    const names = ['cottage-4.json', 'shop-5.json', 'garden-5.json'];
    const first = runCli(['import', '--gender', 'Zed=m', ...names.map(at)]);
    expect(first.code).toBe(0);
    const exported = runCli(['export', '--to', 'crimedoku', '-'], { input: first.stdout });
    expect(exported.code).toBe(0);
    const again = runCli(['import', '--gender', 'Zed=m', '-'], { input: exported.stdout });
    expect(again.code).toBe(0);
    const [a, b] = [cases(first.stdout), cases(again.stdout)];
    expect([a.length, b.length]).toEqual([names.length, names.length]);
    names.forEach((name, i) => {
      expect(b[i]!.id, name).toBe(a[i]!.id);
      expect(b[i]!.public, name).toEqual(a[i]!.public);
    });
    expect(exported.stdout.trim().split('\n')).toHaveLength(names.length);
    expect(runCli(['export', '--to', 'crimedoku', '-'], { input: again.stdout }).stdout).toBe(exported.stdout);
  });

  test('what the format cannot say: one line, exit 1; the others still go out', () => {
    const c = JSON.parse(runCli(['import', at('garden-5.json')]).stdout) as MurderCaseFile;
    const withRow = structuredClone(c);
    withRow.public.people[0]!.clues.push({ kind: 'row', row: 0, text: { de: 'Paula war in der obersten Reihe.', en: 'Paula was in the top row.' } });
    const input = [JSON.stringify(withRow), JSON.stringify(c)].join('\n') + '\n';
    const r = runCli(['export', '--to', 'crimedoku', '-'], { input });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("puzzlemill: <stdin>:1: paula's clue row: crimedoku has no clue of that meaning\n");
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    const back = JSON.parse(r.stdout) as { people: string[]; victim: string };
    expect(back.victim).toBe('Theo');
    // a Numbridge board is no Murder case
    expect(runCli(['export', '--to', 'crimedoku', '-'], { input: '{"format":"puzzlemill/numbridge-board"}' })).toMatchObject({ code: 2, stderr: expect.stringContaining('expected a puzzlemill/murder-case') });
  });
});
