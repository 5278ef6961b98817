/**
 * Choosing the clues (Tatham's generator loop, adapted to cards).
 *
 * Deal: starting from the victim line, run the prover capped at the target tier; while it cannot
 * place everyone, give the least determined person with room on their card one more true clue,
 * drawn at random with a preference for clues that cut that person's remaining cells (kinds
 * weighted for variety, outright pins capped).
 * Minimise: drop clues in random order while the capped prover still places everyone.
 * Accept: only when the tier below the target fails, so the level is exactly the target.
 *
 * Dropping is monotone: if the capped prover fails without clue c on some set, it fails without c
 * on every subset, so one pass leaves a minimal set (dropping any clue loses uniqueness or the
 * level). Uniqueness needs no search here: a sound prover that places everyone proves it; the
 * counter re-checks every accepted case independently.
 */
import { popcount } from '../core/bits.ts';
import type { Rng } from '../core/rng.ts';
import type { Candidate } from './candidates.ts';
import { columnsOf, countCells, intersects, rowsOf, WORDS } from './cells.ts';
import type { CompiledClue, ProverBoard } from './prover/board.ts';
import type { Prover } from './prover/prove.ts';
import type { ClueKind } from './schema.ts';

export interface SelectOptions {
  tier: 1 | 2 | 3;
  robust: boolean;
  /** Clues per card, not counting the victim line. */
  perCard: number;
  /** Clues on the victim's card besides the victim line. */
  victimExtra: number;
  /** At most this many people may be pinned to one cell by their own card. */
  pinCap: number;
  /** At most this many cards (the victim's aside) may end up without a clue. */
  emptyCap: number;
}

/** How often each kind is dealt (relative): varied cards, not all rows and columns. */
const KIND_WEIGHT: Readonly<Record<ClueKind, number>> = {
  victim: 0,
  row: 0.8,
  column: 0.8,
  inRoom: 1.2,
  notInRoom: 0.8,
  onObject: 1.2,
  notOnObject: 0.6,
  besideObject: 1.4,
  notBesideObject: 0.7,
  roomCorner: 1,
  notRoomCorner: 0.6,
  withAnother: 1.5,
  alone: 1.5,
  // beyond the sheet: dealt only with `--clues extended` (the sheet's pool never holds them). Each
  // kind's weight is shared among its variants (DealPool.share); tuned so that extended cards show
  // about as many sheet clues as new ones, the new ones spread over relations, lines and walls.
  sameRoomAs: 2,
  notSameRoomAs: 1.5,
  onlyWith: 2,
  above: 1.8,
  below: 1.8,
  leftOf: 1.8,
  rightOf: 1.8,
  adjacentObject: 0.8,
  notAdjacentObject: 0.6,
  sameRowAsObject: 0.6,
  sameColumnAsObject: 0.6,
  leftOfObject: 0.8,
  rightOfObject: 0.8,
  aboveObject: 0.8,
  belowObject: 0.8,
  notBesideWall: 1.2,
  notBesideEdge: 1,
  onlyOnObject: 1.4,
};
/** The kinds beyond the sheet (dealt only with `--clues extended`). */
const EXTENDED_KINDS: ReadonlySet<ClueKind> = new Set(
  (Object.keys(KIND_WEIGHT) as ClueKind[]).slice((Object.keys(KIND_WEIGHT) as ClueKind[]).indexOf('sameRoomAs')),
);
/** What a clue about other people (alone, withAnother) is assumed to cut, for the deal's weights. */
const SOCIAL_CUT = 0.5;
/** The lowest tier of the rules about person relations (prover/rules-relations.ts: tier 2). */
const RELATION_TIER = 2;
/** The least a person relation is assumed to cut (it also narrows the other person, later). */
const RELATION_CUT = 0.25;
/** Sharpens the preference for clues that cut a lot (1 = proportional). */
const CUT_POWER = 2;

