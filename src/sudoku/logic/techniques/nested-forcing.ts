/**
 * Tier 5, nested forcing chains (cost 700, the last rung): the forcing chains of forcing.ts, but a
 * branch whose moves stall may also assume a further candidate inside itself. If that inner branch,
 * followed by the plain moves (singles, weak links, locked candidates, ≤ MAX_DEPTH levels from
 * its own assumption) on the position plus the enclosing branch's facts, reaches a contradiction,
 * the candidate is false in the enclosing branch, which then goes on. Level 1 only: an inner
 * branch never assumes again. A nested fact is one level deeper than the deepest fact of the
 * enclosing branch so far, and the enclosing branch keeps its MAX_DEPTH levels.
 *
 * Conclusions as the plain rungs, in this order: an assumption that leads to a contradiction is
 * false (the first one found: each costs a pass of nested branches, and the cheaper rungs may
 * take over after it); every candidate of a cell, or every place of a digit in a house, leads to
 * the same fact.
 *
 * Bounds: inner assumptions are tried in the order of the cells' candidate counts (bivalue cells
 * first: their contradictions leave the partner true), at most MAX_INNER_TRIES per stall (tries
 * since the enclosing branch last made progress). Everything runs on the typed arrays of two
 * engines (the enclosing and the inner branch) allocated once per layout.
 */
import { POPCOUNT_1024, lowestBit } from '../../../core/bits.ts';
import { getOrMake } from '../../../core/memo.ts';
import type { LogicState } from '../state.ts';
import type { ProofStep } from '../step-schema.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import {
  FALSE,
  MAX_DEPTH,
  NESTED,
  OUTER,
  PREMISE,
  TRUE,
  beginBranch,
  createEngine,
  describeForcing,
  factRef,
  follow,
  known,
  nodeRef,
  rememberShape,
  setFact,
  traceBranch,
  writeForcingFinding,
  type Empty,
  type Engine,
  type Shape,
} from './forcing.ts';

/** Inner assumptions tried per stall of an enclosing branch before it gives up. */
export const MAX_INNER_TRIES = 96;

type ImpliedRef = [number, number, number, number];
type InnerBranch = { assume: [number, number, number]; implies: ImpliedRef[] };

interface Nested {
  outer: Engine;
  inner: Engine;
  version: number;
  /** Candidates of the position, fewest-candidate cells first: the order premises and inner assumptions are tried in. */
  order: Int32Array;
  orderLength: number;
  /** Premises already followed at this version (1: done, its facts in outer.trueBits/falseBits). */
  done: Uint8Array;
  /** While tracing for a proof: per nested fact, its inner branch and the enclosing facts it used. */
  tracing: boolean;
  inners: Map<number, { needs: number[]; facts: Array<[number, number]> }>;
}

const nestedEngines = new WeakMap<LogicState, Nested>();

function nestedFor(s: LogicState): Nested {
  return getOrMake(nestedEngines, s, newNested);
}

function newNested(s: LogicState): Nested {
  const outer = createEngine(s);
  return {
    outer,
    inner: createEngine(s),
    version: -1,
    order: new Int32Array(outer.nodes),
    orderLength: 0,
    done: new Uint8Array(outer.nodes),
    tracing: false,
    inners: new Map(),
  };
}

/** Start a new position: the try order, and no premise followed yet. */
function refresh(s: LogicState, x: Nested): void {
  if (x.version === s.candidateVersion) return;
  s.fillPositions();
  x.version = s.candidateVersion;
  x.done.fill(0);
  x.outer.trueBits.fill(0);
  x.outer.falseBits.fill(0);
  const n = s.n;
  let k = 0;
  for (let size = 2; size <= n; size++) {
    for (let cell = 0; cell < s.cellCount; cell++) {
      const m = s.cand[cell]!;
      if (POPCOUNT_1024[m] !== size) continue;
      for (let mm = m; mm !== 0; mm &= mm - 1) x.order[k++] = cell * n + lowestBit(mm);
    }
  }
  x.orderLength = k;

}

