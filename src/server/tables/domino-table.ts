/**
 * Domino-SUDOKU at a table (src/games/domino decides): 2–4 seats with the deal's open hands.
 *
 * The stored deal is the domino-deal (hands, seed) and the room (the minute per move). A seat
 * moves only on its turn, as JSON or in the sheet's notation; the referee judges it in the
 * sheet's order: a move that cannot be made (not in the hand, not neighbours, a taken cell) and a
 * rule break (the DO rule, the Sudoku rule) are refused with a 422 and store nothing — the
 * sheet's "taken back, the same player moves again", noticed at once because the referee never
 * misses one. The server moves by itself: a seat with no domino that may be played passes at
 * once, and a seat whose minute ran out gets its first legal domino laid for it (a pass would be
 * a wrong pass, which the sheet does not allow). Every lapse lays a domino, so a table nobody
 * plays ends after at most 36 of them.
 */
import { Type, type Static } from '@sinclair/typebox';
import { InputError } from '../../core/errors.ts';
import { DOMINO_RECORD } from '../../core/formats.ts';
import { dominoDigits, dominoId, dominoLabel, fieldPlaceOf, type DominoId } from '../../games/domino/dominoes.ts';
import { dealDomino, readDominoDeal } from '../../games/domino/files.ts';
import { formatEntry, parseEntry } from '../../games/domino/notation.ts';
import { isOver, judgePlacement, newGame, passTurn, playableMove, playPlacement, scores, winners, type DominoState, type Placement } from '../../games/domino/referee.ts';
import type { DominoDealFile, DominoRecordFile } from '../../games/domino/schema.ts';
import { DominoMove, DominoMoveVerdict, DominoRoom, DominoSeatState, type DominoSeatEntry } from '../../games/domino/seat-state.ts';
import { houseName, type HouseName } from '../../games/sudoku-board.ts';
import type { TableGame, TimedEntry } from './game.ts';
import { TableError } from './table-error.ts';

const SIZE = 9;
const DEFAULT_TURN_SECONDS = 60;

export const CreateDominoTableBody = Type.Object(
  {
    game: Type.Literal('domino'),
    players: Type.Integer({ minimum: 2, maximum: 4, description: 'seats: 18, 12 or 9 dominoes each' }),
    room: Type.Optional(DominoRoom),
  },
  { additionalProperties: false },
);
export type CreateDominoTableBody = Static<typeof CreateDominoTableBody>;

interface DominoTableDeal {
  deal: DominoDealFile;
  room: Required<DominoRoom>;
}

/** A turn of the log (seats 0-based, as the referee counts). */
type DominoEntry =
  | { player: number; kind: 'place'; domino: [number, number]; cells: [[number, number], [number, number]]; completes: HouseName[]; points: number; lapse?: true }
  | { player: number; kind: 'pass' };

interface DominoPosition {
  state: DominoState;
  names: readonly string[];
  turnStartedAt: number;
  turnMs: number;
  over: boolean;
}

const rc = (cell: number): [number, number] => [Math.floor(cell / SIZE), cell % SIZE];
const at = (cell: number) => `(${fieldPlaceOf(cell).join(',')})`;

function notationOf(entry: DominoEntry): string {
  if (entry.kind === 'pass') return formatEntry({ kind: 'pass' });
  const cells = entry.cells.map(([r, c]) => r * SIZE + c) as [number, number];
  return formatEntry({ kind: 'place', first: entry.domino[0], second: entry.domino[1], cells, lateError: false, completions: entry.completes, plusMark: entry.completes.length > 0 });
}

function seatEntry(entry: DominoEntry, moveNumber: number): DominoSeatEntry {
  return { moveNumber, ...entry, player: entry.player + 1, notation: notationOf(entry) };
}

/** Lay a judged-legal domino; the log's entry. */
function lay(state: DominoState, p: Placement, lapse: boolean): { state: DominoState; entry: DominoEntry } {
  const player = state.toMove;
  const r = playPlacement(state, p);
  if (r.result.kind !== 'placed') throw new Error('a domino judged legal was not placed');
  const entry: DominoEntry = { player, kind: 'place', domino: [p.first, p.second], cells: [rc(p.cells[0]), rc(p.cells[1])], completes: r.result.completes.map(houseName), points: r.result.points };
  if (lapse) entry.lapse = true;
  return { state: r.state, entry };
}

