/**
 * Kosmos SuDoku at a table (src/games/kosmos decides): 1–4 seats, the face-down pile kept here.
 *
 * The stored deal is the kosmos-deal (gold setup, pile, seed) and the room (scoring, turn limit).
 * A seat moves only on its turn: it places its tile (legal: scored; breaking the Sudoku rule:
 * put aside without points — the sheet's penalty; a taken cell is no move, 422) or claims it
 * fits nowhere (true: the game ends; false: put aside without points). The server moves by
 * itself: a seat whose tile fits nowhere claims so at once (the referee's README: a server should),
 * and a seat whose turn ran out is made to claim — false, as its tile fits: the penalty of an
 * illegal tile, and a record `replay kosmos` reads like any other. Every turn uses up a tile, so
 * a table nobody plays ends after at most 72 of them.
 */
import { dealKosmos, setupBoard } from '../../games/kosmos/deal.ts';
import { readKosmosDeal } from '../../games/kosmos/files.ts';
import { claimNoLegalCell, legalCells, newGame, playTile, trackScore, winners, type KosmosState } from '../../games/kosmos/referee.ts';
import type { KosmosDealFile, KosmosRecordFile } from '../../games/kosmos/schema.ts';
import { KosmosMove, KosmosMoveVerdict, KosmosRoom, KosmosSeatState, type KosmosSeatEntry } from '../../games/kosmos/seat-state.ts';
import { InputError } from '../../core/errors.ts';
import { KOSMOS_RECORD } from '../../core/formats.ts';
import { Type, type Static } from '@sinclair/typebox';
import type { TableGame, TimedEntry } from './game.ts';
import { TableError } from './table-error.ts';

const SIZE = 9;
const DEFAULT_TURN_SECONDS = 60;

export const CreateKosmosTableBody = Type.Object(
  {
    game: Type.Literal('kosmos'),
    players: Type.Integer({ minimum: 1, maximum: 4, description: 'seats: 1 is the solo game' }),
    room: Type.Optional(KosmosRoom),
  },
  { additionalProperties: false },
);
export type CreateKosmosTableBody = Static<typeof CreateKosmosTableBody>;

/** What a Kosmos table stores as its deal: the deal file (with its pile: the secret) and the room. */
interface KosmosTableDeal {
  deal: KosmosDealFile;
  room: Required<KosmosRoom>;
}

/** A turn of the log (seats 0-based, as in the record), with the referee's verdict kept for the views. */
interface KosmosEntry {
  player: number;
  tile: number;
  cell?: [number, number];
  claim?: 'no-legal-cell';
  verdict: KosmosSeatEntry['verdict'];
  points: number;
  fitsOn?: [number, number];
  lapse?: true;
}

interface KosmosPosition {
  state: KosmosState;
  /** The setup (public: the views show the gold tiles apart). */
  gold: KosmosDealFile['public']['gold'];
  turnStartedAt: number;
  turnMs: number;
}

const rc = (cell: number): [number, number] => [Math.floor(cell / SIZE), cell % SIZE];

/** A claim of the seat to move (the server's: at once when true, on a lapse otherwise). */
function claim(state: KosmosState, lapse: boolean): { state: KosmosState; entry: KosmosEntry } {
  const tile = state.hands[state.toMove]!;
  const r = claimNoLegalCell(state);
  const entry: KosmosEntry = { player: state.toMove, tile, claim: 'no-legal-cell', verdict: r.valid ? 'true-claim' : 'false-claim', points: 0 };
  if (r.legalCell !== null) entry.fitsOn = rc(r.legalCell);
  if (lapse) entry.lapse = true;
  return { state: r.state, entry };
}

function place(state: KosmosState, cell: number): { state: KosmosState; entry: KosmosEntry } | null {
  const r = playTile(state, cell);
  if (r.result.kind === 'refused') return null;
  return { state: r.state, entry: { player: state.toMove, tile: r.result.tile, cell: rc(cell), verdict: r.result.kind === 'aside' ? 'aside' : 'placed', points: r.result.points } };
}

function seatEntry(entry: KosmosEntry, moveNumber: number): KosmosSeatEntry {
  return { moveNumber, ...entry, player: entry.player + 1 };
}

function overOf(state: KosmosState): KosmosMoveVerdict['over'] {
  return state.over ? { reason: state.over.reason, by: state.over.by === null ? null : state.over.by + 1 } : null;
}

