/**
 * Tier 5, forcing chains (HoDoKu 500, the last rungs of the ladder): assume a candidate true and
 * follow what it forces, with the moves a person makes on paper —
 *
 *   a true candidate   makes its cell's other digits false and the digit false in every cell
 *                      that sees it (weak links);
 *   a false candidate  leaves its cell with one digit (naked single) or the digit with one place
 *                      in a house (hidden single): that one is true (strong links are the
 *                      two-option case of these); or leaves the digit's places in a house
 *                      inside one other house (locked candidates): the digit is false in the
 *                      rest of that house.
 *
 * Each branch follows these implications for at most MAX_DEPTH levels (a fact's level is one more
 * than the fact that triggered it; the assumption is level 0), so a branch is a bounded chain, not
 * a net of unbounded depth and not a search: no branch ever assumes a second thing.
 *
 *   forcing-chain-contradiction  the assumption leads to a contradiction (a candidate both true
 *                                and false, a cell or a house-digit left without a place): the
 *                                candidate is false (every such candidate of the position in one
 *                                step, one branch each)
 *   cell-forcing-chain           every candidate of one cell leads to the same fact: it holds
 *   house-forcing-chain          every place of a digit in one house leads to the same fact
 *
 * The implications of every candidate are computed once per position and shared by the three
 * rungs (keyed by the state's candidate version); a step's branches are traced back to the facts
 * its conclusion needs, in derivation order, for the proof (`branches`) and the sentence.
 */
import { POPCOUNT_1024, lowestBit } from '../../../core/bits.ts';
import { getOrMake } from '../../../core/memo.ts';
import type { LogicState } from '../state.ts';
import type { ProofStep, Text } from '../step-schema.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import { both, cellName, houseName, removalClause } from '../texts.ts';
import { type Lang } from '../../../core/lang.ts';

/** [row, column, digit], as in ProofStep. */
type CandidateRef = [number, number, number];

/** Longest implication path of a branch, in levels. */
export const MAX_DEPTH = 20;

export const TRUE = 1;
export const FALSE = 2;
/** Reason codes: a true fact is the premise, a naked single or a hidden single; a false fact is
 * excluded by a true node (its index, ≥ 0) or by locked candidates. */
export const PREMISE = -1;
const NAKED = -2;
/** hidden single in house h: −3 − h */
const HIDDEN = -3;
/** false by locked candidates in house h: −1000 − h */
const LOCKED = -1000;
/** Nested chains (nested-forcing.ts): a fact of the enclosing branch, copied into an inner one. */
export const OUTER = -500;
/** Nested chains: false because assuming it true inside the branch leads to a contradiction. */
export const NESTED = -501;

export interface Engine {
  nodes: number;
  words: number;
  stamp: Int32Array;
  value: Uint8Array;
  reason: Int32Array;
  depth: Uint8Array;
  order: Int32Array;
  queue: Int32Array;
  tail: number;
  generation: number;
  /** The contradiction of the last propagation: the node that got both values (−1: a cell or
   * house-digit ran empty: then `emptyCell` / `emptyHouse`), the value it would get and why. */
  conflict: boolean;
  conflictNode: number;
  conflictValue: number;
  conflictReason: number;
  conflictDepth: number;
  emptyCell: number;
  emptyHouse: number;
  emptyDigit: number;
  // Per premise (node), the facts it forces, cached per position.
  version: number;
  trueBits: Uint32Array;
  falseBits: Uint32Array;
  contra: Uint8Array;
  contraDepth: Uint8Array;
  and: Uint32Array;
  andFalse: Uint32Array;
}

const engines = new WeakMap<LogicState, Engine>();

function engineFor(s: LogicState): Engine {
  return getOrMake(engines, s, createEngine);
}

/** Scratch for branches on this state's layout (allocated once per layout by its users). */
export function createEngine(s: LogicState): Engine {
  const nodes = s.cellCount * s.n;
  const words = (nodes + 31) >>> 5;
  return {
      nodes,
      words,
      stamp: new Int32Array(nodes),
      value: new Uint8Array(nodes),
      reason: new Int32Array(nodes),
      depth: new Uint8Array(nodes),
      order: new Int32Array(nodes),
      queue: new Int32Array(nodes + 1),
      tail: 0,
      generation: 0,
      conflict: false,
      conflictNode: -1,
      conflictValue: 0,
      conflictReason: 0,
      conflictDepth: 0,
      emptyCell: -1,
      emptyHouse: -1,
      emptyDigit: 0,
      version: -1,
      trueBits: new Uint32Array(nodes * words),
      falseBits: new Uint32Array(nodes * words),
      contra: new Uint8Array(nodes),
      contraDepth: new Uint8Array(nodes),
      and: new Uint32Array(words),
      andFalse: new Uint32Array(words),
    };
}

