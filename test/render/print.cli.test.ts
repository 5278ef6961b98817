/**
 * `puzzlemill print` (issue 29, section 1): booklets read back with Debian's poppler-utils —
 * page counts for --per-page 1 and 4 and with --solutions, text extractable, no solution on a
 * puzzle page (the murderer's mark, a Numbridge solution row), the shipped fonts embedded, a page
 * rendered to PNG. poppler-utils is installed here when missing and running as root on Debian (as
 * test/global-build.ts installs Chromium); otherwise the test fails with a one-line reason.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { playerForm as boardPlayerForm } from '../../src/numbridge-board/board-file.ts';
import { murdererLabel } from '../../src/render/labels.ts';
import { booklet, forPdf, smallestCardText } from '../../src/render/pdf.ts';
import { pictureOf } from '../../src/render/pictures.ts';
import { runCli } from '../helpers/cli.ts';
import { boardBlitz6, boardRegular9, murderCase } from './samples.ts';

const POPPLER = ['pdfinfo', 'pdftotext', 'pdffonts', 'pdftoppm'];
let dir = '';
let secret = '';
let pub = '';

function has(tool: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).status === 0;
}

function installPoppler(): void {
  if (POPPLER.every(has)) return;
  if (process.getuid?.() !== 0 || !existsSync('/usr/bin/apt-get')) throw new Error(`${POPPLER.filter((t) => !has(t)).join(', ')} missing: install Debian's poppler-utils (apt-get install poppler-utils) to run the print test`);
  process.stderr.write('test setup: poppler-utils is missing; installing Debian\'s poppler-utils (apt-get) …\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', '--no-install-recommends', 'poppler-utils']]) {
    const step = spawnSync('apt-get', args, { encoding: 'utf8', env });
    if (step.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${step.status}): poppler-utils is needed to read the booklets back`);
  }
  if (!POPPLER.every(has)) throw new Error('poppler-utils installed, but pdfinfo/pdftotext/pdffonts/pdftoppm are still missing');
}

function tool(name: string, args: string[]): string {
  const r = spawnSync(name, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${name} ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

const pages = (pdf: string) => Number(/^Pages:\s+(\d+)/m.exec(tool('pdfinfo', [pdf]))?.[1]);
const pageText = (pdf: string, n: number) => tool('pdftotext', ['-layout', '-f', String(n), '-l', String(n), pdf, '-']).replace(/\s+/g, ' ');

/** Rows of a Numbridge board's solution found on a page, each as its digits in order. */
function solutionRows(text: string, solution: number[][]): number {
  return solution.filter((row) => text.includes(` ${row.join(' ')} `)).length;
}

const MURDER = () => murderCase(5);
/** The murderer's person: the solution marks their card "murderer"/"Täter…" (on the key only). */
const murderer = () => MURDER().public.people.find((p) => p.id === MURDER().secret!.solution.murderer)!;
/** The murderer's card heading with the mark, as pdftotext reads it: "Finn ♂ murderer". */
const marked = (lang: 'de' | 'en') => new RegExp(`${murderer().name} [♀♂] ${murdererLabel(murderer().gender, lang)}`);

