/**
 * The seeded Numbridge deal: a board from the boards generator (generateBoard, with the board
 * seed = the deal seed), the bag of one tile per empty cell (the digit of its solution) shuffled,
 * and the two starting hands of three drawn from it (player 1 first). Same options and seed,
 * same bytes.
 */
import { contentId } from '../../core/ids.ts';
import { Rng } from '../../core/rng.ts';
import { generateBoard } from '../../numbridge-board/generate.ts';
import { requestGivens, type BoardRequest, type Budget } from '../../numbridge-board/request.ts';
import type { Symmetry } from '../../numbridge-board/symmetry.ts';
import { regularBlockShape } from '../../sudoku/regions.ts';
import type { Digit } from '../../sudoku/types.ts';
import { BLITZ_SIZE, HAND_SIZE, ROOM_DEFAULTS, roomProblem, type RoomSettings, type Variant } from './room.ts';
import type { NumbridgeDealFile } from './schema.ts';
import { NUMBRIDGE_DEAL } from '../../core/formats.ts';

export interface DealOptions {
  variant: Variant;
  /** Board options as for `generate numbridge`; defaults: 9×9 (Blitz 6×6), regular blocks, 30 (14) givens. */
  board?: { size?: number; blocks?: 'regular' | 'irregular'; givens?: number; grade?: number; symmetry?: Symmetry; technique?: string; budget?: Budget };
  /** Overrides of the variant's room defaults. */
  room?: Partial<RoomSettings>;
}

/** The board request of a deal: the variant's board with the options filled in. RangeError when impossible. */
export function dealBoardRequest(options: DealOptions): BoardRequest {
  const b = options.board ?? {};
  if (options.variant === 'blitz' && b.size !== undefined && b.size !== BLITZ_SIZE) throw new RangeError(`Blitz is played on ${BLITZ_SIZE}×${BLITZ_SIZE}, not ${b.size}×${b.size}`);
  const size = b.size ?? (options.variant === 'blitz' ? BLITZ_SIZE : 9);
  const request: BoardRequest = {
    size,
    blocks: b.blocks ?? (regularBlockShape(size) ? 'regular' : 'irregular'),
    symmetry: b.symmetry ?? 'none',
  };
  const givens = requestGivens(size, b.givens, b.technique);
  if (givens !== undefined) request.givens = givens;
  if (b.grade !== undefined) request.grade = b.grade;
  if (b.technique !== undefined) request.technique = b.technique;
  if (b.budget !== undefined) request.budget = b.budget;
  return request;
}

/** The room of a deal: the variant's defaults with the overrides. RangeError when impossible. */
export function dealRoom(options: DealOptions): RoomSettings {
  const room: RoomSettings = { ...ROOM_DEFAULTS[options.variant] };
  for (const [key, value] of Object.entries(options.room ?? {})) if (value !== undefined) (room as Record<string, unknown>)[key] = value;
  const problem = roomProblem(room);
  if (problem) throw new RangeError(problem);
  return room;
}

/**
 * Deal a game. RangeError for options that can never work (a 9×9 Blitz, 5×5 regular …);
 * GenerationError when the board generator's budget runs out.
 */
export function dealNumbridge(options: DealOptions, seed: string): NumbridgeDealFile {
  const request = dealBoardRequest(options);
  const room = dealRoom(options);
  const board = generateBoard(request, seed);
  const secret = board.secret!;
  const n = request.size;
  const tiles: Digit[] = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (board.public.givens[r]![c] === 0) tiles.push(secret.solution[r]![c]!);
  new Rng('numbridge-bag', seed).shuffle(tiles);
  const one = tiles.splice(0, Math.min(HAND_SIZE, tiles.length));
  const two = tiles.splice(0, Math.min(HAND_SIZE, tiles.length));
  const pub: NumbridgeDealFile['public'] = { ...board.public, variant: options.variant, room, boardId: board.id, bagSize: tiles.length, handSizes: { '1': one.length, '2': two.length } };
  return { format: NUMBRIDGE_DEAL, version: 1, id: numbridgeDealId(pub), public: pub, secret: { ...secret, bag: tiles, hands: { '1': one, '2': two } } };
}

/**
 * "nbd-bridge-" + 16 hex digits of a hash of the deal's public part only (variant, room, board):
 * computable from the player form, so it tells nothing more — not the seed, the bag or the hands.
 * Never hash secret content here: late in a game the bag's remaining order is small enough to try.
 */
export function numbridgeDealId(pub: NumbridgeDealFile['public']): string {
  return contentId(`nbd-${pub.variant}`, JSON.stringify(['numbridge-deal', pub.variant, pub.room, pub.boardId, pub.bagSize, pub.handSizes]));
}
