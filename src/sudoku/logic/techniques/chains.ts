/**
 * Chains (tier 4): X-chains, XY-chains and alternating inference chains (AIC).
 *
 * Nodes are candidates (cell, digit). A strong link joins two candidates of which at least one is
 * true: the two places of a digit in a house, or the two digits of a two-candidate cell. A weak
 * link joins two candidates that cannot both be true: one digit in two cells that see each other,
 * or two digits of one cell. A chain alternates strong and weak links and begins and ends with a
 * strong link, so "start false ⇒ end true": one of its ends is true, and every candidate weakly
 * linked to both ends is false.
 *
 *   X-chain   one digit, strong links from houses only (≥ 2 strong links; in the ladder the
 *             two-link ones are already taken by the tier-3 turbot fish family)
 *   XY-chain  strong links inside two-candidate cells only, weak links between cells on one digit,
 *             both ends on the same digit (≥ 3 cells; this includes the XY-Wing shape)
 *   AIC       any strong and weak links
 *
 * The search is breadth-first over (candidate, true/false) states from every start candidate, so
 * each chain found is a shortest one from its start; the prover takes the shortest productive
 * chain of all. This is not trial and error: every link is a local fact of the pencil marks.
 * The links are read from the position's link graph (link-graph.ts), built once and shared by the
 * three rungs and the nice loop; whether an end eliminates anything is a lookup of the start's
 * marked weak links, not a peer scan.
 */
import { bitDigit } from '../../digits.ts';
import { POPCOUNT_1024, highestBit, lowestBit } from '../../../core/bits.ts';
import { getOrMake } from '../../../core/memo.ts';
import { candidateCode } from '../finding.ts';
import { LinkGraph } from './link-graph.ts';
import type { LogicState } from '../state.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import { cellName, eliminationText } from '../texts.ts';

type ChainKind = 'x' | 'xy' | 'aic';

/** Longest chain considered, in links (HoDoKu restricts X- and XY-chains to 20). */
export const MAX_LINKS = 19;

/**
 * The candidates' link graph of one position (link-graph.ts). From a false candidate its strong
 * links: for each of its houses holding the digit twice the other place, then the cell's other
 * digit when it has two. From a true candidate its weak links: the cell's other digits, then the
 * digit in every peer. Shared by the three rungs here and the nice loop (grouped-chains.ts),
 * which run on the same position when the ones before find nothing; the X- and XY-chain links
 * are subsets of the AIC's. A true candidate's links are also the candidates weakly linked to
 * it, which is what a chain's ends need to eliminate something.
 */
const cellGraphs = new WeakMap<LogicState, LinkGraph>();

/** The candidates' link graph of the state's current position, built when the candidates changed. */
export function cellLinks(s: LogicState): LinkGraph {
  const l = getOrMake(cellGraphs, s, () => {
    const g = s.geometry;
    let maxPeers = 0;
    for (let c = 0; c < s.cellCount; c++) maxPeers = Math.max(maxPeers, g.peerStart[c + 1]! - g.peerStart[c]!);
    const nodes = s.cellCount * s.n;
    // At most 3 house links + 1 cell link from a false candidate, N − 1 + the peers from a true one.
    return new LinkGraph(nodes * 2, nodes * (4 + s.n + maxPeers));
  });
  if (l.version !== s.candidateVersion) buildCellLinks(s, l);
  return l;
}

function buildCellLinks(s: LogicState, l: LinkGraph): void {
  const n = s.n;
  const g = s.geometry;
  const cand = s.cand;
  const { first, next } = l;
  s.fillPositions();
  let e = 0;
  for (let cell = 0; cell < s.cellCount; cell++) {
    const cm = cand[cell]!;
    for (let dPos = 0; dPos < n; dPos++) {
      const state = (cell * n + dPos) * 2;
      const bit = 1 << dPos;
      first[state] = e;
      if (cm & bit) {
        for (let k = 0; k < 3; k++) {
          const h = g.cellHouses[cell * 3 + k]!;
          const m = s.positions[h * n + dPos]!;
          if (POPCOUNT_1024[m] !== 2) continue;
          const a = g.houseCells[h * n + lowestBit(m)]!;
          const other = a === cell ? g.houseCells[h * n + highestBit(m)]! : a;
          next[e++] = (other * n + dPos) * 2 + 1;
        }
        if (POPCOUNT_1024[cm] === 2) next[e++] = (cell * n + highestBit(cm & ~bit)) * 2 + 1;
      }
      first[state + 1] = e;
      if (cm & bit) e = l.writeCellWeakLinks(e, cell, dPos, n, cand, g.peers, g.peerStart);
    }
  }
  first[s.cellCount * n * 2] = e;
  // Typed arrays drop writes past their end: a wrong bound must not pass as a sparser graph.
  if (e > next.length) throw new RangeError(`candidate link graph: ${e} links, room for ${next.length}`);
  l.version = s.candidateVersion;
}

