/**
 * Two players in two browser contexts (Debian's headless Chromium) play a Blitz table to its end
 * through the events alone: each page opens `EventSource` with a ticket from `POST
 * /tables/:id/tickets` and moves only when an event says it is its turn — no polling. Player 2's
 * page drops its stream mid-game and reconnects with a new ticket and `?lastEventId=`, and must
 * still see every move exactly once. The server is `puzzlemill serve` (a real process), the
 * pages come from another origin (`--cors-origin`).
 *
 * The players' moves are chosen by the test (through `page.exposeFunction`), which reads the
 * deal's solution from the server's database: the test is of the transport, not of play.
 */
import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { NumbridgeDealFile, NumbridgeView } from '../../src/games/numbridge/schema.ts';
import { startServe, type ServeProcess } from './serve-process.ts';
import { freeGivenTake, replayContradictions, rightPlacement } from './tables-helper.ts';

const CHROMIUM = '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/**
 * A player: ?api=&table=&token=&seat=&drop=N (close the stream after event N and reconnect).
 * Everything it saw goes to #out when the game is over.
 */
const PLAYER = `<!doctype html><meta charset="utf-8"><title>player</title><pre id="out">playing</pre>
<script type="module">
const q = new URLSearchParams(location.search);
const api = q.get('api'), table = q.get('table'), token = q.get('token'), seat = Number(q.get('seat')), drop = Number(q.get('drop') ?? -1);
const auth = { authorization: 'Bearer ' + token };
const seen = [];
let last = null, reconnects = 0, moved = 0, source = null;
async function ticket() {
  const r = await fetch(api + '/tables/' + table + '/tickets', { method: 'POST', headers: auth });
  return (await r.json()).ticket;
}
async function open(after) {
  const url = api + '/tables/' + table + '/events?ticket=' + encodeURIComponent(await ticket()) + (after === null ? '' : '&lastEventId=' + after);
  source = new EventSource(url);
  source.onmessage = onEvent;
}
async function onEvent(event) {
  const id = Number(event.lastEventId);
  seen.push(id);
  last = id;
  const state = JSON.parse(event.data);
  if (state.view.result) {
    source.close();
    document.getElementById('out').textContent = JSON.stringify({ seen, reconnects, moved, result: state.view.result, record: state.record ?? null });
    return;
  }
  // the drop: the stream closed before this seat's move, reopened 300 ms after it
  const dropping = id === drop && reconnects === 0;
  if (dropping) {
    source.close();
    reconnects++;
  }
  if (state.view.toMove === seat) {
    const move = await window.chooseMove(state.view);
    const r = await fetch(api + '/tables/' + table + '/moves', { method: 'POST', headers: { ...auth, 'content-type': 'application/json', 'idempotency-key': 'after-' + id }, body: JSON.stringify({ move }) });
    if (r.status !== 200) throw new Error('move refused: ' + r.status + ' ' + (await r.text()));
    moved++;
  }
  if (dropping) setTimeout(() => open(last), 300);
}
open(null);
</script>`;

const scratch = mkdtempSync(join(tmpdir(), 'pm-live-'));
let server: ServeProcess;
let browser: Browser;
let app: Server;
let origin: string;

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's Chromium (apt-get install chromium) to run the browser test`);
  app = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PLAYER));
  origin = await new Promise((done) => app.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(app.address() as { port: number }).port}`)));
  server = await startServe(['--port', '0', '--db', join(scratch, 'live.db'), '--cors-origin', origin], { cwd: scratch, env: { PUZZLEMILL_DAILY_KEY: 'live-tables-test-key-0123456789abcdef01234' } });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  app?.close();
  rmSync(scratch, { recursive: true, force: true });
});

test('two browsers play a Blitz table to its end through the events; one reconnects mid-game and misses nothing', async () => {
  const created = (await (await fetch(`${server.url}/tables`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ variant: 'blitz' }) })).json()) as { id: string; seats: Array<{ token: string }> };
  const db = new Database(join(scratch, 'live.db'), { readonly: true });
  const deal = JSON.parse((db.prepare('SELECT deal FROM numbridge_tables WHERE id = ?').get(created.id) as { deal: string }).deal) as NumbridgeDealFile;
  db.close();
  const solution = deal.secret!.solution;

  const outs = await Promise.all(
    [1, 2].map(async (seat) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
      page.on('pageerror', (e) => void errors.push(e.message));
      await page.exposeFunction('chooseMove', (view: NumbridgeView) => rightPlacement(view, solution) ?? freeGivenTake(view));
      const query = new URLSearchParams({ api: server.url, table: created.id, token: created.seats[seat - 1]!.token, seat: String(seat), drop: seat === 2 ? '4' : '-1' });
      await page.goto(`${origin}/?${query}`);
      await page.waitForFunction("document.getElementById('out').textContent !== 'playing'", null, { timeout: 90_000 });
      const out = JSON.parse((await page.locator('#out').textContent())!) as { seen: number[]; reconnects: number; moved: number; result: { winner: number | null; reason: string }; record: unknown };
      await context.close();
      return { out, errors };
    }),
  );
  const [one, two] = outs.map((o) => o.out);
  expect(outs.map((o) => o.errors)).toEqual([[], []]);
  const final = one!.seen.at(-1)!;
  expect(final).toBeGreaterThan(10);
  // every move once, in order: player 1 from the start; player 2 from its first event, across its reconnect
  expect(one!.seen).toEqual(Array.from({ length: final + 1 }, (_, i) => i));
  expect(two!.seen).toEqual(Array.from({ length: final - two!.seen[0]! + 1 }, (_, i) => two!.seen[0]! + i));
  expect(two!.reconnects).toBe(1);
  expect(one!.moved + two!.moved).toBeGreaterThan(10);
  expect(one!.result).toEqual(two!.result);
  expect(one!.record).toEqual(two!.record);
  expect(replayContradictions(one!.record)).toEqual([]);
}, 120_000);
