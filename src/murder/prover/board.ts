/**
 * The prover's view of a board: every fact a clue can name, as a cell set (cells.ts layout),
 * computed once per board with whole-set shifts. This is deliberately a second implementation of
 * the clue meanings (truth.ts is the first, cell by cell); tests hold the two against each other.
 *
 * Shifts in the 27-bit-per-word layout (three rows of nine bits per word):
 *   one column right   (w << 1)  & ~COLUMN_0        one column left  (w >>> 1) & ~COLUMN_8
 *   one row down       (w << 9) within the word, plus row 2 of the word above moving to row 0
 *   one row up         (w >>> 9) within the word, plus row 0 of the word below moving to row 2
 */
import { addCell, cellAt, cellList, cellSets, columnOf, rowOf, WORDS } from '../cells.ts';
import { BLOCKING_OBJECTS, STANDABLE_OBJECTS } from '../catalogue/objects.ts';
import { isStandable, objectCode, personIndexOf, type CaseModel } from '../model.ts';
import type { ClueFact, ClueKind } from '../schema.ts';

const WORD = 0x7ffffff;
const COLUMN_0 = 0x40201;
const COLUMN_8 = 0x4020100;

export interface ProverBoard {
  n: number;
  roomCount: number;
  /** All cells of the board; the cells free of blocking objects. */
  all: Uint32Array;
  free: Uint32Array;
  /** Row r at 3r, column c at 3c. */
  rows: Uint32Array;
  columns: Uint32Array;
  /** Room k at 3k; the room of each cell (−1 off the board). */
  rooms: Uint32Array;
  roomOf: Int8Array;
  /** Per cell (r·9+c at 3·cell): its row and column together. */
  sees: Uint32Array;
  /** Per object code: the cells holding it; the cells beside it in the same room; beside it in any room. */
  objects: Uint32Array;
  beside: Uint32Array;
  adjacent: Uint32Array;
  corners: Uint32Array;
  /** Cells with no wall on any side; cells with no side on the plan's outer edge. */
  awayFromWalls: Uint32Array;
  awayFromEdge: Uint32Array;
  /** 1 for women, 0 for men, per person. */
  female: Uint8Array;
  victim: number;
  /** The case facts (model.facts, same order): counts the prover reasons with (rules-facts.ts). */
  facts: CompiledFact[];
  /**
   * The plan or the case goes beyond what the club's sheet can say (issue 26): case facts, cells
   * outside the plan, two objects on a cell, objects beyond the sheet's eighteen. With the clue
   * kinds, this chooses the ladder (prove.ts ladderFor).
   */
  beyondSheet: boolean;
}

/** A case fact ready for the prover. */
export interface CompiledFact {
  /** Index in model.facts. */
  index: number;
  kind: 'peopleOnObject' | 'emptyRooms';
  /** peopleOnObject: the object code (its cells are `board.objects` at 3·object), else −1. */
  object: number;
  /** peopleOnObject: exactly or at most `count`; emptyRooms: always exactly. */
  exactly: boolean;
  count: number;
}

/** A clue ready for the prover: the cells it allows (unary part) and what it says about others. */
export interface CompiledClue {
  person: number;
  /** Index of the clue on the person's card (for proofs). */
  index: number;
  kind: ClueKind;
  /** The cells the clue allows for its own person (all cells for victim and alone). */
  mask: Uint32Array;
  /** Room of inRoom / notInRoom / withAnother, else −1. */
  room: number;
  /** withAnother: 1 = woman, 0 = man. */
  female: number;
  /** The other person of sameRoomAs, notSameRoomAs, onlyWith, above, below, leftOf, rightOf; else −1. */
  other: number;
  /** The object code of onlyOnObject (and of every object clue), else −1. */
  object: number;
}

function shiftRight(src: Uint32Array, so: number, dst: Uint32Array, d: number): void {
  for (let w = 0; w < WORDS; w++) dst[d + w] = ((src[so + w]! << 1) & ~COLUMN_0 & WORD) >>> 0;
}
function shiftLeft(src: Uint32Array, so: number, dst: Uint32Array, d: number): void {
  for (let w = 0; w < WORDS; w++) dst[d + w] = (src[so + w]! >>> 1) & ~COLUMN_8;
}
function shiftDown(src: Uint32Array, so: number, dst: Uint32Array, d: number): void {
  for (let w = WORDS - 1; w >= 0; w--) dst[d + w] = (((src[so + w]! << 9) & WORD) | (w > 0 ? src[so + w - 1]! >>> 18 : 0)) >>> 0;
}
function shiftUp(src: Uint32Array, so: number, dst: Uint32Array, d: number): void {
  for (let w = 0; w < WORDS; w++) dst[d + w] = ((src[so + w]! >>> 9) | (w < WORDS - 1 ? (src[so + w + 1]! & 0x1ff) << 18 : 0)) >>> 0;
}

