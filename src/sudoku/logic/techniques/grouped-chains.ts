/**
 * Tier 5, grouped chains and nice loops: the chain search of chains.ts (breadth-first over
 * (node, true/false) states, shortest productive chain first, at most MAX_LINKS links) with two
 * additions:
 *
 *   group nodes   a digit's places in the intersection of a line and a region (≥ 2 cells, any
 *                 house shape: on irregular layouts every line-region meeting of ≥ 2 cells).
 *                 "The group is true" = the digit sits in one of its cells. Strong link: a
 *                 house's places of the digit are exactly two nodes (cell or group); weak link:
 *                 every cell of one node sees every cell of the other (same digit, disjoint).
 *   loops         a chain that returns to its start.
 *                 continuous      start=…=end and end–start weakly linked: every weak link of the
 *                                 loop has exactly one true end, so whatever sees both ends of a
 *                                 weak link goes (the other digits of a cell, for a link inside
 *                                 a cell);
 *                 discontinuous   start false ⇒ … ⇒ start true: the start is placed;
 *                                 start true ⇒ … ⇒ start false: the start is removed (written as
 *                                 the chain between the two weak links, an AIC whose both ends
 *                                 are weakly linked to the start).
 *
 *   nice-loop          cell nodes only; continuous and discontinuous loops (HoDoKu 280)
 *   grouped-nice-loop  the same with at least one group node (HoDoKu 300; ours 290, below ALS-XZ as SE rates it)
 *   grouped-aic        an AIC with at least one group node: candidates weakly linked to both
 *                      ends go (HoDoKu 300; ours 290)
 *
 * State encoding (as chains.ts): node·2 + on; node = cell·N + d−1 for a cell node and
 * N²·N + k·N + d−1 for the group of digit d in intersection k (layout.ts's intersections).
 *
 * Cost: the links come from the position's link graph (link-graph.ts: the candidates' one from
 * chains.ts for the nice loop, the one with group nodes here for the grouped rungs), built once per
 * position. A loop start is searched only when it can close at all (mayClose, from the graph's
 * reachability), and a search stops once every end that could close it has been reached; the
 * instances found and their order are those of a search from every start.
 */
import { POPCOUNT_1024, highestBit, lowestBit } from '../../../core/bits.ts';
import { getOrMake } from '../../../core/memo.ts';
import type { Geometry } from '../../geometry.ts';
import { candidateCode } from '../finding.ts';
import type { LogicState } from '../state.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import { both, cellName, removalClause } from '../texts.ts';
import { cellLinks, MAX_LINKS } from './chains.ts';
import { LinkGraph } from './link-graph.ts';

/** [row, column, digit], as in ProofStep. */
type CandidateRef = [number, number, number];

type LoopKind = 'nice-loop' | 'grouped-nice-loop' | 'grouped-aic';

/** What a productive chain concludes. */
const enum Outcome {
  None = 0,
  /** Candidates weakly linked to both ends (AIC). */
  Ends = 1,
  /** Continuous loop: eliminations along every weak link. */
  Continuous = 2,
  /** start false ⇒ start true: place the start. */
  Place = 3,
  /** start true ⇒ start false: remove the start. */
  Remove = 4,
}

/** Per-layout tables for group nodes. */
interface Groups {
  count: number;
  /** Intersection k's shared cells: cells[start[k] .. start[k+1]−1]. */
  cells: Uint8Array;
  start: Uint16Array;
  line: Uint8Array;
  regionHouse: Uint8Array;
  /** interOf[line·N + region] = k, or −1. */
  interOf: Int16Array;
  /** Intersections lying in house h: houseInter[houseStart[h] .. houseStart[h+1]−1]. */
  houseInter: Int16Array;
  houseStart: Uint16Array;
  /** The (at most two) intersections a cell lies in, −1 for none: its row's and its column's. */
  cellInterRow: Int16Array;
  cellInterCol: Int16Array;
  /** Places of digit d in intersection k for the position being searched (filled per search). */
  size: Uint8Array;
}

const groupTables = new WeakMap<Geometry, Groups>();

function groupsOf(s: LogicState): Groups {
  return getOrMake(groupTables, s.geometry, () => buildGroups(s));
}

