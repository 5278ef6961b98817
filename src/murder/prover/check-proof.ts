/**
 * checkCaseProof(model, steps): replay a case file's `secret.proof` from the start (everyone may
 * stand on every cell free of blocking objects) and check each step as a deduction, without the
 * prover: for each rule, every cell a step rules out for a person must be ruled out by that rule's
 * argument in the position the earlier steps left, with the clues and people the step names; the
 * clue meanings come from the reference semantics (../truth.ts), not from the prover's masks.
 * At the end everyone must be down to one cell. An unknown rule fails (closed): a step we cannot
 * check is not a proof.
 *
 * Kept simple on purpose (cell lists, no bit sets): it runs once per verified file.
 */
import { cellAt, columnOf, rowOf } from '../cells.ts';
import { hasObject, isStandable, objectCode, personIndexOf, roomIndexOf, unknownIdText, type CaseModel } from '../model.ts';
import type { ClueFact, ProofStep } from '../schema.ts';
import { clueHolds, holdsAt, STRICT } from '../truth.ts';

export interface CaseProofFailure {
  /** 1-based. */
  step: number;
  rule: string;
  reason: string;
}

export interface CaseProofReplay {
  failure: CaseProofFailure | null;
  /** Per person, the cells left after the last step checked. */
  cells: number[][];
}

interface Claim {
  /** [person, cell] pairs ruled out. */
  removed: Array<[number, number]>;
  placed: Array<[number, number]>;
  people: number[];
  clues: Array<[number, ClueFact]>;
  rows: number[];
  columns: number[];
  /** Room indices. */
  rooms: number[];
}

type RuleCheck = (s: CasePosition, claim: Claim) => string | null;

/** The rules we can check, with their tier. Every rule of the ladder (prove.ts RULES) must be here. */
export const CHECKED_RULES: Readonly<Record<string, { tier: number; check: RuleCheck }>> = {
  'clue-filter': { tier: 1, check: clueFilter },
  'naked-single': { tier: 1, check: nakedSingle },
  'line-single': { tier: 1, check: lineSingle },
  claiming: { tier: 2, check: claiming },
  'victim-room': { tier: 2, check: victimRoom },
  'with-another': { tier: 2, check: withAnother },
  alone: { tier: 2, check: alone },
  'room-capacity': { tier: 3, check: roomCapacity },
  'hall-rows': { tier: 3, check: (s, c) => hall(s, c, 'row') },
  'hall-columns': { tier: 3, check: (s, c) => hall(s, c, 'column') },
  rectangle: { tier: 3, check: rectangle },
  'one-cell-line': { tier: 2, check: oneCellLine },
  'row-column-sets': { tier: 3, check: rowColumnSets },
  'only-on-object': { tier: 1, check: onlyOnObject },
  'person-order': { tier: 2, check: (s, c) => pairSupport(s, c, ['above', 'below', 'leftOf', 'rightOf']) },
  'same-room': { tier: 2, check: (s, c) => pairSupport(s, c, ['sameRoomAs', 'onlyWith']) },
  'not-same-room': { tier: 2, check: (s, c) => pairSupport(s, c, ['notSameRoomAs']) },
  'only-with': { tier: 2, check: onlyWith },
  'object-count': { tier: 2, check: objectCount },
  'empty-rooms': { tier: 3, check: emptyRooms },
  'room-company': { tier: 3, check: roomCompany },
  'room-demand': { tier: 3, check: roomDemand },
};

export function checkCaseProof(model: CaseModel, steps: readonly ProofStep[]): CaseProofReplay {
  const s = new CasePosition(model);
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    const fail = (reason: string): CaseProofReplay => ({ failure: { step: i + 1, rule: step.rule, reason }, cells: s.snapshot() });
    const known = Object.hasOwn(CHECKED_RULES, step.rule) ? CHECKED_RULES[step.rule]! : null;
    if (!known) return fail('unknown rule: the step cannot be checked');
    if (step.tier !== known.tier) return fail(`says tier ${step.tier}, the rule is tier ${known.tier}`);
    const claim = s.claimOf(step);
    if (typeof claim === 'string') return fail(claim);
    if (claim.removed.length === 0 && claim.placed.length === 0) return fail('changes nothing');
    for (const [p, cell] of claim.removed) if (!s.cand[p]!.has(cell)) return fail(`rules out ${s.cellName(cell)} for ${s.who(p)}, who could not stand there any more`);
    const reason = known.check(s, claim);
    if (reason) return fail(reason);
    for (const [p, cell] of claim.removed) s.cand[p]!.delete(cell);
    for (const [p] of claim.placed) s.placed.add(p);
  }
  return { failure: null, cells: s.snapshot() };
}