/** The move as the referee's placement: JSON as it is, notation read (a 400 naming where it is wrong). */
function placementOf(move: DominoMove): Placement {
  if (typeof move !== 'string') return { first: move.domino[0], second: move.domino[1], cells: [move.cells[0][0] * SIZE + move.cells[0][1], move.cells[1][0] * SIZE + move.cells[1][1]] };
  let entry;
  try {
    entry = parseEntry(move, 'body/move');
  } catch (e) {
    if (e instanceof InputError) throw new TableError(400, e.message);
    throw e;
  }
  if (entry.kind === 'pass') throw new TableError(422, 'no pass: the server passes for a seat with no domino that may be played, and this seat has one');
  if (entry.kind === 'unplaceable') throw new TableError(422, `[${entry.first}/${entry.second}] ( 0 ) lists a domino left at the end: not a move`);
  return { first: entry.first, second: entry.second, cells: entry.cells };
}

/** Why the referee refuses a placement (null: legal), in one line. */
function whyRefused(state: DominoState, p: Placement): string | null {
  const j = judgePlacement(state, p);
  if (j.violations.length === 0) return null;
  const id = dominoId(p.first, p.second);
  const label = id < 0 ? `[${p.first}/${p.second}]` : dominoLabel(id);
  const v = j.violations[0]!;
  switch (v) {
    case 'not-in-hand':
      return `${label} is not in seat ${state.toMove + 1}'s hand (not-in-hand)`;
    case 'not-adjacent':
      return `${at(p.cells[0])} and ${at(p.cells[1])} are not neighbours (not-adjacent)`;
    case 'occupied':
      return `${state.board[p.cells[0]] !== 0 ? at(p.cells[0]) : at(p.cells[1])} is taken (occupied)`;
    case 'do-rule':
      return `${label} shares no number with the last domino ${dominoLabel(state.last)} (do-rule): taken back, seat ${state.toMove + 1} moves again`;
    case 'sudoku':
      return `${j.clashes.map((c) => `the ${c.digit} on ${at(c.at)} repeats the ${c.digit} on ${at(c.cell)} in ${c.house}`).join(', ')} (sudoku): taken back, seat ${state.toMove + 1} moves again`;
  }
}

function handsOf(state: DominoState): [number, number][][] {
  const hands: [number, number][][] = Array.from({ length: state.playerCount }, () => []);
  for (let id = 0; id < state.holder.length; id++) {
    const h = state.holder[id]!;
    if (h >= 0) hands[h]!.push([...dominoDigits(id as DominoId)] as [number, number]);
  }
  return hands;
}