function buildGroups(s: LogicState): Groups {
  const n = s.n;
  const l = s.layout;
  const count = l.interLine.length;
  const start = new Uint16Array(count + 1);
  const lists: number[][] = [];
  for (let k = 0; k < count; k++) {
    const a = l.interLists.start[3 * k]!;
    const b = l.interLists.start[3 * k + 1]!;
    lists.push(Array.from(l.interLists.cells.subarray(a, b)));
    start[k + 1] = start[k]! + (b - a);
  }
  const cells = new Uint8Array(start[count]!);
  lists.forEach((list, k) => cells.set(list, start[k]!));
  const interOf = new Int16Array(2 * n * n).fill(-1);
  const perHouse: number[][] = Array.from({ length: 3 * n }, () => []);
  for (let k = 0; k < count; k++) {
    interOf[l.interLine[k]! * n + (l.interRegion[k]! - 2 * n)] = k;
    perHouse[l.interLine[k]!]!.push(k);
    perHouse[l.interRegion[k]!]!.push(k);
  }
  const houseStart = new Uint16Array(3 * n + 1);
  perHouse.forEach((ks, h) => (houseStart[h + 1] = houseStart[h]! + ks.length));
  const houseInter = new Int16Array(houseStart[3 * n]!);
  perHouse.forEach((ks, h) => houseInter.set(ks, houseStart[h]!));
  const cellInterRow = new Int16Array(s.cellCount).fill(-1);
  const cellInterCol = new Int16Array(s.cellCount).fill(-1);
  for (let k = 0; k < count; k++) for (const c of lists[k]!) (l.interLine[k]! < n ? cellInterRow : cellInterCol)[c] = k;
  return {
    count,
    cells,
    start,
    line: Uint8Array.from(l.interLine),
    regionHouse: Uint8Array.from(l.interRegion),
    interOf,
    houseInter,
    houseStart,
    cellInterRow,
    cellInterCol,
    size: new Uint8Array(count * n),
  };
}

interface Scratch {
  stamp: Int32Array;
  /** mark[node] = generation: a node the search's start is weakly linked to (see searchFrom). */
  mark: Int32Array;
  /** Productive ends not yet reached; the search stops when none is left. */
  remaining: number;
  parent: Int32Array;
  depth: Int32Array;
  queue: Int32Array;
  path: Int32Array;
  best: Int32Array;
  generation: number;
  tail: number;
  kind: LoopKind;
  grouped: boolean;
  start: number;
  startOn: number;
  /** The outcome of the last productive chain found (path) and of the best one (best). */
  outcome: Outcome;
  bestOutcome: Outcome;
  bestLinks: number;
  technique: Technique | null;
  /** Node cells, scratch. */
  cellsA: Int32Array;
  cellsB: Int32Array;
  /** Elimination marks by candidate code (dedupes the eliminations of a loop). */
  elimMark: Uint8Array;
  elimList: Int32Array;
  elimCount: number;
}

const scratches = new WeakMap<LogicState, Scratch>();

function scratchFor(s: LogicState, groups: Groups): Scratch {
  return getOrMake(scratches, s, () => {
    const states = (s.cellCount + groups.count) * s.n * 2;
    return {
      stamp: new Int32Array(states),
      mark: new Int32Array(states / 2),
      remaining: 0,
      parent: new Int32Array(states),
      depth: new Int32Array(states),
      queue: new Int32Array(states),
      path: new Int32Array(MAX_LINKS + 2),
      best: new Int32Array(MAX_LINKS + 2),
      generation: 0,
      tail: 0,
      kind: 'nice-loop',
      grouped: false,
      start: 0,
      startOn: 0,
      outcome: Outcome.None,
      bestOutcome: Outcome.None,
      bestLinks: 0,
      technique: null,
      cellsA: new Int32Array(s.n),
      cellsB: new Int32Array(s.n),
      elimMark: new Uint8Array(s.cellCount * 16),
      elimList: new Int32Array(s.cellCount * s.n),
      elimCount: 0,
    };
  });
}

// ——— nodes ———

const isGroup = (s: LogicState, node: number): boolean => node >= s.cellCount * s.n;
const nodeDigit = (s: LogicState, node: number): number => (node % s.n) + 1;