/** "proof step 3 (hall-rows): reason". */
export function caseProofFailureText(f: CaseProofFailure): string {
  return `proof step ${f.step} (${f.rule}): ${f.reason}`;
}

class CasePosition {
  readonly n: number;
  /** Per person, the cells they can still stand on. */
  readonly cand: Array<Set<number>>;
  readonly placed = new Set<number>();

  constructor(readonly model: CaseModel) {
    this.n = model.size;
    const free: number[] = [];
    for (let r = 0; r < this.n; r++) for (let c = 0; c < this.n; c++) if (isStandable(model, cellAt(r, c))) free.push(cellAt(r, c));
    this.cand = model.people.map(() => new Set(free));
  }

  snapshot(): number[][] {
    return this.cand.map((set) => [...set].sort((a, b) => a - b));
  }

  who(p: number): string {
    return this.model.people[p]!.id;
  }

  cellName(cell: number): string {
    return `[${rowOf(cell)}, ${columnOf(cell)}]`;
  }

  roomOf(cell: number): number {
    return this.model.roomOf[cell]!;
  }

  reaches(p: number, room: number): boolean {
    for (const c of this.cand[p]!) if (this.roomOf(c) === room) return true;
    return false;
  }

  confinedTo(p: number, room: number): boolean {
    if (this.cand[p]!.size === 0) return false;
    for (const c of this.cand[p]!) if (this.roomOf(c) !== room) return false;
    return true;
  }

  /** The step with people and rooms as indices, or why it names something the case lacks. */
  claimOf(step: ProofStep): Claim | string {
    const ids = this.model.people.map((p) => p.id);
    const person = (id: string): number => ids.indexOf(id);
    const cell = ([r, c]: readonly number[]): number => (r! < this.n && c! < this.n ? cellAt(r!, c!) : -1);
    const removed: Array<[number, number]> = [];
    for (const x of step.removed) {
      const p = person(x.person);
      if (p < 0) return `names an ${unknownIdText('person', x.person, ids)}`;
      for (const ref of x.cells) {
        const at = cell(ref);
        if (at < 0) return `rules out [${ref[0]}, ${ref[1]}], off the board`;
        removed.push([p, at]);
      }
    }
    const placed: Array<[number, number]> = [];
    for (const x of step.placed) {
      const p = person(x.person);
      const at = cell(x.cell);
      if (p < 0) return `names an ${unknownIdText('person', x.person, ids)}`;
      if (at < 0) return `places ${x.person} off the board`;
      placed.push([p, at]);
    }
    const premises = step.premises;
    const people: number[] = [];
    for (const id of premises.people ?? []) {
      if (person(id) < 0) return `names an ${unknownIdText('person', id, ids)}`;
      people.push(person(id));
    }
    const clues: Array<[number, ClueFact]> = [];
    for (const ref of premises.clues ?? []) {
      const p = person(ref.person);
      if (p < 0) return `names an ${unknownIdText('person', ref.person, ids)}`;
      const fact = this.model.people[p]!.clues[ref.index];
      if (!fact) return `names clue ${ref.index} of "${ref.person}", which is not on their card`;
      clues.push([p, fact]);
    }
    const rooms: number[] = [];
    for (const id of premises.rooms ?? []) {
      if (roomIndexOf(this.model, id) < 0) return `names an ${unknownIdText('room', id, this.model.roomIds)}`;
      rooms.push(roomIndexOf(this.model, id));
    }
    const lines = (xs: readonly number[] | undefined) => (xs ?? []).filter((x) => x < this.n);
    if (lines(premises.rows).length !== (premises.rows ?? []).length || lines(premises.columns).length !== (premises.columns ?? []).length) return 'names a line off the board';
    return { removed, placed, people, clues, rows: premises.rows ?? [], columns: premises.columns ?? [], rooms };
  }
}