/** The candidate clues of one cast, ready for dealing. */
export interface DealPool {
  candidates: readonly Candidate[];
  compiled: readonly CompiledClue[];
  victimClue: CompiledClue;
  /** Per person, indices into candidates. */
  byPerson: number[][];
  /** Scratch for deals, reused by every deal on this cast. */
  used: Uint8Array;
  onCard: Int8Array;
  own: Uint32Array;
  weights: Float64Array;
  extents: Extents;
  /**
   * Per candidate, a factor on its kind's weight: 1 for the sheet's kinds; for the kinds beyond it
   * 1/√(that person's candidates of the kind), so that a kind with many variants (an object line
   * per object and `where`, a relation per person) does not crowd out the rest by its numbers.
   */
  share: Float64Array;
}

/**
 * The pool of a cast. For a robust case: clues true under every misreading, and of those with a
 * cell set only the ones whose set no misreading changes; the counter judges the rest.
 */
export function dealPool(candidates: readonly Candidate[], compiled: readonly CompiledClue[], victimClue: CompiledClue, n: number, robust: boolean): DealPool {
  const byPerson: number[][] = Array.from({ length: n }, () => []);
  candidates.forEach((c, i) => {
    const social = c.fact.kind === 'alone' || c.fact.kind === 'withAnother';
    if (!robust || (c.steady && (c.stable || social))) byPerson[c.person]!.push(i);
  });
  const widest = Math.max(0, ...byPerson.map((list) => list.length));
  const share = new Float64Array(candidates.length).fill(1);
  for (const list of byPerson) {
    const count = new Map<ClueKind, number>();
    for (const i of list) if (EXTENDED_KINDS.has(candidates[i]!.fact.kind)) count.set(candidates[i]!.fact.kind, (count.get(candidates[i]!.fact.kind) ?? 0) + 1);
    for (const i of list) {
      const k = count.get(candidates[i]!.fact.kind);
      if (k) share[i] = 1 / Math.sqrt(k);
    }
  }
  const extents = { rooms: new Int32Array(n), rows: new Int32Array(n), columns: new Int32Array(n) };
  return { candidates, compiled, victimClue, byPerson, used: new Uint8Array(candidates.length), onCard: new Int8Array(n), own: new Uint32Array(n * WORDS), weights: new Float64Array(widest), extents, share };
}

/** Why deals were rejected (for the benchmark's success rates). */
export interface SelectStats {
  deals: number;
  /** The cards filled up before the capped prover could place everyone. */
  cardsFull: number;
  /** The minimal set was solvable one tier lower. */
  tooEasy: number;
  /** Too many people pinned outright by their own card. */
  pinned: number;
  /** Too many cards left without a clue (every clue on them was implied by the others). */
  emptyCards: number;
  /** A robust case was asked for and a misreading lets in another solution (counted by generate.ts). */
  notRobust: number;
  accepted: number;
}

export function emptyStats(): SelectStats {
  return { deals: 0, cardsFull: 0, tooEasy: 0, pinned: 0, emptyCards: 0, notRobust: 0, accepted: 0 };
}

/** A minimal clue set at exactly the target tier, or null when this deal does not give one. */
export function selectClues(prover: Prover, board: ProverBoard, pool: DealPool, options: SelectOptions, rng: Rng, stats?: SelectStats): CompiledClue[] | null {
  if (stats) stats.deals++;
  const set = deal(prover, board, pool, options, rng);
  if (!set) {
    if (stats) stats.cardsFull++;
    return null;
  }
  // A capped run that solves using tier T proves the tier below fails (fixpoints do not depend on
  // rule order), so each run also says whether the set has reached the target level. Drops that
  // keep the set solvable but not (yet) at the level are deferred and retried after the others;
  // a clue found necessary stays necessary in every subset, so it is never tried again.
  prover.run(set, options.tier);
  let level = prover.level;
  const deferred: CompiledClue[] = [];
  for (const clue of dropOrder(set, rng)) {
    const at = set.indexOf(clue);
    set.splice(at, 1);
    const solved = prover.run(set, options.tier) === 'solved';
    if (solved && (level === options.tier || prover.level === options.tier)) {
      level = prover.level;
      continue;
    }
    if (solved) deferred.push(clue);
    set.splice(at, 0, clue);
  }
  for (const clue of deferred) {
    const at = set.indexOf(clue);
    set.splice(at, 1);
    if (prover.run(set, options.tier) === 'solved') level = prover.level;
    else set.splice(at, 0, clue);
  }
  if (level !== options.tier) {
    if (stats) stats.tooEasy++;
    return null;
  }
  if (emptyCards(board, set) > options.emptyCap) {
    if (stats) stats.emptyCards++;
    return null;
  }
  if (pinned(board, set) > options.pinCap) {
    if (stats) stats.pinned++;
    return null;
  }
  if (stats) stats.accepted++;
  return set;
}

