/**
 * The hidden solution: N people (names and genders from the catalogue), one per row and column on
 * cells free of blocking objects, and the victim, chosen in a room that holds exactly two people
 * so that the other one is the murderer.
 */
import type { Rng } from '../core/rng.ts';
import { isBlockingCode } from './catalogue/objects.ts';
import { NAMES, personId } from './catalogue/names.ts';
import { cellAt } from './cells.ts';
import type { Layout } from './layout.ts';
import type { Gender } from './texts/grammar.ts';

export interface CastMember {
  id: string;
  name: string;
  gender: Gender;
}

export interface Cast {
  people: CastMember[];
  /** Per person, the cell (`r·9 + c`). */
  cells: Int8Array;
  victim: number;
  murderer: number;
}

/** A cast for the layout, or null when this draw has no room with exactly two people. */
export function drawCast(layout: Layout, rng: Rng): Cast | null {
  const n = layout.size;
  const columnOfRow = placement(layout, rng);
  if (!columnOfRow) return null;
  // Rooms holding exactly two people can hide the victim.
  const byRoom = new Map<number, number[]>();
  for (let r = 0; r < n; r++) {
    const room = layout.roomOf[cellAt(r, columnOfRow[r]!)]!;
    byRoom.set(room, [...(byRoom.get(room) ?? []), r]);
  }
  const pairs = [...byRoom.values()].filter((rows) => rows.length === 2);
  if (pairs.length === 0) return null;

  // Roughly as many women as men (n/2 ± 1), so "with another man / woman" has company to count.
  const women = Math.max(1, Math.min(n - 1, (n >> 1) + rng.range(-1, 1) + (n & 1 ? rng.int(2) : 0)));
  const genders: Gender[] = rng.shuffle(Array.from({ length: n }, (_, i) => (i < women ? 'f' : 'm')));
  const names = { f: rng.shuffle([...NAMES.f]), m: rng.shuffle([...NAMES.m]) };
  const people = genders.map((gender) => {
    const name = names[gender].pop()!;
    return { id: personId(name), name, gender };
  });
  // Person p stands in row rowOfPerson[p]: the card order says nothing about the rows.
  const rowOfPerson = rng.shuffle([...Array(n).keys()]);
  const cells = Int8Array.from(rowOfPerson, (r) => cellAt(r, columnOfRow[r]!));
  const [a, b] = rng.pick(pairs).map((row) => rowOfPerson.indexOf(row)) as [number, number];
  const [victim, murderer] = rng.chance(0.5) ? [a, b] : [b, a];
  return { people, cells, victim, murderer };
}

/** A random permutation row → column avoiding blocking cells (randomised backtracking). */
function placement(layout: Layout, rng: Rng): number[] | null {
  const n = layout.size;
  const columnOfRow = new Array<number>(n).fill(-1);
  let used = 0;
  let budget = 2000;
  const place = (r: number): boolean => {
    if (r === n) return true;
    if (--budget < 0) return false;
    for (const c of rng.shuffle([...Array(n).keys()])) {
      const code = layout.objectAt[cellAt(r, c)]!;
      if (used & (1 << c) || (code >= 0 && isBlockingCode(code))) continue;
      used |= 1 << c;
      columnOfRow[r] = c;
      if (place(r + 1)) return true;
      used &= ~(1 << c);
    }
    return false;
  };
  return place(0) ? columnOfRow : null;
}