/** The cells of a node holding its digit, into out; returns their count. */
function nodeCells(s: LogicState, G: Groups, node: number, out: Int32Array): number {
  const n = s.n;
  const cellNodes = s.cellCount * n;
  if (node < cellNodes) {
    out[0] = (node / n) | 0;
    return 1;
  }
  const k = ((node - cellNodes) / n) | 0;
  const bit = 1 << node % n;
  let count = 0;
  for (let i = G.start[k]!, end = G.start[k + 1]!; i < end; i++) {
    const c = G.cells[i]!;
    if (s.cand[c]! & bit) out[count++] = c;
  }
  return count;
}

/** How many places digit d has in intersection k (from the table filled per search). */
const groupSize = (s: LogicState, G: Groups, k: number, d: number): number => G.size[k * s.n + d - 1]!;

/** Count every digit's places in every intersection, for the position about to be searched. */
function fillGroupSizes(s: LogicState, G: Groups): void {
  const n = s.n;
  G.size.fill(0);
  for (let k = 0; k < G.count; k++) {
    for (let i = G.start[k]!, end = G.start[k + 1]!; i < end; i++) {
      for (let m = s.cand[G.cells[i]!]!; m !== 0; m &= m - 1) G.size[k * n + lowestBit(m)]!++;
    }
  }
}

const inIntersection = (_s: LogicState, G: Groups, k: number, c: number): boolean => G.cellInterRow[c] === k || G.cellInterCol[c] === k;

/**
 * The group whose places of d are exactly `rest` (≥ 2 cells of house h), or −1: for a line the
 * cells must share a region, for a region a row or a column.
 */
function groupOfRest(s: LogicState, G: Groups, h: number, rest: Int32Array, count: number, d: number): number {
  const n = s.n;
  const regions = s.geometry.regions;
  const first = rest[0]!;
  let k = -1;
  if (h < 2 * n) {
    const r = regions[first]!;
    for (let i = 1; i < count; i++) if (regions[rest[i]!] !== r) return -1;
    k = G.interOf[h * n + r]!;
  } else {
    const region = h - 2 * n;
    let sameRow = true;
    let sameCol = true;
    for (let i = 1; i < count; i++) {
      if (((rest[i]! / n) | 0) !== ((first / n) | 0)) sameRow = false;
      if (rest[i]! % n !== first % n) sameCol = false;
    }
    if (sameRow) k = G.interOf[((first / n) | 0) * n + region]!;
    else if (sameCol) k = G.interOf[(n + (first % n)) * n + region]!;
  }
  if (k < 0 || groupSize(s, G, k, d) !== count) return -1;
  return k;
}

/** Cells a and b-list: every cell of `b` sees a (and a is none of them). */
function seesAllOf(s: LogicState, a: number, b: Int32Array, count: number): boolean {
  for (let i = 0; i < count; i++) if (b[i] === a || !s.sees(a, b[i]!)) return false;
  return true;
}

// ——— eliminations ———

function addElim(x: Scratch, cell: number, d: number): void {
  const code = candidateCode(cell, d);
  if (x.elimMark[code]) return;
  x.elimMark[code] = 1;
  x.elimList[x.elimCount++] = code;
}

function clearElims(x: Scratch): void {
  for (let i = 0; i < x.elimCount; i++) x.elimMark[x.elimList[i]!] = 0;
  x.elimCount = 0;
}

/** Candidates weakly linked to both nodes u and v (added to the scratch list). */
function elimsLinkedToBoth(s: LogicState, G: Groups, x: Scratch, u: number, v: number): void {
  const du = nodeDigit(s, u);
  const dv = nodeDigit(s, v);
  const nu = nodeCells(s, G, u, x.cellsA);
  const nv = nodeCells(s, G, v, x.cellsB);
  if (du === dv) {
    const g = s.geometry;
    const bit = 1 << (du - 1);
    const first = x.cellsA[0]!;
    for (let k = g.peerStart[first]!, end = g.peerStart[first + 1]!; k < end; k++) {
      const p = g.peers[k]!;
      if (s.cand[p]! & bit && seesAllOf(s, p, x.cellsA, nu) && seesAllOf(s, p, x.cellsB, nv)) addElim(x, p, du);
    }
    return;
  }
  const uCell = nu === 1 && !isGroup(s, u) ? x.cellsA[0]! : -1;
  const vCell = nv === 1 && !isGroup(s, v) ? x.cellsB[0]! : -1;
  if (uCell >= 0 && uCell === vCell) {
    let m = s.cand[uCell]! & ~(1 << (du - 1)) & ~(1 << (dv - 1));
    while (m !== 0) {
      const lb = m & -m;
      m ^= lb;
      addElim(x, uCell, highestBit(lb) + 1);
    }
    return;
  }
  // (dv) in u's cell when that cell sees all of v, and the other way round.
  if (uCell >= 0 && s.cand[uCell]! & (1 << (dv - 1)) && seesAllOf(s, uCell, x.cellsB, nv)) addElim(x, uCell, dv);
  if (vCell >= 0 && s.cand[vCell]! & (1 << (du - 1)) && seesAllOf(s, vCell, x.cellsA, nu)) addElim(x, vCell, du);
}

