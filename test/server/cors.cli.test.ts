/**
 * A web app on another origin, in a real browser (Debian's headless Chromium, playwright-core):
 * `serve --cors-origin http://127.0.0.1:APP --cors-origin '*'`, and pages served by a plain HTTP
 * server on two other ports. The listed app fetches the daily set, posts a check and a hint,
 * deals a table and reads its seat's view with the token (preflights for JSON bodies and
 * Authorization), and revalidates the daily set with its ETag (304); an origin not listed may read
 * (GET, by `*`) but its POST is refused by the browser. No console errors on the listed app.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServe, type ServeProcess } from './serve-process.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** The app: plain fetches against the API named in ?api=, results as JSON in #out. */
const APP = `<!doctype html><meta charset="utf-8"><title>app</title><pre id="out">running</pre>
<script type="module">
const api = new URLSearchParams(location.search).get('api');
const out = {};
const json = (path, body, headers = {}) => fetch(api + path, body === undefined ? { headers } : { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
try {
  const dailyAnswer = await json('/daily/today');
  const daily = await dailyAnswer.json();
  out.puzzles = daily.puzzles.length;
  // the app revalidates what it has: the ETag is readable across origins, a match is a 304
  const revalidated = await json('/daily/today', undefined, { 'if-none-match': dailyAnswer.headers.get('etag') });
  out.revalidated = revalidated.status;
  const board = daily.puzzles.find((p) => p.format === 'puzzlemill/numbridge-board');
  const check = await json('/puzzles/' + encodeURIComponent(board.id) + '/check', { cells: [] });
  out.check = [check.status, await check.json()];
  const hint = await json('/puzzles/' + encodeURIComponent(board.id) + '/hint', {});
  out.hint = [hint.status, (await hint.json()).steps.length > 0];
  if (new URLSearchParams(location.search).get('tables') === '1') {
    const table = await (await json('/tables', { variant: 'blitz' })).json();
    const auth = { authorization: 'Bearer ' + table.seats[0].token };
    const view = await json('/tables/' + table.id, undefined, auth);
    out.view = [view.status, view.headers.get('cache-control'), (await view.json()).seat];
  }
} catch (e) {
  out.error = String(e);
}
document.getElementById('out').textContent = JSON.stringify(out);
</script>`;

const scratch = mkdtempSync(join(tmpdir(), 'pm-cors-'));
let server: ServeProcess;
let browser: Browser;
const apps: Server[] = [];

function appServer(): Promise<string> {
  const app = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(APP));
  apps.push(app);
  return new Promise((done) => app.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(app.address() as { port: number }).port}`)));
}

let listed: string;
let other: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's Chromium (apt-get install chromium) to run the browser test`);
  [listed, other] = await Promise.all([appServer(), appServer()]);
  server = await startServe(['--port', '0', '--cors-origin', listed, '--cors-origin', '*'], { cwd: scratch, env: { PUZZLEMILL_DAILY_KEY: 'cors-browser-test-key-0123456789abcdef0123' } });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  for (const app of apps) app.close();
  rmSync(scratch, { recursive: true, force: true });
});

async function runApp(origin: string, tables: boolean): Promise<{ out: Record<string, unknown>; errors: string[] }> {
  const page = await browser.newPage();
  const errors: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  page.on('pageerror', (e) => void errors.push(e.message));
  await page.goto(`${origin}/?api=${encodeURIComponent(server.url)}&tables=${tables ? 1 : 0}`);
  await page.waitForFunction("document.getElementById('out').textContent !== 'running'", null, { timeout: 60_000 });
  const out = JSON.parse((await page.locator('#out').textContent())!) as Record<string, unknown>;
  await page.close();
  return { out, errors };
}

test('a listed origin: the daily set revalidated, a check, a hint, a table dealt and read with its token', async () => {
  const { out, errors } = await runApp(listed, true);
  expect(out).toEqual({ puzzles: 10, revalidated: 304, check: [200, { right: true, solved: false, cells: [] }], hint: [200, true], view: [200, 'no-store', 1] });
  expect(errors).toEqual([]);
});

test("an origin not listed reads by '*', but its POST is refused by the browser", async () => {
  const { out, errors } = await runApp(other, false);
  expect(out.puzzles).toBe(10);
  expect(out.error).toMatch(/Failed to fetch/);
  expect(out.check).toBeUndefined();
  expect(errors.join('\n')).toMatch(/CORS/);
});
