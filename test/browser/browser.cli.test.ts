/**
 * puzzlemill/browser in a real browser: the compiled entry (dist/browser.js, what a consumer's
 * `import 'puzzlemill/browser'` resolves to through `exports`) bundled by esbuild for the browser, served over loopback with a
 * small page, driven in Debian's headless Chromium (/usr/bin/chromium; playwright-core only
 * drives it, nothing is downloaded). The page generates a Numbridge board and a Murder case from
 * fixed seeds, draws both as SVG, verifies both and plays a few referee moves; the test reads
 * the DOM and the page's results and compares the files with what Node makes from the same seeds.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ROOT } from '../helpers/cli.ts';

const CHROMIUM = '/usr/bin/chromium';
const SEEDS = { board: 'browser-board-1', murder: 'browser-case-1', deal: 'browser-deal-1' };
const BOARD_REQUEST = { size: 9, blocks: 'regular', givens: 30 } as const;
const CASE_REQUEST = { size: 6, level: 'easy' } as const;

interface PageResult {
  board: { id: string };
  murderCase: { id: string };
  verify: Record<'board' | 'case' | 'player', { status: string; kind?: string; problems: string[] }>;
  referee: {
    accepted: { move: { kind: string }; player: number; right: boolean; ply: number }[];
    refused: { name: string; code: string; reason: string } | null;
    whyIllegal: { code: string; reason: string } | null;
    plies: number;
  };
  svg: { board: string; case: string };
  boardMs: number;
}

const consumer = mkdtempSync(join(tmpdir(), 'pm-browser-'));
mkdirSync(join(consumer, 'node_modules'));
let server: Server;
let browser: Browser;
let page: Page;
let result: PageResult;
let domCounts: Record<string, number>;
let cardNames: string[];
const problems: string[] = [];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`${CHROMIUM} is missing: install Debian's Chromium (sudo apt-get install -y --no-install-recommends chromium) to run the browser test`);
  }
  // `puzzlemill/browser` resolved as a consumer's bundler resolves it: through the package's
  // `exports` (a scratch project whose node_modules/puzzlemill is this checkout) to dist/browser.js
  symlinkSync(ROOT, join(consumer, 'node_modules/puzzlemill'), 'dir');
  const bundle = await build({
    stdin: { contents: "export * from 'puzzlemill/browser';", resolveDir: consumer, sourcefile: 'consumer.js' },
    bundle: true,
    metafile: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  expect(Object.keys(bundle.metafile.inputs)).toContain(relative(process.cwd(), join(ROOT, 'dist/browser.js')));
  const files: Record<string, [string, string | Uint8Array]> = {
    '/': ['text/html', `<!doctype html><meta charset="utf-8"><title>puzzlemill/browser</title><link rel="icon" href="data:,">
<div id="board"></div><div id="case"></div>
<script>window.SEEDS = ${JSON.stringify(SEEDS)};</script>
<script type="module" src="/page.js"></script>`],
    '/page.js': ['text/javascript', readFileSync(new URL('./fixtures/page.js', import.meta.url))],
    '/puzzlemill-browser.js': ['text/javascript', bundle.outputFiles[0]!.contents],
  };
  server = createServer((req, res) => {
    const file = files[req.url ?? ''];
    if (!file) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': `${file[0]}; charset=utf-8` }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console error: ${m.text()}`);
  });
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
  await page.goto(url);
  // page code as strings: the tests are typed for Node, without the DOM library
  await page.waitForFunction('window.__puzzlemill !== undefined', null, { timeout: 50_000 });
  result = await page.evaluate<PageResult>('window.__puzzlemill');
  const count = (selector: string) => page.evaluate<number>(`document.querySelectorAll(${JSON.stringify(selector)}).length`);
  domCounts = {
    svgs: await count('svg'),
    boardSvgs: await count('#board > svg'),
    caseSvgs: await count('#case > svg'),
    boardCells: await count('#board svg .cell'),
    boardGivens: await count('#board svg .given'),
    boardSolution: await count('#board svg .solution'),
    caseFloors: await count('#case svg .floor'),
    caseCards: await count('#case svg .card'),
    caseTokens: await count('#case svg .person'),
  };
  cardNames = await page.evaluate<string[]>(`[...document.querySelectorAll('#case svg .person-name')].map((t) => t.textContent)`);
  const timing = result.boardMs;
  // figures for the closing note, never asserted: the bundle's size, a 9×9 board in Chromium and in Node (the page's seeds)
  const { generateBoard } = await import(ROOT + 'dist/index.js');
  generateBoard(BOARD_REQUEST, SEEDS.board);
  const t0 = performance.now();
  for (let i = 0; i < 10; i++) generateBoard(BOARD_REQUEST, `timing-${i}`);
  const nodeMs = (performance.now() - t0) / 10;
  const code = bundle.outputFiles[0]!.contents;
  console.log(`puzzlemill/browser bundle: ${code.length} bytes minified, ${gzipSync(code).length} gzip; 9×9 board (mean of 10): Chromium ${timing.toFixed(1)} ms, Node ${nodeMs.toFixed(1)} ms`);
}, 120_000);

afterAll(async () => {
  rmSync(consumer, { recursive: true, force: true });
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
});

describe('puzzlemill/browser in headless Chromium', () => {
  test('the page ran without page errors, console errors or failed requests', () => {
    expect(problems).toEqual([]);
  });

  test('the board and the case are byte-identical to what Node generates from the same seeds', async () => {
    const node = await import(ROOT + 'dist/index.js');
    const board = node.generateBoard(BOARD_REQUEST, SEEDS.board);
    const murderCase = node.generateCase(CASE_REQUEST, SEEDS.murder);
    expect(result.board.id).toBe(board.id);
    expect(JSON.stringify(result.board)).toBe(JSON.stringify(board));
    expect(result.murderCase.id).toBe(murderCase.id);
    expect(JSON.stringify(result.murderCase)).toBe(JSON.stringify(murderCase));
    // the pictures too: text is measured with the same embedded widths
    expect(result.svg.board).toBe(node.renderSvg(node.playerForm(board)));
    expect(result.svg.case).toBe(node.renderSvg(murderCase, { lang: 'de' }));
  });

  test('the DOM holds the two pictures: a 9×9 board with its 30 givens and no solution; the case plan, a card per person, no solution tokens', () => {
    const people = (result.murderCase as unknown as { public: { people: { name: string }[] } }).public.people;
    expect(domCounts).toEqual({
      svgs: 2,
      boardSvgs: 1,
      caseSvgs: 1,
      boardCells: 81,
      boardGivens: 30,
      boardSolution: 0,
      caseFloors: 36,
      caseCards: people.length,
      caseTokens: 0,
    });
    expect(cardNames).toEqual(people.map((p) => p.name));
  });

  test('verify says ok for the board, the case (as JSON text) and the board player form', () => {
    expect(result.verify.board).toMatchObject({ status: 'ok', kind: 'numbridge', problems: [] });
    expect(result.verify.case).toMatchObject({ status: 'ok', kind: 'murder', problems: [] });
    expect(result.verify.player).toMatchObject({ status: 'ok', kind: 'numbridge', problems: [] });
  });

  test('the referee accepts legal moves and refuses a tile on a given with its reason, as in Node', async () => {
    const { numbridge } = await import(ROOT + 'dist/index.js');
    expect(result.referee.accepted.map((a) => [a.ply, a.player])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    expect(result.referee.plies).toBe(3);
    expect(result.referee.refused).toMatchObject({ name: 'IllegalMoveError', code: 'cell-not-empty' });
    expect(result.referee.refused!.reason).toMatch(/is not empty \(it shows a \d\)/);
    expect(result.referee.whyIllegal).toEqual({ code: 'cell-not-empty', reason: result.referee.refused!.reason });

    // the same moves in Node: the same verdicts
    const deal = numbridge.dealNumbridge({ variant: 'bridge' }, SEEDS.deal);
    let state = numbridge.newGame(numbridge.readNumbridgeDeal(deal, { source: 'node' }).setup);
    for (const a of result.referee.accepted) {
      const { state: next, outcome } = numbridge.applyMove(state, a.move);
      expect({ move: a.move, player: outcome.player, right: outcome.right, ply: outcome.ply }).toEqual(a);
      state = next;
    }
  });
});