/** A continuous loop path[0..links] (+ closing weak link): eliminations along every weak link. */
function loopElims(s: LogicState, G: Groups, x: Scratch, path: Int32Array, links: number): void {
  for (let i = 2; i <= links; i += 2) elimsLinkedToBoth(s, G, x, path[i - 1]!, path[i]!);
  elimsLinkedToBoth(s, G, x, path[links]!, path[0]!);
}

// ——— the link graph ———

/**
 * The links of chains.ts's LinkGraph with group nodes, per position: from a false node its strong
 * links, from a true one its weak links, in the order the search tries them (a cell's are the
 * candidates' ones with the group links added: a house whose other places form a group, the
 * groups in the cell's houses). Built once per position and shared by the two grouped rungs.
 */
const groupGraphs = new WeakMap<LogicState, LinkGraph>();

function groupLinks(s: LogicState, G: Groups, rest: Int32Array): LinkGraph {
  const l = getOrMake(groupGraphs, s, () => {
    const g = s.geometry;
    const n = s.n;
    let maxPeers = 0;
    for (let c = 0; c < s.cellCount; c++) maxPeers = Math.max(maxPeers, g.peerStart[c + 1]! - g.peerStart[c]!);
    let maxInter = 0;
    for (let h = 0; h < 3 * n; h++) maxInter = Math.max(maxInter, G.houseStart[h + 1]! - G.houseStart[h]!);
    const cellNodes = s.cellCount * n;
    const groupNodes = G.count * n;
    // A false cell: ≤ 3 house links + its cell link; a true cell: its other digits, peers and the
    // groups of its houses; a false group: 2 house links; a true group: its line's and region's rest.
    return new LinkGraph((cellNodes + groupNodes) * 2, cellNodes * (4 + n + maxPeers + 3 * maxInter) + groupNodes * (2 + 2 * n + 2 * maxInter));
  });
  if (l.version !== s.candidateVersion) buildGroupLinks(s, G, l, rest);
  return l;
}

