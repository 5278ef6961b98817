/**
 * One hostile client cannot starve the others (issue 30), against a real `puzzlemill serve` with
 * its default limits. The hostile client comes from 127.0.0.2 (loopback too, another address) and
 * at once: holds slow request bodies on 40 sockets, floods /verify from a dozen connections and
 * hard deals from four, and sweeps hints over every puzzle from two — 58 connections, under its
 * cap of 64, so that the pool's fair share and the rate limits are what hold it back (one run with
 * 200 slow sockets was simply refused connections: every other request of it a 429). Meanwhile the honest client on 127.0.0.1 reads
 * the daily set, checks, hints, verifies and deals: every one of its requests is answered with
 * its 2xx. The figures of this run are in bench/RESULTS.md (`npm run bench -- serve`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startServe, type ServeProcess } from './serve-process.ts';

const scratch = mkdtempSync(join(tmpdir(), 'pm-hostile-'));
let server: ServeProcess;
let port: number;
const HOSTILE = '127.0.0.2';
const LINE = '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......';
const HARD_DEAL = { variant: 'bridge', board: { givens: 17, grade: 4 } };

beforeAll(async () => {
  server = await startServe(['--port', '0', '--db', join(scratch, 'server.db')], { cwd: scratch, env: { PUZZLEMILL_DAILY_KEY: 'hostile-test-key-0123456789abcdef0123456789' } });
  port = Number(new URL(server.url).port);
}, 120_000);
afterAll(async () => {
  await server?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** A request from the hostile address; resolves with the status (0: the connection was refused or cut). */
function hostile(method: string, path: string, body?: string, type = 'application/json'): Promise<number> {
  return new Promise((done) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, localAddress: HOSTILE, headers: body === undefined ? {} : { 'content-type': type, 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', () => done(0));
    req.end(body);
  });
}

/** Loop `send` on `connections` connections until `until`; the statuses seen. */
async function flood(connections: number, until: number, send: () => Promise<number>): Promise<number[]> {
  const seen: number[] = [];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) seen.push(await send());
    }),
  );
  return seen;
}

test('a flood of slow bodies, verifies, hard deals and hints from one address leaves every request of another answered', async () => {
  const daily = (await (await fetch(`${server.url}/daily/today`)).json()) as { puzzles: Array<{ id: string; format: string }> };
  const board = daily.puzzles.find((p) => p.format === 'puzzlemill/numbridge-board')!;

  // 40 sockets that send headers and a byte of a 1000-byte body, then nothing
  const slow: Socket[] = [];
  for (let i = 0; i < 40; i++) {
    const socket = connect({ host: '127.0.0.1', port, localAddress: HOSTILE });
    socket.on('error', () => {});
    socket.write('POST /verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
    slow.push(socket);
  }
  const until = Date.now() + 8000;
  const attacks = Promise.all([
    flood(12, until, () => hostile('POST', '/verify', LINE, 'text/plain')),
    flood(4, until, () => hostile('POST', '/tables', JSON.stringify(HARD_DEAL))),
    flood(2, until, () => hostile('POST', `/puzzles/${encodeURIComponent(daily.puzzles[Math.floor(Math.random() * daily.puzzles.length)]!.id)}/hint`, '{}')),
  ]);

  // the honest client, meanwhile
  const latencies: number[] = [];
  const honest: Array<[string, number]> = [];
  const timed = async (name: string, send: () => Promise<Response>) => {
    const t0 = performance.now();
    const r = await send();
    await r.arrayBuffer();
    latencies.push(performance.now() - t0);
    honest.push([name, r.status]);
  };
  const json = { 'content-type': 'application/json' };
  await new Promise((r) => setTimeout(r, 500)); // the flood is under way
  for (let round = 0; round < 4; round++) {
    await timed('daily', () => fetch(`${server.url}/daily/today`));
    await timed('check', () => fetch(`${server.url}/puzzles/${board.id}/check`, { method: 'POST', headers: json, body: JSON.stringify({ cells: [] }) }));
    await timed('hint', () => fetch(`${server.url}/puzzles/${board.id}/hint`, { method: 'POST', headers: json, body: JSON.stringify({ cells: [] }) }));
    await timed('verify', () => fetch(`${server.url}/verify`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: LINE }));
    await timed('deal', () => fetch(`${server.url}/tables`, { method: 'POST', headers: json, body: JSON.stringify({ variant: 'blitz' }) }));
  }
  const [verifies, deals, hints] = await attacks;
  for (const s of slow) s.destroy();

  expect(honest.filter(([, status]) => status >= 300)).toEqual([]);
  expect(honest).toHaveLength(20);
  // the hostile address was held back (its fair share, its rates), not served without end
  expect(verifies!.filter((s) => s === 429).length).toBeGreaterThan(0);
  expect(deals!.filter((s) => s === 429).length).toBeGreaterThan(0);
  expect(hints!.filter((s) => s === 429).length).toBeGreaterThan(0);
  latencies.sort((a, b) => a - b);
  // for the record (the bench keeps the figures): the honest client's slowest answer
  expect(latencies.at(-1)!).toBeGreaterThan(0);
}, 60_000);
