/**
 * The counter against an exhaustive brute force on random small cases with every clue kind and
 * both case facts (issue 26). The brute force shares no code with the prover, the counter or
 * truth.ts: it enumerates every placement (a row order times a column order of the people) and
 * judges each clue with its own plain reading of docs/RULES.md, written out again below.
 */
import { fc, test } from '@fast-check/vitest';
import { afterAll, expect } from 'vitest';
import { countSolutions } from '../../src/murder/counter.ts';
import type { CaseModel } from '../../src/murder/model.ts';
import type { CaseFact, ClueFact } from '../../src/murder/schema.ts';
import { randomExtendedCase } from './prover-extended-fixtures.ts';

// ——— the brute force's own reading of the case (plain arrays, its own helpers) ———

interface Plain {
  n: number;
  room: (r: number, c: number) => number; // −1 outside the plan or off the board
  objects: (r: number, c: number) => string[];
  blocking: (id: string) => boolean;
  rooms: number;
  roomIndex: (id: string) => number;
  person: (id: string) => number;
  gender: string[];
  clues: ClueFact[][];
  facts: readonly CaseFact[];
}

function plainOf(model: CaseModel): Plain {
  const n = model.size;
  const inside = (r: number, c: number) => r >= 0 && c >= 0 && r < n && c < n;
  return {
    n,
    room: (r, c) => (inside(r, c) ? model.roomOf[r * 9 + c]! : -1),
    objects: (r, c) => (inside(r, c) ? model.objectIds.filter((_, k) => (model.objectsAt[r * 9 + c]! >>> k) & 1) : []),
    blocking: (id) => ['plant', 'table', 'tree', 'bush', 'rock', 'box', 'bookshelf', 'fountain', 'statue', 'bin', 'tv', 'computer', 'rubbish'].includes(id),
    rooms: model.roomIds.length,
    roomIndex: (id) => model.roomIds.indexOf(id),
    person: (id) => model.people.findIndex((p) => p.id === id),
    gender: model.people.map((p) => p.gender),
    clues: model.people.map((p) => [...p.clues]),
    facts: model.facts,
  };
}

const SIDES: Array<[number, number]> = [[-1, 0], [1, 0], [0, -1], [0, 1]];

function judge(pl: Plain, rs: number[], cs: number[], p: number, clue: ClueFact): boolean {
  const r = rs[p]!, c = cs[p]!, home = pl.room(r, c);
  const has = (rr: number, cc: number, id: string) => pl.objects(rr, cc).includes(id);
  const wall = (dr: number, dc: number) => pl.room(r + dr, c + dc) !== home;
  const edge = (dr: number, dc: number) => pl.room(r + dr, c + dc) < 0;
  const mates = (ok: (q: number) => boolean) => rs.filter((_, q) => q !== p && pl.room(rs[q]!, cs[q]!) === home && ok(q)).length;
  const someObject = (id: string, where: string, rel: (rr: number, cc: number) => boolean) => {
    for (let rr = 0; rr < pl.n; rr++) {
      for (let cc = 0; cc < pl.n; cc++) {
        if (!has(rr, cc, id) || !rel(rr, cc)) continue;
        const same = pl.room(rr, cc) === home;
        if (where === 'anywhere' || (where === 'ownRoom' && same) || (where === 'otherRoom' && !same)) return true;
      }
    }
    return false;
  };
  const other = 'person' in clue ? pl.person(clue.person) : -1;
  switch (clue.kind) {
    case 'victim': return mates(() => true) === 1;
    case 'row': return r === clue.row;
    case 'column': return c === clue.column;
    case 'inRoom': return home === pl.roomIndex(clue.room);
    case 'notInRoom': return home !== pl.roomIndex(clue.room);
    case 'onObject': return has(r, c, clue.object);
    case 'notOnObject': return !has(r, c, clue.object);
    case 'besideObject': return SIDES.some(([dr, dc]) => pl.room(r + dr, c + dc) === home && has(r + dr, c + dc, clue.object));
    case 'notBesideObject': return !SIDES.some(([dr, dc]) => pl.room(r + dr, c + dc) === home && has(r + dr, c + dc, clue.object));
    case 'adjacentObject': return SIDES.some(([dr, dc]) => has(r + dr, c + dc, clue.object));
    case 'notAdjacentObject': return !SIDES.some(([dr, dc]) => has(r + dr, c + dc, clue.object));
    case 'roomCorner': return (wall(0, -1) || wall(0, 1)) && (wall(-1, 0) || wall(1, 0));
    case 'notRoomCorner': return !((wall(0, -1) || wall(0, 1)) && (wall(-1, 0) || wall(1, 0)));
    case 'notBesideWall': return SIDES.every(([dr, dc]) => !wall(dr, dc));
    case 'notBesideEdge': return SIDES.every(([dr, dc]) => !edge(dr, dc));
    case 'withAnother': return home === pl.roomIndex(clue.room) && mates((q) => pl.gender[q] === clue.gender) === 1;
    case 'alone': return mates(() => true) === 0;
    case 'sameRoomAs': return pl.room(rs[other]!, cs[other]!) === home;
    case 'notSameRoomAs': return pl.room(rs[other]!, cs[other]!) !== home;
    case 'onlyWith': return pl.room(rs[other]!, cs[other]!) === home && mates(() => true) === 1;
    case 'above': return r < rs[other]!;
    case 'below': return r > rs[other]!;
    case 'leftOf': return c < cs[other]!;
    case 'rightOf': return c > cs[other]!;
    case 'sameRowAsObject': return someObject(clue.object, clue.where, (rr) => rr === r);
    case 'sameColumnAsObject': return someObject(clue.object, clue.where, (_, cc) => cc === c);
    case 'leftOfObject': return someObject(clue.object, clue.where, (_, cc) => c < cc);
    case 'rightOfObject': return someObject(clue.object, clue.where, (_, cc) => c > cc);
    case 'aboveObject': return someObject(clue.object, clue.where, (rr) => r < rr);
    case 'belowObject': return someObject(clue.object, clue.where, (rr) => r > rr);
    case 'onlyOnObject': return has(r, c, clue.object) && rs.every((_, q) => q === p || !has(rs[q]!, cs[q]!, clue.object));
  }
}