/** Build the group graph; `rest` is scratch for a house's other places (N cells). */
function buildGroupLinks(s: LogicState, G: Groups, l: LinkGraph, rest: Int32Array): void {
  const n = s.n;
  const g = s.geometry;
  const cand = s.cand;
  const cellNodes = s.cellCount * n;
  const { first, next } = l;
  s.fillPositions();
  fillGroupSizes(s, G);
  let e = 0;
  for (let cell = 0; cell < s.cellCount; cell++) {
    const cm = cand[cell]!;
    for (let dPos = 0; dPos < n; dPos++) {
      const digit = dPos + 1;
      const bit = 1 << dPos;
      const state = (cell * n + dPos) * 2;
      first[state] = e;
      if (cm & bit) {
        // Strong links out of a false cell node: the house's other place(s), the cell's other digit.
        for (let k = 0; k < 3; k++) {
          const h = g.cellHouses[cell * 3 + k]!;
          const m = s.positions[h * n + dPos]!;
          const pc = POPCOUNT_1024[m]!;
          if (pc === 2) {
            const a = g.houseCells[h * n + lowestBit(m)]!;
            const other = a === cell ? g.houseCells[h * n + highestBit(m)]! : a;
            next[e++] = (other * n + dPos) * 2 + 1;
          } else if (pc >= 3) {
            let count = 0;
            for (let mm = m; mm !== 0; mm &= mm - 1) {
              const c = g.houseCells[h * n + lowestBit(mm)]!;
              if (c !== cell) rest[count++] = c;
            }
            const gk = groupOfRest(s, G, h, rest, count, digit);
            if (gk >= 0) next[e++] = (cellNodes + gk * n + dPos) * 2 + 1;
          }
        }
        if (POPCOUNT_1024[cm] === 2) next[e++] = (cell * n + highestBit(cm & ~bit)) * 2 + 1;
      }
      first[state + 1] = e;
      if (cm & bit) {
        // Weak links out of a true cell node: the cell's, then the groups' (below).
        e = l.writeCellWeakLinks(e, cell, dPos, n, cand, g.peers, g.peerStart);
        for (let k = 0; k < 3; k++) {
          const h = g.cellHouses[cell * 3 + k]!;
          for (let i = G.houseStart[h]!, end = G.houseStart[h + 1]!; i < end; i++) {
            const gk = G.houseInter[i]!;
            if (inIntersection(s, G, gk, cell) || groupSize(s, G, gk, digit) < 2) continue;
            next[e++] = (cellNodes + gk * n + dPos) * 2;
          }
        }
      }
    }
  }
  for (let gk = 0; gk < G.count; gk++) {
    for (let dPos = 0; dPos < n; dPos++) {
      const digit = dPos + 1;
      const bit = 1 << dPos;
      const state = (cellNodes + gk * n + dPos) * 2;
      // A group of fewer than two places is no node: no link reaches it.
      const live = groupSize(s, G, gk, digit) >= 2;
      first[state] = e;
      if (live) {
        // Strong links out of a false group: the rest of its line or region.
        for (let j = 0; j < 2; j++) {
          const h = j === 0 ? G.line[gk]! : G.regionHouse[gk]!;
          let count = 0;
          for (let mm = s.positions[h * n + dPos]!; mm !== 0; mm &= mm - 1) {
            const c = g.houseCells[h * n + lowestBit(mm)]!;
            if (!inIntersection(s, G, gk, c)) rest[count++] = c;
          }
          if (count === 1) next[e++] = (rest[0]! * n + dPos) * 2 + 1;
          else if (count >= 2) {
            const other = groupOfRest(s, G, h, rest, count, digit);
            if (other >= 0 && other !== gk) next[e++] = (cellNodes + other * n + dPos) * 2 + 1;
          }
        }
      }
      first[state + 1] = e;
      if (live) {
        // Weak links out of a true group: the digit elsewhere in its line and region.
        for (let j = 0; j < 2; j++) {
          const h = j === 0 ? G.line[gk]! : G.regionHouse[gk]!;
          for (let mm = s.positions[h * n + dPos]!; mm !== 0; mm &= mm - 1) {
            const c = g.houseCells[h * n + lowestBit(mm)]!;
            if (!inIntersection(s, G, gk, c)) next[e++] = (c * n + dPos) * 2;
          }
          for (let i = G.houseStart[h]!, end = G.houseStart[h + 1]!; i < end; i++) {
            const other = G.houseInter[i]!;
            if (other === gk || groupSize(s, G, other, digit) < 2 || !groupsDisjoint(s, G, gk, other, bit)) continue;
            next[e++] = (cellNodes + other * n + dPos) * 2;
          }
        }
      }
    }
  }
  first[(cellNodes + G.count * n) * 2] = e;
  // Typed arrays drop writes past their end: a wrong bound must not pass as a sparser graph.
  if (e > next.length) throw new RangeError(`group link graph: ${e} links, room for ${next.length}`);
  l.version = s.candidateVersion;
}

/** No cell holding the digit lies in both intersections. */
function groupsDisjoint(s: LogicState, G: Groups, a: number, b: number, bit: number): boolean {
  for (let i = G.start[a]!, end = G.start[a + 1]!; i < end; i++) {
    const c = G.cells[i]!;
    if (s.cand[c]! & bit && inIntersection(s, G, b, c)) return false;
  }
  return true;
}

// ——— the search ———

