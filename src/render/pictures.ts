/**
 * One picture from one JSON value of any drawable format, chosen by its `format` field:
 *
 *   puzzle kinds with a drawer here (numbridge-board, murder-case, and any kind a club registers
 *   with registerDrawer)               schema check, player form unless the solution is asked for
 *   kosmos-deal, kosmos-record, domino-deal, domino-position, domino-record     (src/games/ readers)
 *
 * Everything is validated with ajv through the existing readers before a line is drawn; an
 * unreadable value is an InputError placed at the input's position (file, line, JSON pointer).
 */
import { InputError, type InputPosition } from '../core/errors.ts';
import { assertReadable } from '../core/schema.ts';
import { readDominoRecord } from '../games/domino/files.ts';
import type { DominoDealFile, DominoPositionFile } from '../games/domino/schema.ts';
import type { KosmosDealFile, KosmosRecordFile } from '../games/kosmos/schema.ts';
import { allFormats, kindForFormat } from '../kinds/registry.ts';
import type { PuzzleFile } from '../kinds/kind.ts';
import type { MurderCaseInput } from '../murder/schema.ts';
import type { NumbridgeBoardInput } from '../numbridge-board/schema.ts';
import { dominoDealPicture, dominoPositionPicture, dominoRecordPicture } from './games/domino.ts';
import { kosmosDealPicture, kosmosRecordPicture } from './games/kosmos.ts';
import { murderPicture } from './murder/index.ts';
import { numbridgePicture } from './numbridge.ts';
import { numbridgeDealPicture, numbridgeRecordPicture, seatPicture } from './numbridge-game.ts';
import type { NumbridgeDealFile, NumbridgeRecordFile } from '../games/numbridge/schema.ts';
import { SeatState } from '../games/numbridge/seat-state.ts';
import { KosmosSeatState } from '../games/kosmos/seat-state.ts';
import { DominoSeatState } from '../games/domino/seat-state.ts';
import { dominoSeatPicture, kosmosSeatPicture } from './games/table-seats.ts';
import { drawerFor, registerDrawer, type PuzzleDrawer } from './drawers.ts';
import type { PictureOptions } from './picture.ts';
import type { Picture } from './svg.ts';
import { DOMINO_DEAL, DOMINO_POSITION, DOMINO_RECORD, KOSMOS_DEAL, KOSMOS_RECORD, MURDER_CASE, NUMBRIDGE_BOARD, NUMBRIDGE_DEAL, NUMBRIDGE_RECORD } from '../core/formats.ts';

export { registerDrawer, type PuzzleDrawer };

export interface Drawn {
  picture: Picture;
  /** The file's id (names the output file). */
  id: string;
  format: string;
  /** True when the picture shows the solution (asked for and present in the file). */
  solution: boolean;
  /** True when files of this format may carry a solution to draw (a `secret` part). */
  hasSolution: boolean;
}

// The built-in kinds' drawers (the table: drawers.ts; a kind module registers its own there).
registerDrawer(NUMBRIDGE_BOARD, (file, options) => numbridgePicture(file as unknown as NumbridgeBoardInput, options));
registerDrawer(MURDER_CASE, (file, options) => murderPicture(file as unknown as MurderCaseInput, options));

type GameDrawer = (value: Record<string, unknown>, where: InputPosition, options: PictureOptions) => Picture;

/** The tile games: not puzzle kinds (nothing to generate or verify as a puzzle), but drawable. */
const GAME_FILES: Readonly<Record<string, { draw: GameDrawer; hasSecret: boolean }>> = {
  [KOSMOS_DEAL]: { draw: (v, _w, o) => kosmosDealPicture(v as unknown as KosmosDealFile, o), hasSecret: true },
  [KOSMOS_RECORD]: { draw: (v, _w, o) => kosmosRecordPicture(v as unknown as KosmosRecordFile, o), hasSecret: false },
  [DOMINO_DEAL]: { draw: (v, _w, o) => dominoDealPicture(v as unknown as DominoDealFile, o), hasSecret: false },
  [DOMINO_POSITION]: { draw: (v, _w, o) => dominoPositionPicture(v as unknown as DominoPositionFile, o), hasSecret: false },
  [DOMINO_RECORD]: { draw: (v, w, o) => dominoRecordPicture(readDominoRecord(v, w), String(v.id), o), hasSecret: false },
  // a deal's hands, bag and solution are its secret; a record is archived with its deal, hands and all
  [NUMBRIDGE_DEAL]: { draw: (v, _w, o) => numbridgeDealPicture(v as unknown as NumbridgeDealFile, o), hasSecret: true },
  [NUMBRIDGE_RECORD]: { draw: (v, _w, o) => numbridgeRecordPicture(v as unknown as NumbridgeRecordFile, o), hasSecret: false },
};

