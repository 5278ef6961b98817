/**
 * The prover's working state: one candidate cell set per person (cells.ts layout), the people
 * already placed, and scratch arrays, all allocated once per board. Rules change candidates only
 * through `remove` and `restrict`, which report whether anything changed; in proof mode the state
 * also snapshots the candidates before a rule and turns the difference into a proof step.
 *
 *   cand   [p·3 .. p·3+2]   person p's candidate cells
 *   done   bit p            p is placed and p's row and column are gone from everyone else
 */
import { cellList, cellSets, countCells, firstCell, intersects, isSubset, WORDS } from '../cells.ts';
import type { CompiledClue, ProverBoard } from './board.ts';
import type { ProofNames } from './texts.ts';

export const NONE = 0;
export const PROGRESS = 1;
export const CONTRADICTION = -1;
export type RuleResult = typeof NONE | typeof PROGRESS | typeof CONTRADICTION;

/** Which clue kinds beyond the sheet the clue list holds (`ProverState.kinds`): the rules for them skip quickly otherwise. */
export const HAS_ONLY_ON_OBJECT = 1;
export const HAS_ORDER = 2;
export const HAS_SAME_ROOM = 4;
export const HAS_NOT_SAME_ROOM = 8;
export const HAS_ONLY_WITH = 16;
/** Any clue kind beyond the club's sheet (issue 26). */
export const HAS_BEYOND_SHEET = 32;

const SHEET_KINDS: ReadonlySet<string> = new Set(['victim', 'row', 'column', 'inRoom', 'notInRoom', 'onObject', 'notOnObject', 'besideObject', 'notBesideObject', 'roomCorner', 'notRoomCorner', 'withAnother', 'alone']);

function kindsOf(clues: readonly CompiledClue[]): number {
  let kinds = 0;
  for (const clue of clues) {
    if (!SHEET_KINDS.has(clue.kind)) kinds |= HAS_BEYOND_SHEET;
    switch (clue.kind) {
      case 'onlyOnObject': kinds |= HAS_ONLY_ON_OBJECT; break;
      case 'above':
      case 'below':
      case 'leftOf':
      case 'rightOf': kinds |= HAS_ORDER; break;
      case 'sameRoomAs': kinds |= HAS_SAME_ROOM; break;
      case 'onlyWith': kinds |= HAS_SAME_ROOM | HAS_ONLY_WITH; break;
      case 'notSameRoomAs': kinds |= HAS_NOT_SAME_ROOM; break;
      default: break;
    }
  }
  return kinds;
}

/** What a step rests on, by index (converted to ids when the proof is written out). */
export interface Premises {
  people?: number[];
  clues?: Array<[person: number, index: number]>;
  rooms?: number[];
  rows?: number[];
  columns?: number[];
}

export interface RecordedStep {
  rule: string;
  tier: number;
  premises: Premises;
  /** Per person, the cells ruled out. */
  removed: Array<{ person: number; cells: number[] }>;
  placed: Array<{ person: number; cell: number }>;
  text: { de: string; en: string };
}

export class ProverState {
  readonly n: number;
  readonly cand: Uint32Array;
  done = 0;
  clues: readonly CompiledClue[] = [];
  /** HAS_* flags of `clues`. */
  kinds = 0;
  /** Next clue whose filter has not been applied. */
  nextFilter = 0;
  /** Scratch: rows / columns each person can reach (9-bit masks), subset unions. */
  readonly lines: Uint16Array;
  readonly unions: Uint16Array;
  /** The person a room argument rested on (set by the rule helpers, read for proof steps). */
  pivot = -1;
  /** Scratch: a list of people; per room, the people confined to it (bit p). */
  readonly order: Int8Array;
  readonly roomPeople: Uint32Array;
  readonly scratch: Uint32Array;
  /** Scratch for rules-permutation.ts: at r the columns open in row r, at 9 + c the rows open in column c. */
  readonly lineCells = new Uint16Array(18);
  recording = false;
  /** How proof sentences name things; set whenever `recording` is. */
  names: ProofNames | null = null;
  readonly steps: RecordedStep[] = [];
  private readonly before: Uint32Array;
  private placedNow: Array<{ person: number; cell: number }> = [];

