/**
 * The /demo page in a real browser: Debian's headless Chromium, driven by playwright-core, loads
 * the page from `puzzlemill serve` on loopback; the page draws today's Numbridge board and Murder
 * case (server-side SVG of the player forms) and shows a hint for each.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServe, type ServeProcess } from './serve-process.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const scratch = mkdtempSync(join(tmpdir(), 'pm-demo-'));
let server: ServeProcess;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's Chromium (apt-get install chromium) to run the browser test`);
  server = await startServe(['--port', '0'], { cwd: scratch, env: { PUZZLEMILL_DAILY_KEY: 'demo-browser-test-key-0123456789abcdef0123' } });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

test("the demo page draws today's Numbridge board and Murder case and shows a hint for each", async () => {
  const page = await browser.newPage();
  const failed: string[] = [];
  page.on('response', (r) => void (r.status() >= 400 && failed.push(`${r.status()} ${r.url()}`)));
  page.on('pageerror', (e) => void failed.push(e.message));
  await page.goto(`${server.url}/demo`);
  await page.waitForFunction("document.getElementById('status').textContent.startsWith('The daily set of')", null, { timeout: 30_000 });
  for (const kind of ['numbridge', 'murder']) {
    const img = page.locator(`#${kind} img`);
    await img.waitFor();
    // the picture loads and has a size (an SVG that failed would be 0×0); waitFor only says the
    // element is there, so wait for the load itself — on a busy CI machine it can lag behind
    await page.waitForFunction(`(() => { const el = document.querySelector('#${kind} img'); return el !== null && el.complete && el.naturalWidth > 0; })()`, null, { timeout: 30_000 });
    expect(await img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(100);
    const hint = (await page.locator(`#hint-${kind}`).textContent()) ?? '';
    expect(hint.length).toBeGreaterThan(10);
    expect(hint).not.toMatch(/error|wrong/i);
  }
  expect(await page.locator('#hint-numbridge').textContent()).toMatch(/r\dc\d/);
  // the button asks again
  await page.locator('#murder button').click();
  expect(await page.locator('#hint-murder').textContent()).not.toBe('');
  expect(failed).toEqual([]);
  // it counts as a player would: one view and its hints under the id it keeps
  const daily = (await (await fetch(`${server.url}/daily/today`)).json()) as { index: { puzzles: Array<{ kind: string; id: string }> } };
  const murder = daily.index.puzzles.find((p) => p.kind === 'murder')!.id;
  const stats = (await (await fetch(`${server.url}/stats/puzzles/${murder}`)).json()) as { puzzle: object };
  expect(stats.puzzle).toMatchObject({ players: 1, solved: 0 });
  await page.close();
});
