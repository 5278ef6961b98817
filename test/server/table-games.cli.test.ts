/**
 * Kosmos SuDoku and Domino-SUDOKU tables, one game each played in the test's own hand (the bots
 * play many: table-bots.test.ts): what each seat sees and may not see, its picture, the
 * referee's refusals, the server's clock, and the record after the end through the real
 * `puzzlemill replay kosmos|domino` — the same report, byte for byte, as the library's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dominoId, sharesNumber } from '../../src/games/domino/dominoes.ts';
import { readDominoRecord } from '../../src/games/domino/files.ts';
import { formatEntry } from '../../src/games/domino/notation.ts';
import { placementsOf } from '../../src/games/domino/referee.ts';
import { replay, replayJson } from '../../src/games/domino/replay.ts';
import type { DominoSeatState } from '../../src/games/domino/seat-state.ts';
import { readKosmosRecord } from '../../src/games/kosmos/files.ts';
import { legalCells } from '../../src/games/kosmos/referee.ts';
import { kosmosReplayJson, replayKosmos } from '../../src/games/kosmos/replay.ts';
import type { KosmosSeatState } from '../../src/games/kosmos/seat-state.ts';
import { runCli } from '../helpers/cli.ts';
import { openSse } from './sse-client.ts';
import { pictureOf } from '../../src/render/pictures.ts';
import { bearer, sendMove, seatState, storedDeal, tablesApp, type TablesHarness } from './tables-helper.ts';

let h: TablesHarness;
beforeAll(async () => {
  h = await tablesApp({ seed: 'table-games' });
});
afterAll(async () => h?.close());

async function deal(body: object): Promise<{ id: string; tokens: string[] }> {
  const r = await h.app.inject({ method: 'POST', url: '/tables', payload: body });
  expect(r.statusCode, r.body).toBe(201);
  const created = r.json() as { id: string; seats: { seat: number; token: string }[] };
  expect(created.seats.map((s) => s.seat)).toEqual(created.seats.map((_, i) => i + 1));
  return { id: created.id, tokens: created.seats.map((s) => s.token) };
}

const picture = (id: string, token: string) => h.app.inject({ method: 'GET', url: `/tables/${id}/picture.svg`, headers: bearer(token) });

describe('POST /tables', () => {
  it('deals Numbridge with or without "game", and names the games for another', async () => {
    expect((await deal({ game: 'numbridge', variant: 'blitz' })).id).toMatch(/^nbt-/);
    expect((await deal({ variant: 'blitz' })).id).toMatch(/^nbt-/);
    const chess = await h.app.inject({ method: 'POST', url: '/tables', payload: { game: 'chess', players: 2 } });
    expect([chess.statusCode, chess.json()]).toEqual([400, { error: 'body/game must be one of "numbridge", "kosmos", "domino" (not "chess")' }]);
    const five = await h.app.inject({ method: 'POST', url: '/tables', payload: { game: 'domino', players: 5 } });
    expect([five.statusCode, five.json().error]).toEqual([400, 'body/players must be <= 4']);
    const variant = await h.app.inject({ method: 'POST', url: '/tables', payload: { game: 'kosmos', players: 2, variant: 'blitz' } });
    expect([variant.statusCode, variant.json().error]).toEqual([400, 'body: unknown field "variant"']);
  });
});

describe('a Kosmos table', () => {
  it('shows each seat its own tile only, judges by the sheet, and its record replays through the CLI as in the library', async () => {
    const { id, tokens } = await deal({ game: 'kosmos', players: 3, room: { scoring: 'simplified', turnSeconds: 20 } });
    const pile = (storedDeal(h.db, id) as unknown as { deal: { secret: { pile: number[] } } }).deal.secret.pile;
    const views = await Promise.all(tokens.map(async (t) => (await seatState(h.app, id, t)).json() as KosmosSeatState));
    views.forEach((v, i) => {
      expect(v.game).toBe('kosmos');
      expect(v.view.tile).toBe(pile[i]);
      expect(v.view.tileCounts).toEqual([1, 1, 1]);
      expect(v.view.pileSize).toBe(69);
      expect(v.view.scoring).toBe('simplified');
    });
    // the picture: the seat's own tile face up, the others only as "holds a tile"
    const svg = (await picture(id, tokens[1]!)).body;
    expect(svg).toMatch(/^<svg/);
    expect(svg).toContain('class="own-tile"');
    expect(svg).toContain('seat 2 (you)');
    expect(svg.match(/holds a tile/g)).toHaveLength(2);
    // a saved seat state is drawn by render alike, told by its shape and its game
    const saved = pictureOf(JSON.parse(JSON.stringify(views[1])), { source: 'seat.json' }, { lang: 'en' } as never);
    expect([saved.format, saved.id, saved.picture.svg]).toEqual(['kosmos-seat-state', `${id}.seat-2`, svg]);
    // out of turn, a taken cell: refused; an illegal tile: put aside without points
    expect((await sendMove(h.app, id, tokens[1]!, { kind: 'claim' })).statusCode).toBe(409);
    const gold = views[0]!.view.gold[0]!;
    const taken = await sendMove(h.app, id, tokens[0]!, { kind: 'place', cell: [gold.row, gold.column] });
    expect(taken.statusCode).toBe(422);
    expect(taken.json().error).toMatch(/is taken/);
    const board = Uint8Array.from(views[0]!.view.board.flat());
    const tile = views[0]!.view.tile!;
    const wrong = [...board.keys()].find((c) => board[c] === 0 && !legalCells(board, tile).includes(c))!;
    const aside = await sendMove(h.app, id, tokens[0]!, { kind: 'place', cell: [Math.floor(wrong / 9), wrong % 9] });
    expect(aside.statusCode, aside.body).toBe(200);
    expect(aside.json().entry).toMatchObject({ verdict: 'aside', points: 0, player: 1 });
    expect(aside.json().tile).toBe(pile[3]);
    // seat 2's turn runs out: the server claims for it (false: put aside), at the limit
    h.tick(20_001);
    const after = (await seatState(h.app, id, tokens[2]!)).json() as KosmosSeatState;
    expect(after.moves[1]).toMatchObject({ player: 2, claim: 'no-legal-cell', verdict: 'false-claim', lapse: true });
    expect(after.view.toMove).toBe(3);
    expect(after.view.aside).toHaveLength(2);
    // play on to the end: each seat its first legal cell, claiming when none
    for (let guard = 0; guard < 200; guard++) {
      const s = (await seatState(h.app, id, tokens[0]!)).json() as KosmosSeatState;
      if (s.view.over) break;
      const mover = s.view.toMove!;
      const own = (await seatState(h.app, id, tokens[mover - 1]!)).json() as KosmosSeatState;
      const cells = legalCells(Uint8Array.from(own.view.board.flat()), own.view.tile!);
      const r = await sendMove(h.app, id, tokens[mover - 1]!, cells.length > 0 ? { kind: 'place', cell: [Math.floor(cells[0]! / 9), cells[0]! % 9] } : { kind: 'claim' });
      expect(r.statusCode, r.body).toBe(200);
    }
    const end = (await seatState(h.app, id, tokens[0]!)).json() as KosmosSeatState;
    expect(end.view.over).not.toBeNull();
    expect(end.view.winners.length).toBeGreaterThan(0);
    const record = end.record as Parameters<typeof readKosmosRecord>[0];
    const report = replayKosmos(readKosmosRecord(record, { source: id }));
    expect(report.problems).toEqual([]);
    expect(report.scores).toEqual(end.view.track.map((t) => t.score));
    const cli = runCli(['replay', 'kosmos', '-', '--json'], { input: JSON.stringify(record) });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout.trim()).toBe(JSON.stringify(kosmosReplayJson(report)));
  });
});

describe('a Domino table', () => {
  it('takes moves as JSON and in the sheet\'s notation, refuses rule breaks, and its record replays through the CLI as in the library', async () => {
    const { id, tokens } = await deal({ game: 'domino', players: 2, room: { turnSeconds: 60 } });
    const first = (await seatState(h.app, id, tokens[0]!)).json() as DominoSeatState;
    expect(first.view.hands.map((hand) => hand.length)).toEqual([18, 18]);
    expect(first.clock.turnLeft).toBe(60_000);
    const svg = (await picture(id, tokens[0]!)).body;
    expect(svg).toContain('class="hand"');
    expect(pictureOf(JSON.parse(JSON.stringify(first)), { source: 'seat.json' }, { lang: 'en' } as never).format).toBe('domino-seat-state');
    // the sheet's notation: block 1, cells 1 and 2
    const [a, b] = first.view.hands[0]![0]!;
    const r1 = await sendMove(h.app, id, tokens[0]!, `[${a}/${b}] (1,1/1,2)` as never);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json().entry).toMatchObject({ player: 1, kind: 'place', domino: [a, b], cells: [[0, 0], [0, 1]], notation: `[${a}/${b}] (1,1/1,2)` });
    // seat 2: a domino that shares no number with the last (the DO rule) is taken back
    const s2 = (await seatState(h.app, id, tokens[1]!)).json() as DominoSeatState;
    const last = dominoId(a, b);
    const off = s2.view.hands[1]!.find(([x, y]) => !sharesNumber(dominoId(x, y), last));
    if (off) {
      const r = await sendMove(h.app, id, tokens[1]!, { kind: 'place', domino: off, cells: [[8, 7], [8, 8]] });
      expect(r.statusCode).toBe(422);
      expect(r.json().error).toMatch(/do-rule/);
    }
    const bad = await sendMove(h.app, id, tokens[1]!, '[1/2] (10,1/1,2)' as never);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatch(/body\/move/);
    // seat 2's minute runs out: the server lays a domino for it
    h.tick(60_001);
    const lapsed = (await seatState(h.app, id, tokens[0]!)).json() as DominoSeatState;
    expect(lapsed.moves[1]).toMatchObject({ player: 2, kind: 'place', lapse: true });
    // play on: the first legal placement of the seat to move, JSON and notation in turn
    for (let guard = 0; guard < 200; guard++) {
      const s = (await seatState(h.app, id, tokens[0]!)).json() as DominoSeatState;
      if (s.view.over) break;
      const mover = s.view.toMove!;
      const lastId = s.view.last ? dominoId(s.view.last[0], s.view.last[1]) : -1;
      const board = Uint8Array.from(s.view.board.flat());
      const move = s.view.hands[mover - 1]!.map(([x, y]) => dominoId(x, y)).filter((d) => lastId < 0 || sharesNumber(d, lastId)).flatMap((d) => placementsOf(board, d))[0]!;
      const body = guard % 2 === 0 ? formatEntry({ kind: 'place', first: move.first, second: move.second, cells: move.cells, lateError: false, completions: [], plusMark: false }) : { kind: 'place', domino: [move.first, move.second], cells: move.cells.map((c) => [Math.floor(c / 9), c % 9]) };
      const r = await sendMove(h.app, id, tokens[mover - 1]!, body as never);
      expect(r.statusCode, r.body).toBe(200);
    }
    const end = (await seatState(h.app, id, tokens[1]!)).json() as DominoSeatState;
    expect(end.view.over).toBe(true);
    const record = end.record as object;
    const report = replay(readDominoRecord(record, { source: id }));
    expect(report.contradictions).toEqual([]);
    expect(report.scores.map((s) => s.total)).toEqual(end.view.scores.map((s) => s.total));
    const cli = runCli(['replay', 'domino', '-', '--json'], { input: JSON.stringify(record) });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout.trim()).toBe(JSON.stringify(replayJson(report)));
    const endSvg = (await picture(id, tokens[1]!)).body;
    expect(endSvg).toContain('game over');
  });
});

describe('events at a four-seat Kosmos table', () => {
  it('give seat 4 a ticket and its own stream: each move with its own tile only', async () => {
    const base = await h.app.listen({ port: 0, host: '127.0.0.1' });
    const { id, tokens } = await deal({ game: 'kosmos', players: 4 });
    const pile = (storedDeal(h.db, id) as unknown as { deal: { secret: { pile: number[] } } }).deal.secret.pile;
    const ticket = (await h.app.inject({ method: 'POST', url: `/tables/${id}/tickets`, headers: bearer(tokens[3]!) })).json();
    expect(ticket.seat).toBe(4);
    const stream = await openSse(`${base}/tables/${id}/events?ticket=${encodeURIComponent(ticket.ticket)}`);
    expect(stream.status).toBe(200);
    const messages = async () => {
      for (;;) {
        const e = await stream.next(10_000);
        if (e === null) throw new Error('the stream ended');
        if (e.event === 'message') return e;
      }
    };
    const start = await messages();
    expect(start.id).toBe('0');
    const first = JSON.parse(start.data) as KosmosSeatState;
    expect([first.seat, first.view.tile, first.view.tileCounts]).toEqual([4, pile[3], [1, 1, 1, 1]]);
    const board = Uint8Array.from(first.view.board.flat());
    const cell = legalCells(board, pile[0]!)[0]!;
    expect((await sendMove(h.app, id, tokens[0]!, { kind: 'place', cell: [Math.floor(cell / 9), cell % 9] })).statusCode).toBe(200);
    const moved = await messages();
    expect(moved.id).toBe('1');
    const after = JSON.parse(moved.data) as KosmosSeatState;
    expect(after.moves).toEqual([expect.objectContaining({ moveNumber: 1, player: 1, tile: pile[0], verdict: 'placed' })]);
    expect(after.view.tile).toBe(pile[3]);
    expect(after.view.pileSize).toBe(67);
    expect(moved.data).not.toMatch(/"pile"|"seed"|"secret"/);
    stream.close();
  });
});
