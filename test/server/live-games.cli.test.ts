/**
 * One Kosmos SuDoku and one Domino-SUDOKU game played across browser contexts (Debian's headless
 * Chromium, a page per seat, from another origin) through the events alone (issue 31): each page
 * opens `EventSource` with a ticket and moves only when the newest event says it is its turn. Every
 * page sees every move from the one it joined at exactly once, in order, up to the end and its record (what a seat may see is
 * table-bots.test.ts's scan of every answer). The server is `puzzlemill serve`, a real process.
 *
 * The moves are chosen by the test (a greedy bot, through `page.exposeFunction`) from the state
 * the event carried: the test is of the transport and the table, not of play.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { startServe, type ServeProcess } from './serve-process.ts';
import { chooseMove } from './table-bots.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A seat: ?api=&table=&token=&seat=. What it saw goes to #out when the game is over. */
const PLAYER = `<!doctype html><meta charset="utf-8"><title>seat</title><pre id="out">playing</pre>
<script type="module">
const q = new URLSearchParams(location.search);
const api = q.get('api'), table = q.get('table'), token = q.get('token'), seat = Number(q.get('seat'));
const auth = { authorization: 'Bearer ' + token };
const seen = [];
let moved = 0;
const r = await fetch(api + '/tables/' + table + '/tickets', { method: 'POST', headers: auth });
const source = new EventSource(api + '/tables/' + table + '/events?ticket=' + encodeURIComponent((await r.json()).ticket));
// one event at a time, and a move only on the newest: a move chosen on an event a later one has
// already overtaken would be judged on a board that has changed
let newest = -1, queue = Promise.resolve();
source.onmessage = (event) => {
  newest = Number(event.lastEventId);
  queue = queue.then(() => onEvent(event));
};
async function onEvent(event) {
  const id = Number(event.lastEventId);
  seen.push(id);
  const state = JSON.parse(event.data);
  if (state.record) {
    source.close();
    document.getElementById('out').textContent = JSON.stringify({ seen, moved, moveCount: state.moveCount, winners: state.view.winners });
    return;
  }
  if (state.view.toMove !== seat || id !== newest) return;
  // the move is chosen on the table as it is now (the server's clock may have moved meanwhile)
  const now = await (await fetch(api + '/tables/' + table, { headers: auth })).json();
  if (now.record || now.view.toMove !== seat) return;
  const move = await window.chooseMove(now);
  const sent = await fetch(api + '/tables/' + table + '/moves', { method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'at-' + now.moveCount }, body: JSON.stringify({ move }) });
  // a 409 (the game ended, or another move came first: the server's own claim or pass) means this
  // event was already old when the move was sent; the next events tell what happened
  if (sent.status === 200) moved++;
  else if (sent.status !== 409) document.getElementById('out').textContent = 'refused ' + sent.status + ' ' + (await sent.text());
}
</script>`;

const scratch = mkdtempSync(join(tmpdir(), 'pm-live-games-'));
let server: ServeProcess;
let browser: Browser;
let app: Server;
let origin: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's Chromium (apt-get install chromium) to run the browser test`);
  app = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PLAYER));
  origin = await new Promise((done) => app.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(app.address() as { port: number }).port}`)));
  server = await startServe(['--port', '0', '--db', join(scratch, 'live.db'), '--cors-origin', origin, '--corpus', scratch], { cwd: scratch });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  app?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe.each(['kosmos', 'domino'] as const)('a %s table in two browsers', (game) => {
  test('each seat plays through its events to the end; every move seen once, in order', async () => {
    const created = await fetch(`${server.url}/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ game, players: 2 }) });
    expect(created.status).toBe(201);
    const { id, seats } = (await created.json()) as { id: string; seats: Array<{ seat: number; token: string }> };
    const rng = new Rng('live-games', game);
    const pages = await Promise.all(
      seats.map(async ({ seat, token }) => {
        const context = await browser.newContext();
        const page = await context.newPage();
        await page.exposeFunction('chooseMove', (state: never) => chooseMove(game, state, rng));
        await page.goto(`${origin}/?api=${encodeURIComponent(server.url)}&table=${id}&token=${token}&seat=${seat}`);
        return { page, context };
      }),
    );
    const outs = await Promise.all(
      pages.map(async ({ page }) => {
        await page.waitForFunction("document.getElementById('out').textContent !== 'playing'", null, { timeout: 60_000 });
        return (await page.locator('#out').textContent())!;
      }),
    );
    for (const { context } of pages) await context.close();
    const results = outs.map((text) => {
      expect(text).not.toMatch(/^refused/);
      return JSON.parse(text) as { seen: number[]; moved: number; moveCount: number; winners: number[] };
    });
    for (const r of results) {
      // a stream starts with the latest move (the other seat may have moved before this page
      // joined), then every move once, in order, to the end
      const first = r.seen[0]!;
      expect(first).toBeLessThanOrEqual(1);
      expect(r.seen).toEqual(Array.from({ length: r.moveCount + 1 - first }, (_, i) => first + i));
      expect(r.winners.length).toBeGreaterThan(0);
    }
    expect(results[0]!.moveCount).toBe(results[1]!.moveCount);
    expect(results[0]!.moved + results[1]!.moved).toBeGreaterThan(0);
  }, 90_000);
});