/** Every removal satisfies `ok`, else the first that does not is named. */
function eachRemoval(s: CasePosition, claim: Claim, ok: (p: number, cell: number) => boolean, why: string): string | null {
  for (const [p, cell] of claim.removed) if (!ok(p, cell)) return `does not rule out ${s.cellName(cell)} for ${s.who(p)} (${why})`;
  return null;
}

const noPlacement = (claim: Claim): string | null => (claim.placed.length > 0 ? 'places somebody, which only a naked single does' : null);

/** The one clue a step names, which must be of one of these kinds. */
function namedClue(claim: Claim, kinds: readonly string[]): [number, ClueFact] | string {
  if (claim.clues.length !== 1) return 'must name exactly one clue';
  const [p, fact] = claim.clues[0]!;
  if (!kinds.includes(fact.kind)) return `names a ${fact.kind} clue, not ${kinds.join(' or ')}`;
  return [p, fact];
}

/** The one line (row or column) a step names. */
function namedLine(claim: Claim): { axis: 'row' | 'column'; line: number } | string {
  if (claim.rows.length + claim.columns.length !== 1) return 'must name exactly one row or column';
  return claim.rows.length === 1 ? { axis: 'row', line: claim.rows[0]! } : { axis: 'column', line: claim.columns[0]! };
}

const lineOf = (axis: 'row' | 'column', cell: number) => (axis === 'row' ? rowOf(cell) : columnOf(cell));

function clueFilter(s: CasePosition, claim: Claim): string | null {
  const clue = claim.clues.length === 1 ? claim.clues[0]! : null;
  if (!clue) return 'must name exactly one clue';
  const [p, fact] = clue;
  return noPlacement(claim) ?? eachRemoval(s, claim, (q, cell) => q === p && !holdsAt(s.model, fact, cell, STRICT), `the ${fact.kind} clue of ${s.who(p)} allows it`);
}

function nakedSingle(s: CasePosition, claim: Claim): string | null {
  if (claim.placed.length !== 1) return 'must place exactly one person';
  const [p, cell] = claim.placed[0]!;
  if (s.placed.has(p)) return `${s.who(p)} is already placed`;
  if (s.cand[p]!.size !== 1 || !s.cand[p]!.has(cell)) return `${s.who(p)} can still stand on ${s.cand[p]!.size} cells`;
  return eachRemoval(s, claim, (q, x) => q !== p && (rowOf(x) === rowOf(cell) || columnOf(x) === columnOf(cell)), `not in the row or column of ${s.who(p)}`);
}

/** A row (column) only one person can reach is theirs. */
function lineSingle(s: CasePosition, claim: Claim): string | null {
  const named = namedLine(claim);
  if (typeof named === 'string') return named;
  if (claim.people.length !== 1) return 'must name exactly one person';
  const p = claim.people[0]!;
  const { axis, line } = named;
  for (let q = 0; q < s.n; q++) if (q !== p && [...s.cand[q]!].some((c) => lineOf(axis, c) === line)) return `${s.who(q)} can also reach ${axis} ${line}`;
  return noPlacement(claim) ?? eachRemoval(s, claim, (q, x) => q === p && lineOf(axis, x) !== line, `only ${s.who(p)}'s cells outside ${axis} ${line}`);
}

/** A person confined to one row (column) takes it from everyone else. */
function claiming(s: CasePosition, claim: Claim): string | null {
  const named = namedLine(claim);
  if (typeof named === 'string') return named;
  if (claim.people.length !== 1) return 'must name exactly one person';
  const p = claim.people[0]!;
  const { axis, line } = named;
  if (s.cand[p]!.size === 0 || [...s.cand[p]!].some((c) => lineOf(axis, c) !== line)) return `${s.who(p)} is not confined to ${axis} ${line}`;
  return noPlacement(claim) ?? eachRemoval(s, claim, (q, x) => q !== p && lineOf(axis, x) === line, `only others' cells in ${axis} ${line}`);
}

