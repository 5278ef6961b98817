/**
 * Game records: a move's outcome as a record entry, an entry as a move again, and the record file
 * of a finished (or adjourned) game. The record holds the deal with its secret (a replay needs the
 * solution and the bag), so it is archived after the game, never shown during it.
 */
import { sha256Hex } from '../../core/sha256.ts';
import type { Cell } from '../../sudoku/types.ts';
import type { Move, Outcome } from './referee.ts';
import type { GameResult, NumbridgeDealFile, NumbridgeRecordFile, RecordEntry } from './schema.ts';
import { NUMBRIDGE_RECORD } from '../../core/formats.ts';

const cellRef = (size: number, cell: Cell): [number, number] => [Math.floor(cell / size), cell % size];

/** The record entry of a move's outcome. A move during which the game time ran out is a time-up. */
export function entryOf(outcome: Outcome, size: number): RecordEntry {
  const { player, move } = outcome;
  const clock = { used: outcome.used, left: outcome.left };
  const drawn = [...outcome.drawn];
  if (outcome.timeUp) return { player, kind: 'timeout', result: 'time-up', clock };
  switch (move.kind) {
    case 'place':
      return { player, kind: 'place', cell: cellRef(size, move.cell), tile: move.tile, result: outcome.right ? 'right' : 'wrong', drawn, clock };
    case 'take':
      return { player, kind: 'take', cell: cellRef(size, move.cell), tiles: [...outcome.paid], result: 'taken', drawn, clock };
    case 'swap':
      return { player, kind: 'swap', tiles: [...outcome.returned], result: 'swapped', drawn, clock };
    case 'skip':
      return { player, kind: 'skip', result: 'skipped', drawn, clock };
    case 'timeout':
      return { player, kind: 'timeout', result: 'lapsed', drawn, clock };
  }
}

/** The move an entry records (null for resign, draw and adjourn: they are not moves). */
export function moveOf(entry: RecordEntry, size: number): Move | null {
  switch (entry.kind) {
    case 'place':
      return { kind: 'place', tile: entry.tile, cell: entry.cell[0] * size + entry.cell[1] };
    case 'take': {
      const cell = entry.cell[0] * size + entry.cell[1];
      return entry.tiles.length === 0 ? { kind: 'take', cell } : { kind: 'take', cell, tile: entry.tiles[0]! };
    }
    case 'swap':
      return { kind: 'swap' };
    case 'skip':
      return { kind: 'skip' };
    case 'timeout':
      return { kind: 'timeout' };
    default:
      return null;
  }
}

/** A record file; its id is a hash of the deal id and the entries. */
export function recordFile(deal: NumbridgeDealFile, moves: RecordEntry[], result: GameResult | null, players?: { '1': string; '2': string }): NumbridgeRecordFile {
  if (!deal.secret) throw new RangeError('a record needs the deal with its secret part');
  const id = 'nbr-' + sha256Hex(JSON.stringify([deal.id, moves])).slice(0, 16);
  const { proof: _proof, ...secret } = deal.secret;
  return {
    format: NUMBRIDGE_RECORD,
    version: 1,
    id,
    public: {
      deal: { format: deal.format, version: deal.version, id: deal.id, public: deal.public, secret },
      ...(players ? { players } : {}),
      moves,
      ...(result ? { result } : {}),
    },
  };
}