const SHIFTS = [shiftRight, shiftLeft, shiftDown, shiftUp];

/** The sheet's objects are the first codes (catalogue/objects.ts: its standable and blocking lists). */
const SHEET_OBJECTS = STANDABLE_OBJECTS.length + BLOCKING_OBJECTS.length;

export function compileBoard(model: CaseModel): ProverBoard {
  const n = model.size;
  const roomCount = model.roomIds.length;
  const all = cellSets(1), free = cellSets(1);
  const rows = cellSets(9), columns = cellSets(9), sees = cellSets(81);
  const objectCount = model.objectIds.length;
  const rooms = cellSets(roomCount), objects = cellSets(objectCount);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = cellAt(r, c);
      addCell(rows, 3 * r, cell);
      addCell(columns, 3 * c, cell);
      if (model.roomOf[cell]! < 0) continue; // outside the plan: in no room, nobody stands there
      addCell(all, 0, cell);
      addCell(rooms, 3 * model.roomOf[cell]!, cell);
      for (let code = 0; code < objectCount; code++) if (model.objectsAt[cell]! & (1 << code)) addCell(objects, 3 * code, cell);
      if (isStandable(model, cell)) addCell(free, 0, cell);
    }
  }
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const o = 3 * cellAt(r, c);
      for (let w = 0; w < WORDS; w++) sees[o + w] = rows[3 * r + w]! | columns[3 * c + w]!;
    }
  }

  // Beside X in the same room: per room R, the neighbours of (X ∩ R) that lie in R.
  const beside = cellSets(objectCount);
  const scratch = cellSets(2);
  for (let code = 0; code < objectCount; code++) {
    for (let room = 0; room < roomCount; room++) {
      for (let w = 0; w < WORDS; w++) scratch[w] = objects[3 * code + w]! & rooms[3 * room + w]!;
      if ((scratch[0]! | scratch[1]! | scratch[2]!) === 0) continue;
      for (const shift of SHIFTS) {
        shift(scratch, 0, scratch, 3);
        for (let w = 0; w < WORDS; w++) beside[3 * code + w]! |= scratch[3 + w]! & rooms[3 * room + w]!;
      }
    }
  }

  // Beside X in any room: the neighbours of X, on the plan.
  const adjacent = cellSets(objectCount);
  for (let code = 0; code < objectCount; code++) {
    for (const shift of SHIFTS) {
      shift(objects, 3 * code, scratch, 0);
      for (let w = 0; w < WORDS; w++) adjacent[3 * code + w]! |= scratch[w]! & all[w]!;
    }
  }

  // Corners: cells of R missing an R-neighbour on the left or right, and one above or below.
  // Away from walls: cells of R with an R-neighbour on every side.
  const corners = cellSets(1), awayFromWalls = cellSets(1), awayFromEdge = cellSets(1);
  const side = cellSets(4);
  const bySides = (set: Uint32Array, o: number, each: (w: number, inside: number, left: number, right: number, top: number, bottom: number) => void) => {
    SHIFTS.forEach((shift, k) => shift(set, o, side, 3 * k));
    // side[0] = the set moved right: a cell is in it when its left neighbour is in the set.
    for (let w = 0; w < WORDS; w++) each(w, set[o + w]!, side[w]!, side[3 + w]!, side[6 + w]!, side[9 + w]!);
  };
  for (let room = 0; room < roomCount; room++) {
    bySides(rooms, 3 * room, (w, r, left, right, top, bottom) => {
      corners[w]! |= ((r & ~left) | (r & ~right)) & ((r & ~top) | (r & ~bottom));
      awayFromWalls[w]! |= r & left & right & top & bottom;
    });
  }
  bySides(all, 0, (w, plan, left, right, top, bottom) => (awayFromEdge[w] = plan & left & right & top & bottom));

  const female = new Uint8Array(model.people.length);
  model.people.forEach((p, i) => (female[i] = p.gender === 'f' ? 1 : 0));
  const facts: CompiledFact[] = (model.facts ?? []).map((fact, index) =>
    fact.kind === 'peopleOnObject'
      ? { index, kind: fact.kind, object: objectCode(model, fact.object), exactly: fact.compare === 'exactly', count: fact.count }
      : { index, kind: fact.kind, object: -1, exactly: true, count: fact.count },
  );
  let beyondSheet = facts.length > 0;
  for (let r = 0; r < n && !beyondSheet; r++) {
    for (let c = 0; c < n && !beyondSheet; c++) {
      const cell = cellAt(r, c), objectBits = model.objectsAt[cell]!;
      beyondSheet = model.roomOf[cell]! < 0 || (objectBits & (objectBits - 1)) !== 0 || objectBits >>> SHEET_OBJECTS !== 0;
    }
  }
  return { n, roomCount, all, free, rows, columns, rooms, roomOf: model.roomOf, sees, objects, beside, adjacent, corners, awayFromWalls, awayFromEdge, female, victim: model.victim, facts, beyondSheet };
}