/** Does assuming `node` inside the enclosing branch (its facts so far) lead to a contradiction? */
function innerContradicts(s: LogicState, x: Nested, node: number): boolean {
  const o = x.outer;
  const e = x.inner;
  beginBranch(e);
  // The enclosing facts are known in the inner branch at level 0, and not followed again (they
  // were, in the enclosing branch, which stalled).
  for (let i = 0; i < o.tail; i++) {
    const f = o.queue[i]!;
    e.stamp[f] = e.generation;
    e.value[f] = o.value[f]!;
    e.reason[f] = OUTER;
    e.depth[f] = 0;
    e.order[f] = i;
    e.queue[i] = f;
  }
  e.tail = o.tail;
  setFact(e, node, TRUE, PREMISE, 0);
  follow(s, e, o.tail);
  return e.conflict;
}

/** Follow "premise is true" in x.outer, with inner contradictions when the plain moves stall. */
function propagateNested(s: LogicState, x: Nested, premise: number): void {
  const o = x.outer;
  // The budget counts the search, not the proof's re-tracing of a step already found (so fast and
  // collect mode stop at the same place).
  if (!x.tracing) s.branches++;
  beginBranch(o);
  if (x.tracing) x.inners.clear();
  setFact(o, premise, TRUE, PREMISE, 0);
  follow(s, o, 0);
  const length = x.orderLength;
  let next = 0;
  let tries = 0;
  let sinceProgress = 0;
  while (!o.conflict && sinceProgress < length && tries < MAX_INNER_TRIES) {
    const node = x.order[next]!;
    next = next + 1 === length ? 0 : next + 1;
    sinceProgress++;
    if (known(o, node) !== 0) continue;
    if (!x.tracing && s.outOfBranches()) return;
    s.branches += x.tracing ? 0 : 1;
    tries++;
    if (!innerContradicts(s, x, node)) continue;
    let deepest = 0;
    for (let i = 0; i < o.tail; i++) if (o.depth[o.queue[i]!]! > deepest) deepest = o.depth[o.queue[i]!]!;
    if (deepest + 1 > MAX_DEPTH) break;
    if (x.tracing) {
      const facts = traceBranch(s, x.inner, node, null);
      const needs: number[] = [];
      const own: Array<[number, number]> = [];
      for (const fact of facts) {
        if (x.inner.reason[fact[0]] === OUTER && x.inner.value[fact[0]] === fact[1]) needs.push(fact[0]);
        else own.push(fact);
      }
      x.inners.set(node, { needs, facts: own });
    }
    const from = o.tail;
    setFact(o, node, FALSE, NESTED, deepest + 1);
    follow(s, o, from);
    sinceProgress = 0;
    tries = 0;
  }
}

/** Follow every premise of the list not followed yet at this position, recording its facts. */
function followPremise(s: LogicState, x: Nested, premise: number): boolean {
  const o = x.outer;
  if (x.done[premise]) return o.contra[premise] === 1;
  if (s.outOfBranches()) return false;
  propagateNested(s, x, premise);
  if (s.exhausted) return false; // cut short: its facts are incomplete, so nothing is recorded
  x.done[premise] = 1;
  o.contra[premise] = o.conflict ? 1 : 0;
  const base = premise * o.words;
  for (let i = 0; i < o.tail; i++) {
    const node = o.queue[i]!;
    const bits = o.value[node] === TRUE ? o.trueBits : o.falseBits;
    bits[base + (node >>> 5)]! |= 1 << (node & 31);
  }
  return o.conflict;
}

