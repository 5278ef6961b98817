import { mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { playerForm as casePlayerForm } from '../../src/murder/case-file.ts';
import { playerForm } from '../../src/numbridge-board/board-file.ts';
import { corpusPage, MAX_PAGE_FILE_BYTES } from '../../src/render/html.ts';
import { runCli } from '../helpers/cli.ts';
import { boardBlitz6, boardIrregular9, kosmosDeal, murderCase } from './samples.ts';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'render-html-'));
  const b9 = boardIrregular9();
  const b6 = boardBlitz6();
  const m5 = murderCase(5);
  writeFileSync(join(dir, 'numbridge-9.json'), JSON.stringify(b9));
  writeFileSync(join(dir, 'numbridge-9.player.json'), JSON.stringify(playerForm(b9)));
  writeFileSync(join(dir, 'murder-5.json'), JSON.stringify(m5, null, 2));
  writeFileSync(join(dir, 'murder-5.player.json'), JSON.stringify(casePlayerForm(m5)));
  writeFileSync(join(dir, 'more.ndjson'), JSON.stringify(playerForm(b6)) + '\n' + JSON.stringify(kosmosDeal()) + '\n');
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ format: 'puzzlemill/run-manifest' }));
  writeFileSync(join(dir, 'broken.json'), '{"format": "puzzlemill/numbridge-board", "version": 1, "id": "x", "public": {"size": 3}}');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the corpus page', () => {
  test('lists every puzzle of the folder once (a player form and its full file are one), with pictures and texts', () => {
    const page = corpusPage(dir, { solution: false, lang: 'en' });
    expect(page.count).toBe(4);
    const ids = [boardIrregular9().id, boardBlitz6().id, murderCase(5).id, kosmosDeal().id];
    for (const id of ids) expect(page.html).toContain(id);
    expect((page.html.match(/<section /g) ?? []).length).toBe(4);
    expect((page.html.match(/<svg /g) ?? []).length).toBe(4);
    // grades, levels and clue texts
    expect(page.html).toContain(`grade ${boardIrregular9().public.grade.level}`);
    expect(page.html).toContain(`level ${murderCase(5).public.level.level}`);
    for (const p of murderCase(5).public.people) for (const c of p.clues) expect(page.html).toContain(c.text.en.replace(/&/g, '&amp;'));
    // the broken file is listed as a problem, the manifest is not a puzzle
    expect(page.problems).toHaveLength(1);
    expect(page.problems[0]).toMatch(/broken\.json.*\/public/);
  });

  test('works offline: no external stylesheet, script, font or image', () => {
    const { html } = corpusPage(dir, { solution: true, lang: 'de' });
    expect(html).not.toMatch(/<script|<link|<img|@import|url\(|src=/i);
    expect(html).not.toMatch(/(href|src)="https?:/);
    // no URL at all, not even the SVG namespace (HTML gives inline <svg> its namespace itself)
    expect(html).not.toMatch(/https?:\/\//);
    expect((html.match(/<svg /g) ?? []).length).toBeGreaterThan(0);
    expect(html.startsWith('<!doctype html>')).toBe(true);
  });

  test('solution pictures only with --solution, folded away', () => {
    const plain = corpusPage(dir, { solution: false, lang: 'en' }).html;
    expect(plain).not.toContain('<details>');
    expect(plain).not.toContain('class="solution"');
    const solved = corpusPage(dir, { solution: true, lang: 'en' }).html;
    // the two full files (board and case) and the Kosmos deal carry a secret
    expect((solved.match(/<details>/g) ?? []).length).toBe(3);
    expect(solved).toContain('class="solution"');
  });

  test('a huge file or a folder named *.json is listed as unreadable, not loaded', () => {
    const other = mkdtempSync(join(tmpdir(), 'render-html-big-'));
    try {
      writeFileSync(join(other, 'board.json'), JSON.stringify(boardBlitz6()));
      const big = join(other, 'big.json');
      writeFileSync(big, '');
      truncateSync(big, MAX_PAGE_FILE_BYTES + 1); // sparse: no disk used
      mkdirSync(join(other, 'folder.json'));
      const page = corpusPage(other, { solution: false, lang: 'en' });
      expect(page.count).toBe(1);
      expect(page.problems).toEqual([`${big}: larger than 64 MB: not read`, `${join(other, 'folder.json')}: not a file`]);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  test('render --html writes DIR/index.html and reports the unreadable file (exit 2)', () => {
    const r = runCli(['render', '--html', dir, '--lang', 'de']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/broken\.json/);
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    expect((html.match(/<section /g) ?? []).length).toBe(4);
    expect(r.stdout.trim()).toBe(join(dir, 'index.html'));
  });
});
