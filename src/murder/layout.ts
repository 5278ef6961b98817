/**
 * Floor plans: rooms, their names and floors, and the furniture. Rooms come from cutting the board
 * into rectangles (guillotine cuts, like the walls of a real house) and then joining some
 * neighbouring pairs into L, T and Z shapes, so that "corner" and "beside" have interesting
 * answers. Room types are matched to room sizes (the pantry small, the hall long), floors are
 * coloured so that rooms sharing a wall differ, and objects are drawn from each room type's list.
 */
import type { Rng } from '../core/rng.ts';
import { isBlockingCode, OBJECT_CODE, type ObjectId } from './catalogue/objects.ts';
import type { Floor, RoomType, Setting, SizeClass } from './catalogue/settings.ts';
import { cellAt, STRIDE } from './cells.ts';

export interface Layout {
  size: number;
  setting: Setting;
  /** Room index per cell (`r·9 + c`), −1 off the board. */
  roomOf: Int8Array;
  roomTypes: RoomType[];
  floors: Floor[];
  /** Object code per cell, −1 for bare floor. */
  objectAt: Int8Array;
  /** Extended plans only: a second object on the cell (a carpet or rug under a seat), −1 for none. */
  underAt?: Int8Array;
}

interface Rect {
  r: number;
  c: number;
  h: number;
  w: number;
}

/** How many rooms an N×N plan has (inclusive range). */
export const ROOM_COUNTS: Readonly<Record<number, readonly [number, number]>> = {
  4: [3, 4], 5: [4, 5], 6: [5, 7], 7: [6, 8], 8: [7, 9], 9: [8, 11],
};

/**
 * Share of cells that hold an object, and of those, the share that blocks. Well-furnished plans
 * (about a third of the cells blocked) let about one clue per person decide a case.
 */
const OBJECT_DENSITY: readonly [number, number] = [0.45, 0.6];
const BLOCKING_SHARE = 0.6;

/** Share of seats that stand on a carpet or rug in extended plans (when the room type has one). */
const ON_CARPET = 0.25;
const SEATS: ReadonlySet<ObjectId> = new Set(['chair', 'armchair', 'sofa', 'stool', 'bench', 'bed']);
const COVERINGS: ReadonlySet<ObjectId> = new Set(['carpet', 'rug']);

/**
 * A floor plan, or null when this attempt failed (the caller draws again). `extended`: rooms may
 * also hold their objects beyond the sheet (RoomType.more), and a seat may stand on a carpet; a
 * sheet plan draws exactly the random numbers it always did.
 */
export function drawLayout(size: number, setting: Setting, rng: Rng, extended = false): Layout | null {
  const [lo, hi] = ROOM_COUNTS[size]!;
  const roomCount = rng.range(lo, hi);
  const roomOf = partition(size, roomCount, rng);
  if (!roomOf) return null;
  const roomTypes = nameRooms(size, roomOf, roomCount, setting, rng);
  if (!roomTypes) return null;
  const floors = colourFloors(size, roomOf, roomCount, setting, rng);
  if (!floors) return null;
  if (!extended) return { size, setting, roomOf, roomTypes, floors, objectAt: furnish(size, roomOf, roomTypes, rng) };
  const underAt = new Int8Array(STRIDE * STRIDE).fill(-1);
  const objectAt = furnish(size, roomOf, roomTypes, rng, underAt);
  return { size, setting, roomOf, roomTypes, floors, objectAt, underAt };
}

