/**
 * Numbridge at a table: the first registration of the game interface (game.ts), the moves and
 * answers exactly as the tables API has served them since issue 22 (table-game.ts decides).
 */
import { InputError } from '../../core/errors.ts';
import type { DealOptions } from '../../games/numbridge/deal.ts';
import { readNumbridgeDeal } from '../../games/numbridge/files.ts';
import { entryOf, recordFile } from '../../games/numbridge/record.ts';
import { applyMove, resign, whyIllegal, type Move } from '../../games/numbridge/referee.ts';
import type { Player } from '../../games/numbridge/room.ts';
import type { NumbridgeDealFile, RecordEntry } from '../../games/numbridge/schema.ts';
import { gradeLevel } from '../../numbridge-board/request.ts';
import { TimedOut } from '../heavy-work.ts';
import { dealTable, type DealOutcome } from './deal-task.ts';
import type { TableGame } from './game.ts';
import { CreateTableBody, MoveVerdict, SeatMove, SeatState } from './schema.ts';
import { TableError } from './table-error.ts';
import { entryForSeat, nextClockEvent, rebuild, replayOnto, seatState, settle, usedAt, type Position } from './table-game.ts';

/** A table's room.abandonAfterLapses unless the deal request sets it: both seats lapsing 3 turns in a row end the game. */
export const DEFAULT_ABANDON_LAPSES = 3;

export const numbridgeTable: TableGame<NumbridgeDealFile, Position, RecordEntry, SeatMove> = {
  name: 'numbridge',
  idPrefix: 'nbt-',
  createBody: CreateTableBody,
  move: SeatMove,
  seatState: SeatState,
  verdict: MoveVerdict,

  async deal(raw, seed, context) {
    const body = raw as CreateTableBody;
    const b = body.board ?? {};
    let grade;
    try {
      grade = b.grade === undefined ? undefined : gradeLevel(b.grade);
    } catch (e) {
      if (e instanceof RangeError) throw new TableError(422, `cannot deal this table: ${e.message}`);
      throw e;
    }
    const options: DealOptions = {
      variant: body.variant,
      board: { size: b.size, blocks: b.blocks, givens: b.givens, grade, symmetry: b.symmetry, technique: b.technique },
      // a table nobody plays ends after a few lapses each, not after the whole game time
      // (2 days of a 5-second turn limit were 34,559 lapses written by one GET)
      room: { ...body.room, abandonAfterLapses: body.room?.abandonAfterLapses ?? DEFAULT_ABANDON_LAPSES },
    };
    let outcome: DealOutcome;
    if (context.heavyWork) {
      try {
        outcome = await context.heavyWork.run({ kind: 'deal', options, seed }, { client: context.client, ...(context.dealTimeLimitMs === undefined ? {} : { timeLimitMs: context.dealTimeLimitMs }) });
      } catch (e) {
        if (e instanceof TimedOut) throw new TableError(422, `no board found for these options within the budget: ${e.message}`);
        throw e;
      }
    } else {
      outcome = dealTable(options, seed);
    }
    if (outcome.ok) return outcome.deal;
    if (outcome.why === 'options') throw new TableError(422, `cannot deal this table: ${outcome.message}`);
    throw new TableError(422, `no board found for these options within the budget: ${outcome.message}`);
  },

  seats: () => 2,

  start(deal, startedAt, tableId) {
    try {
      return rebuild(readNumbridgeDeal(deal, { source: tableId }).setup, startedAt, []);
    } catch (e) {
      if (e instanceof InputError) throw new Error(`the stored deal of table ${tableId} is unreadable: ${e.message}`);
      throw e;
    }
  },
  replayOnto,
  settle,
  nextClockEvent,
  ended: (position) => position.state.result !== null,

  canonicalMove(move) {
    switch (move.kind) {
      case 'place':
        return JSON.stringify({ kind: move.kind, cell: move.cell, tile: move.tile });
      case 'take':
        return JSON.stringify(move.tile === undefined ? { kind: move.kind, cell: move.cell } : { kind: move.kind, cell: move.cell, tile: move.tile });
      default:
        return JSON.stringify({ kind: move.kind });
    }
  },

  play(position, seatNumber, move, now) {
    const seat = seatNumber as Player;
    const { state } = position;
    if (move.kind === 'resign') {
      return { made: { entry: { player: seat, kind: 'resign' }, at: now }, next: { state: resign(state, seat), turnStartedAt: position.turnStartedAt } };
    }
    if (seat !== state.toMove) throw new TableError(409, `player ${state.toMove} is to move, not player ${seat}`);
    const refereeMove = toRefereeMove(move, state.size);
    const used = usedAt(position, now);
    const illegal = whyIllegal(state, refereeMove, used);
    if (illegal) throw new TableError(422, `illegal move: ${illegal.reason} (${illegal.code})`);
    const r = applyMove(state, refereeMove, used);
    return { made: { entry: entryOf(r.outcome, state.size), at: now }, next: { state: r.state, turnStartedAt: now } };
  },

  verdictOf(table, seatNumber, moveNumber, made, after, position): MoveVerdict {
    const seat = seatNumber as Player;
    return {
      table,
      seat,
      moveNumber,
      entry: entryForSeat(made.entry, moveNumber, seat),
      after: after.map((m, i) => entryForSeat(m.entry, moveNumber + 1 + i, seat)),
      hand: [...position.state.hands[seat - 1]!],
      toMove: position.state.toMove,
      result: position.state.result,
    };
  },

  seatView: (id, position, log, seat, now, page) => seatState(id, position, log, seat as Player, now, page),
  record: (deal, log, position) => recordFile(deal, [...log], position.state.result!),
};

function toRefereeMove(move: Exclude<SeatMove, { kind: 'resign' }>, size: number): Move {
  if (move.kind === 'swap') return { kind: 'swap' };
  const [r, c] = move.cell;
  if (!(r! >= 0 && r! < size && c! >= 0 && c! < size)) throw new TableError(422, `there is no cell [${r}, ${c}] on ${size}×${size}`);
  const cell = r! * size + c!;
  if (move.kind === 'place') return { kind: 'place', tile: move.tile, cell };
  return move.tile === undefined ? { kind: 'take', cell } : { kind: 'take', cell, tile: move.tile };
}