/**
 * "Exactly one of `eligible` is in `room`": someone of them confined there closes it to the rest
 * of them; the only one of them who can get there must be there.
 */
function exactlyOneRemoves(s: CasePosition, eligible: readonly number[], room: number, q: number, cell: number): boolean {
  if (!eligible.includes(q)) return false;
  const others = eligible.filter((k) => k !== q);
  if (s.roomOf(cell) === room) return others.some((k) => s.confinedTo(k, room));
  return !others.some((k) => s.reaches(k, room));
}

/** The victim's room holds the victim and exactly one other person (the murderer). */
function victimRoom(s: CasePosition, claim: Claim): string | null {
  const v = s.model.victim;
  const others = s.model.people.map((_, q) => q).filter((q) => q !== v);
  const ok = (q: number, cell: number) => {
    if (q === v) {
      const room = s.roomOf(cell);
      const reach = others.filter((k) => s.reaches(k, room)).length;
      const confined = others.filter((k) => s.confinedTo(k, room)).length;
      return reach === 0 || confined >= 2;
    }
    const first = [...s.cand[v]!][0];
    if (first === undefined || !s.confinedTo(v, s.roomOf(first))) return false;
    return exactlyOneRemoves(s, others, s.roomOf(first), q, cell);
  };
  return noPlacement(claim) ?? eachRemoval(s, claim, ok, 'the victim’s room holds exactly one other person');
}

/** "with another man (woman) in R": exactly one other person of that gender is in R. */
function withAnother(s: CasePosition, claim: Claim): string | null {
  const clue = namedClue(claim, ['withAnother']);
  if (typeof clue === 'string') return clue;
  const [p, fact] = clue;
  if (fact.kind !== 'withAnother') return 'names no withAnother clue';
  const room = roomIndexOf(s.model, fact.room);
  const eligible = s.model.people.map((_, q) => q).filter((q) => q !== p && s.model.people[q]!.gender === fact.gender);
  return noPlacement(claim) ?? eachRemoval(s, claim, (q, cell) => exactlyOneRemoves(s, eligible, room, q, cell), `exactly one other ${fact.gender === 'f' ? 'woman' : 'man'} is in ${fact.room}`);
}

/** "alone in the room": nobody else shares the speaker's room. */
function alone(s: CasePosition, claim: Claim): string | null {
  const clue = namedClue(claim, ['alone']);
  if (typeof clue === 'string') return clue;
  const [p] = clue;
  const ok = (q: number, cell: number) => {
    const room = s.roomOf(cell);
    if (q === p) return s.model.people.some((_, k) => k !== p && s.confinedTo(k, room));
    return s.confinedTo(p, room);
  };
  return noPlacement(claim) ?? eachRemoval(s, claim, ok, `${s.who(p)} is alone in the room`);
}

/** People in one room stand in different rows and columns: a room's open cells over k lines hold at most k. */
function roomCapacity(s: CasePosition, claim: Claim): string | null {
  const ok = (q: number, cell: number) => {
    const room = s.roomOf(cell);
    const inside = s.model.people.map((_, k) => k).filter((k) => s.confinedTo(k, room));
    if (inside.includes(q)) return false;
    const open = s.cand.flatMap((set) => [...set].filter((c) => s.roomOf(c) === room));
    const capacity = Math.min(new Set(open.map(rowOf)).size, new Set(open.map(columnOf)).size);
    return inside.length >= capacity;
  };
  return noPlacement(claim) ?? eachRemoval(s, claim, ok, 'the room is not full');
}

