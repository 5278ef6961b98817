/**
 * The floor plan of a Murder case: one square per cell, floors as light tints (one per floor id,
 * so rooms sharing a wall differ, as the generator guarantees), thick walls between rooms, thin
 * lines inside a room, room names in the chosen language, object icons (hatched background
 * under blocking objects), row and column numbers, and — with the solution — a numbered token
 * per person.
 *
 *   cell (r, c) occupies [x + c·S, x + (c+1)·S] × [y + r·S, y + (r+1)·S]
 *   inside a cell:  top band 0 … 0.24·S  room name (when the room's label runs through it)
 *                   icon box 0.22·S … 0.78·S wide, 0.32·S … 0.88·S high
 *                   token    bottom-right corner (solution only)
 *
 * Class names tests count: `floor`, `room-wall` (one segment per cell side between two rooms),
 * `outline`, `room-name`, `object`, `person`.
 */
import { objectsOn } from '../../murder/model.ts';
import type { MurderPublicInput as MurderPublic } from '../../murder/schema.ts';
import type { Lang } from '../../core/lang.ts';
import { FALLBACK_TINTS, FLOOR_TINTS, GRID_LINE, HATCH, INK, MUTED, WALL } from '../palette.ts';
import { circle, g, line, path, pathData, rect, text } from '../svg.ts';
import { fitSize, wrapText } from '../text.ts';
import { BUILTIN_LOOKS, isBlockingObject, objectIcon, type ObjectLooks } from './icons.ts';

export interface Token {
  /** 1-based card number. */
  number: number;
  fill: string;
  ring: string;
}

export interface PlanOptions {
  x: number;
  y: number;
  cell: number;
  lang: Lang;
  /** Person tokens by cell key `r,c` (solution pictures only). */
  tokens?: ReadonlyMap<string, Token>;
  /** Declared objects (their tags and whether they block); built-in objects only when absent. */
  looks?: ObjectLooks;
}

/**
 * Where the icons of a cell's objects go, as [x, y, size] in cell units: one object in the icon box;
 * two side by side below the room name's band; three or four in a 2 × 2 grid, filled top left, top
 * right, bottom left, bottom right. The bottom-right corner stays for the person's token (a fourth
 * object shares it).
 *
 *   ┌────────────┐   two:   [A][B]      three: [A][B]      four: [A][B]
 *   │ name band  │          .  (3)             [C](3)            [C][D]
 */
export function iconSlots(count: number): ReadonlyArray<readonly [number, number, number]> {
  if (count <= 1) return [[0.22, 0.32, 0.56]];
  if (count === 2) return [[0.06, 0.27, 0.42], [0.52, 0.27, 0.42]];
  const grid: ReadonlyArray<readonly [number, number, number]> = [[0.08, 0.25, 0.37], [0.55, 0.25, 0.37], [0.08, 0.62, 0.36], [0.56, 0.62, 0.36]];
  return grid.slice(0, count);
}

const NAME_MAX = 11.5;
const NAME_MIN = 7.5;

function floorTint(floor: string): string {
  const known = FLOOR_TINTS[floor];
  if (known) return known;
  let h = 0;
  for (const ch of floor) h = (h * 31 + ch.codePointAt(0)!) >>> 0;
  return FALLBACK_TINTS[h % FALLBACK_TINTS.length]!;
}