function factTrue(pl: Plain, rs: number[], cs: number[], fact: CaseFact): boolean {
  if (fact.kind === 'peopleOnObject') {
    const k = rs.filter((r, q) => pl.objects(r, cs[q]!).includes(fact.object)).length;
    return fact.compare === 'exactly' ? k === fact.count : k <= fact.count;
  }
  const used = new Set(rs.map((r, q) => pl.room(r, cs[q]!)));
  return pl.rooms - used.size === fact.count;
}

function permutations(n: number): number[][] {
  if (n === 0) return [[]];
  return permutations(n - 1).flatMap((rest) => Array.from({ length: n }, (_, i) => [...rest.slice(0, i), n - 1, ...rest.slice(i)]));
}

/** Every placement (person p in row rs[p], column cs[p]) on standable cells where every clue and fact holds. */
function bruteForce(model: CaseModel): string[] {
  const pl = plainOf(model);
  const perms = permutations(pl.n);
  const found: string[] = [];
  for (const rs of perms) {
    for (const cs of perms) {
      let ok = true;
      for (let p = 0; p < pl.n && ok; p++) ok = pl.room(rs[p]!, cs[p]!) >= 0 && !pl.objects(rs[p]!, cs[p]!).some(pl.blocking);
      for (let p = 0; p < pl.n && ok; p++) ok = pl.clues[p]!.every((clue) => judge(pl, rs, cs, p, clue));
      if (ok) ok = pl.facts.every((fact) => factTrue(pl, rs, cs, fact));
      if (ok) found.push(rs.map((r, p) => `${r}${cs[p]}`).join(' '));
    }
  }
  return found.sort();
}

const seen = { cases: 0, none: 0, one: 0, several: 0, kinds: new Set<string>(), facts: new Set<string>() };

afterAll(() => {
  console.log(`extended counter vs brute force: ${seen.cases} cases (${seen.none} without a solution, ${seen.one} unique, ${seen.several} with several); clue kinds ${seen.kinds.size}, fact kinds ${[...seen.facts].join(', ')}`);
});

test.prop([fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 6 })], { numRuns: 400 })(
  'countSolutions finds exactly the placements the brute force finds',
  (seed, clues) => {
    const drawn = randomExtendedCase(seed, { cluesPerPerson: clues, truth: 0.9 });
    if (!drawn) return;
    const { model } = drawn;
    const expected = bruteForce(model);
    const counted = countSolutions(model, { limit: 100000 });
    expect(counted.complete).toBe(true);
    const found = counted.solutions.map((cells) => Array.from(cells, (cell) => `${(cell / 9) | 0}${cell % 9}`).join(' ')).sort();
    expect(found).toEqual(expected);
    seen.cases++;
    if (expected.length === 0) seen.none++;
    else if (expected.length === 1) seen.one++;
    else seen.several++;
    for (const person of model.people) for (const clue of person.clues) seen.kinds.add(clue.kind);
    for (const fact of model.facts) seen.facts.add(fact.kind);
  },
  120_000,
);