/** k people who between them reach only k rows (columns) fill those lines. */
function hall(s: CasePosition, claim: Claim, axis: 'row' | 'column'): string | null {
  const lines = axis === 'row' ? claim.rows : claim.columns;
  const people = claim.people;
  if ((axis === 'row' ? claim.columns : claim.rows).length > 0) return `names ${axis === 'row' ? 'columns' : 'rows'}`;
  if (people.length === 0 || new Set(people).size !== people.length || new Set(lines).size !== people.length) return `must name as many people as ${axis}s`;
  for (const p of people) if ([...s.cand[p]!].some((c) => !lines.includes(lineOf(axis, c)))) return `${s.who(p)} reaches a ${axis} outside ${lines.join(', ')}`;
  return noPlacement(claim) ?? eachRemoval(s, claim, (q, cell) => !people.includes(q) && lines.includes(lineOf(axis, cell)), `only others' cells in those ${axis}s`);
}

/** A cell sharing a row or column with every cell a person can still take is closed to everyone else. */
function rectangle(s: CasePosition, claim: Claim): string | null {
  if (claim.people.length !== 1) return 'must name exactly one person';
  const p = claim.people[0]!;
  const options = [...s.cand[p]!];
  const ok = (q: number, cell: number) => q !== p && options.length > 0 && options.every((c) => rowOf(c) === rowOf(cell) || columnOf(c) === columnOf(cell));
  return noPlacement(claim) ?? eachRemoval(s, claim, ok, `does not share a row or column with every cell of ${s.who(p)}`);
}

/** Cells anyone can still stand on: every row and every column holds exactly one of them. */
function openCells(s: CasePosition): Set<number> {
  const open = new Set<number>();
  for (const set of s.cand) for (const c of set) open.add(c);
  return open;
}

/**
 * A row (column) with one open cell: someone stands there, so the rest of that cell's column (row)
 * is closed to everyone; when only one person can stand there, they are placed (and, as with any
 * placement, leave their other cells and close the cell's row and column to the rest).
 */
function oneCellLine(s: CasePosition, claim: Claim): string | null {
  const named = namedLine(claim);
  if (typeof named === 'string') return named;
  const { axis, line } = named;
  const inLine = [...openCells(s)].filter((c) => lineOf(axis, c) === line);
  if (inLine.length !== 1) return `${axis} ${line} has ${inLine.length} open cells, not one`;
  const cell = inLine[0]!;
  const across = axis === 'row' ? 'column' : 'row';
  const closedAcross = (x: number) => x !== cell && lineOf(across, x) === lineOf(across, cell);
  if (claim.placed.length === 0) {
    if (claim.people.length > 0) return 'names a person but places nobody';
    return eachRemoval(s, claim, (_q, x) => closedAcross(x), `not in the ${across} of ${s.cellName(cell)}`);
  }
  if (claim.placed.length !== 1 || claim.people.length !== 1 || claim.people[0] !== claim.placed[0]![0]) return 'must place exactly the one person it names';
  const [p, at] = claim.placed[0]!;
  if (at !== cell) return `places ${s.who(p)} on ${s.cellName(at)}, not on the open cell ${s.cellName(cell)}`;
  if (s.placed.has(p)) return `${s.who(p)} is already placed`;
  const others = s.model.people.map((_, q) => q).filter((q) => q !== p && s.cand[q]!.has(cell));
  if (others.length > 0 || !s.cand[p]!.has(cell)) return `${s.who(p)} is not the only person who can stand on ${s.cellName(cell)}`;
  const ok = (q: number, x: number) => closedAcross(x) || (q === p ? x !== cell : rowOf(x) === rowOf(cell) || columnOf(x) === columnOf(cell));
  return eachRemoval(s, claim, ok, `neither ${across} ${lineOf(across, cell)} nor the placement of ${s.who(p)} rules it out`);
}

/**
 * k rows whose open cells all lie in k named columns fill those columns: no other row has anyone
 * there (or the same with rows and columns swapped; the step names both sets, so either reading
 * that holds in the position justifies a removal).
 */