/** The cell set a clue allows for its own person (see holdsAt in truth.ts for the same meaning). */
export function compileClue(board: ProverBoard, model: CaseModel, person: number, index: number, fact: ClueFact): CompiledClue {
  const mask = cellSets(1);
  const copy = (src: Uint32Array, o: number, invert: boolean) => {
    for (let w = 0; w < WORDS; w++) mask[w] = (invert ? ~src[o + w]! & board.all[w]! : src[o + w]!) >>> 0;
  };
  let room = -1, female = 0, other = -1, object = -1;
  switch (fact.kind) {
    case 'row': copy(board.rows, 3 * fact.row, false); break;
    case 'column': copy(board.columns, 3 * fact.column, false); break;
    case 'inRoom':
    case 'notInRoom':
    case 'withAnother':
      room = model.roomIds.indexOf(fact.room);
      copy(board.rooms, 3 * room, fact.kind === 'notInRoom');
      if (fact.kind === 'withAnother') female = fact.gender === 'f' ? 1 : 0;
      break;
    case 'onObject':
    case 'onlyOnObject':
    case 'notOnObject': object = objectCode(model, fact.object); copy(board.objects, 3 * object, fact.kind === 'notOnObject'); break;
    case 'besideObject':
    case 'notBesideObject': object = objectCode(model, fact.object); copy(board.beside, 3 * object, fact.kind === 'notBesideObject'); break;
    case 'adjacentObject':
    case 'notAdjacentObject': object = objectCode(model, fact.object); copy(board.adjacent, 3 * object, fact.kind === 'notAdjacentObject'); break;
    case 'roomCorner':
    case 'notRoomCorner': copy(board.corners, 0, fact.kind === 'notRoomCorner'); break;
    case 'notBesideWall': copy(board.awayFromWalls, 0, false); break;
    case 'notBesideEdge': copy(board.awayFromEdge, 0, false); break;
    case 'sameRowAsObject':
    case 'sameColumnAsObject':
    case 'leftOfObject':
    case 'rightOfObject':
    case 'aboveObject':
    case 'belowObject':
      object = objectCode(model, fact.object);
      objectRelationMask(board, object, fact.kind, fact.where, mask);
      break;
    case 'sameRoomAs':
    case 'notSameRoomAs':
    case 'onlyWith':
    case 'above':
    case 'below':
    case 'leftOf':
    case 'rightOf':
      other = personIndexOf(model, fact.person);
      copy(board.all, 0, false);
      break;
    case 'victim':
    case 'alone': copy(board.all, 0, false); break;
  }
  return { person, index, kind: fact.kind, mask, room, female, other, object };
}

/**
 * The cells from which some cell holding the object lies in the clue's relation, in the room the
 * clue asks for: per object cell x, the cells of x's row (column), or the columns left of x (for
 * "left of"), …, intersected with x's room, the rest of the plan, or the whole plan.
 */
function objectRelationMask(board: ProverBoard, code: number, kind: string, where: string, mask: Uint32Array): void {
  const line = cellSets(1);
  for (const x of cellList(board.objects, 3 * code)) {
    const r = rowOf(x), c = columnOf(x);
    line.fill(0);
    const addLines = (sets: Uint32Array, from: number, to: number) => {
      for (let k = from; k < to; k++) for (let w = 0; w < WORDS; w++) line[w]! |= sets[3 * k + w]!;
    };
    if (kind === 'sameRowAsObject') addLines(board.rows, r, r + 1);
    else if (kind === 'sameColumnAsObject') addLines(board.columns, c, c + 1);
    else if (kind === 'leftOfObject') addLines(board.columns, 0, c);
    else if (kind === 'rightOfObject') addLines(board.columns, c + 1, board.n);
    else if (kind === 'aboveObject') addLines(board.rows, 0, r);
    else addLines(board.rows, r + 1, board.n);
    const room = 3 * board.roomOf[x]!;
    for (let w = 0; w < WORDS; w++) {
      const own = board.rooms[room + w]!;
      const part = where === 'ownRoom' ? own : where === 'otherRoom' ? board.all[w]! & ~own : board.all[w]!;
      mask[w]! |= line[w]! & part;
    }
  }
}

/** Every clue of a model, compiled, card by card. */
export function compileClues(board: ProverBoard, model: CaseModel): CompiledClue[] {
  return model.people.flatMap((person, p) => person.clues.map((fact, k) => compileClue(board, model, p, k, fact)));
}