function chains(s: LogicState, t: Technique, kind: LoopKind): boolean {
  const n = s.n;
  const G = groupsOf(s);
  const x = scratchFor(s, G);
  // The nice loop has cell nodes only: the candidates' graph the tier-4 chains built.
  const graph = kind === 'nice-loop' ? cellLinks(s) : groupLinks(s, G, x.cellsA);
  x.kind = kind;
  x.grouped = kind !== 'nice-loop';
  x.technique = s.mode === 'all' ? t : null;
  x.bestLinks = MAX_LINKS + 1;
  x.bestOutcome = Outcome.None;
  const loops = kind !== 'grouped-aic';
  if (loops) graph.prepareReach(s.candidateVersion);
  for (let cell = 0; cell < s.cellCount; cell++) {
    let m = s.cand[cell]!;
    while (m !== 0) {
      const lb = m & -m;
      m ^= lb;
      const node = cell * n + highestBit(lb);
      for (let on = 0; on < (loops ? 2 : 1); on++) {
        const limit = s.mode === 'all' ? MAX_LINKS : x.bestLinks - 1;
        // Every productive chain has ≥ 3 links.
        if (limit < 3 || (loops && !mayClose(graph, node, on))) continue;
        const found = searchFrom(s, G, x, graph, node, on, limit);
        if (found !== 0 && found < x.bestLinks) {
          x.bestLinks = found;
          x.bestOutcome = x.outcome;
          x.best.set(x.path.subarray(0, found + 1));
        }
      }
    }
  }
  if (s.mode === 'all' || x.bestOutcome === Outcome.None) return false;
  return commitLoop(s, G, x, t, x.best, x.bestLinks, x.bestOutcome);
}

/**
 * Whether a loop from (start, on) can close at all: a true start must reach its false state; a
 * false one its true state or the true state of a node weakly linked to it, other than the
 * strong links' ends (those are reached at once, in one link, and never again).
 */
function mayClose(graph: LinkGraph, start: number, on: number): boolean {
  const { first, next } = graph;
  const origin = start * 2 + on;
  const from = graph.componentOf(origin);
  if (from < 0) return false;
  const other = graph.componentOf(start * 2 + 1 - on);
  if (other >= 0 && graph.reaches(from, other)) return true;
  if (on === 1) return false;
  // A weakly linked node's true state links back to the false start: reaching it closes a cycle.
  for (let i = first[start * 2 + 1]!, end = first[start * 2 + 2]!; i < end; i++) {
    const target = next[i]! + 1;
    if (graph.componentOf(target) !== from) continue;
    let strong = false;
    for (let k = first[origin]!, stop = first[origin + 1]!; k < stop && !strong; k++) strong = next[k] === target;
    if (!strong) return true;
  }
  return false;
}

/**
 * Breadth-first from (start, startOn) along the graph's links. Returns the length in links of the
 * first productive chain (its nodes in scratch.path), or 0. The nodes weakly linked to the start
 * are the links of its true state; they are marked, and the search stops once every end that
 * could still close a productive chain has been reached (each state is reached once): a loop from
 * a false start closes at the start or at a marked node, one from a true start only at the start.
 */
function searchFrom(s: LogicState, G: Groups, x: Scratch, graph: LinkGraph, start: number, startOn: number, maxLinks: number): number {
  const { first, next } = graph;
  const cellStates = s.cellCount * s.n * 2;
  const gen = ++x.generation;
  x.start = start;
  x.startOn = startOn;
  const weakFirst = first[start * 2 + 1]!;
  const weakEnd = first[start * 2 + 2]!;
  if (x.kind === 'grouped-aic') {
    // What a grouped AIC eliminates: candidates (no groups) weakly linked to both ends.
    for (let i = weakFirst; i < weakEnd; i++) if (next[i]! < cellStates) x.mark[next[i]! >> 1] = gen;
    x.remaining = -1;
  } else if (startOn === 0) {
    for (let i = weakFirst; i < weakEnd; i++) x.mark[next[i]! >> 1] = gen;
    x.remaining = 1 + weakEnd - weakFirst;
  } else x.remaining = 1;
  const origin = start * 2 + startOn;
  x.stamp[origin] = gen;
  x.depth[origin] = 0;
  x.parent[origin] = -1;
  x.tail = 0;
  x.queue[x.tail++] = origin;
  let head = 0;
  while (head < x.tail) {
    const state = x.queue[head++]!;
    const links = x.depth[state]! + 1;
    if (links > maxLinks) break;
    for (let i = first[state]!, end = first[state + 1]!; i < end; i++) {
      const to = next[i]!;
      if (x.stamp[to] === gen) continue;
      x.stamp[to] = gen;
      x.parent[to] = state;
      x.depth[to] = links;
      x.queue[x.tail++] = to;
      const found = visit(s, G, x, graph, to, links);
      if (found) return found;
      if (x.remaining === 0) return 0;
    }
  }
  return 0;
}