/** The plan's markup, with row numbers left of it and column numbers above it (outside x, y). */
export function floorPlan(pub: MurderPublic, o: PlanOptions): string {
  const n = pub.size;
  const S = o.cell;
  const floorOf = new Map(pub.rooms.map((room) => [room.id, room.floor]));
  const at = (r: number, c: number) => [o.x + c * S, o.y + r * S] as const;

  const looks = o.looks ?? BUILTIN_LOOKS;
  const inside = (r: number, c: number) => r >= 0 && r < n && c >= 0 && c < n && pub.roomOf[r]![c] !== null;

  const floors: string[] = [];
  const hatches: string[] = [];
  const icons: string[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      // a cell outside the plan is not part of the house: no floor, no objects (the model refuses them)
      if (!inside(r, c)) continue;
      const [x, y] = at(r, c);
      floors.push(rect(x, y, S, S, { class: 'floor', fill: floorTint(floorOf.get(pub.roomOf[r]![c]!) ?? '') }));
      const objects = objectsOn(pub.objects[r]![c]);
      if (objects.length === 0) continue;
      if (objects.some((id) => isBlockingObject(id, looks))) hatches.push(hatch(x, y, S));
      const slots = iconSlots(objects.length);
      objects.forEach((id, i) => {
        const [dx, dy, size] = slots[i]!;
        icons.push(objectIcon(id, x + dx * S, y + dy * S, size * S, looks));
      });
    }
  }

  // walls between two rooms inside the plan; the plan's own edge (the board's, or the side of a
  // cell outside the plan) is the outline
  const inner: string[] = [];
  const walls: string[] = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!inside(r, c)) continue;
      const [x, y] = at(r, c);
      const room = pub.roomOf[r]![c];
      if (c + 1 < n && inside(r, c + 1)) {
        const wall = pub.roomOf[r]![c + 1] !== room;
        const seg = line(x + S, y, x + S, y + S, wall ? { class: 'room-wall' } : {});
        (wall ? walls : inner).push(seg);
      }
      if (r + 1 < n && inside(r + 1, c)) {
        const wall = pub.roomOf[r + 1]![c] !== room;
        const seg = line(x, y + S, x + S, y + S, wall ? { class: 'room-wall' } : {});
        (wall ? walls : inner).push(seg);
      }
    }
  }
  const outline = pub.roomOf.every((row) => row.every((room) => room !== null))
    ? rect(o.x, o.y, n * S, n * S, { class: 'outline', fill: 'none', stroke: WALL, 'stroke-width': 5 })
    : planOutline(n, inside, o);

  const names = pub.rooms.map((room) => roomLabel(pub, room.id, room.name[o.lang], o));

  const numbers: string[] = [];
  for (let i = 0; i < n; i++) {
    numbers.push(text(o.x - 8, o.y + (i + 0.5) * S + 4, String(i + 1), { class: 'row-label', 'text-anchor': 'end' }));
    numbers.push(text(o.x + (i + 0.5) * S, o.y - 8, String(i + 1), { class: 'column-label', 'text-anchor': 'middle' }));
  }

  const tokens: string[] = [];
  for (const [key, token] of o.tokens ?? []) {
    const [r, c] = key.split(',').map(Number) as [number, number];
    const [x, y] = at(r, c);
    tokens.push(personToken(x + 0.76 * S, y + 0.74 * S, 0.2 * S, token));
  }

  return [
    g({}, floors),
    g({}, hatches),
    g({ stroke: GRID_LINE, 'stroke-width': 0.8 }, inner),
    g({}, icons),
    g({ stroke: WALL, 'stroke-width': 4, 'stroke-linecap': 'square' }, walls),
    outline,
    g({}, names),
    g({ 'font-size': 12, fill: MUTED }, numbers),
    g({}, tokens),
  ].join('');
}

/**
 * The outline of a plan with cells outside it: every side of an inside cell that lies on the
 * board's edge or next to an outside cell, as one path (the outside cells stay blank paper).
 */
function planOutline(n: number, inside: (r: number, c: number) => boolean, o: PlanOptions): string {
  const S = o.cell;
  const d: Array<string | number> = [];
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (!inside(r, c)) continue;
      const x = o.x + c * S;
      const y = o.y + r * S;
      if (!inside(r - 1, c)) d.push('M', x, y, 'H', x + S);
      if (!inside(r + 1, c)) d.push('M', x, y + S, 'H', x + S);
      if (!inside(r, c - 1)) d.push('M', x, y, 'V', y + S);
      if (!inside(r, c + 1)) d.push('M', x + S, y, 'V', y + S);
    }
  }
  return path(pathData(...d), { class: 'outline', fill: 'none', stroke: WALL, 'stroke-width': 5, 'stroke-linecap': 'square' });
}