function rowColumnSets(s: CasePosition, claim: Claim): string | null {
  const rows = new Set(claim.rows), columns = new Set(claim.columns);
  if (rows.size === 0 || rows.size !== columns.size || rows.size !== claim.rows.length || columns.size !== claim.columns.length) return 'must name as many distinct rows as columns';
  if (claim.people.length > 0) return 'names people: the rule is about lines only';
  const open = [...openCells(s)];
  const rowsInColumns = open.every((c) => !rows.has(rowOf(c)) || columns.has(columnOf(c)));
  const columnsInRows = open.every((c) => !columns.has(columnOf(c)) || rows.has(rowOf(c)));
  if (!rowsInColumns && !columnsInRows) return `neither do rows ${claim.rows.join(', ')} stay in columns ${claim.columns.join(', ')} nor the other way round`;
  const ok = (_q: number, x: number) =>
    (rowsInColumns && columns.has(columnOf(x)) && !rows.has(rowOf(x))) || (columnsInRows && rows.has(rowOf(x)) && !columns.has(columnOf(x)));
  return noPlacement(claim) ?? eachRemoval(s, claim, ok, 'not a cell the set of lines closes');
}

// ——— the rules of issue 26 ———

/** "the only one on X": the step's clue is an onlyOnObject clue, and every cell it removes from someone else holds X. */
function onlyOnObject(s: CasePosition, claim: Claim): string | null {
  const clue = namedClue(claim, ['onlyOnObject']);
  if (typeof clue === 'string') return clue;
  const [p, fact] = clue;
  if (fact.kind !== 'onlyOnObject') return 'names no onlyOnObject clue';
  const code = objectCode(s.model, fact.object);
  return noPlacement(claim) ?? eachRemoval(s, claim, (q, cell) => q !== p && hasObject(s.model, cell, code), `only cells with ${fact.object} of people other than ${s.who(p)}`);
}

/** The clue's two people: its owner and the person it names. */
function pairOf(s: CasePosition, owner: number, fact: ClueFact): [number, number] | null {
  if (!('person' in fact)) return null;
  const other = personIndexOf(s.model, fact.person);
  return other < 0 ? null : [owner, other];
}

/**
 * A clue about two people (order, same room, not the same room): a removed cell of one of them
 * must have no cell left for the other with which the clue holds (truth.ts clueHolds on the two cells).
 */
function pairSupport(s: CasePosition, claim: Claim, kinds: readonly string[]): string | null {
  const clue = namedClue(claim, kinds);
  if (typeof clue === 'string') return clue;
  const [owner, fact] = clue;
  const pair = pairOf(s, owner, fact);
  if (!pair) return 'names a clue without another person';
  if (claim.people.length !== 2 || !claim.people.includes(pair[0]) || !claim.people.includes(pair[1])) return 'must name exactly the two people of the clue';
  if (claim.rooms.length > 1) return 'names more than one room';
  const cells = new Array<number>(s.model.people.length).fill(-1);
  const holds = (a: number, b: number) => {
    cells.fill(-1);
    cells[owner] = a;
    cells[pair[1]] = b;
    return clueHolds(s.model, cells, owner, fact, STRICT);
  };
  const ok = (q: number, cell: number) => {
    if (claim.rooms.length === 1 && s.roomOf(cell) !== claim.rooms[0]) return false;
    if (q === owner) return ![...s.cand[pair[1]]!].some((d) => holds(cell, d));
    if (q === pair[1]) return ![...s.cand[owner]!].some((d) => holds(d, cell));
    return false;
  };
  return noPlacement(claim) ?? eachRemoval(s, claim, ok, `the ${fact.kind} clue still holds with a cell left for the other person`);
}

/** onlyWith: the named person certainly in the named room closes it to the rest (one of the pair) or to the pair (a third person). */
function onlyWith(s: CasePosition, claim: Claim): string | null {
  const clue = namedClue(claim, ['onlyWith']);
  if (typeof clue === 'string') return clue;
  const [owner, fact] = clue;
  const pair = pairOf(s, owner, fact);
  if (!pair) return 'names a clue without another person';
  if (claim.people.length !== 1 || claim.rooms.length !== 1) return 'must name exactly one person and one room';
  const k = claim.people[0]!, room = claim.rooms[0]!;
  if (!s.confinedTo(k, room)) return `${s.who(k)} is not certainly in ${s.model.roomIds[room]}`;
  const keeperInPair = pair.includes(k);
  const ok = (q: number, cell: number) => s.roomOf(cell) === room && (keeperInPair ? !pair.includes(q) : pair.includes(q));
  return noPlacement(claim) ?? eachRemoval(s, claim, ok, keeperInPair ? 'only others’ cells in the pair’s room' : 'only the pair’s cells in that room');
}