function deal(prover: Prover, board: ProverBoard, pool: DealPool, options: SelectOptions, rng: Rng): CompiledClue[] | null {
  const n = board.female.length;
  const set: CompiledClue[] = [pool.victimClue];
  const { used, onCard, own, weights } = pool;
  used.fill(0);
  onCard.fill(0);
  // Per person, the cells their own card allows (pins are judged on these, before any reasoning).
  for (let p = 0; p < n; p++) own.set(board.free, p * WORDS);
  let pins = 0;
  let status = prover.run(set, options.tier);
  for (;;) {
    if (status === 'solved') return set;
    if (status === 'contradiction') return null;
    // The least determined person with room on the card (random among ties).
    let person = -1, most = 1, ties = 0;
    for (let p = 0; p < n; p++) {
      const room = p === board.victim ? options.victimExtra : options.perCard;
      if (onCard[p]! >= room) continue;
      const k = prover.candidateCount(p);
      if (k > most) { person = p; most = k; ties = 1; }
      else if (k === most && k > 1 && rng.int(++ties) === 0) person = p;
    }
    if (person < 0) return null; // every open card is full
    // A clue for that person, weighted by kind and by how much it cuts.
    const choices = pool.byPerson[person]!;
    let total = 0;
    let extents = false; // where everyone can stand, for relations (computed on first need)
    for (let j = 0; j < choices.length; j++) {
      const i = choices[j]!;
      let w = 0;
      const clue = pool.compiled[i]!;
      if (!used[i] && !(pins >= options.pinCap && overlap(own, person * WORDS, clue.mask) === 1)) {
        if (clue.other >= 0 && options.tier < RELATION_TIER) {
          w = 0; // the ladder capped below the relations' rules cannot use one
        } else if (clue.other >= 0) {
          // a relation (extended cases only): what it cuts given the other person's cells now
          if (!extents) {
            extentsOf(board, prover.candidates, n, pool.extents);
            extents = true;
          }
          w = Math.pow(Math.max(RELATION_CUT, relationCut(board, prover.candidates, pool.extents, clue, most)), CUT_POWER) * KIND_WEIGHT[clue.kind] * pool.share[i]!;
        } else {
          const cut = 1 - overlap(prover.candidates, person * WORDS, clue.mask) / most;
          w = Math.pow(clue.kind === 'alone' || clue.kind === 'withAnother' ? Math.max(SOCIAL_CUT, cut) : cut, CUT_POWER) * KIND_WEIGHT[clue.kind];
          if (pool.share[i] !== 1) w *= pool.share[i]!; // extended kinds only: a sheet deal's numbers stay exactly as they were
        }
      }
      weights[j] = w;
      total += w;
    }
    if (total <= 0) {
      onCard[person] = 127; // nothing useful left for this person
      continue;
    }
    let x = rng.next() * total, pick = 0;
    while (pick < choices.length - 1 && (x -= weights[pick]!) >= 0) pick++;
    const i = choices[pick]!;
    const clue = pool.compiled[i]!;
    used[i] = 1;
    onCard[person]!++;
    for (let w = 0; w < WORDS; w++) own[person * WORDS + w]! &= clue.mask[w]!;
    if (countCells(own, person * WORDS) === 1) pins++;
    set.push(clue);
    status = prover.extend(set, options.tier);
  }
}

/**
 * The order to try dropping clues in: random, but clues on fuller cards first, so that a card
 * keeps its last clue when a choice remains (a case may still leave a card empty when every
 * clue on it is implied by the others: minimality comes first).
 */
function dropOrder(set: readonly CompiledClue[], rng: Rng): CompiledClue[] {
  const onCard = new Int8Array(32);
  for (let i = 1; i < set.length; i++) onCard[set[i]!.person]!++;
  const order = rng.shuffle(set.slice(1));
  return order.sort((a, b) => onCard[b.person]! - onCard[a.person]!);
}