/** BFS scratch per layout size. */
interface Scratch {
  stamp: Int32Array;
  parent: Int32Array;
  depth: Int32Array;
  queue: Int32Array;
  /** mark[node] = generation: the node is weakly linked to the search's start. */
  mark: Int32Array;
  path: Int32Array;
  best: Int32Array;
  generation: number;
  // The search under way (set by searchFrom).
  kind: ChainKind;
  start: number;
  minStrong: number;
  tail: number;
  /** `all` mode: commit every productive end instead of stopping at the first. */
  technique: Technique | null;
}

const scratches = new WeakMap<LogicState, Scratch>();

function scratchFor(s: LogicState): Scratch {
  return getOrMake(scratches, s, newScratch);
}

function newScratch(s: LogicState): Scratch {
  const states = s.cellCount * s.n * 2;
  return {
    stamp: new Int32Array(states),
    parent: new Int32Array(states),
    depth: new Int32Array(states),
    queue: new Int32Array(states),
    mark: new Int32Array(states / 2),
    path: new Int32Array(MAX_LINKS + 2),
    best: new Int32Array(MAX_LINKS + 2),
    generation: 0,
    kind: 'aic',
    start: 0,
    minStrong: 0,
    tail: 0,
    technique: null,
  };
}

/**
 * The eliminations a chain from (a, x) to (b, y) allows: candidates weakly linked to both ends.
 * Writes them to the finding when `write`; returns how many there are.
 */
function endEliminations(s: LogicState, a: number, x: number, b: number, y: number, write: boolean): number {
  const f = s.finding;
  let count = 0;
  if (x === y) {
    if (a === b) return 0;
    const g = s.geometry;
    const bit = 1 << (x - 1);
    for (let k = g.peerStart[a]!, end = g.peerStart[a + 1]!; k < end; k++) {
      const p = g.peers[k]!;
      if (p !== b && s.cand[p]! & bit && s.sees(p, b)) {
        if (write) f.elim(p, x);
        count++;
      }
    }
    return count;
  }
  if (a === b) {
    let m = s.cand[a]! & ~(1 << (x - 1)) & ~(1 << (y - 1));
    while (m !== 0) {
      const lb = m & -m;
      m ^= lb;
      if (write) f.elim(a, bitDigit(lb));
      count++;
    }
    return count;
  }
  if (!s.sees(a, b)) return 0;
  if (s.cand[a]! & (1 << (y - 1))) {
    if (write) f.elim(a, y);
    count++;
  }
  if (s.cand[b]! & (1 << (x - 1))) {
    if (write) f.elim(b, x);
    count++;
  }
  return count;
}

/**
 * Find chains of one kind; commit the shortest productive one. In `all` mode every productive
 * end reached from every start is committed (each as the shortest chain to that end).
 */
function chains(s: LogicState, t: Technique, kind: ChainKind): boolean {
  const n = s.n;
  const x = scratchFor(s);
  const graph = cellLinks(s);
  const minStrong = kind === 'xy' ? 3 : 2;
  x.technique = s.mode === 'all' ? t : null;
  let bestLength = MAX_LINKS + 1;
  let bestCount = 0;
  for (let cell = 0; cell < s.cellCount; cell++) {
    let m = s.cand[cell]!;
    if (kind === 'xy' && POPCOUNT_1024[m] !== 2) continue;
    while (m !== 0) {
      const lb = m & -m;
      m ^= lb;
      const node = cell * n + highestBit(lb);
      const found = searchFrom(s, x, graph, kind, node, minStrong, s.mode === 'all' ? MAX_LINKS : bestLength - 1);
      if (found !== 0 && found < bestLength) {
        bestLength = found;
        bestCount = found + 1;
        x.best.set(x.path.subarray(0, bestCount));
      }
    }
  }
  if (s.mode === 'all' || bestCount === 0) return false;
  return commitChain(s, t, x.best, bestLength);
}

/**
 * Breadth-first search from `start` (assumed false) along the links of `graph` (the X- and
 * XY-chains skip the links they do not use). Returns the length in links of the first productive
 * chain (its nodes in scratch.path[0..length]), or 0.
 */
function searchFrom(s: LogicState, x: Scratch, graph: LinkGraph, kind: ChainKind, start: number, minStrong: number, maxLinks: number): number {
  const n = s.n;
  const cand = s.cand;
  const { first, next } = graph;
  const gen = ++x.generation;
  x.kind = kind;
  x.start = start;
  x.minStrong = minStrong;
  // The candidates weakly linked to the start: the links of the start's true state.
  for (let i = first[start * 2 + 1]!, end = first[start * 2 + 2]!; i < end; i++) x.mark[next[i]! >> 1] = gen;
  let head = 0;
  const origin = start * 2;
  x.stamp[origin] = gen;
  x.depth[origin] = 0;
  x.parent[origin] = -1;
  x.tail = 0;
  x.queue[x.tail++] = origin;
  while (head < x.tail) {
    const state = x.queue[head++]!;
    const links = x.depth[state]! + 1;
    if (links > maxLinks) break;
    let i = first[state]!;
    let end = first[state + 1]!;
    if (kind !== 'aic') {
      // X-chains: house links only; XY-chains: the links inside and between two-candidate cells.
      // A false candidate's cell link is its last, a true one's cell links its first ones.
      const cellMask = cand[((state >> 1) / n) | 0]!;
      const bivalue = POPCOUNT_1024[cellMask] === 2;
      if ((state & 1) === 0) {
        if (kind === 'x') end -= bivalue ? 1 : 0;
        else i = bivalue ? end - 1 : end;
      } else i += POPCOUNT_1024[cellMask]! - 1;
    }
    for (; i < end; i++) {
      const to = next[i]!;
      if (x.stamp[to] === gen) continue;
      if (kind === 'xy' && state & 1 && POPCOUNT_1024[cand[(((to >> 1) / n) | 0)]!] !== 2) continue;
      x.stamp[to] = gen;
      x.parent[to] = state;
      x.depth[to] = links;
      x.queue[x.tail++] = to;
      const found = visit(s, x, graph, to, links);
      if (found) return found;
    }
  }
  return 0;
}