export const known = (e: Engine, node: number): number => (e.stamp[node] === e.generation ? e.value[node]! : 0);

/** Record a fact; false when it contradicts one already derived (then the branch ends). */
export function setFact(e: Engine, node: number, value: number, reason: number, depth: number): boolean {
  if (e.stamp[node] === e.generation) {
    if (e.value[node] === value) return true;
    e.conflict = true;
    e.conflictNode = node;
    e.conflictValue = value;
    e.conflictReason = reason;
    e.conflictDepth = depth;
    return false;
  }
  e.stamp[node] = e.generation;
  e.value[node] = value;
  e.reason[node] = reason;
  e.depth[node] = depth;
  e.order[node] = e.tail;
  e.queue[e.tail++] = node;
  return true;
}

function emptied(e: Engine, cell: number, house: number, digit: number, depth: number): false {
  e.conflict = true;
  e.conflictNode = -1;
  e.emptyCell = cell;
  e.emptyHouse = house;
  e.emptyDigit = digit;
  e.conflictDepth = depth;
  return false;
}

/** Follow the assumption "premise is true" on the current candidates. */
function propagate(s: LogicState, e: Engine, premise: number): void {
  beginBranch(e);
  setFact(e, premise, TRUE, PREMISE, 0);
  follow(s, e, 0);
}

/** A new branch: no facts yet. */
export function beginBranch(e: Engine): void {
  e.generation++;
  e.tail = 0;
  e.conflict = false;
}

/**
 * Follow the facts queued from index `from` on, until nothing new follows or a contradiction
 * (`e.conflict`); the facts before `from` are known but not followed again.
 */
export function follow(s: LogicState, e: Engine, from: number): void {
  const n = s.n;
  const g = s.geometry;
  const cand = s.cand;
  for (let head = from; head < e.tail; head++) {
    const node = e.queue[head]!;
    const depth = e.depth[node]!;
    if (depth >= MAX_DEPTH) continue;
    const cell = (node / n) | 0;
    const dPos = node % n;
    const bit = 1 << dPos;
    if (e.value[node] === TRUE) {
      for (let m = cand[cell]! & ~bit; m !== 0; m &= m - 1) if (!setFact(e, cell * n + lowestBit(m), FALSE, node, depth + 1)) return;
      for (let k = g.peerStart[cell]!, end = g.peerStart[cell + 1]!; k < end; k++) {
        const p = g.peers[k]!;
        if (cand[p]! & bit && !setFact(e, p * n + dPos, FALSE, node, depth + 1)) return;
      }
      continue;
    }
    // A false candidate: is its cell or one of its houses down to one option?
    // A derived fact is one level deeper than the deepest fact it rests on (facts set but not yet
    // followed may be one level deeper than this one).
    let left = -1;
    let options = 0;
    let deepest = depth;
    for (let m = cand[cell]!; m !== 0; m &= m - 1) {
      const other = cell * n + lowestBit(m);
      if (known(e, other) !== FALSE) {
        options++;
        left = other;
      } else if (e.depth[other]! > deepest) deepest = e.depth[other]!;
    }
    if (options === 0) return void emptied(e, cell, -1, 0, depth);
    if (options === 1 && deepest < MAX_DEPTH && known(e, left) !== TRUE && !setFact(e, left, TRUE, NAKED, deepest + 1)) return;
    for (let k = 0; k < 3; k++) {
      const h = g.cellHouses[cell * 3 + k]!;
      let places = 0;
      let place = -1;
      let sameRow = -2;
      let sameCol = -2;
      let sameRegion = -2;
      let deepestHere = depth;
      for (let m = s.positions[h * n + dPos]!; m !== 0; m &= m - 1) {
        const c = g.houseCells[h * n + lowestBit(m)]!;
        const other = c * n + dPos;
        if (known(e, other) === FALSE) {
          if (e.depth[other]! > deepestHere) deepestHere = e.depth[other]!;
        } else {
          places++;
          place = other;
          const r = g.cellHouses[c * 3]!;
          const col = g.cellHouses[c * 3 + 1]!;
          const reg = g.cellHouses[c * 3 + 2]!;
          sameRow = sameRow === -2 || sameRow === r ? r : -1;
          sameCol = sameCol === -2 || sameCol === col ? col : -1;
          sameRegion = sameRegion === -2 || sameRegion === reg ? reg : -1;
        }
      }
      if (places === 0) return void emptied(e, -1, h, dPos + 1, depth);
      if (deepestHere >= MAX_DEPTH) continue;
      if (places === 1 && known(e, place) !== TRUE && !setFact(e, place, TRUE, HIDDEN - h, deepestHere + 1)) return;
      if (places >= 2) {
        // Locked candidates inside the branch: the digit's last places in h lie in one other house.
        for (let j = 0; j < 3; j++) {
          const other = j === 0 ? sameRow : j === 1 ? sameCol : sameRegion;
          if (other < 0 || other === h) continue;
          for (let m = s.positions[other * n + dPos]!; m !== 0; m &= m - 1) {
            const c = g.houseCells[other * n + lowestBit(m)]!;
            if (g.cellHouses[c * 3]! === h || g.cellHouses[c * 3 + 1]! === h || g.cellHouses[c * 3 + 2]! === h) continue;
            const x = c * n + dPos;
            if (known(e, x) !== FALSE && !setFact(e, x, FALSE, LOCKED - h, deepestHere + 1)) return;
          }
        }
      }
    }
  }
}