/**
 * A table seat's state (GET /tables/:id) has no `format` field: it is an API answer, not a file.
 * It is told by its shape — `seat`, `view` and `clock` — and then read against the route's own
 * answer schema (a Kosmos or Domino table's, told by its `game`, against its game's). Its
 * pictures are named like files of this pseudo-format.
 */
export const SEAT_STATE = 'numbridge-seat-state';
const SEAT_STATE_WORDS = 'a table seat\'s state (GET /tables/:id)';

function looksLikeSeatState(record: Record<string, unknown>): boolean {
  return record.format === undefined && 'seat' in record && 'view' in record && 'clock' in record;
}

/** Every format `pictureOf` can draw. */
export function drawableFormats(): string[] {
  return [...allFormats().filter((f) => drawerFor(f.format) !== undefined).map((f) => f.format), ...Object.keys(GAME_FILES)].sort();
}

/** Draw one parsed JSON value. Throws an InputError (positioned at `where`) when it cannot be read. */
export function pictureOf(value: unknown, where: InputPosition, options: PictureOptions): Drawn {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new InputError(where, 'expected a JSON object (a puzzlemill file)');
  const record = value as Record<string, unknown>;
  const format = typeof record.format === 'string' ? record.format : undefined;
  if (looksLikeSeatState(record) && record.game === 'kosmos') {
    assertReadable<KosmosSeatState>(KosmosSeatState, value, where);
    return { picture: kosmosSeatPicture(value as KosmosSeatState, options), id: `${record.id}.seat-${record.seat}`, format: 'kosmos-seat-state', solution: false, hasSolution: false };
  }
  if (looksLikeSeatState(record) && record.game === 'domino') {
    assertReadable<DominoSeatState>(DominoSeatState, value, where);
    return { picture: dominoSeatPicture(value as DominoSeatState, options), id: `${record.id}.seat-${record.seat}`, format: 'domino-seat-state', solution: false, hasSolution: false };
  }
  if (looksLikeSeatState(record)) {
    assertReadable<SeatState>(SeatState, value, where);
    const state = value as SeatState;
    return { picture: seatPicture(state, options), id: `${state.id}.seat-${state.seat}`, format: SEAT_STATE, solution: false, hasSolution: false };
  }
  if (format === undefined) throw new InputError({ ...where, pointer: join(where.pointer, '/format') }, `no "format" field (drawable: ${drawableFormats().join(', ')}, or ${SEAT_STATE_WORDS})`);
  try {
    const kind = kindForFormat(format);
    const draw = drawerFor(format);
    if (kind && draw) {
      assertReadable<PuzzleFile>(kind.schema, value, where);
      const file = value as PuzzleFile;
      const solution = options.solution && file.secret !== undefined;
      const shown = solution ? file : kind.playerForm(file);
      return { picture: draw(shown, { ...options, solution }), id: file.id, format, solution, hasSolution: true };
    }
    const game = Object.hasOwn(GAME_FILES, format) ? GAME_FILES[format] : undefined; // not "__proto__" or "toString" of the table
    if (game) {
      const solution = options.solution && game.hasSecret && record.secret !== undefined;
      const shown = solution || !('secret' in record) ? record : withoutSecret(record);
      return { picture: game.draw(shown, where, { ...options, solution }), id: String(record.id ?? format), format, solution, hasSolution: game.hasSecret };
    }
  } catch (e) {
    if (e instanceof InputError) throw placed(e, where);
    throw e;
  }
  throw new InputError({ ...where, pointer: join(where.pointer, '/format') }, `cannot draw "${format}" (drawable: ${drawableFormats().join(', ')}, or ${SEAT_STATE_WORDS})`);
}

/** The player form of a game file: the same object without `secret`, field by field. */
function withoutSecret(record: Record<string, unknown>): Record<string, unknown> {
  const { secret: _secret, ...rest } = record;
  return rest;
}

/** An error from a reader (positioned inside the file) moved to the input's file, line and pointer. */
function placed(e: InputError, where: InputPosition): InputError {
  const inner = e.position;
  const fromReader = inner.source !== where.source;
  if (!fromReader) return e;
  return new InputError({ ...where, pointer: join(where.pointer, inner.pointer) }, e.reason);
}

function join(outer: string | undefined, inner: string | undefined): string | undefined {
  if (!outer) return inner;
  return outer + (inner ?? '');
}