  constructor(readonly board: ProverBoard) {
    this.n = board.female.length;
    this.cand = cellSets(this.n);
    this.before = cellSets(this.n);
    this.lines = new Uint16Array(this.n);
    this.unions = new Uint16Array(1 << this.n);
    this.order = new Int8Array(this.n);
    this.roomPeople = new Uint32Array(board.roomCount);
    this.scratch = cellSets(2);
  }

  reset(clues: readonly CompiledClue[], names: ProofNames | null): void {
    for (let p = 0; p < this.n; p++) for (let w = 0; w < WORDS; w++) this.cand[3 * p + w] = this.board.free[w]!;
    this.done = 0;
    this.setClues(clues);
    this.nextFilter = 0;
    this.recording = names !== null;
    this.names = names;
    this.steps.length = 0;
  }

  /** Use this clue list from now on (the same list, longer, when the generator extends a run). */
  setClues(clues: readonly CompiledClue[]): void {
    this.clues = clues;
    this.kinds = kindsOf(clues);
  }

  isDone(p: number): boolean {
    return (this.done & (1 << p)) !== 0;
  }

  /** Remove the cells of `set` (at offset o) from person p; true if any were there. */
  remove(p: number, set: Uint32Array, o: number): boolean {
    const c = this.cand, b = 3 * p;
    const hit = (c[b]! & set[o]!) | (c[b + 1]! & set[o + 1]!) | (c[b + 2]! & set[o + 2]!);
    if (hit === 0) return false;
    c[b] = c[b]! & ~set[o]!;
    c[b + 1] = c[b + 1]! & ~set[o + 1]!;
    c[b + 2] = c[b + 2]! & ~set[o + 2]!;
    return true;
  }

  /** Keep only the cells of `set` for person p; true if anything was removed. */
  restrict(p: number, set: Uint32Array, o: number): boolean {
    const c = this.cand, b = 3 * p;
    const lost = (c[b]! & ~set[o]!) | (c[b + 1]! & ~set[o + 1]!) | (c[b + 2]! & ~set[o + 2]!);
    if (lost === 0) return false;
    c[b] = c[b]! & set[o]!;
    c[b + 1] = c[b + 1]! & set[o + 1]!;
    c[b + 2] = c[b + 2]! & set[o + 2]!;
    return true;
  }

  reaches(p: number, room: number): boolean {
    return intersects(this.cand, 3 * p, this.board.rooms, 3 * room);
  }

  confinedTo(p: number, room: number): boolean {
    return isSubset(this.cand, 3 * p, this.board.rooms, 3 * room);
  }

  count(p: number): number {
    return countCells(this.cand, 3 * p);
  }

  /** The room p is confined to, or −1. */
  confinedRoom(p: number): number {
    const cell = firstCell(this.cand, 3 * p);
    if (cell < 0) return -1;
    const room = this.board.roomOf[cell]!;
    return this.confinedTo(p, room) ? room : -1;
  }

  // ——— proof mode ———

  /** Call before a rule changes anything (a no-op unless recording). */
  snapshot(): void {
    if (!this.recording) return;
    this.before.set(this.cand);
    this.placedNow = [];
  }

  notePlaced(person: number, cell: number): void {
    if (this.recording) this.placedNow.push({ person, cell });
  }

  /**
   * Turn the change since `snapshot` into a proof step. The sentence is `text(names, ...args)`:
   * a function and its arguments rather than a closure, because a closure in a rule's loop makes
   * V8 allocate the captured variables on every iteration, proof mode or not.
   */
  record<A extends unknown[]>(rule: string, tier: number, premises: Premises, text: (names: ProofNames, ...args: A) => { de: string; en: string }, ...args: A): void {
    if (!this.recording) return;
    const removed: RecordedStep['removed'] = [];
    const gone = cellSets(1);
    for (let p = 0; p < this.n; p++) {
      for (let w = 0; w < WORDS; w++) gone[w] = this.before[3 * p + w]! & ~this.cand[3 * p + w]!;
      const cells = cellList(gone, 0);
      if (cells.length > 0) removed.push({ person: p, cells });
    }
    this.steps.push({ rule, tier, premises, removed, placed: this.placedNow, text: text(this.names!, ...args) });
  }
}

