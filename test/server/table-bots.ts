/**
 * Bots that play Kosmos SuDoku and Domino-SUDOKU tables through the real HTTP API (a listening
 * server, `fetch`): two to four seats, random and greedy players, some illegal moves, some
 * timeouts (the server's clock is moved on past the turn limit), some retries under the same
 * idempotency key. Every answer a seat gets is scanned for what it must not see; every record
 * after the end is replayed through the library `replay kosmos|domino` runs. Used by
 * test/server/table-bots.test.ts (a few dozen games) and bench/table-bots.ts (the 200-game run).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Rng } from '../../src/core/rng.ts';
import { areAdjacent, dominoId, pips, sharesNumber, type DominoId } from '../../src/games/domino/dominoes.ts';
import { readDominoRecord } from '../../src/games/domino/files.ts';
import { placementsOf } from '../../src/games/domino/referee.ts';
import { formatEntry } from '../../src/games/domino/notation.ts';
import { replay as replayDomino } from '../../src/games/domino/replay.ts';
import { DominoSeatState, type DominoSeatState as DominoState } from '../../src/games/domino/seat-state.ts';
import { readKosmosRecord } from '../../src/games/kosmos/files.ts';
import { legalCells, moveScore } from '../../src/games/kosmos/referee.ts';
import { replayKosmos } from '../../src/games/kosmos/replay.ts';
import { KosmosSeatState, type KosmosSeatState as KosmosState } from '../../src/games/kosmos/seat-state.ts';
import { openDatabase, type Db } from '../../src/server/db.ts';
import { tableRoutes } from '../../src/server/tables/routes.ts';

export interface BotServer {
  base: string;
  db: Db;
  clock: { now: number };
  close(): Promise<void>;
}

/** A tables server listening on a free local port, its clock moved by the bots (for timeouts). */
export async function botServer(): Promise<BotServer> {
  const db = openDatabase(':memory:');
  const clock = { now: 1_700_000_000_000 };
  const app: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true });
  await app.register(tableRoutes, { db, now: () => clock.now });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return {
    base: `http://127.0.0.1:${address.port}`,
    db,
    clock,
    close: async () => {
      await app.close();
      db.close();
    },
  };
}

export interface BotFigures {
  games: number;
  /** Moves the server accepted from the bots (retries not counted). */
  moves: number;
  /** Moves the server made itself (claims, passes, lapses). */
  serverMoves: number;
  /** Illegal moves sent, and how many the server refused (4xx, nothing stored): must be equal. */
  illegalSent: number;
  illegalRefused: number;
  /** Kosmos tiles put aside (an illegal tile or a false claim: accepted with the sheet's penalty). */
  penalised: number;
  /** Turns left to run out (the clock moved past the limit), and the lapses the server wrote for them. */
  timeouts: number;
  lapses: number;
  /** Retries under a used key answered with the same bytes. */
  retries: number;
  /** Answers scanned for secrets. */
  answers: number;
  replaysClean: number;
  problems: string[];
}

export function noFigures(): BotFigures {
  return { games: 0, moves: 0, serverMoves: 0, illegalSent: 0, illegalRefused: 0, penalised: 0, timeouts: 0, lapses: 0, retries: 0, answers: 0, replaysClean: 0, problems: [] };
}

const ajv = new Ajv2020({ strict: false, allErrors: false });
const kosmosShape = ajv.compile(KosmosSeatState);
const dominoShape = ajv.compile(DominoSeatState);

/** Keys no answer may hold anywhere (the deal's secret part and its names). */
const SECRET_KEYS = new Set(['secret', 'seed', 'pile', 'completion']);

function walk(value: unknown, visit: (key: string) => void): void {
  if (Array.isArray(value)) for (const v of value) walk(v, visit);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      visit(k);
      walk(v, visit);
    }
  }
}

type Game = 'kosmos' | 'domino';
type Strategy = 'random' | 'greedy';

interface Play {
  server: BotServer;
  game: Game;
  players: number;
  rng: Rng;
  figures: BotFigures;
  /** Chances per turn of an illegal move, a timeout and a retry. */
  illegal: number;
  timeout: number;
  retry: number;
  /** Kosmos: the deal's pile (white-box: what the server alone knows), to look for in every answer. */
  pile?: number[] | null;
}

let keys = 0;

