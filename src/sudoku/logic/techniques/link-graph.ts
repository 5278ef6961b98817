/**
 * The link graph the chain searches walk (chains.ts builds the candidates' one, grouped-chains.ts
 * the one with group nodes), and which of its states reach which.
 *
 *   state         node·2 + on (on = 1: the node is true)
 *   links         next[first[st] .. first[st+1]−1]: from a false state its strong links, from a
 *                 true one its weak links, in the order the search tries them
 *   reachability  per strongly connected component (Tarjan), the bit set of the states it
 *                 reaches by any number of links, itself included; bit i is the state Tarjan
 *                 met i-th. A search whose start reaches none of the ends that could make it
 *                 productive finds nothing, whatever its length limit: most starts, since a
 *                 candidate a chain can decide is rare.
 *
 * Both are built once per position (the state's candidate version) and shared by every rung and
 * start on it.
 */

export class LinkGraph {
  /** The candidate version the links were built for (−1: none yet). */
  version = -1;
  readonly first: Int32Array;
  next: Int32Array;
  private reachVersion = -1;
  /** Tarjan's visiting order (the state's bit), −1 for a state it never met. */
  private readonly order: Int32Array;
  private readonly low: Int32Array;
  private readonly component: Int32Array;
  private readonly stack: Int32Array;
  private readonly onStack: Uint8Array;
  private readonly walk: Int32Array;
  private readonly walkEdge: Int32Array;
  private readonly orMark: Int32Array;
  private words = 0;
  private bits = new Int32Array(0);

  constructor(readonly states: number, capacity: number) {
    this.first = new Int32Array(states + 1);
    this.next = new Int32Array(capacity);
    this.order = new Int32Array(states);
    this.low = new Int32Array(states);
    this.component = new Int32Array(states);
    this.stack = new Int32Array(states);
    this.onStack = new Uint8Array(states);
    this.walk = new Int32Array(states);
    this.walkEdge = new Int32Array(states);
    this.orMark = new Int32Array(states);
  }

  /** True when state `from` reaches state `to` (≠ from) by one or more links. */
  reaches(from: number, to: number, version: number): boolean {
    if (this.reachVersion !== version) this.buildReach(version);
    const a = this.order[from]!;
    const b = this.order[to]!;
    if (a < 0 || b < 0) return false;
    return ((this.bits[this.component[from]! * this.words + (b >> 5)]! >>> (b & 31)) & 1) === 1;
  }

  /** Tarjan's components, iterative; a component is complete before any that reaches it. */
  private buildReach(version: number): void {
    const { first, next, order, low, component, stack, onStack, walk, walkEdge, orMark } = this;
    // The bit sets range over the states with links or reached by one.
    order.fill(-1);
    for (let st = 0; st < this.states; st++) {
      if (first[st] === first[st + 1]) continue;
      order[st] = 0;
      for (let e = first[st]!, end = first[st + 1]!; e < end; e++) order[next[e]!] = 0;
    }
    let live = 0;
    for (let st = 0; st < this.states; st++) if (order[st] === 0) live++;
    const words = (live + 31) >> 5;
    this.words = words;
    if (this.bits.length < live * words) this.bits = new Int32Array(live * words);
    const bits = this.bits;
    order.fill(-1);
    orMark.fill(-1);
    let visited = 0;
    let components = 0;
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
        if (walkEdge[depth]! < first[v + 1]!) {
          const w = next[walkEdge[depth]++]!;
          if (order[w]! < 0) {
            order[w] = low[w] = visited++;
            stack[top++] = w;
            onStack[w] = 1;
            walk[++depth] = w;
            walkEdge[depth] = first[w]!;
          } else if (onStack[w] && order[w]! < low[v]!) low[v] = order[w]!;
          continue;
        }
        if (low[v] === order[v]) {
          const c = components++;
          const base = c * words;
          bits.fill(0, base, base + words);
          let bottom = top;
          do bottom--;
          while (stack[bottom] !== v);
          for (let i = bottom; i < top; i++) {
            const u = stack[i]!;
            onStack[u] = 0;
            component[u] = c;
            bits[base + (order[u]! >> 5)]! |= 1 << (order[u]! & 31);
          }
          for (let i = bottom; i < top; i++) {
            const u = stack[i]!;
            for (let e = first[u]!, end = first[u + 1]!; e < end; e++) {
              const d = component[next[e]!]!;
              if (d === c || orMark[d] === c) continue;
              orMark[d] = c;
              const from = d * words;
              for (let k = 0; k < words; k++) bits[base + k]! |= bits[from + k]!;
            }
          }
          top = bottom;
        }
        depth--;
        if (depth >= 0) {
          const parent = walk[depth]!;
          if (low[v]! < low[parent]!) low[parent] = low[v]!;
        }
      }
    }
    this.reachVersion = version;
  }
}