/** Guillotine cuts into `rooms + joins` rectangles, then `joins` merges into non-rectangles. */
function partition(size: number, rooms: number, rng: Rng): Int8Array | null {
  const joins = size <= 4 ? rng.int(2) : Math.max(1, Math.round(rooms * (0.25 + 0.2 * rng.next())));
  const rects: Rect[] = [{ r: 0, c: 0, h: size, w: size }];
  while (rects.length < rooms + joins) {
    const splittable = rects.filter((x) => x.h * x.w >= 2);
    if (splittable.length === 0) return null;
    // Larger rectangles are cut first, with some randomness so sizes vary.
    const target = splittable.reduce((best, x) => (x.h * x.w * (0.5 + rng.next()) > best.h * best.w * (0.5 + rng.next()) ? x : best));
    const horizontal = target.h > target.w ? rng.chance(0.8) : target.h < target.w ? rng.chance(0.2) : rng.chance(0.5);
    const length = horizontal ? target.h : target.w;
    if (length < 2) continue;
    const cut = 1 + rng.int(length - 1);
    rects.splice(rects.indexOf(target), 1);
    if (horizontal) rects.push({ ...target, h: cut }, { ...target, r: target.r + cut, h: target.h - cut });
    else rects.push({ ...target, w: cut }, { ...target, c: target.c + cut, w: target.w - cut });
  }
  const roomOf = new Int8Array(STRIDE * STRIDE).fill(-1);
  rects.forEach((x, i) => {
    for (let r = x.r; r < x.r + x.h; r++) for (let c = x.c; c < x.c + x.w; c++) roomOf[cellAt(r, c)] = i;
  });
  // Join neighbouring rectangles; prefer pairs whose union is not itself a rectangle.
  let pieces = rects.length;
  for (let j = 0; j < joins; j++) {
    const pairs = neighbourPairs(size, roomOf);
    if (pairs.length === 0) return null;
    const shaped = pairs.filter(([a, b]) => !isRectangle(size, roomOf, a, b));
    const [a, b] = rng.pick(shaped.length > 0 ? shaped : pairs);
    for (let i = 0; i < roomOf.length; i++) if (roomOf[i] === b) roomOf[i] = a;
    pieces--;
  }
  // Renumber 0..rooms−1 in reading order of each room's first cell.
  const renumber = new Map<number, number>();
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const old = roomOf[cellAt(r, c)]!;
      if (!renumber.has(old)) renumber.set(old, renumber.size);
    }
  }
  for (let i = 0; i < roomOf.length; i++) if (roomOf[i]! >= 0) roomOf[i] = renumber.get(roomOf[i]!)!;
  if (pieces !== rooms) return null;
  // No room larger than about twice the average: a hall of half the board makes dull clues.
  const area = new Array<number>(rooms).fill(0);
  for (let i = 0; i < roomOf.length; i++) if (roomOf[i]! >= 0) area[roomOf[i]!]!++;
  return Math.max(...area) <= Math.max(6, Math.ceil((2.2 * size * size) / rooms)) ? roomOf : null;
}

function neighbourPairs(size: number, roomOf: Int8Array): Array<[number, number]> {
  const seen = new Set<number>();
  const pairs: Array<[number, number]> = [];
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const a = roomOf[cellAt(r, c)]!;
      for (const [rr, cc] of [[r, c + 1], [r + 1, c]] as const) {
        if (rr >= size || cc >= size) continue;
        const b = roomOf[cellAt(rr, cc)]!;
        if (a === b) continue;
        const key = Math.min(a, b) * 256 + Math.max(a, b);
        if (seen.has(key)) continue;
        seen.add(key);
        pairs.push([Math.min(a, b), Math.max(a, b)]);
      }
    }
  }
  return pairs;
}

function isRectangle(size: number, roomOf: Int8Array, a: number, b: number): boolean {
  let r0 = 9, r1 = -1, c0 = 9, c1 = -1, count = 0;
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const x = roomOf[cellAt(r, c)];
      if (x !== a && x !== b) continue;
      count++;
      r0 = Math.min(r0, r); r1 = Math.max(r1, r); c0 = Math.min(c0, c); c1 = Math.max(c1, c);
    }
  }
  return count === (r1 - r0 + 1) * (c1 - c0 + 1);
}