/** Play one table to its end; the figures are added to. */
export async function playTable(server: BotServer, game: Game, players: number, seed: string, figures: BotFigures, chances = { illegal: 0.05, timeout: 0.03, retry: 0.05 }): Promise<void> {
  const rng = new Rng('table-bots', game, players, seed);
  const p: Play = { server, game, players, rng, figures, ...chances };
  const turnSeconds = 30;
  const room = game === 'kosmos' ? { scoring: rng.int(2) === 0 ? 'standard' : 'simplified', turnSeconds } : { turnSeconds };
  const created = await call(p, null, 'POST', '/tables', { game, players, room });
  if (created.status !== 201) throw new Error(`POST /tables: ${created.status} ${created.text}`);
  const { id, seats } = created.json as { id: string; seats: { seat: number; token: string }[] };
  const tokens = seats.map((s) => s.token);
  const strategies: Strategy[] = tokens.map(() => (rng.int(2) === 0 ? 'random' : 'greedy'));
  const stored = JSON.parse((server.db.prepare('SELECT deal FROM numbridge_tables WHERE id = ?').get(id) as { deal: string }).deal) as { deal: { secret: { seed: string; pile?: number[] } } };
  const storedSeed = stored.deal.secret.seed;
  p.pile = stored.deal.secret.pile ?? null;
  let lastCount = 0;
  const movesBefore = figures.moves;
  for (let guard = 0; guard < 1000; guard++) {
    const states = [];
    for (let s = 0; s < tokens.length; s++) states.push(await view(p, id, tokens[s]!, s + 1, storedSeed));
    const state = states[0]!;
    // the server's own moves since the last look (claims, passes, lapses)
    for (const m of state.moves.slice(lastCount)) if ('lapse' in m && m.lapse) figures.lapses++;
    lastCount = state.moveCount;
    if (state.record) {
      figures.serverMoves += state.moveCount - (figures.moves - movesBefore);
      await finish(p, id, states);
      return;
    }
    const toMove = state.view.toMove!;
    const token = tokens[toMove - 1]!;
    if (rng.next() < p.timeout) {
      figures.timeouts++;
      server.clock.now += turnSeconds * 1000 + 1;
      continue;
    }
    if (rng.next() < p.illegal) {
      await illegalMove(p, id, tokens, toMove, states[toMove - 1]!);
      continue;
    }
    server.clock.now += 1 + rng.int(1000);
    const move = game === 'kosmos' ? kosmosMove(p, states[toMove - 1] as KosmosState, strategies[toMove - 1]!) : dominoMove(p, states[toMove - 1] as DominoState, strategies[toMove - 1]!);
    const key = `bot-${++keys}`;
    const r = await call(p, token, 'POST', `/tables/${id}/moves`, { move }, key);
    if (r.status !== 200) throw new Error(`a bot's legal move was refused: ${r.status} ${r.text} (${JSON.stringify(move)})`);
    figures.moves++;
    const verdict = r.json as { entry: { verdict?: string } };
    if (verdict.entry.verdict === 'aside' || verdict.entry.verdict === 'false-claim') figures.penalised++;
    if (rng.next() < p.retry) {
      const again = await call(p, token, 'POST', `/tables/${id}/moves`, { move }, key);
      if (again.status !== 200 || again.text !== r.text || again.headers.get('idempotent-replayed') !== 'true') figures.problems.push(`${id}: a retry under key ${key} answered ${again.status} ${again.text}`);
      else figures.retries++;
    }
  }
  throw new Error(`table ${id} did not end in 1000 looks`);
}