/**
 * The implications of every candidate of the position (computed once per position); null when
 * the run's branch budget is spent (checked per position: one costs at most a branch per candidate).
 */
function implications(s: LogicState): Engine | null {
  const e = engineFor(s);
  if (e.version === s.candidateVersion) return e;
  if (s.outOfBranches()) return null;
  s.fillPositions();
  e.version = s.candidateVersion;
  const n = s.n;
  const w = e.words;
  e.trueBits.fill(0);
  e.falseBits.fill(0);
  for (let cell = 0; cell < s.cellCount; cell++) {
    for (let m = s.cand[cell]!; m !== 0; m &= m - 1) {
      const premise = cell * n + lowestBit(m);
      s.branches++;
      propagate(s, e, premise);
      e.contra[premise] = e.conflict ? 1 : 0;
      e.contraDepth[premise] = e.conflictDepth;
      const base = premise * w;
      for (let i = 0; i < e.tail; i++) {
        const node = e.queue[i]!;
        const bits = e.value[node] === TRUE ? e.trueBits : e.falseBits;
        bits[base + (node >>> 5)]! |= 1 << (node & 31);
      }
    }
  }
  return e;
}

// ——— the three rungs ———

function contradictions(s: LogicState, t: Technique): boolean {
  const e = implications(s);
  if (!e) return false;
  const n = s.n;
  // Every candidate whose assumption breaks the position goes in one step (one branch each): the
  // ladder would otherwise rerun every cheaper rung between them for nothing.
  const found: number[] = [];
  for (let cell = 0; cell < s.cellCount; cell++) {
    for (let m = s.cand[cell]!; m !== 0; m &= m - 1) {
      const node = cell * n + lowestBit(m);
      if (!e.contra[node]) continue;
      if (s.mode === 'all') commitForcing(s, t, [node], [node], [], 'contradiction', -1);
      else found.push(node);
    }
  }
  return found.length > 0 && commitForcing(s, t, found, found, [], 'contradiction', -1);
}

/** AND of the branches' facts into e.and / e.andFalse; false when a branch contradicts. */
function common(e: Engine, premises: readonly number[]): boolean {
  const w = e.words;
  e.and.fill(0xffffffff);
  e.andFalse.fill(0xffffffff);
  for (const p of premises) {
    if (e.contra[p]) return false;
    for (let i = 0; i < w; i++) {
      e.and[i]! &= e.trueBits[p * w + i]!;
      e.andFalse[i]! &= e.falseBits[p * w + i]!;
    }
  }
  return true;
}