/** State `next` was reached in `links` links; returns the chain length when it ends a productive chain. */
function visit(s: LogicState, G: Groups, x: Scratch, graph: LinkGraph, next: number, links: number): number {
  const on = next & 1;
  const end = next >> 1;
  let outcome = Outcome.None;
  if (x.kind === 'grouped-aic') {
    if (!on || links < 3 || end === x.start || !linkedToBoth(s, x, graph, end)) return 0;
    outcome = Outcome.Ends;
  } else if (x.startOn === 0) {
    if (!on) return 0;
    const target = end === x.start || x.mark[end] === x.generation;
    if (!target) return 0;
    x.remaining--;
    if (links < 3) return 0;
    outcome = end === x.start ? Outcome.Place : Outcome.Continuous;
  } else {
    if (on || end !== x.start) return 0;
    x.remaining--;
    if (links < 3) return 0;
    outcome = Outcome.Remove;
  }
  if (!tracePath(s, x, next, outcome)) return 0;
  if (outcome === Outcome.Continuous) {
    clearElims(x);
    loopElims(s, G, x, x.path, links);
    if (x.elimCount === 0) return 0;
  }
  x.outcome = outcome;
  if (x.technique) {
    commitLoop(s, G, x, x.technique, x.path, links, outcome);
    return 0;
  }
  return links;
}

/**
 * Whether some candidate is weakly linked to the start (marked) and to `end` (one of the links
 * of end's true state): elimsLinkedToBoth(start, end) finds something, for an end ≠ start.
 */
function linkedToBoth(s: LogicState, x: Scratch, graph: LinkGraph, end: number): boolean {
  const cellStates = s.cellCount * s.n * 2;
  const gen = x.generation;
  for (let i = graph.first[end * 2 + 1]!, stop = graph.first[end * 2 + 2]!; i < stop; i++) {
    const to = graph.next[i]!;
    if (to < cellStates && x.mark[to >> 1] === gen) return true;
  }
  return false;
}

/** Write the node path ending in `state` to scratch.path; false when a node repeats (other than a
 * discontinuous loop's start) or a grouped technique's chain has no group. */
function tracePath(s: LogicState, x: Scratch, state: number, outcome: Outcome): boolean {
  const links = x.depth[state]!;
  const p = x.path;
  for (let st = state, i = links; st !== -1; st = x.parent[st]!, i--) p[i] = st >> 1;
  const loopStart = outcome === Outcome.Place || outcome === Outcome.Remove ? 1 : 0;
  for (let i = loopStart; i <= links; i++) for (let j = i + 1; j <= links; j++) if (p[i] === p[j]) return false;
  if (x.grouped) {
    let group = false;
    for (let i = 0; i <= links && !group; i++) group = isGroup(s, p[i]!);
    if (!group) return false;
  }
  return true;
}

/** What the step's sentence needs: the outcome, the chain as written. */
const described = new WeakMap<LogicState, { outcome: Outcome; chain: number[]; start: number }>();

function commitLoop(s: LogicState, G: Groups, x: Scratch, t: Technique, path: Int32Array, links: number, outcome: Outcome): boolean {
  const n = s.n;
  const f = s.finding;
  f.clear();
  const start = path[0]!;
  // The chain as written: a removal loop drops its start at both ends (an AIC seen from the start).
  const chain = outcome === Outcome.Remove ? Array.from(path.subarray(1, links)) : Array.from(path.subarray(0, links + 1));
  clearElims(x);
  if (outcome === Outcome.Ends) elimsLinkedToBoth(s, G, x, chain[0]!, chain[chain.length - 1]!);
  else if (outcome === Outcome.Continuous) loopElims(s, G, x, path, links);
  if (outcome === Outcome.Place) f.place((start / n) | 0, (start % n) + 1);
  else if (outcome === Outcome.Remove) f.elim((start / n) | 0, (start % n) + 1);
  else for (let i = 0; i < x.elimCount; i++) f.elim(x.elimList[i]! >> 4, (x.elimList[i]! & 15) + 1);
  clearElims(x);
  let digits = 0;
  for (const node of chain) {
    const count = nodeCells(s, G, node, x.cellsA);
    for (let i = 0; i < count; i++) f.cell(x.cellsA[i]!);
    digits |= 1 << node % n;
  }
  f.digits = digits;
  if (s.collect || s.mode === 'all') {
    const refs: CandidateRef[][] = chain.map((node) => {
      const count = nodeCells(s, G, node, x.cellsA);
      return Array.from(x.cellsA.subarray(0, count), (c) => [(c / n) | 0, c % n, nodeDigit(s, node)] as CandidateRef);
    });
    f.extra = { groupedChain: refs };
    described.set(s, { outcome, chain, start });
  }
  return s.commit(t);
}