/** A numbered person token (cards use the same badge). */
export function personToken(cx: number, cy: number, radius: number, token: Token, className = 'person'): string {
  return g({ class: className }, [
    circle(cx, cy, radius, { fill: token.fill, stroke: token.ring, 'stroke-width': Math.max(2, radius * 0.22) }),
    text(cx, cy + radius * 0.42, String(token.number), { 'font-size': radius * 1.15, 'font-weight': 'bold', 'text-anchor': 'middle', fill: '#ffffff' }),
  ]);
}

/** Diagonal hatch lines inside one cell (x + y = const): one path, no clip path needed. */
export function hatch(x: number, y: number, size: number): string {
  const step = size / 7;
  const d: Array<string | number> = [];
  for (let t = step; t < 2 * size - 0.01; t += step) {
    d.push('M', x + Math.max(0, t - size), y + Math.min(t, size), 'L', x + Math.min(t, size), y + Math.max(0, t - size));
  }
  return path(pathData(...d), { class: 'hatch', fill: 'none', stroke: HATCH, 'stroke-width': 1.2 });
}

interface Run {
  r: number;
  c: number;
  length: number;
  vertical: boolean;
}

/** The longest straight run of a room's cells, horizontal first (top-most, then left-most on ties). */
function longestRuns(pub: MurderPublic, roomId: string): { across: Run; down: Run } {
  const n = pub.size;
  let across: Run = { r: 0, c: 0, length: 0, vertical: false };
  let down: Run = { r: 0, c: 0, length: 0, vertical: true };
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      if (pub.roomOf[r]![c] !== roomId) continue;
      let len = 0;
      while (c + len < n && pub.roomOf[r]![c + len] === roomId) len++;
      if (len > across.length) across = { r, c, length: len, vertical: false };
      len = 0;
      while (r + len < n && pub.roomOf[r + len]![c] === roomId) len++;
      if (len > down.length) down = { r, c, length: len, vertical: true };
    }
  }
  return { across, down };
}

/**
 * The room's name on the top band of its longest row of cells; rotated along its longest column
 * when that fits better; wrapped into the band of a small room as the last resort.
 */
function roomLabel(pub: MurderPublic, roomId: string, name: string, o: PlanOptions): string {
  const S = o.cell;
  const { across, down } = longestRuns(pub, roomId);
  const halo = { stroke: '#ffffff', 'stroke-width': 3, 'stroke-linejoin': 'round', 'paint-order': 'stroke', fill: INK, 'font-weight': 'bold' };
  const sizeAcross = fitSize(name, across.length * S - 8, NAME_MAX, NAME_MIN, 'bold');
  const sizeDown = fitSize(name, down.length * S - 8, NAME_MAX, NAME_MIN, 'bold');
  if (sizeAcross !== null && (sizeDown === null || sizeAcross >= 9 || sizeAcross >= sizeDown)) {
    const x = o.x + across.c * S + 4;
    const y = o.y + across.r * S + 4 + sizeAcross * 0.82;
    return text(x, y, name, { class: 'room-name', 'font-size': sizeAcross, ...halo });
  }
  if (sizeDown !== null) {
    // reads bottom to top along the left band of the column
    const x = o.x + down.c * S + 4 + sizeDown * 0.82;
    const y = o.y + (down.r + down.length) * S - 4;
    return text(x, y, name, { class: 'room-name', 'font-size': sizeDown, transform: `rotate(-90 ${x} ${y})`, ...halo });
  }
  const lines = wrapText(name, across.length * S - 6, NAME_MIN, 'bold');
  return g(
    { class: 'room-name' },
    lines.map((l, i) => text(o.x + across.c * S + 3, o.y + across.r * S + 3 + NAME_MIN * (0.82 + i), l, { 'font-size': NAME_MIN, ...halo })),
  );
}