/** The facts every branch forces: eliminations and placements of candidates outside the premises. */
function conclusions(s: LogicState, e: Engine, premises: readonly number[]): { elims: number[]; places: number[] } | null {
  if (!common(e, premises)) return null;
  const elims: number[] = [];
  const places: number[] = [];
  for (let i = 0; i < e.words; i++) {
    for (let m = e.and[i]!; m !== 0; m &= m - 1) places.push(i * 32 + lowestBit(m));
    for (let m = e.andFalse[i]!; m !== 0; m &= m - 1) elims.push(i * 32 + lowestBit(m));
  }
  // A placement already implies its eliminations (the singles take them): keep the step short.
  if (places.length > 0) return { elims: [], places };
  return elims.length > 0 ? { elims, places } : null;
}

function cellForcing(s: LogicState, t: Technique): boolean {
  const e = implications(s);
  if (!e) return false;
  const n = s.n;
  for (let size = 2; size <= n; size++) {
    for (let cell = 0; cell < s.cellCount; cell++) {
      const m = s.cand[cell]!;
      if (POPCOUNT_1024[m] !== size) continue;
      const premises: number[] = [];
      for (let mm = m; mm !== 0; mm &= mm - 1) premises.push(cell * n + lowestBit(mm));
      const c = conclusions(s, e, premises);
      if (c && commitForcing(s, t, premises, c.elims, c.places, 'cell', cell)) return true;
    }
  }
  return false;
}

function houseForcing(s: LogicState, t: Technique): boolean {
  const e = implications(s);
  if (!e) return false;
  const n = s.n;
  const g = s.geometry;
  for (let size = 2; size <= n; size++) {
    for (let h = 0; h < s.houseCount; h++) {
      for (let d = 0; d < n; d++) {
        const m = s.positions[h * n + d]!;
        if (POPCOUNT_1024[m] !== size) continue;
        const premises: number[] = [];
        for (let mm = m; mm !== 0; mm &= mm - 1) premises.push(g.houseCells[h * n + lowestBit(mm)]! * n + d);
        const c = conclusions(s, e, premises);
        if (c && commitForcing(s, t, premises, c.elims, c.places, 'house', h)) return true;
      }
    }
  }
  return false;
}

// ——— proof branches ———

/**
 * Re-run one branch and list the facts the targets rest on, in derivation order (the premise
 * left out). `targets` null: the branch's contradiction is the target.
 */
function branchFacts(s: LogicState, e: Engine, premise: number, targets: readonly number[] | null): Array<[number, number]> {
  propagate(s, e, premise);
  return traceBranch(s, e, premise, targets);
}

/**
 * The facts of the branch just followed in `e` that the targets (null: its contradiction) rest
 * on, in derivation order, the premise left out. `nestedNeeds`: what a NESTED fact rests on (the
 * enclosing facts its inner branch used); an OUTER fact rests on nothing here.
 */