/** Where each person can still stand, summed up for the relations' weights (extended pools only). */
interface Extents {
  /** Per person: the rooms (bit k: room k), rows and columns (9-bit masks) their cells touch. */
  rooms: Int32Array;
  rows: Int32Array;
  columns: Int32Array;
}

function extentsOf(board: ProverBoard, cand: Uint32Array, n: number, e: Extents): void {
  for (let q = 0; q < n; q++) {
    let rooms = 0;
    for (let k = 0; k < board.roomCount; k++) if (intersects(cand, q * WORDS, board.rooms, 3 * k)) rooms |= 1 << k;
    e.rooms[q] = rooms;
    e.rows[q] = rowsOf(cand, q * WORDS);
    e.columns[q] = columnsOf(cand, q * WORDS);
  }
}

/** Cells of the set at `ao` that the set at `bo` keeps. */
function overlapAt(a: Uint32Array, ao: number, b: Uint32Array, bo: number): number {
  return popcount(a[ao]! & b[bo]!) + popcount(a[ao + 1]! & b[bo + 1]!) + popcount(a[ao + 2]! & b[bo + 2]!);
}

/**
 * The share of the person's `most` cells a relation to another person rules out, given where the
 * other can still stand: rooms none of the other's cells lies in (sameRoomAs, onlyWith), the
 * other's only room (notSameRoomAs), rows or columns beyond the other's extreme (above, below, …).
 */
function relationCut(board: ProverBoard, cand: Uint32Array, e: Extents, clue: CompiledClue, most: number): number {
  const p = clue.person * WORDS, q = clue.other;
  let kept = 0;
  switch (clue.kind) {
    case 'sameRoomAs':
    case 'onlyWith':
      for (let k = 0; k < board.roomCount; k++) if (e.rooms[q]! & (1 << k)) kept += overlapAt(cand, p, board.rooms, 3 * k);
      break;
    case 'notSameRoomAs': {
      const rooms = e.rooms[q]!;
      kept = most - ((rooms & (rooms - 1)) === 0 && rooms !== 0 ? overlapAt(cand, p, board.rooms, 3 * (31 - Math.clz32(rooms))) : 0);
      break;
    }
    case 'above':
    case 'below':
    case 'leftOf':
    case 'rightOf': {
      const lines = clue.kind === 'above' || clue.kind === 'below' ? e.rows[q]! : e.columns[q]!;
      const sets = clue.kind === 'above' || clue.kind === 'below' ? board.rows : board.columns;
      const last = 31 - Math.clz32(lines), first = 31 - Math.clz32(lines & -lines);
      const before = clue.kind === 'above' || clue.kind === 'leftOf';
      for (let k = 0; k < board.n; k++) if (before ? k < last : k > first) kept += overlapAt(cand, p, sets, 3 * k);
      break;
    }
  }
  return 1 - kept / most;
}

/** Cells of the set at `o` that the mask keeps. */
function overlap(cand: Uint32Array, o: number, mask: Uint32Array): number {
  return popcount(cand[o]! & mask[0]!) + popcount(cand[o + 1]! & mask[1]!) + popcount(cand[o + 2]! & mask[2]!);
}

/** Cards other than the victim's with no clue. */
function emptyCards(board: ProverBoard, clues: readonly CompiledClue[]): number {
  let seen = 1 << board.victim;
  for (const clue of clues) seen |= 1 << clue.person;
  return board.female.length - popcount(seen);
}

/** People whose own clues leave them a single cell before any reasoning. */
export function pinned(board: ProverBoard, clues: readonly CompiledClue[]): number {
  const n = board.female.length;
  const sets = new Uint32Array(n * WORDS);
  for (let p = 0; p < n; p++) sets.set(board.free, p * WORDS);
  for (const clue of clues) for (let w = 0; w < WORDS; w++) sets[clue.person * WORDS + w]! &= clue.mask[w]!;
  let count = 0;
  for (let p = 0; p < n; p++) if (countCells(sets, p * WORDS) === 1) count++;
  return count;
}
