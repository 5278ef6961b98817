/**
 * The link graph the chain searches walk (chains.ts builds the candidates' one, grouped-chains.ts
 * the one with group nodes), and which of its states reach which.
 *
 *   state         node·2 + on (on = 1: the node is true)
 *   links         next[first[st] .. first[st+1]−1]: from a false state its strong links, from a
 *                 true one its weak links, in the order the search tries them
 *   reachability  the strongly connected components (Tarjan) and, per component, the bit set
 *                 of the components it reaches by any number of links. A search whose start
 *                 reaches none of the ends that could make it productive finds nothing, whatever
 *                 its length limit: most starts, since a candidate a chain can decide is rare.
 *
 * Both are built once per position (the state's candidate version) and shared by every rung and
 * start on it.
 */
import { lowestBit } from '../../../core/bits.ts';

export class LinkGraph {
  /** The candidate version the links were built for (−1: none yet). */
  version = -1;
  readonly first: Int32Array;
  readonly next: Int32Array;
  private reachVersion = -1;
  /** Tarjan's visiting order, −1 for a state it never met (no links from or to it). */
  private readonly order: Int32Array;
  private readonly low: Int32Array;
  /** component[state]: its strongly connected component, numbered as completed. */
  private readonly component: Int32Array;
  private readonly stack: Int32Array;
  private readonly onStack: Uint8Array;
  private readonly walk: Int32Array;
  private readonly walkEdge: Int32Array;
  /** The states of component c: members[memberStart[c] .. memberStart[c+1]−1]. */
  private readonly members: Int32Array;
  private readonly memberStart: Int32Array;
  private words = 0;
  /** bits[c·words ..]: the components component c reaches, itself included. */
  private bits = new Int32Array(0);

  constructor(
    readonly states: number,
    capacity: number,
  ) {
    this.first = new Int32Array(states + 1);
    this.next = new Int32Array(capacity);
    this.order = new Int32Array(states);
    this.low = new Int32Array(states);
    this.component = new Int32Array(states);
    this.stack = new Int32Array(states);
    this.onStack = new Uint8Array(states);
    this.walk = new Int32Array(states);
    this.walkEdge = new Int32Array(states);
    this.members = new Int32Array(states);
    this.memberStart = new Int32Array(states + 1);
  }

  /**
   * Write from next[e] the weak links out of the true state of the cell node (cell, digit
   * dPos + 1), in the order both builders list them: the cell's other candidates, then the digit
   * in the cell's peers. Returns the end.
   */
  writeCellWeakLinks(e: number, cell: number, dPos: number, n: number, cand: Uint16Array, peers: ArrayLike<number>, peerStart: ArrayLike<number>): number {
    const next = this.next;
    const bit = 1 << dPos;
    for (let m = cand[cell]! & ~bit; m !== 0; m &= m - 1) next[e++] = (cell * n + lowestBit(m)) * 2;
    for (let k = peerStart[cell]!, end = peerStart[cell + 1]!; k < end; k++) {
      const p = peers[k]!;
      if (cand[p]! & bit) next[e++] = (p * n + dPos) * 2;
    }
    return e;
  }

  /** Make componentOf and reaches answer for the candidates of `version` (built on first use). */
  prepareReach(version: number): void {
    if (this.reachVersion !== version) this.buildReach(version);
  }

  /**
   * The state's strongly connected component (states that reach each other share one), −1 for a
   * state no link leaves or enters. After prepareReach.
   */
  componentOf(state: number): number {
    return this.order[state]! < 0 ? -1 : this.component[state]!;
  }

  /** True when component a reaches component b (both ≥ 0; a reaches itself). After prepareReach. */
  reaches(a: number, b: number): boolean {
    return ((this.bits[a * this.words + (b >> 5)]! >>> (b & 31)) & 1) === 1;
  }

  /**
   * Tarjan's components (iterative): a component is completed before any that reaches it, so
   * one pass in completion order builds each one's bit set from its successors'.
   */
  private buildReach(version: number): void {
    const { first, next, order, low, component, stack, onStack, walk, walkEdge, members, memberStart } = this;
    order.fill(-1);
    let visited = 0;
    let components = 0;
    let listed = 0;
    let top = 0;
    for (let root = 0; root < this.states; root++) {
      if (order[root]! >= 0 || first[root] === first[root + 1]) continue;
      let depth = 0;
      order[root] = low[root] = visited++;
      stack[top++] = root;
      onStack[root] = 1;
      walk[0] = root;
      walkEdge[0] = first[root]!;
      while (depth >= 0) {
        const v = walk[depth]!;
        const e = walkEdge[depth]!;
        if (e < first[v + 1]!) {
          walkEdge[depth] = e + 1;
          const w = next[e]!;
          if (order[w]! < 0) {
            order[w] = low[w] = visited++;
            stack[top++] = w;
            onStack[w] = 1;
            walk[++depth] = w;
            walkEdge[depth] = first[w]!;
          } else if (onStack[w] === 1 && order[w]! < low[v]!) low[v] = order[w]!;
          continue;
        }
        if (low[v] === order[v]) {
          memberStart[components] = listed;
          let u: number;
          do {
            u = stack[--top]!;
            onStack[u] = 0;
            component[u] = components;
            members[listed++] = u;
          } while (u !== v);
          components++;
        }
        if (--depth >= 0) {
          const parent = walk[depth]!;
          if (low[v]! < low[parent]!) low[parent] = low[v]!;
        }
      }
    }
    memberStart[components] = listed;
    const words = (components + 31) >> 5;
    this.words = words;
    if (this.bits.length < components * words) this.bits = new Int32Array(components * words);
    const bits = this.bits;
    for (let c = 0; c < components; c++) {
      const base = c * words;
      for (let k = 0; k < words; k++) bits[base + k] = 0;
      bits[base + (c >> 5)] = 1 << (c & 31);
      for (let i = memberStart[c]!, end = memberStart[c + 1]!; i < end; i++) {
        const u = members[i]!;
        for (let e = first[u]!, stop = first[u + 1]!; e < stop; e++) {
          const d = component[next[e]!]!;
          // Already reached through another successor: so is everything d reaches.
          if ((bits[base + (d >> 5)]! >>> (d & 31)) & 1) continue;
          const from = d * words;
          for (let k = 0; k < words; k++) bits[base + k]! |= bits[from + k]!;
        }
      }
    }
    this.reachVersion = version;
  }
}