/** People whose cells all satisfy `inside` (and who have cells). */
const confinedBy = (s: CasePosition, p: number, inside: (cell: number) => boolean) => s.cand[p]!.size > 0 && [...s.cand[p]!].every(inside);

/** peopleOnObject: the named people are all the count allows (others leave X), or exactly the count and the only ones who reach X (they stay on X). */
function objectCount(s: CasePosition, claim: Claim): string | null {
  if (claim.clues.length > 0 || claim.rooms.length > 0) return 'names clues or rooms: the rule is about a case fact';
  const named = new Set(claim.people);
  if (named.size !== claim.people.length) return 'names a person twice';
  const justified = (q: number, cell: number) =>
    s.model.facts.some((fact) => {
      if (fact.kind !== 'peopleOnObject') return false;
      const code = objectCode(s.model, fact.object);
      const on = (c: number) => hasObject(s.model, c, code);
      if (named.size === fact.count && claim.people.every((p) => confinedBy(s, p, on)) && !named.has(q) && on(cell)) return true;
      if (fact.compare !== 'exactly' || named.size !== fact.count || !named.has(q) || on(cell)) return false;
      return s.model.people.every((_, p) => named.has(p) || ![...s.cand[p]!].some(on));
    });
  return noPlacement(claim) ?? eachRemoval(s, claim, justified, 'no peopleOnObject fact of the case closes it with the people named');
}

/** emptyRooms: the named rooms, each certainly occupied, are all that may be occupied; or the empty rooms are already known and only the named person reaches the named room. */
function emptyRooms(s: CasePosition, claim: Claim): string | null {
  if (claim.clues.length > 0) return 'names clues: the rule is about a case fact';
  const roomCount = s.model.roomIds.length;
  const counts = s.model.facts.filter((f) => f.kind === 'emptyRooms').map((f) => f.count);
  if (counts.length === 0) return 'the case has no emptyRooms fact';
  const everyone = s.model.people.map((_, p) => p);
  const occupied = (room: number) => everyone.some((p) => s.confinedTo(p, room));
  const distinct = new Set(claim.rooms).size === claim.rooms.length;
  const closed = distinct && claim.rooms.every(occupied) && counts.some((n) => claim.rooms.length === roomCount - n);
  let needed = false;
  if (claim.rooms.length === 1 && claim.people.length === 1) {
    const room = claim.rooms[0]!, p = claim.people[0]!;
    let unreachable = 0;
    for (let r = 0; r < roomCount; r++) if (!everyone.some((q) => s.reaches(q, r))) unreachable++;
    needed = counts.includes(unreachable) && s.reaches(p, room) && everyone.every((q) => q === p || !s.reaches(q, room));
  }
  const ok = (q: number, cell: number) => (closed && !claim.rooms.includes(s.roomOf(cell))) || (needed && q === claim.people[0] && s.roomOf(cell) !== claim.rooms[0]);
  return noPlacement(claim) ?? eachRemoval(s, claim, ok, 'neither are the named rooms all the occupied ones nor is the named room the named person’s');
}

/**
 * Who needs company by a clue, and who can give it: the victim (anyone else), withAnother (another
 * of that gender), sameRoomAs / onlyWith (each of the two needs the other). `p` must be the needy one.
 */
function companyOf(s: CasePosition, owner: number, fact: ClueFact, p: number): number[] | null {
  const others = s.model.people.map((_, q) => q).filter((q) => q !== p);
  switch (fact.kind) {
    case 'victim': return p === owner ? others : null;
    case 'withAnother': return p === owner ? others.filter((q) => s.model.people[q]!.gender === fact.gender) : null;
    case 'sameRoomAs':
    case 'onlyWith': {
      const other = personIndexOf(s.model, fact.person);
      return p === owner ? [other] : p === other ? [owner] : null;
    }
    default: return null;
  }
}