function find(s: LogicState, t: Technique): boolean {
  const x = nestedFor(s);
  refresh(s, x);
  const n = s.n;
  const g = s.geometry;
  const o = x.outer;
  let any = false;
  for (let i = 0; i < x.orderLength; i++) {
    const premise = x.order[i]!;
    if (!followPremise(s, x, premise)) {
      if (s.exhausted) return false;
      continue;
    }
    if (s.mode !== 'all') return commitNested(s, t, x, [premise], [premise], [], 'contradiction', -1);
    commitNested(s, t, x, [premise], [premise], [], 'contradiction', -1);
    any = true;
  }
  if (any) return false;
  // No assumption breaks the position: cells, then houses, whose every option forces one fact.
  const premises: number[] = [];
  const tryPremises = (shape: Shape, anchor: number): boolean => {
    const w = o.words;
    o.and.fill(0xffffffff);
    o.andFalse.fill(0xffffffff);
    for (const p of premises) {
      for (let i = 0; i < w; i++) {
        o.and[i]! &= o.trueBits[p * w + i]!;
        o.andFalse[i]! &= o.falseBits[p * w + i]!;
      }
    }
    const places: number[] = [];
    const elims: number[] = [];
    for (let i = 0; i < w; i++) {
      for (let m = o.and[i]!; m !== 0; m &= m - 1) places.push(i * 32 + lowestBit(m));
      for (let m = o.andFalse[i]!; m !== 0; m &= m - 1) elims.push(i * 32 + lowestBit(m));
    }
    if (places.length > 0) return commitNested(s, t, x, premises, [], places, shape, anchor);
    return elims.length > 0 && commitNested(s, t, x, premises, elims, [], shape, anchor);
  };
  for (let size = 2; size <= n; size++) {
    for (let cell = 0; cell < s.cellCount; cell++) {
      const m = s.cand[cell]!;
      if (POPCOUNT_1024[m] !== size) continue;
      premises.length = 0;
      for (let mm = m; mm !== 0; mm &= mm - 1) premises.push(cell * n + lowestBit(mm));
      if (tryPremises('cell', cell) && s.mode !== 'all') return true;
    }
  }
  for (let size = 2; size <= n; size++) {
    for (let h = 0; h < s.houseCount; h++) {
      for (let d = 0; d < n; d++) {
        const m = s.positions[h * n + d]!;
        if (POPCOUNT_1024[m] !== size) continue;
        premises.length = 0;
        for (let mm = m; mm !== 0; mm &= mm - 1) premises.push(g.houseCells[h * n + lowestBit(mm)]! * n + d);
        if (tryPremises('house', h) && s.mode !== 'all') return true;
      }
    }
  }
  return false;
}

function commitNested(s: LogicState, t: Technique, x: Nested, premises: readonly number[], elims: readonly number[], places: readonly number[], shape: Shape, anchor: number): boolean {
  const n = s.n;
  const f = s.finding;
  writeForcingFinding(s, premises, elims, places, shape, anchor);
  if (s.collect || s.mode === 'all') {
    const ref = (node: number) => nodeRef(n, node);
    const implied = (fact: [number, number]): ImpliedRef => factRef(n, fact);
    const targets = shape === 'contradiction' ? null : [...elims, ...places];
    const empty: Empty[] = [];
    x.tracing = true;
    const branches: NonNullable<ProofStep['branches']> = premises.map((premise) => {
      propagateNested(s, x, premise);
      const o = x.outer;
      const facts = traceBranch(s, o, premise, targets, (node) => x.inners.get(node)!.needs);
      empty.push(o.conflictNode < 0 ? { cell: o.emptyCell, house: o.emptyHouse, digit: o.emptyDigit } : null);
      const nested: InnerBranch[] = [];
      for (const [node, value] of facts) {
        const inner = value === FALSE && o.reason[node] === NESTED ? x.inners.get(node) : undefined;
        if (inner) nested.push({ assume: ref(node), implies: inner.facts.map(implied) });
      }
      return { assume: ref(premise), implies: facts.map(implied), ...(nested.length > 0 ? { nested } : {}) };
    });
    x.tracing = false;
    // Re-following changed no candidate and no recorded facts: the per-position cache stays valid.
    f.extra = { branches };
    rememberShape(s, shape, anchor, empty);
  }
  return s.commit(t);
}

export const nestedForcingChain: Technique = defineTechnique({
  id: 'nested-forcing-chain',
  tier: 5,
  cost: 700,
  onRequest: true,
  name: { en: 'Nested forcing chain', de: 'Verschachtelte Forcing-Kette' },
  find: (s) => find(s, nestedForcingChain),
  describe: (s) => describeForcing(s, nestedForcingChain),
});
