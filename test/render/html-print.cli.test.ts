/**
 * The HTML preview on paper (issue 29, section 1): printed in Debian's headless Chromium to a PDF,
 * one page a puzzle, no table of contents and no "Solution" toggles; with --solution each solution
 * on the page after its puzzle; card texts at least 9 pt.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { corpusPage } from '../../src/render/html.ts';
import { boardBlitz6, boardIrregular9, kosmosDeal, murderCase } from './samples.ts';

const CHROMIUM = '/usr/bin/chromium';
let dir = '';
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's Chromium (apt-get install chromium) to run the print test`);
  dir = mkdtempSync(join(tmpdir(), 'render-print-'));
  writeFileSync(join(dir, 'numbridge-9.json'), JSON.stringify(boardIrregular9()));
  writeFileSync(join(dir, 'numbridge-6.json'), JSON.stringify(boardBlitz6()));
  writeFileSync(join(dir, 'murder-5.json'), JSON.stringify(murderCase(5)));
  writeFileSync(join(dir, 'murder-9.json'), JSON.stringify(murderCase(9)));
  writeFileSync(join(dir, 'kosmos.json'), JSON.stringify(kosmosDeal()));
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The page printed: its PDF's page count, and what print media shows. */
async function printed(solution: boolean) {
  const html = corpusPage(dir, { solution, lang: 'de' }).html;
  const file = join(dir, solution ? 'with-solution.html' : 'plain.html');
  writeFileSync(file, html);
  const page = await browser.newPage();
  try {
    await page.goto('file://' + file);
    const pdf = await page.pdf({ preferCSSPageSize: true });
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;
    await page.emulateMedia({ media: 'print' });
    // page code as a string: the tests are typed for Node, without the DOM library
    const shown = (await page.evaluate(`(() => {
      const visible = (sel) => [...document.querySelectorAll(sel)].filter((e) => getComputedStyle(e).display !== 'none').length;
      const sizes = [...document.querySelectorAll('ol.cards li')].map((e) => parseFloat(getComputedStyle(e).fontSize));
      // every solution after the last puzzle: a key at the back, never on a puzzle's back in duplex
      const last = [...document.querySelectorAll('section.puzzle')].at(-1);
      const keyAfterPuzzles = [...document.querySelectorAll('.print-solution')].every((e) => last.compareDocumentPosition(e) & Node.DOCUMENT_POSITION_FOLLOWING && !last.contains(e));
      return { nav: visible('nav'), toggles: visible('details'), solutions: visible('.print-solution'), keyAfterPuzzles, smallestCardText: Math.min(...sizes) };
    })()`)) as { nav: number; toggles: number; solutions: number; keyAfterPuzzles: boolean; smallestCardText: number };
    return { pages, ...shown };
  } finally {
    await page.close();
  }
}

describe('the HTML preview, printed', () => {
  test('one page a puzzle, no contents list, no toggles; card texts at least 9 pt', async () => {
    const p = await printed(false);
    expect(p).toMatchObject({ pages: 5, nav: 0, toggles: 0, solutions: 0 });
    expect(p.smallestCardText).toBeGreaterThanOrEqual((9 * 96) / 72); // CSS px
  });
  test('with --solution: each solution on a page of its own in a key after every puzzle, still no toggle', async () => {
    const p = await printed(true);
    expect(p).toMatchObject({ pages: 10, nav: 0, toggles: 0, solutions: 5, keyAfterPuzzles: true });
  });
});