export const kosmosTable: TableGame<KosmosTableDeal, KosmosPosition, KosmosEntry, KosmosMove> = {
  name: 'kosmos',
  idPrefix: 'kst-',
  createBody: CreateKosmosTableBody,
  move: KosmosMove,
  seatState: KosmosSeatState,
  verdict: KosmosMoveVerdict,

  async deal(raw, seed) {
    const body = raw as CreateKosmosTableBody;
    return { deal: dealKosmos(body.players, seed), room: { scoring: body.room?.scoring ?? 'standard', turnSeconds: body.room?.turnSeconds ?? DEFAULT_TURN_SECONDS } };
  },
  seats: (deal) => deal.deal.public.players,

  start(stored, startedAt, tableId) {
    let deal: KosmosDealFile;
    try {
      deal = readKosmosDeal(stored.deal, { source: tableId });
    } catch (e) {
      if (e instanceof InputError) throw new Error(`the stored deal of table ${tableId} is unreadable: ${e.message}`);
      throw e;
    }
    return { state: newGame(setupBoard(deal.public.gold), deal.secret!.pile, deal.public.players, stored.room.scoring), gold: deal.public.gold, turnStartedAt: startedAt, turnMs: stored.room.turnSeconds * 1000 };
  },

  replayOnto(position, log) {
    let { state, turnStartedAt } = position;
    for (const { entry, at } of log) {
      if (entry.player !== state.toMove || entry.tile !== state.hands[state.toMove]) throw new Error(`a Kosmos table's log does not follow its deal (seat ${entry.player}, tile ${entry.tile})`);
      state = entry.claim ? claimNoLegalCell(state).state : playTile(state, entry.cell![0] * SIZE + entry.cell![1]).state;
      turnStartedAt = at;
    }
    return { ...position, state, turnStartedAt };
  },

  settle(position, now) {
    let { state, turnStartedAt } = position;
    const made: TimedEntry<KosmosEntry>[] = [];
    while (!state.over) {
      let at: number;
      if (legalCells(state.board, state.hands[state.toMove]!).length === 0) at = turnStartedAt;
      else if (now - turnStartedAt > position.turnMs) at = turnStartedAt + position.turnMs;
      else break;
      const r = claim(state, at !== turnStartedAt);
      made.push({ entry: r.entry, at });
      state = r.state;
      turnStartedAt = at;
    }
    return { position: { ...position, state, turnStartedAt }, made };
  },

  // a move at exactly the limit is in time; the lapse one millisecond later
  nextClockEvent: (position) => (position.state.over ? null : position.turnStartedAt + position.turnMs + 1),
  ended: (position) => position.state.over !== null,

  canonicalMove: (move) => JSON.stringify(move.kind === 'place' ? { kind: move.kind, cell: move.cell } : { kind: move.kind }),

  play(position, seat, move, now) {
    const { state } = position;
    if (seat !== state.toMove + 1) throw new TableError(409, `seat ${state.toMove + 1} is to move, not seat ${seat}`);
    let r: { state: KosmosState; entry: KosmosEntry } | null;
    if (move.kind === 'claim') r = claim(state, false);
    else {
      r = place(state, move.cell[0] * SIZE + move.cell[1]);
      if (!r) throw new TableError(422, `illegal move: [${move.cell[0]}, ${move.cell[1]}] is taken (no move: play a free cell)`);
    }
    return { made: { entry: r.entry, at: now }, next: { ...position, state: r.state, turnStartedAt: now } };
  },

  verdictOf(table, seat, moveNumber, made, after, position): KosmosMoveVerdict {
    const { state } = position;
    return {
      game: 'kosmos',
      table,
      seat,
      moveNumber,
      entry: seatEntry(made.entry, moveNumber),
      after: after.map((m, i) => seatEntry(m.entry, moveNumber + 1 + i)),
      tile: state.hands[seat - 1] || null,
      toMove: state.over ? null : state.toMove + 1,
      over: overOf(state),
    };
  },

  seatView(id, position, log, seat, now, page): KosmosSeatState {
    const { state } = position;
    const board = Array.from({ length: SIZE }, (_, r) => Array.from(state.board.subarray(r * SIZE, r * SIZE + SIZE)));
    return {
      game: 'kosmos',
      id,
      seat,
      view: {
        players: state.players,
        scoring: state.scoring,
        board,
        gold: position.gold,
        tile: state.hands[seat - 1] || null,
        tileCounts: state.hands.map((h) => (h === 0 ? 0 : 1)),
        pileSize: state.pile.length,
        aside: [...state.aside],
        track: state.track.map((t) => ({ laps: t.laps, position: t.position, score: trackScore(t) })),
        toMove: state.over ? null : state.toMove + 1,
        over: overOf(state),
        winners: state.over ? winners(state).map((s) => s + 1) : [],
      },
      moves: log.slice(page.since, page.since + page.limit).map((e, i) => seatEntry(e, page.since + i + 1)),
      moveCount: log.length,
      clock: { now, turnStartedAt: position.turnStartedAt, turnLeft: state.over ? 0 : Math.max(0, position.turnMs - Math.max(0, now - position.turnStartedAt)) },
    };
  },

  record(stored, log): KosmosRecordFile {
    const pub = stored.deal.public;
    return {
      format: KOSMOS_RECORD,
      version: 1,
      id: stored.deal.id,
      public: {
        players: pub.players,
        scoring: stored.room.scoring,
        gold: pub.gold,
        turns: log.map((e) => (e.claim ? { player: e.player, tile: e.tile, claim: e.claim } : { player: e.player, tile: e.tile, cell: e.cell! })),
      },
    };
  },
};