export const dominoTable: TableGame<DominoTableDeal, DominoPosition, DominoEntry, DominoMove> = {
  name: 'domino',
  idPrefix: 'dst-',
  createBody: CreateDominoTableBody,
  move: DominoMove,
  seatState: DominoSeatState,
  verdict: DominoMoveVerdict,

  async deal(raw, seed) {
    const body = raw as CreateDominoTableBody;
    return { deal: dealDomino(body.players, seed), room: { turnSeconds: body.room?.turnSeconds ?? DEFAULT_TURN_SECONDS } };
  },
  seats: (deal) => deal.deal.public.players,

  start(stored, startedAt, tableId) {
    let read: ReturnType<typeof readDominoDeal>;
    try {
      read = readDominoDeal(stored.deal, { source: tableId });
    } catch (e) {
      if (e instanceof InputError) throw new Error(`the stored deal of table ${tableId} is unreadable: ${e.message}`);
      throw e;
    }
    const state = newGame(read.hands);
    return { state, names: read.file.public.names, turnStartedAt: startedAt, turnMs: stored.room.turnSeconds * 1000, over: isOver(state) };
  },

  replayOnto(position, log) {
    if (log.length === 0) return position;
    let { state, turnStartedAt } = position;
    for (const { entry, at } of log) {
      if (entry.player !== state.toMove) throw new Error(`a Domino table's log does not follow its turns (seat ${entry.player})`);
      if (entry.kind === 'pass') state = passTurn(state).state;
      else {
        const cells = entry.cells.map(([r, c]) => r * SIZE + c) as [number, number];
        state = playPlacement(state, { first: entry.domino[0], second: entry.domino[1], cells }).state;
      }
      turnStartedAt = at;
    }
    return { ...position, state, turnStartedAt, over: isOver(state) };
  },

  settle(position, now) {
    let { state, turnStartedAt, over } = position;
    const made: TimedEntry<DominoEntry>[] = [];
    while (!over) {
      const playable = playableMove(state, state.toMove);
      if (playable === null) {
        made.push({ entry: { player: state.toMove, kind: 'pass' }, at: turnStartedAt });
        state = passTurn(state).state;
      } else if (now - turnStartedAt > position.turnMs) {
        turnStartedAt += position.turnMs;
        const r = lay(state, playable, true);
        made.push({ entry: r.entry, at: turnStartedAt });
        state = r.state;
      } else break;
      over = isOver(state);
    }
    return { position: { ...position, state, turnStartedAt, over }, made };
  },

  nextClockEvent: (position) => (position.over ? null : position.turnStartedAt + position.turnMs + 1),
  ended: (position) => position.over,

  canonicalMove: (move) => (typeof move === 'string' ? JSON.stringify(move) : JSON.stringify({ kind: move.kind, domino: move.domino, cells: move.cells })),

  play(position, seat, move, now) {
    const { state } = position;
    if (seat !== state.toMove + 1) throw new TableError(409, `seat ${state.toMove + 1} is to move, not seat ${seat}`);
    const p = placementOf(move);
    const why = whyRefused(state, p);
    if (why) throw new TableError(422, `illegal move: ${why}`);
    const r = lay(state, p, false);
    return { made: { entry: r.entry, at: now }, next: { ...position, state: r.state, turnStartedAt: now, over: isOver(r.state) } };
  },

  verdictOf(table, seat, moveNumber, made, after, position): DominoMoveVerdict {
    return {
      game: 'domino',
      table,
      seat,
      moveNumber,
      entry: seatEntry(made.entry, moveNumber),
      after: after.map((m, i) => seatEntry(m.entry, moveNumber + 1 + i)),
      toMove: position.over ? null : position.state.toMove + 1,
      scores: scores(position.state),
      over: position.over,
    };
  },

  seatView(id, position, log, seat, now, page): DominoSeatState {
    const { state } = position;
    const all = scores(state);
    return {
      game: 'domino',
      id,
      seat,
      view: {
        players: state.playerCount,
        names: [...position.names],
        board: Array.from({ length: SIZE }, (_, r) => Array.from(state.board.subarray(r * SIZE, r * SIZE + SIZE))),
        hands: handsOf(state),
        last: state.last < 0 ? null : ([...dominoDigits(state.last)] as [number, number]),
        toMove: position.over ? null : state.toMove + 1,
        scores: all,
        over: position.over,
        winners: position.over ? winners(all).map((s) => s + 1) : [],
      },
      moves: log.slice(page.since, page.since + page.limit).map((e, i) => seatEntry(e, page.since + i + 1)),
      moveCount: log.length,
      clock: { now, turnStartedAt: position.turnStartedAt, turnLeft: position.over ? 0 : Math.max(0, position.turnMs - Math.max(0, now - position.turnStartedAt)) },
    };
  },

  record(stored, log, position): DominoRecordFile {
    const pub = stored.deal.public;
    const names = pub.names;
    const all = scores(position.state);
    const best = winners(all);
    const leftovers = handsOf(position.state).flatMap((hand, p) => hand.map((domino) => ({ player: names[p]!, domino })));
    return {
      format: DOMINO_RECORD,
      version: 1,
      id: stored.deal.id,
      public: {
        players: [...names],
        hands: pub.hands,
        moves: log.map((e) =>
          e.kind === 'pass'
            ? { player: names[e.player]!, kind: 'pass' as const }
            : { player: names[e.player]!, kind: 'place' as const, domino: e.domino, cells: e.cells, ...(e.completes.length > 0 ? { completions: e.completes } : {}) },
        ),
        leftovers,
        totals: Object.fromEntries(all.map((s, p) => [names[p]!, s.total])),
        // one winner's name: on a tie the record names none (the replay reports them all)
        ...(best.length === 1 ? { winner: names[best[0]!]! } : {}),
      },
    };
  },
};
