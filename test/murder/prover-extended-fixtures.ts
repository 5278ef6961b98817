/**
 * Random small Murder cases with every clue kind and both case facts (issue 26), built as solver
 * models directly: 4×4 and 5×5 plans grown from random seeds, some cells outside the plan, cells
 * with one or two objects (standable and blocking, built-in ones of the old and the new list), a
 * hidden placement, and clues that are mostly true for it (some random, so a case may have no
 * solution or several). Shared by prover-extended*.test.ts and extended-*.property.test.ts.
 */
import { Rng } from '../../src/core/rng.ts';
import { cellAt, columnOf, rowOf, STRIDE } from '../../src/murder/cells.ts';
import { BUILTIN_OBJECTS, isStandable, type CaseModel, type PersonModel } from '../../src/murder/model.ts';
import type { CaseFact, ClueFact, ClueKind } from '../../src/murder/schema.ts';
import { proveCase } from '../../src/murder/prover/prove.ts';
import { clueHolds, factHolds } from '../../src/murder/truth.ts';

/** chair, carpet, window, gift (standable); plant, tv (blocking). */
export const TEST_OBJECTS = ['chair', 'carpet', 'window', 'gift', 'plant', 'tv'] as const;
const STANDABLE = ['chair', 'carpet', 'window', 'gift'] as const;

export const EXTENDED_KINDS: readonly ClueKind[] = [
  'row', 'column', 'inRoom', 'notInRoom', 'onObject', 'notOnObject', 'besideObject', 'notBesideObject', 'roomCorner', 'notRoomCorner',
  'withAnother', 'alone', 'sameRoomAs', 'notSameRoomAs', 'onlyWith', 'above', 'below', 'leftOf', 'rightOf', 'adjacentObject',
  'notAdjacentObject', 'sameRowAsObject', 'sameColumnAsObject', 'leftOfObject', 'rightOfObject', 'aboveObject', 'belowObject',
  'notBesideWall', 'notBesideEdge', 'onlyOnObject',
];

const code = (id: string) => BUILTIN_OBJECTS.objectIds.indexOf(id);

/** A plan: `rooms` rooms grown from random seeds over the n×n board, then up to two cells cut off the plan. */
function randomPlan(n: number, rng: Rng): { roomOf: Int8Array; rooms: number } {
  const roomOf = new Int8Array(STRIDE * STRIDE).fill(-1);
  const rooms = rng.range(2, n);
  const cells: number[] = [];
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) cells.push(cellAt(r, c));
  rng.shuffle(cells);
  for (let k = 0; k < rooms; k++) roomOf[cells[k]!] = k;
  let left = n * n - rooms;
  while (left > 0) {
    const cell = rng.pick(cells);
    if (roomOf[cell]! >= 0) continue;
    const r = rowOf(cell), c = columnOf(cell);
    const near = [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].filter(([rr, cc]) => rr! >= 0 && cc! >= 0 && rr! < n && cc! < n && roomOf[cellAt(rr!, cc!)]! >= 0);
    if (near.length === 0) continue;
    const [rr, cc] = rng.pick(near);
    roomOf[cell] = roomOf[cellAt(rr!, cc!)]!;
    left--;
  }
  // Cut up to two cells off the plan, keeping every room non-empty.
  for (let k = rng.int(3); k > 0; k--) {
    const cell = rng.pick(cells);
    const room = roomOf[cell]!;
    if (room < 0) continue;
    let size = 0;
    for (const x of cells) if (roomOf[x] === room) size++;
    if (size > 1) roomOf[cell] = -1;
  }
  return { roomOf, rooms };
}

/** A random clue of a kind about person p (params random; `person` params name someone else). */
function randomClue(kind: ClueKind, p: number, n: number, roomIds: readonly string[], people: readonly string[], rng: Rng): ClueFact {
  const object = rng.pick(TEST_OBJECTS);
  const where = rng.pick(['ownRoom', 'otherRoom', 'anywhere'] as const);
  let other = rng.int(n - 1);
  if (other >= p) other++;
  const person = people[other]!;
  switch (kind) {
    case 'row': return { kind, row: rng.int(n) };
    case 'column': return { kind, column: rng.int(n) };
    case 'inRoom':
    case 'notInRoom': return { kind, room: rng.pick(roomIds) };
    case 'withAnother': return { kind, room: rng.pick(roomIds), gender: rng.pick(['f', 'm'] as const) };
    case 'onObject':
    case 'notOnObject':
    case 'besideObject':
    case 'notBesideObject':
    case 'adjacentObject':
    case 'notAdjacentObject':
    case 'onlyOnObject': return { kind, object } as ClueFact;
    case 'sameRowAsObject':
    case 'sameColumnAsObject':
    case 'leftOfObject':
    case 'rightOfObject':
    case 'aboveObject':
    case 'belowObject': return { kind, object, where } as ClueFact;
    case 'sameRoomAs':
    case 'notSameRoomAs':
    case 'onlyWith':
    case 'above':
    case 'below':
    case 'leftOf':
    case 'rightOf': return { kind, person } as ClueFact;
    default: return { kind } as ClueFact;
  }
}