const COMPANY_KINDS = ['victim', 'withAnother', 'sameRoomAs', 'onlyWith'];

/** Cells of `people` in `room` sharing neither row nor column with `cell`. */
function openAround(s: CasePosition, people: readonly number[], room: number, cell: number): number[] {
  return people.flatMap((q) => [...s.cand[q]!].filter((c) => s.roomOf(c) === room && rowOf(c) !== rowOf(cell) && columnOf(c) !== columnOf(cell)));
}

/**
 * The company clue a step names first, and who can give the named person company: the clue's
 * people minus those the step's further clues keep out (an alone clue's person; the other person
 * of notSameRoomAs with p; a person only with somebody other than p).
 */
function namedCompany(s: CasePosition, claim: Claim, p: number): number[] | string {
  if (claim.clues.length === 0) return 'must name the clue that asks for company';
  const [owner, fact] = claim.clues[0]!;
  if (!COMPANY_KINDS.includes(fact.kind)) return `names a ${fact.kind} clue first, not ${COMPANY_KINDS.join(' or ')}`;
  const company = companyOf(s, owner, fact, p);
  if (!company) return `the ${fact.kind} clue does not ask company for ${s.who(p)}`;
  const out = new Set<number>();
  for (const [o, f] of claim.clues.slice(1)) {
    if (f.kind === 'alone') out.add(o);
    else if (f.kind === 'notSameRoomAs') {
      const other = personIndexOf(s.model, f.person);
      if (o === p) out.add(other);
      else if (other === p) out.add(o);
      else return `the notSameRoomAs clue of ${s.who(o)} does not name ${s.who(p)}`;
    } else if (f.kind === 'onlyWith') {
      const other = personIndexOf(s.model, f.person);
      if (other !== p) out.add(o);
      if (o !== p) out.add(other);
    } else return `names a ${f.kind} clue, which keeps nobody from company`;
  }
  return company.filter((q) => !out.has(q));
}

/** Section 3: the named person needs company in the room, and nobody who could give it has a cell there off the removed cell's lines. */
function roomCompany(s: CasePosition, claim: Claim): string | null {
  if (claim.people.length !== 1 || claim.rooms.length !== 1) return 'must name exactly one person and one room';
  const p = claim.people[0]!, room = claim.rooms[0]!;
  const company = namedCompany(s, claim, p);
  if (typeof company === 'string') return company;
  const ok = (q: number, cell: number) => q === p && s.roomOf(cell) === room && openAround(s, company, room, cell).length === 0;
  return noPlacement(claim) ?? eachRemoval(s, claim, ok, 'someone who could join them there has a cell off its row and column');
}

/**
 * The room must hold the named people certainly there and, with a company clue none of them
 * satisfies, one companion more: k people in different rows and columns, off the removed cell's.
 */
function roomDemand(s: CasePosition, claim: Claim): string | null {
  if (claim.people.length < 1 || claim.rooms.length !== 1) return 'must name the person, the people in the room and one room';
  const [p, ...inside] = claim.people as [number, ...number[]];
  const room = claim.rooms[0]!;
  if (new Set(claim.people).size !== claim.people.length) return 'names a person twice';
  for (const q of inside) if (!s.confinedTo(q, room)) return `${s.who(q)} is not certainly in ${s.model.roomIds[room]}`;
  let members = inside, k = inside.length;
  if (claim.clues.length > 0) {
    const company = namedCompany(s, claim, p);
    if (typeof company === 'string') return company;
    if (!company.some((q) => inside.includes(q))) {
      members = [...inside, ...company.filter((q) => !inside.includes(q))];
      k++;
    }
  }
  const ok = (q: number, cell: number) => {
    if (q !== p || s.roomOf(cell) !== room) return false;
    const open = openAround(s, members, room, cell);
    return new Set(open.map(rowOf)).size < k || new Set(open.map(columnOf)).size < k;
  };
  return noPlacement(claim) ?? eachRemoval(s, claim, ok, `the room still has ${k} rows and columns for them off its row and column`);
}