// ——— sentences ———

/** A node in Eureka notation: (5)r1c2, a group (5)r1c23 or (5)r12c3. */
function nodeName(s: LogicState, node: number): string {
  const G = groupsOf(s);
  const x = scratches.get(s)!;
  const count = nodeCells(s, G, node, x.cellsA);
  const d = nodeDigit(s, node);
  if (count === 1 && !isGroup(s, node)) return `(${d})${cellName(s.n, x.cellsA[0]!)}`;
  const cells = Array.from(x.cellsA.subarray(0, count));
  const rows = [...new Set(cells.map((c) => ((c / s.n) | 0) + 1))];
  const cols = [...new Set(cells.map((c) => (c % s.n) + 1))];
  return `(${d})r${rows.join('')}c${cols.join('')}`;
}

function eurekaOf(s: LogicState, chain: readonly number[]): string {
  return chain.map((node, i) => (i === 0 ? '' : i % 2 === 1 ? '=' : '-') + nodeName(s, node)).join('');
}

function describeLoop(s: LogicState, t: Technique) {
  const d = described.get(s)!;
  const g = s.geometry;
  const f = s.finding;
  const startName = nodeName(s, d.start);
  const chain = eurekaOf(s, d.chain);
  const name = t.name;
  switch (d.outcome) {
    case Outcome.Place: {
      const [cell, digit] = [cellName(s.n, (d.start / s.n) | 0), (d.start % s.n) + 1];
      return both((lang) =>
        lang === 'en'
          ? `${name.en}: ${chain}: if ${cell} is not ${digit}, the chain makes it ${digit}, so ${cell} is ${digit}.`
          : `${name.de}: ${chain}: Steht in ${cell} keine ${digit}, erzwingt die Kette dort eine ${digit}; also steht in ${cell} die ${digit}.`,
      );
    }
    case Outcome.Remove:
      return both(
        (lang) =>
          `${name[lang]}: ${startName}-${chain}-${startName}: ` +
          (lang === 'en' ? `if ${startName} were true, the chain would make it false, ` : `Wäre ${startName} wahr, würde die Kette sie ausschließen, `) +
          `${removalClause(g, f, lang)}.`,
      );
    case Outcome.Continuous:
      return both(
        (lang) =>
          `${name[lang]}: ${chain}-${startName}: ` +
          (lang === 'en' ? 'the loop closes, so every weak link in it has exactly one true end, ' : 'Die Schleife schließt sich, also ist an jeder schwachen Verbindung genau ein Ende wahr, ') +
          `${removalClause(g, f, lang)}.`,
      );
    default: {
      const last = nodeName(s, d.chain[d.chain.length - 1]!);
      return both(
        (lang) =>
          `${name[lang]}: ${chain}: ` +
          (lang === 'en' ? `if ${startName} is false, ${last} is true, hence one of the two ends is true, ` : `Ist ${startName} falsch, dann ist ${last} wahr; folglich ist eines der beiden Enden wahr, `) +
          `${removalClause(g, f, lang)}.`,
      );
    }
  }
}

const loopTechnique = (id: string, kind: LoopKind, cost: number, en: string, de: string): Technique => {
  const t: Technique = defineTechnique({ id, tier: 5, cost, name: { en, de }, find: (s) => chains(s, t, kind), describe: (s) => describeLoop(s, t) });
  return t;
};

export const niceLoop = loopTechnique('nice-loop', 'nice-loop', 280, 'Nice loop', 'Nice Loop');
export const groupedNiceLoop = loopTechnique('grouped-nice-loop', 'grouped-nice-loop', 290, 'Grouped nice loop', 'Gruppierter Nice Loop');
export const groupedAic = loopTechnique('grouped-aic', 'grouped-aic', 290, 'Grouped AIC', 'Gruppierte AIC');