export function traceBranch(
  s: LogicState,
  e: Engine,
  premise: number,
  targets: readonly number[] | null,
  nestedNeeds?: (node: number) => readonly number[],
): Array<[number, number]> {
  const n = s.n;
  const g = s.geometry;
  const need = new Set<number>();
  const stack: number[] = [];
  const want = (node: number) => {
    if (known(e, node) === 0 || need.has(node)) return;
    need.add(node);
    stack.push(node);
  };
  /** The facts a derivation with this reason rests on. */
  const because = (node: number, value: number, reason: number) => {
    const cell = (node / n) | 0;
    const dPos = node % n;
    if (reason === OUTER) return;
    if (reason === NESTED) {
      for (const x of nestedNeeds!(node)) want(x);
      return;
    }
    if (value === FALSE && reason <= LOCKED) {
      // The digit's places in house h that were ruled out before this fact.
      const h = LOCKED - reason;
      const before = e.stamp[node] === e.generation && e.value[node] === value ? e.order[node]! : e.tail;
      for (let m = s.positions[h * n + dPos]!; m !== 0; m &= m - 1) {
        const x = g.houseCells[h * n + lowestBit(m)]! * n + dPos;
        if (known(e, x) === FALSE && e.order[x]! < before) want(x);
      }
      return;
    }
    if (value === FALSE) return want(reason);
    if (reason === PREMISE) return;
    if (reason === NAKED) {
      for (let m = s.cand[cell]! & ~(1 << dPos); m !== 0; m &= m - 1) want(cell * n + lowestBit(m));
      return;
    }
    const h = HIDDEN - reason;
    for (let m = s.positions[h * n + dPos]!; m !== 0; m &= m - 1) {
      const c = g.houseCells[h * n + lowestBit(m)]!;
      if (c !== cell) want(c * n + dPos);
    }
  };
  let tail: [number, number] | null = null;
  if (targets) for (const node of targets) want(node);
  else if (e.conflictNode >= 0) {
    want(e.conflictNode);
    because(e.conflictNode, e.conflictValue, e.conflictReason);
    tail = [e.conflictNode, e.conflictValue];
  } else if (e.emptyCell >= 0) {
    for (let m = s.cand[e.emptyCell]!; m !== 0; m &= m - 1) want(e.emptyCell * n + lowestBit(m));
  } else {
    const dPos = e.emptyDigit - 1;
    for (let m = s.positions[e.emptyHouse * n + dPos]!; m !== 0; m &= m - 1) want(g.houseCells[e.emptyHouse * n + lowestBit(m)]! * n + dPos);
  }
  while (stack.length > 0) {
    const node = stack.pop()!;
    because(node, e.value[node]!, e.reason[node]!);
  }
  need.delete(premise);
  const facts = [...need].sort((a, b) => e.order[a]! - e.order[b]!).map((node) => [node, e.value[node]!] as [number, number]);
  if (tail) facts.push(tail);
  return facts;
}

export type Shape = 'contradiction' | 'cell' | 'house';
export type Empty = { cell: number; house: number; digit: number } | null;
const shapes = new WeakMap<LogicState, { shape: Shape; anchor: number; empty: Empty[] }>();

/** What the sentence of the finding about to be committed needs besides its branches. */
export function rememberShape(s: LogicState, shape: Shape, anchor: number, empty: Empty[]): void {
  shapes.set(s, { shape, anchor, empty });
}

/**
 * The finding of a forcing step without its branches (plain and nested alike): its eliminations
 * and placements, the premises' cells and digits, the house of a house forcing chain.
 */
export function writeForcingFinding(s: LogicState, premises: readonly number[], elims: readonly number[], places: readonly number[], shape: Shape, anchor: number): void {
  const n = s.n;
  const f = s.finding;
  f.clear();
  for (const node of elims) f.elim((node / n) | 0, (node % n) + 1);
  for (const node of places) f.place((node / n) | 0, (node % n) + 1);
  let digits = 0;
  for (const node of premises) {
    f.cell((node / n) | 0);
    digits |= 1 << node % n;
  }
  f.digits = digits;
  if (shape === 'house') f.house(anchor);
}

/** A candidate node (cell·N + d − 1) as a step's [row, column, digit]. */
export function nodeRef(n: number, node: number): CandidateRef {
  const cell = (node / n) | 0;
  return [(cell / n) | 0, cell % n, (node % n) + 1];
}

/** A branch fact (node, TRUE | FALSE) as a step's [row, column, digit, 1 | 0]. */
export function factRef(n: number, [node, value]: readonly [number, number]): [number, number, number, number] {
  return [...nodeRef(n, node), value === TRUE ? 1 : 0];
}

function commitForcing(s: LogicState, t: Technique, premises: readonly number[], elims: readonly number[], places: readonly number[], shape: Shape, anchor: number): boolean {
  const n = s.n;
  const f = s.finding;
  writeForcingFinding(s, premises, elims, places, shape, anchor);
  if (s.collect || s.mode === 'all') {
    const e = engineFor(s);
    const targets = shape === 'contradiction' ? null : [...elims, ...places];
    const empty: Empty[] = [];
    const branches: NonNullable<ProofStep['branches']> = premises.map((premise) => {
      const facts = branchFacts(s, e, premise, targets);
      empty.push(e.conflictNode < 0 ? { cell: e.emptyCell, house: e.emptyHouse, digit: e.emptyDigit } : null);
      return { assume: nodeRef(n, premise), implies: facts.map((fact) => factRef(n, fact)) };
    });
    f.extra = { branches };
    shapes.set(s, { shape, anchor, empty });
    // The cache is keyed by the position, and re-running branches changed no candidate: still valid.
  }
  return s.commit(t);
}

// ——— sentences ———