beforeAll(() => {
  installPoppler();
  dir = mkdtempSync(join(tmpdir(), 'print-cli-'));
  secret = join(dir, 'secret');
  pub = join(dir, 'public');
  mkdirSync(secret);
  mkdirSync(pub);
  writeFileSync(join(secret, 'numbridge-9.json'), JSON.stringify(boardRegular9()));
  writeFileSync(join(secret, 'numbridge-6.json'), JSON.stringify(boardBlitz6()));
  writeFileSync(join(secret, 'murder-5.json'), JSON.stringify(MURDER()));
  writeFileSync(join(pub, 'numbridge-9.player.json'), JSON.stringify(boardPlayerForm(boardRegular9())));
  const { secret: _s, ...murderPlayer } = MURDER();
  writeFileSync(join(pub, 'murder-5.player.json'), JSON.stringify(murderPlayer));
}, 180_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('puzzlemill print', () => {
  test('one a page: a page per puzzle; four a page: the boards share a page, the Murder case keeps 9 pt cards', () => {
    const one = join(dir, 'one.pdf');
    const r1 = runCli(['print', secret, '--out', one]);
    expect(r1.code, r1.stderr).toBe(0);
    expect(r1.stdout.trim()).toBe(one);
    expect(pages(one)).toBe(3);
    // the same files and options: the same bytes (no clock in the file)
    const again = join(dir, 'one-again.pdf');
    expect(runCli(['print', secret, '--out', again]).code).toBe(0);
    expect(readFileSync(again).equals(readFileSync(one))).toBe(true);

    const four = join(dir, 'four.pdf');
    const r4 = runCli(['print', secret, '--out', four, '--per-page', '4', '--paper', 'letter']);
    expect(r4.code, r4.stderr).toBe(0);
    expect(pages(four)).toBe(2); // both boards on page 1, the case alone on page 2 (9 pt cards)
    expect(r4.stderr).toMatch(/murder-5\.json: Murder case printed 1 a page so its card text is at least 9 pt/);
    expect(tool('pdfinfo', [four])).toMatch(/Page size:\s+612 x 792 pts \(letter\)/);
    // by file name: murder-5.json first, then the two boards
    expect(pageText(four, 1)).toContain(MURDER().id);
    const p2 = pageText(four, 2);
    expect(p2).toContain(boardRegular9().id);
    expect(p2).toContain(boardBlitz6().id);
    expect(p2).toContain('Page 2 of 2');
  });

  test('--solutions: the answer key at the back; no solution on a puzzle page; text extractable; fonts embedded', () => {
    const out = join(dir, 'key.pdf');
    const r = runCli(['print', secret, '--out', out, '--solutions', '--title', 'Chess & Puzzle Club']);
    expect(r.code, r.stderr).toBe(0);
    expect(pages(out)).toBe(5); // title, three puzzles, one key page (four a page)
    const title = pageText(out, 1);
    expect(title).toContain('Chess & Puzzle Club');
    expect(title).toContain('3 puzzles');
    const solution = boardRegular9().secret!.solution;
    for (const n of [2, 3, 4]) {
      const text = pageText(out, n);
      expect(text).not.toMatch(marked('en'));
      expect(solutionRows(text, solution)).toBe(0);
    }
    const key = pageText(out, 5);
    expect(key).toContain('Solutions');
    expect(key).toMatch(marked('en'));
    expect(solutionRows(key, solution)).toBeGreaterThanOrEqual(8); // the check can see a solution row

    const fonts = tool('pdffonts', [out]).split('\n').slice(2).filter((l) => l.trim() !== '');
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) {
      expect(line).toMatch(/DejaVuSans/);
      expect(line).toMatch(/\byes\s+yes\s+yes\b/); // embedded, subset, unicode map
    }

    const png = join(dir, 'page');
    tool('pdftoppm', ['-r', '40', '-f', '4', '-l', '4', '-png', '-singlefile', out, png]);
    const bytes = readFileSync(png + '.png');
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  test('player forms with --solutions: one line per file without a secret, exit 1, the puzzles still print without a key', () => {
    const out = join(dir, 'player.pdf');
    const r = runCli(['print', pub, '--out', out, '--solutions', '--lang', 'de']);
    expect(r.code).toBe(1);
    const lines = r.stderr.trim().split('\n').filter((l) => l.includes('no secret part'));
    expect(lines).toHaveLength(2);
    expect(pages(out)).toBe(2);
    for (const n of [1, 2]) {
      const text = pageText(out, n);
      if (n === 1) expect(text).toContain(murderer().name); // the case's page: every card, the murderer's unmarked
      expect(text).not.toMatch(marked('de'));
      expect(solutionRows(text, boardRegular9().secret!.solution)).toBe(0);
    }
    expect(pageText(out, 2)).toContain('Seite 2 von 2');
    // a title page promises the key only when there is one
    const titled = join(dir, 'player-title.pdf');
    expect(runCli(['print', pub, '--out', titled, '--solutions', '--title', 'Club']).code).toBe(1);
    expect(pageText(titled, 1)).not.toContain('Solutions at the back');
  });

  test('a booklet of several days names each puzzle by its day and slot', async () => {
    const where = { source: 'x.json' };
    const made = await booklet(
      [
        { value: boardRegular9(), where, label: 'numbridge-9', date: '2026-01-01' },
        { value: boardBlitz6(), where, label: 'numbridge-6', date: '2026-01-02' },
      ],
      { paper: 'a4', perPage: 2, solutions: true, lang: 'en', title: 'Two days' },
    );
    const file = join(dir, 'two-days.pdf');
    writeFileSync(file, made.pdf);
    expect(pageText(file, 1)).toContain('2026-01-01 – 2026-01-02');
    expect(pageText(file, 1)).toContain('Solutions at the back');
    expect(pageText(file, 2)).toMatch(/2026-01-01 · numbridge-9.*2026-01-02 · numbridge-6/);
    expect(pageText(file, 3)).toMatch(/2026-01-01 · numbridge-9.*2026-01-02 · numbridge-6/);
  });

  test('bad input: one line, exit 2, nothing written when nothing is drawable; the good puzzles go out otherwise', () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{"format": "puzzlemill/numbridge-board", "id": 1');
    const none = join(dir, 'none.pdf');
    const r = runCli(['print', bad, '--out', none]);
    expect(r.code).toBe(2);
    expect(existsSync(none)).toBe(false);
    expect(r.stderr).not.toMatch(/\n\s+at /);

    const some = join(dir, 'some.pdf');
    const r2 = runCli(['print', bad, join(secret, 'numbridge-6.json'), '--out', some]);
    expect(r2.code).toBe(2);
    expect(r2.stderr.trim().split('\n').filter((l) => l.includes('bad.json'))).toHaveLength(1);
    expect(pages(some)).toBe(1);

    const r3 = runCli(['print', secret, '--out', dir]);
    expect(r3.code).toBe(2);
    expect(r3.stderr.trim().split('\n')).toHaveLength(1);

    // --out naming an input would replace what the booklet is made from
    const input = join(secret, 'numbridge-6.json');
    const before = readFileSync(input);
    const r4 = runCli(['print', input, '--out', input]);
    expect(r4.code).toBe(2);
    expect(r4.stderr).toMatch(/--out \S+numbridge-6\.json is one of the inputs/);
    expect(readFileSync(input)).toEqual(before);
  });

  test('forPdf: the viewBox fits the placed size, a halo label is its halo then its letters; card text is 12 units', () => {
    const svg = pictureOf(MURDER(), { source: 'm' }, { solution: false, lang: 'en' }).picture.svg;
    const out = forPdf(svg);
    expect(/^<svg[^>]*>/.exec(out)![0]).not.toMatch(/\s(width|height)=/);
    expect(out).not.toContain('paint-order');
    const halos = (svg.match(/paint-order="stroke"/g) ?? []).length;
    expect(halos).toBeGreaterThan(0);
    expect((out.match(/<text\b/g) ?? []).length).toBe((svg.match(/<text\b/g) ?? []).length + halos);
    expect(smallestCardText(svg)).toBe(12);
  });
});