/** State `next` was reached in `links` links; returns the chain length when it ends a productive chain. */
function visit(s: LogicState, x: Scratch, graph: LinkGraph, next: number, links: number): number {
  if ((next & 1) === 0 || (links + 1) / 2 < x.minStrong) return 0;
  const n = s.n;
  const endNode = next >> 1;
  if (x.kind !== 'aic' && endNode % n !== x.start % n) return 0;
  if (endNode === x.start || !linkedToBoth(x, graph, endNode)) return 0;
  if (!tracePath(x, next)) return 0;
  if (x.technique) {
    commitChain(s, x.technique, x.path, links);
    return 0;
  }
  return links;
}

/**
 * Whether some candidate is weakly linked to the start (marked) and to `end` (one of end's weak
 * links): endEliminations(start, end) > 0 for distinct ends, without its peer scan.
 */
function linkedToBoth(x: Scratch, graph: LinkGraph, end: number): boolean {
  const gen = x.generation;
  for (let i = graph.first[end * 2 + 1]!, stop = graph.first[end * 2 + 2]!; i < stop; i++) if (x.mark[graph.next[i]! >> 1] === gen) return true;
  return false;
}

/** Write the node path ending in `state` to scratch.path; false when a candidate repeats. */
function tracePath(x: Scratch, state: number): boolean {
  const links = x.depth[state]!;
  for (let st = state, i = links; st !== -1; st = x.parent[st]!, i--) x.path[i] = st >> 1;
  for (let i = 0; i <= links; i++) for (let j = i + 1; j <= links; j++) if (x.path[i] === x.path[j]) return false;
  return true;
}

function commitChain(s: LogicState, t: Technique, path: Int32Array, links: number): boolean {
  const n = s.n;
  const f = s.finding;
  f.clear();
  const a = path[0]!;
  const b = path[links]!;
  endEliminations(s, (a / n) | 0, (a % n) + 1, (b / n) | 0, (b % n) + 1, true);
  let digits = 0;
  for (let i = 0; i <= links; i++) {
    const node = path[i]!;
    const cell = (node / n) | 0;
    const digit = (node % n) + 1;
    f.node(candidateCode(cell, digit));
    f.cell(cell);
    digits |= 1 << (digit - 1);
  }
  f.digits = digits;
  return s.commit(t);
}

/** Eureka notation: (5)r1c2=(5)r1c7-(5)r4c7=(5)r4c3 ("=" strong link, "-" weak link). */
function eureka(s: LogicState): string {
  const f = s.finding;
  let out = '';
  for (let i = 0; i < f.chainCount; i++) {
    const code = f.chain[i]!;
    if (i > 0) out += i % 2 === 1 ? '=' : '-';
    out += `(${(code & 15) + 1})${cellName(s.n, code >> 4)}`;
  }
  return out;
}

function describeChain(s: LogicState, t: Technique) {
  const f = s.finding;
  const first = f.chain[0]!;
  const last = f.chain[f.chainCount - 1]!;
  const [a, x] = [cellName(s.n, first >> 4), (first & 15) + 1];
  const [b, y] = [cellName(s.n, last >> 4), (last & 15) + 1];
  return eliminationText(s.geometry, f, t.name, (lang) =>
    lang === 'en'
      ? `${eureka(s)}: if ${a} is not ${x}, then ${b} is ${y}, hence one of the two ends is true`
      : `${eureka(s)}: Steht in ${a} keine ${x}, dann steht in ${b} eine ${y}; folglich ist eines der beiden Enden wahr`,
  );
}

const chain = (id: string, kind: ChainKind, cost: number, en: string, de: string): Technique => {
  const t: Technique = defineTechnique({ id, tier: 4, cost, name: { en, de }, find: (s) => chains(s, t, kind), describe: (s) => describeChain(s, t) });
  return t;
};

export const xChain = chain('x-chain', 'x', 260, 'X-chain', 'X-Kette');
export const xyChain = chain('xy-chain', 'xy', 260, 'XY-chain', 'XY-Kette');
export const aic = chain('aic', 'aic', 280, 'Alternating inference chain', 'Alternierende Inferenzkette (AIC)');