/**
 * "r1c1=3 ⇒ r1c5≠3 ⇒ r2c5=7" — one branch, the notation players write; a fact a nested branch
 * shows is followed by that branch in brackets: "r4c4≠2 [r4c4=2 ⇒ … ⇒ r6c6=5 ⊥]".
 */
export function branchText(branch: NonNullable<ProofStep['branches']>[number]): string {
  const fact = ([r, c, d]: readonly number[], on: boolean) => `r${r! + 1}c${c! + 1}${on ? '=' : '≠'}${d}`;
  const inner = new Map((branch.nested ?? []).map((b) => [b.assume.join(','), b]));
  const factText = (x: readonly number[]) => {
    const b = x[3] === 0 ? inner.get(x.slice(0, 3).join(',')) : undefined;
    return fact(x, x[3] === 1) + (b ? ` [${branchText(b)} ⊥]` : '');
  };
  return [fact(branch.assume, true), ...branch.implies.map(factText)].join(' ⇒ ');
}

function placementClause(s: LogicState, lang: Lang): string {
  const f = s.finding;
  const items = Array.from(f.places.subarray(0, f.placeCount), (code) => `${cellName(s.n, code >> 4)}${lang === 'en' ? ' is ' : ': '}${(code & 15) + 1}`);
  return (lang === 'en' ? 'so ' : 'also ') + items.join(', ');
}

export function describeForcing(s: LogicState, t: Technique): Text {
  const f = s.finding;
  const branches = f.extra!.branches!;
  const info = shapes.get(s)!;
  const g = s.geometry;
  const chains = branches.map(branchText).join('; ');
  return both((lang) => {
    let lead: string;
    if (info.shape === 'contradiction') {
      const why = (empty: Empty) =>
        !empty
          ? lang === 'en' ? 'a candidate would be both true and false' : 'ein Kandidat wäre zugleich wahr und falsch'
          : empty.cell >= 0
            ? lang === 'en' ? `${cellName(s.n, empty.cell)} would have no digit left` : `in ${cellName(s.n, empty.cell)} bliebe keine Ziffer`
            : lang === 'en' ? `${empty.digit} would have no place left in ${houseName(g, empty.house, lang)}` : `die ${empty.digit} hätte in ${houseName(g, empty.house, lang)} keinen Platz mehr`;
      const each = branches.map((b, i) => `${branchText(b)} (${why(info.empty[i]!)})`).join('; ');
      lead =
        lang === 'en'
          ? `${each}: ${branches.length === 1 ? 'the assumption leads' : 'each assumption leads'} to a contradiction`
          : `${each}: ${branches.length === 1 ? 'Die Annahme führt' : 'Jede Annahme führt'} zu einem Widerspruch`;
    } else if (info.shape === 'cell') {
      const cell = cellName(s.n, info.anchor);
      lead = lang === 'en' ? `every candidate of ${cell} leads to the same result: ${chains}` : `Jeder Kandidat von ${cell} führt zum selben Ergebnis: ${chains}`;
    } else {
      const d = (branches[0]!.assume[2]);
      lead =
        lang === 'en'
          ? `every place of ${d} in ${houseName(g, info.anchor, lang)} leads to the same result: ${chains}`
          : `Jeder Platz der ${d} in ${houseName(g, info.anchor, lang)} führt zum selben Ergebnis: ${chains}`;
    }
    const close = f.placeCount > 0 ? placementClause(s, lang) : removalClause(g, f, lang);
    return `${t.name[lang]}: ${lead}, ${close}.`;
  });
}

const forcing = (id: string, en: string, de: string, find: (s: LogicState, t: Technique) => boolean): Technique => {
  const t: Technique = defineTechnique({ id, tier: 5, cost: 500, name: { en, de }, find: (s) => find(s, t), describe: (s) => describeForcing(s, t) });
  return t;
};

export const contradictionChain = forcing('forcing-chain-contradiction', 'Forcing chain (contradiction)', 'Forcing-Kette (Widerspruch)', contradictions);
export const cellForcingChain = forcing('cell-forcing-chain', 'Cell forcing chain', 'Zellen-Forcing-Kette', cellForcing);
export const houseForcingChain = forcing('house-forcing-chain', 'House forcing chain', 'Haus-Forcing-Kette', houseForcing);