/** Room types by size: the largest rooms get large types, long thin rooms corridor types. */
function nameRooms(size: number, roomOf: Int8Array, rooms: number, setting: Setting, rng: Rng): RoomType[] | null {
  if (setting.rooms.length < rooms) return null;
  const area = new Array<number>(rooms).fill(0);
  const box = Array.from({ length: rooms }, () => ({ r0: 9, r1: -1, c0: 9, c1: -1 }));
  for (let r = 0; r < size; r++) {
    for (let c = 0; c < size; c++) {
      const k = roomOf[cellAt(r, c)]!;
      area[k]!++;
      const b = box[k]!;
      b.r0 = Math.min(b.r0, r); b.r1 = Math.max(b.r1, r); b.c0 = Math.min(b.c0, c); b.c1 = Math.max(b.c1, c);
    }
  }
  const order = rng.shuffle([...Array(rooms).keys()]).sort((x, y) => area[y]! - area[x]!);
  const wanted = (rank: number): SizeClass => (rank < rooms / 3 ? 3 : rank < (2 * rooms) / 3 ? 2 : 1);
  const pool = rng.shuffle([...setting.rooms]);
  const types: RoomType[] = new Array(rooms);
  order.forEach((room, rank) => {
    const b = box[room]!;
    const long = Math.min(b.r1 - b.r0, b.c1 - b.c0) === 0 && area[room]! >= 3;
    const score = (t: RoomType) => Math.abs(t.size - wanted(rank)) * 2 + (t.long === long ? 0 : 1);
    let best = 0;
    for (let i = 1; i < pool.length; i++) if (score(pool[i]!) < score(pool[best]!)) best = i;
    types[room] = pool.splice(best, 1)[0]!;
  });
  return types;
}

/** Greedy colouring, most constrained room first; rooms sharing a wall get different floors. */
function colourFloors(size: number, roomOf: Int8Array, rooms: number, setting: Setting, rng: Rng): Floor[] | null {
  const adjacent = Array.from({ length: rooms }, () => new Set<number>());
  for (const [a, b] of neighbourPairs(size, roomOf)) {
    adjacent[a]!.add(b);
    adjacent[b]!.add(a);
  }
  const floors: Array<Floor | undefined> = new Array(rooms);
  const order = rng.shuffle([...Array(rooms).keys()]).sort((a, b) => adjacent[b]!.size - adjacent[a]!.size);
  for (const room of order) {
    const taken = new Set([...adjacent[room]!].map((x) => floors[x]?.id));
    const options = setting.floors.filter((f) => !taken.has(f.id));
    if (options.length === 0) return null;
    floors[room] = rng.pick(options);
  }
  return floors as Floor[];
}

/**
 * Objects per room from its type's list; every room keeps at least half its cells standable.
 * With `underAt` (extended plans) the list includes the type's further objects, and a seat may get
 * a carpet or rug of the room's list under it.
 */
function furnish(size: number, roomOf: Int8Array, types: RoomType[], rng: Rng, underAt?: Int8Array): Int8Array {
  const objectAt = new Int8Array(STRIDE * STRIDE).fill(-1);
  const density = OBJECT_DENSITY[0] + rng.next() * (OBJECT_DENSITY[1] - OBJECT_DENSITY[0]);
  types.forEach((type, room) => {
    const cells: number[] = [];
    for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) if (roomOf[cellAt(r, c)] === room) cells.push(cellAt(r, c));
    const list = underAt && type.more ? [...type.objects, ...type.more] : type.objects;
    const standable = list.filter((o) => !isBlockingCode(OBJECT_CODE[o]));
    const blocking = list.filter((o) => isBlockingCode(OBJECT_CODE[o]));
    const coverings = underAt ? type.objects.filter((o) => COVERINGS.has(o)) : [];
    let blocked = 0;
    for (const cell of rng.shuffle(cells)) {
      if (!rng.chance(density)) continue;
      const wantsBlock = blocking.length > 0 && (standable.length === 0 || rng.chance(BLOCKING_SHARE));
      if (wantsBlock && 2 * (blocked + 1) > cells.length) continue;
      const pick: ObjectId = rng.pick(wantsBlock ? blocking : standable);
      if (wantsBlock) blocked++;
      objectAt[cell] = OBJECT_CODE[pick];
      if (underAt && coverings.length > 0 && SEATS.has(pick) && rng.chance(ON_CARPET)) underAt[cell] = OBJECT_CODE[rng.pick(coverings)];
    }
  });
  return objectAt;
}
