/**
 * `puzzlemill/client` (src/client): its committed types are what `npm run client` makes from the
 * server's document now (a route or schema changed without regenerating fails here), and its
 * calls reach a real listening server: the daily set, a check, a hint, an error as `error`, a
 * table dealt and read with the seat token.
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLIENT_TYPES, clientTypes } from './client-types.ts';
import { createPuzzlemillClient, tableEventsUrl } from '../../src/client/index.ts';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { DATE, generated, testServer, type TestServer } from '../server/helpers.ts';

let server: TestServer;
let url: string;
let board: NumbridgeBoardFile;

beforeAll(async () => {
  board = generated('numbridge', { size: 6 }, 1, 'client')[0] as NumbridgeBoardFile;
  server = await testServer([board], { daily: true });
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
}, 120_000);
afterAll(() => server.close());

test('src/client/api.ts is what npm run client generates from the current document', async () => {
  expect(readFileSync(CLIENT_TYPES, 'utf8') === (await clientTypes()), 'src/client/api.ts is stale: run npm run client').toBe(true);
});

describe('createPuzzlemillClient', () => {
  test('reads the daily set and a puzzle; checks and hints a position; an error is `error`', async () => {
    const client = createPuzzlemillClient(url + '/');
    const daily = await client.getDaily({ path: { date: DATE } });
    expect(daily.response.status).toBe(200);
    expect(daily.data!.puzzles.length).toBe(daily.data!.index.puzzles.length);
    const puzzle = await client.getPuzzle({ path: { id: board.id } });
    expect(puzzle.data).toEqual({ format: board.format, version: board.version, id: board.id, public: board.public });
    const check = await client.checkPuzzle({ path: { id: board.id }, body: { grid: board.secret!.solution } });
    expect(check.data).toMatchObject({ right: true, solved: true });
    const hint = await client.hintPuzzle({ path: { id: board.id }, body: {} });
    expect(hint.data).toMatchObject({ solved: false });
    const listed = await client.listPuzzles({ query: { kind: 'numbridge', limit: 1 } });
    expect(listed.data!.puzzles.map((p) => p.kind)).toEqual(['numbridge']);
    const picture = await client.getPuzzlePicture({ path: { id: board.id }, query: { lang: 'de' } });
    expect(picture.data).toMatch(/^<svg/);
    const missing = await client.getPuzzle({ path: { id: 'nope' } });
    expect([missing.response.status, missing.error]).toEqual([404, { error: 'no puzzle with id "nope"' }]);
    // openapi-fetch's own calls by path, on the same client
    const byPath = await client.GET('/puzzles/{id}', { params: { path: { id: board.id } } });
    expect(byPath.data).toEqual(puzzle.data);
  });

  test('verifies a file (the method) and a line-format puzzle (text/plain, by path)', async () => {
    const client = createPuzzlemillClient(url);
    const file = await client.verifyPuzzle({ body: board });
    expect(file.data).toMatchObject({ status: 'ok', kind: 'numbridge' });
    const line = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
    const text = await client.POST('/verify', { body: line, bodySerializer: (b) => b, headers: { 'content-type': 'text/plain' } });
    expect(text.data?.status).toBe('ok');
  });

  test('deals a table and reads it with the seat token', async () => {
    const dealt = await createPuzzlemillClient(url).createTable({ body: { variant: 'blitz' } });
    expect(dealt.response.status).toBe(201);
    const [seat] = dealt.data!.seats;
    const seated = createPuzzlemillClient(url, { seatToken: seat!.token });
    const table = await seated.getTable({ path: { id: dealt.data!.id } });
    expect([table.response.status, table.data?.seat]).toEqual([200, seat!.seat]);
    const anonymous = await createPuzzlemillClient(url).getTable({ path: { id: dealt.data!.id } });
    expect(anonymous.response.status).toBe(401);
    const picture = await seated.getTablePicture({ path: { id: dealt.data!.id } });
    expect([picture.response.status, picture.response.headers.get('content-type'), String(picture.data).slice(0, 4)]).toEqual([200, 'image/svg+xml', '<svg']);

    // the event stream: a ticket, then the URL EventSource opens (read here with fetch: Node 20 has no EventSource)
    const ticket = await seated.createEventTicket({ path: { id: dealt.data!.id } });
    expect([ticket.response.status, ticket.data?.seat]).toEqual([201, seat!.seat]);
    const stream = await fetch(tableEventsUrl(url + '/', dealt.data!.id, ticket.data!.ticket), { signal: AbortSignal.timeout(5000) });
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes('id: 0')) text += (await reader.read()).value;
    await reader.cancel();
    expect(text).toMatch(/^retry: 1000\n\nevent: clock\ndata: \{"now":\d+\}\n\nid: 0\ndata: \{"id":"nbt-/);
    expect(tableEventsUrl('http://h/', 'nbt-1', 'a.b', 7)).toBe('http://h/tables/nbt-1/events?ticket=a.b&lastEventId=7');
  });
});