export interface ExtendedCase {
  model: CaseModel;
  /** The hidden placement the true clues were drawn from (it need not satisfy the random ones). */
  cells: Int8Array;
}

/**
 * A random case of size 4 or 5 (`size` to fix it). `truth` (0..1): the chance that a clue or fact
 * is drawn true for the hidden placement (else random). `cluesPerPerson`: at most that many
 * besides the victim line. Null when the draw fails (too few standable cells for a placement).
 */
export function randomExtendedCase(seed: number, options: { size?: number; truth?: number; cluesPerPerson?: number; facts?: number; deal?: boolean } = {}): ExtendedCase | null {
  const rng = new Rng('extended-case', seed);
  const n = options.size ?? rng.range(4, 5);
  const truth = options.truth ?? 0.85;
  const { roomOf, rooms } = randomPlan(n, rng);
  const objectsAt = new Uint32Array(STRIDE * STRIDE);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const cell = cellAt(r, c);
      if (roomOf[cell]! < 0 || !rng.chance(0.4)) continue;
      objectsAt[cell] = 1 << code(rng.chance(0.8) ? rng.pick(STANDABLE) : rng.pick(TEST_OBJECTS));
      if (rng.chance(0.25)) objectsAt[cell]! |= 1 << code(rng.pick(TEST_OBJECTS)); // two objects on a cell
    }
  }
  const roomIds = Array.from({ length: rooms }, (_, k) => `r${k}`);
  const ids = Array.from({ length: n }, (_, k) => `p${k}`);
  const bare: CaseModel = { size: n, roomIds, roomOf, ...BUILTIN_OBJECTS, objectsAt, people: [], facts: [], victim: 0 };
  // A hidden placement: a random row order and column order, on standable cells.
  let cells: Int8Array | null = null;
  for (let tries = 0; tries < 300 && !cells; tries++) {
    const columns = rng.shuffle(Array.from({ length: n }, (_, k) => k));
    const attempt = Int8Array.from({ length: n }, (_, r) => cellAt(r, columns[r]!));
    rng.shuffle(attempt);
    if (Array.from(attempt).every((cell) => isStandable(bare, cell))) cells = attempt;
  }
  if (!cells) return null;
  // The victim: someone whose room holds exactly one other (else anyone: the case then has no solution).
  const pairs = Array.from({ length: n }, (_, p) => p).filter((p) => Array.from(cells!).filter((x, q) => q !== p && roomOf[x] === roomOf[cells![p]!]).length === 1);
  const victim = pairs.length > 0 && rng.chance(0.95) ? rng.pick(pairs) : rng.int(n);
  const people: PersonModel[] = ids.map((id, p) => ({ id, name: id, gender: rng.pick(['f', 'm'] as const), clues: p === victim ? [{ kind: 'victim' }] : [] }));
  const model: CaseModel = { ...bare, people, victim };
  const most = options.cluesPerPerson ?? 2;
  for (let p = 0; p < n; p++) {
    const count = rng.int(most + 1) - (p === victim ? 1 : 0);
    for (let k = 0; k < count; k++) {
      const wantTrue = rng.chance(truth);
      let fact = randomClue(rng.pick(EXTENDED_KINDS), p, n, roomIds, ids, rng);
      for (let tries = 0; wantTrue && tries < 30 && !clueHolds(model, cells, p, fact); tries++) fact = randomClue(rng.pick(EXTENDED_KINDS), p, n, roomIds, ids, rng);
      (people[p]!.clues as ClueFact[]).push(fact);
    }
  }
  const facts: CaseFact[] = [];
  for (let k = rng.int((options.facts ?? 2) + 1); k > 0; k--) {
    const wantTrue = rng.chance(truth);
    let fact = randomFact(n, rooms, rng);
    for (let tries = 0; wantTrue && tries < 30 && !factHolds(model, cells, fact); tries++) fact = randomFact(n, rooms, rng);
    facts.push(fact);
  }
  const dealt: CaseModel = { ...model, facts };
  // `deal`: then add true clues of random kinds until the ladder places everyone (at most 3n more).
  if (options.deal) {
    for (let k = 0; k < 3 * n && proveCase(dealt).status !== 'solved'; k++) {
      const p = rng.int(n);
      let fact = randomClue(rng.pick(EXTENDED_KINDS), p, n, roomIds, ids, rng);
      for (let tries = 0; tries < 30 && !clueHolds(dealt, cells, p, fact); tries++) fact = randomClue(rng.pick(EXTENDED_KINDS), p, n, roomIds, ids, rng);
      if (clueHolds(dealt, cells, p, fact)) (people[p]!.clues as ClueFact[]).push(fact);
    }
  }
  return { model: dealt, cells };
}

function randomFact(n: number, rooms: number, rng: Rng): CaseFact {
  if (rng.chance(0.6)) return { kind: 'peopleOnObject', object: rng.pick(STANDABLE), compare: rng.pick(['exactly', 'atMost'] as const), count: rng.int(Math.min(n, 3) + 1) };
  return { kind: 'emptyRooms', count: rng.int(rooms) };
}
