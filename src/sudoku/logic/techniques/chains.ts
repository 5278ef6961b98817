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
 */
import { bitDigit } from '../../digits.ts';
import { POPCOUNT_1024, highestBit, lowestBit } from '../../../core/bits.ts';
import { candidateCode } from '../finding.ts';
import type { LogicState } from '../state.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import { cellName, eliminationText } from '../texts.ts';

type ChainKind = 'x' | 'xy' | 'aic';

/** Longest chain considered, in links (HoDoKu restricts X- and XY-chains to 20). */
export const MAX_LINKS = 19;

/** BFS scratch per layout size. */
interface Scratch {
  stamp: Int32Array;
  parent: Int32Array;
  depth: Int32Array;
  queue: Int32Array;
  path: Int32Array;
  best: Int32Array;
  generation: number;
  // The search under way (set by searchFrom).
  kind: ChainKind;
  startCell: number;
  startDigit: number;
  minStrong: number;
  tail: number;
  /** `all` mode: commit every productive end instead of stopping at the first. */
  technique: Technique | null;
}

const scratches = new WeakMap<LogicState, Scratch>();

function scratchFor(s: LogicState): Scratch {
  let x = scratches.get(s);
  if (!x) {
    const states = s.cellCount * s.n * 2;
    x = {
      stamp: new Int32Array(states),
      parent: new Int32Array(states),
      depth: new Int32Array(states),
      queue: new Int32Array(states),
      path: new Int32Array(MAX_LINKS + 2),
      best: new Int32Array(MAX_LINKS + 2),
      generation: 0,
      kind: 'aic',
      startCell: 0,
      startDigit: 0,
      minStrong: 0,
      tail: 0,
      technique: null,
    };
    scratches.set(s, x);
  }
  return x;
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
  s.fillPositions();
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
      const found = searchFrom(s, x, kind, node, minStrong, s.mode === 'all' ? MAX_LINKS : bestLength - 1);
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
 * Breadth-first search from `start` (assumed false). Returns the length in links of the first
 * productive chain (its nodes in scratch.path[0..length]), or 0.
 */
function searchFrom(s: LogicState, x: Scratch, kind: ChainKind, start: number, minStrong: number, maxLinks: number): number {
  const n = s.n;
  const g = s.geometry;
  const cand = s.cand;
  const gen = ++x.generation;
  x.kind = kind;
  x.startCell = (start / n) | 0;
  x.startDigit = (start % n) + 1;
  x.minStrong = minStrong;
  let head = 0;
  const origin = start * 2;
  x.stamp[origin] = gen;
  x.depth[origin] = 0;
  x.parent[origin] = -1;
  x.tail = 0;
  x.queue[x.tail++] = origin;
  while (head < x.tail) {
    const state = x.queue[head++]!;
    if (x.depth[state]! >= maxLinks) break;
    const node = state >> 1;
    const cell = (node / n) | 0;
    const digit = (node % n) + 1;
    const bit = 1 << (digit - 1);
    let found = 0;
    if ((state & 1) === 0) {
      // Strong links out of a false node.
      if (kind !== 'xy') {
        const ch = g.cellHouses;
        for (let k = 0; k < 3 && !found; k++) {
          const h = ch[cell * 3 + k]!;
          const m = s.positions[h * n + digit - 1]!;
          if (POPCOUNT_1024[m] !== 2) continue;
          const a = g.houseCells[h * n + lowestBit(m)]!;
          const other = a === cell ? g.houseCells[h * n + highestBit(m)]! : a;
          found = visit(s, x, state, (other * n + digit - 1) * 2 + 1);
        }
      }
      if (!found && kind !== 'x' && POPCOUNT_1024[cand[cell]!] === 2) {
        const other = cand[cell]! & ~bit;
        found = visit(s, x, state, (cell * n + highestBit(other)) * 2 + 1);
      }
    } else {
      // Weak links out of a true node.
      if (kind === 'aic') {
        let m = cand[cell]! & ~bit;
        while (m !== 0 && !found) {
          const lb = m & -m;
          m ^= lb;
          found = visit(s, x, state, (cell * n + highestBit(lb)) * 2);
        }
      }
      for (let k = g.peerStart[cell]!, end = g.peerStart[cell + 1]!; k < end && !found; k++) {
        const p = g.peers[k]!;
        if ((cand[p]! & bit) === 0) continue;
        if (kind === 'xy' && POPCOUNT_1024[cand[p]!] !== 2) continue;
        found = visit(s, x, state, (p * n + digit - 1) * 2);
      }
    }
    if (found) return found;
  }
  return 0;
}

/** Enqueue state `next` reached from `from`; returns the chain length when it ends a productive chain. */
function visit(s: LogicState, x: Scratch, from: number, next: number): number {
  if (x.stamp[next] === x.generation) return 0;
  const links = x.depth[from]! + 1;
  x.stamp[next] = x.generation;
  x.parent[next] = from;
  x.depth[next] = links;
  x.queue[x.tail++] = next;
  if ((next & 1) === 0 || (links + 1) / 2 < x.minStrong) return 0;
  const n = s.n;
  const endNode = next >> 1;
  const endCell = (endNode / n) | 0;
  const endDigit = (endNode % n) + 1;
  if (x.kind !== 'aic' && endDigit !== x.startDigit) return 0;
  if (endEliminations(s, x.startCell, x.startDigit, endCell, endDigit, false) === 0) return 0;
  if (!tracePath(x, next)) return 0;
  if (x.technique) {
    commitChain(s, x.technique, x.path, links);
    return 0;
  }
  return links;
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