async function call(p: Play, token: string | null, method: string, path: string, body?: object, key?: string) {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (key) headers['idempotency-key'] = key;
  if (body) headers['content-type'] = 'application/json';
  const r = await fetch(p.server.base + path, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const text = await r.text();
  let json: unknown = null;
  if (r.headers.get('content-type')?.includes('json')) json = JSON.parse(text);
  return { status: r.status, text, json, headers: r.headers };
}

/** A seat's state, scanned: its game's shape exactly (no field beyond the schema's), no secret key, not the seed. */
async function view(p: Play, id: string, token: string, seat: number, seed: string): Promise<KosmosState | DominoState> {
  const r = await call(p, token, 'GET', `/tables/${id}`);
  if (r.status !== 200) throw new Error(`GET /tables/${id}: ${r.status} ${r.text}`);
  scan(p, r.text, seed, `${id} seat ${seat}`);
  const state = r.json as KosmosState | DominoState;
  if (p.pile && p.game === 'kosmos') {
    // the tiles still face down, in draw order: no run of 8 of them may appear among the
    // answer's numbers (a chance match is about 1 in 9^8 per place)
    const hidden = p.pile.slice(p.pile.length - (state as KosmosState).view.pileSize);
    const numbers = ` ${(r.text.match(/\d+/g) ?? []).join(' ')} `;
    for (let k = 0; k + 8 <= hidden.length; k++) {
      if (numbers.includes(` ${hidden.slice(k, k + 8).join(' ')} `)) {
        p.figures.problems.push(`${id} seat ${seat}: an answer holds 8 face-down tiles in draw order`);
        break;
      }
    }
  }
  const shape = p.game === 'kosmos' ? kosmosShape : dominoShape;
  if (!shape(state)) p.figures.problems.push(`${id} seat ${seat}: an answer outside its schema: ${JSON.stringify(shape.errors?.[0])}`);
  if (state.seat !== seat) p.figures.problems.push(`${id}: seat ${seat}'s token was answered as seat ${state.seat}`);
  if (p.game === 'kosmos') {
    const k = state as KosmosState;
    // a seat sees one tile, its own; of the others only whether they hold one
    if (k.view.tileCounts[seat - 1] !== (k.view.tile === null ? 0 : 1)) p.figures.problems.push(`${id} seat ${seat}: its tile and its count disagree`);
  }
  return state;
}

function scan(p: Play, text: string, seed: string, who: string): void {
  p.figures.answers++;
  if (text.includes(seed)) p.figures.problems.push(`${who}: an answer holds the deal's seed`);
  walk(JSON.parse(text), (key) => {
    if (SECRET_KEYS.has(key)) p.figures.problems.push(`${who}: an answer holds "${key}"`);
  });
}

/** An illegal move of one of a few kinds; the server must refuse it (4xx) and store nothing. */
async function illegalMove(p: Play, id: string, tokens: string[], toMove: number, state: KosmosState | DominoState): Promise<void> {
  const { rng, figures } = p;
  const kind = rng.int(3);
  let token = tokens[toMove - 1]!;
  let move: unknown;
  if (kind === 0 && tokens.length > 1) {
    // out of turn: a legal-looking move of another seat
    token = tokens[(toMove + rng.int(tokens.length - 1)) % tokens.length]!;
    move = p.game === 'kosmos' ? { kind: 'claim' } : '[1/2] (5,5/5,6)';
  } else if (kind === 1) {
    // a taken cell (Kosmos: no move at all) / a domino of another seat's hand or two far cells
    if (p.game === 'kosmos') {
      const board = (state as KosmosState).view.board;
      const taken: [number, number][] = [];
      board.forEach((row, r) => row.forEach((d, c) => d !== 0 && taken.push([r, c])));
      move = { kind: 'place', cell: taken[rng.int(taken.length)]! };
    } else {
      move = { kind: 'place', domino: [1, 2], cells: [[0, 0], [8, 8]] };
    }
  } else {
    // malformed: a field no move has
    move = p.game === 'kosmos' ? { kind: 'place', cell: [0, 9] } : '[1/2] (10,1/1,2)';
  }
  const before = state.moveCount;
  const r = await call(p, token, 'POST', `/tables/${id}/moves`, { move }, `bad-${++keys}`);
  figures.illegalSent++;
  if (r.status >= 400 && r.status < 500 && Object.keys(r.json as object).join() === 'error') figures.illegalRefused++;
  else figures.problems.push(`${id}: an illegal move ${JSON.stringify(move)} was answered ${r.status} ${r.text}`);
  // nothing stored (the clock did not move: nothing else was due either)
  const after = await call(p, tokens[0]!, 'GET', `/tables/${id}?since=${before}`);
  if ((after.json as { moveCount: number }).moveCount !== before) figures.problems.push(`${id}: a refused move changed the log`);
}

function kosmosMove(p: Play, state: KosmosState, strategy: Strategy): object {
  const { rng } = p;
  const board = Uint8Array.from(state.view.board.flat());
  const tile = state.view.tile!;
  const legal = legalCells(board, tile);
  const free: number[] = [];
  board.forEach((d, cell) => d === 0 && free.push(cell));
  // now and then a random player errs: a free cell that breaks the Sudoku rule, or a wrong claim
  if (strategy === 'random' && rng.next() < 0.05) {
    if (rng.int(2) === 0) return { kind: 'claim' };
    const wrong = free.filter((c) => !legal.includes(c));
    if (wrong.length > 0) return { kind: 'place', cell: rc(wrong[rng.int(wrong.length)]!) };
  }
  if (legal.length === 0) return { kind: 'claim' };
  const cell = strategy === 'random' ? legal[rng.int(legal.length)]! : legal.reduce((best, c) => (moveScore(board, c, state.view.scoring) > moveScore(board, best, state.view.scoring) ? c : best));
  return { kind: 'place', cell: rc(cell) };
}

const rc = (cell: number): [number, number] => [Math.floor(cell / 9), cell % 9];

function dominoMove(p: Play, state: DominoState, strategy: Strategy): object | string {
  const { rng } = p;
  const board = Uint8Array.from(state.view.board.flat());
  const last = state.view.last ? dominoId(state.view.last[0], state.view.last[1]) : -1;
  const hand = state.view.hands[state.seat - 1]!.map(([a, b]) => dominoId(a, b)).filter((id) => last < 0 || sharesNumber(id, last));
  // greedy: the heaviest domino first (its pips would count against the seat at the end)
  const ordered: DominoId[] = strategy === 'greedy' ? [...hand].sort((x, y) => pips(y) - pips(x)) : rng.shuffle([...hand]);
  for (const id of ordered) {
    const places = placementsOf(board, id);
    if (places.length === 0) continue;
    const place = places[strategy === 'greedy' ? 0 : rng.int(places.length)]!;
    if (!areAdjacent(place.cells[0], place.cells[1])) throw new Error('placementsOf gave cells that are not neighbours');
    // half the moves in the sheet's notation, half as JSON
    if (rng.int(2) === 0) return formatEntry({ kind: 'place', first: place.first, second: place.second, cells: place.cells, lateError: false, completions: [], plusMark: false });
    return { kind: 'place', domino: [place.first, place.second], cells: [rc(place.cells[0]), rc(place.cells[1])] };
  }
  throw new Error(`seat ${state.seat} has no domino to play, but the server did not pass for it`);
}


/** After the end: every seat gets the same record; it replays clean, with the table's scores and winners. */
async function finish(p: Play, id: string, states: (KosmosState | DominoState)[]): Promise<void> {
  const { figures } = p;
  figures.games++;
  const record = states[0]!.record!;
  const text = JSON.stringify(record);
  if (states.some((s) => JSON.stringify(s.record) !== text)) figures.problems.push(`${id}: the seats got different records`);
  if (p.game === 'kosmos') {
    const view = (states[0] as KosmosState).view;
    const report = replayKosmos(readKosmosRecord(JSON.parse(text), { source: id }));
    const scores = view.track.map((t) => t.score);
    if (report.problems.length > 0) figures.problems.push(`${id}: replay kosmos: ${report.problems.join('; ')}`);
    else if (JSON.stringify(report.scores) !== JSON.stringify(scores) || JSON.stringify(report.winners.map((w) => w + 1)) !== JSON.stringify(view.winners)) figures.problems.push(`${id}: replay kosmos scores ${report.scores} winners ${report.winners}, the table ${scores} ${view.winners}`);
    else figures.replaysClean++;
  } else {
    const view = (states[0] as DominoState).view;
    const report = replayDomino(readDominoRecord(JSON.parse(text), { source: id }));
    const totals = view.scores.map((s) => s.total);
    if (report.contradictions.length > 0) figures.problems.push(`${id}: replay domino: ${report.contradictions.map((c) => `${c.kind} ${c.detail}`).join('; ')}`);
    else if (JSON.stringify(report.scores.map((s) => s.total)) !== JSON.stringify(totals)) figures.problems.push(`${id}: replay domino totals ${report.scores.map((s) => s.total)}, the table ${totals}`);
    else figures.replaysClean++;
  }
}

/** A greedy bot's move for a seat's state (the browser test's players choose through it). */
export function chooseMove(game: Game, state: KosmosState | DominoState, rng: Rng): object | string {
  const p = { rng } as Play;
  return game === 'kosmos' ? kosmosMove(p, state as KosmosState, 'greedy') : dominoMove(p, state as DominoState, 'greedy');
}
