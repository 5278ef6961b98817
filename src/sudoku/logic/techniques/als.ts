/**
 * Almost locked sets (tier 5): ALS-XZ (singly and doubly linked), ALS-XY-Wing and ALS chains.
 *
 * An ALS is k open cells of one house holding k+1 candidates together (a bivalue cell is one):
 * whichever digit it lacks, the other k are all placed in it. A restricted common candidate (RCC)
 * x of two sets is a digit of both whose cells in the one all see its cells in the other: at most
 * one of the two sets holds x. Linked sets (and the two wings of an ALS-XY-Wing) are disjoint,
 * HoDoKu's default: overlapping sets would be sound as long as no RCC cell is shared, but they are
 * hard to follow and multiply the instances. Nothing is removed from the sets' own cells.
 *
 *   ALS-XZ        A, B with RCC x: if A lacks z, A holds x, so B lacks x and holds z; a z that
 *                 both hold is in one of them, and leaves every cell seeing all their z cells.
 *                 Doubly linked (two RCCs x, y): each set lacks x or y, so both are locked on
 *                 their other digits, and x and y each lie in one of them.
 *   ALS-XY-Wing   A–C by x, B–C by y (x ≠ y): if neither A nor B held z, C would lack x and y.
 *   ALS chain     A1 –x1– A2 –x2– … – Ak, k ≥ 4 sets, x(i) ≠ x(i+1): A1 lacking z forces A2 to
 *                 lack x1, so hold x2, …, so Ak lacks x(k−1) and holds z (z ≠ x1, x(k−1)).
 *
 * The sets and their RCC graph are built once per position (cached on the candidates), with at
 * most MAX_ALS_CELLS cells per set; chains are searched breadth first, at most MAX_CHAIN_SETS sets.
 */
import { POPCOUNT_1024 } from '../../../core/bits.ts';
import type { Geometry } from '../../geometry.ts';
import type { LogicState } from '../state.ts';
import { defineTechnique, type Technique } from '../technique.ts';
import { both, cellName, digitList, removalClause, type Lang } from '../texts.ts';
import { bitDigit, candidateSet } from './common.ts';

/**
 * Largest set considered and longest chain, in sets: the smallest bounds with which every HoDoKu
 * reglib ALS case is found (5 cells or 6 sets miss some); on top1465's tier-5 boards the ladder's
 * median went from 6.7 ms (5 cells, 6 sets) to 11.4 ms.
 */
export const MAX_ALS_CELLS = 6;
export const MAX_CHAIN_SETS = 8;

/** Cell sets as three 32-bit words (boards have at most 81 cells). */
const W = 3;

const peerMasks = new WeakMap<Geometry, Int32Array>();

function peerMaskOf(g: Geometry): Int32Array {
  let m = peerMasks.get(g);
  if (!m) {
    m = new Int32Array(g.cellCount * W);
    for (let c = 0; c < g.cellCount; c++) for (const p of g.peersOf(c)) m[c * W + (p >> 5)]! |= 1 << (p & 31);
    peerMasks.set(g, m);
  }
  return m;
}

/** Every ALS of a position and their restricted commons. */
interface AlsTable {
  /** The candidates the table was built from (reused while they are unchanged). */
  built: Uint16Array;
  valid: boolean;
  count: number;
  digits: number[];
  cells: number[][];
  /** [als·N + d−1]·W: the set's cells holding d. */
  dcells: Int32Array;
  /** [als·N + d−1]·W: cells outside those that hold d and see every one of them. */
  seeAll: Int32Array;
  /** als·W: the set's cells. */
  mask: Int32Array;
  /** RCC graph of disjoint sets: neighbours of set i and the RCC digits (a DigitSet) of each edge. */
  next: number[][];
  rcc: number[][];
}

const tables = new WeakMap<LogicState, AlsTable>();

function tableFor(s: LogicState): AlsTable {
  let t = tables.get(s);
  if (!t) {
    t = { built: new Uint16Array(s.cellCount), valid: false, count: 0, digits: [], cells: [], dcells: new Int32Array(0), mask: new Int32Array(0), seeAll: new Int32Array(0), next: [], rcc: [] };
    tables.set(s, t);
  }
  if (t.valid) {
    let same = true;
    for (let c = 0; c < s.cellCount && same; c++) same = t.built[c] === s.cand[c];
    if (same) return t;
  }
  build(s, t);
  return t;
}

function build(s: LogicState, t: AlsTable): void {
  const n = s.n;
  const g = s.geometry;
  const cand = s.cand;
  t.built.set(cand);
  t.valid = true;
  const cells: number[][] = [];
  // a set found again from another of its houses (cells of a row inside one block): keyed by its
  // sorted cells in base 128, exact for ≤ 7 cells below 128
  const seen = new Set<number>();
  const open: number[] = [];
  const chosen: number[] = [];
  const limit = Math.min(MAX_ALS_CELLS, n - 1);
  const record = () => {
    const key = chosen.slice().sort((a, b) => a - b);
    let k = 0;
    for (const c of key) k = k * 128 + c + 1;
    if (seen.has(k)) return;
    seen.add(k);
    cells.push(key);
  };
  const grow = (from: number, union: number) => {
    if (chosen.length > 0 && POPCOUNT_1024[union] === chosen.length + 1) record();
    if (chosen.length >= limit || chosen.length + 1 >= open.length) return;
    for (let i = from; i < open.length; i++) {
      const next = union | cand[open[i]!]!;
      if (POPCOUNT_1024[next]! > limit + 1) continue;
      chosen.push(open[i]!);
      grow(i + 1, next);
      chosen.pop();
    }
  };
  for (let h = 0; h < s.houseCount; h++) {
    open.length = 0;
    for (let i = 0; i < n; i++) {
      const c = g.houseCells[h * n + i]!;
      if (cand[c] !== 0) open.push(c);
    }
    grow(0, 0);
  }
  t.digits = cells.map((list) => list.reduce((m, c) => m | cand[c]!, 0));
  t.cells = cells;
  t.count = cells.length;
  const peers = peerMaskOf(g);
  const candMask = new Int32Array(n * W);
  for (let c = 0; c < s.cellCount; c++) for (let m = cand[c]!; m !== 0; m &= m - 1) candMask[bitDigit(m & -m) * W - W + (c >> 5)]! |= 1 << (c & 31);
  t.dcells = new Int32Array(t.count * n * W);
  t.seeAll = new Int32Array(t.count * n * W);
  t.mask = new Int32Array(t.count * W);
  for (let i = 0; i < t.count; i++) {
    for (const c of cells[i]!) t.mask[i * W + (c >> 5)]! |= 1 << (c & 31);
    for (let m = t.digits[i]!; m !== 0; m &= m - 1) {
      const d = bitDigit(m & -m);
      const at = (i * n + d - 1) * W;
      for (let w = 0; w < W; w++) t.seeAll[at + w] = candMask[(d - 1) * W + w]!;
      for (const c of cells[i]!) {
        if ((cand[c]! & (1 << (d - 1))) === 0) continue;
        t.dcells[at + (c >> 5)]! |= 1 << (c & 31);
        for (let w = 0; w < W; w++) t.seeAll[at + w]! &= peers[c * W + w]!;
      }
    }
  }
  t.next = Array.from({ length: t.count }, () => []);
  t.rcc = Array.from({ length: t.count }, () => []);
  for (let i = 0; i < t.count; i++) {
    for (let j = i + 1; j < t.count; j++) {
      let rcc = 0;
      for (let m = t.digits[i]! & t.digits[j]!; m !== 0; m &= m - 1) {
        const d = bitDigit(m & -m);
        const a = (i * n + d - 1) * W;
        const b = (j * n + d - 1) * W;
        if (subset(t.dcells, b, t.seeAll, a)) rcc |= 1 << (d - 1);
      }
      if (rcc === 0) continue;
      t.next[i]!.push(j);
      t.rcc[i]!.push(rcc);
      t.next[j]!.push(i);
      t.rcc[j]!.push(rcc);
    }
  }
}

const overlap = (t: AlsTable, i: number, j: number): boolean =>
  ((t.mask[i * W]! & t.mask[j * W]!) | (t.mask[i * W + 1]! & t.mask[j * W + 1]!) | (t.mask[i * W + 2]! & t.mask[j * W + 2]!)) !== 0;

const subset = (x: Int32Array, a: number, y: Int32Array, b: number): boolean => (x[a]! & ~y[b]!) === 0 && (x[a + 1]! & ~y[b + 1]!) === 0 && (x[a + 2]! & ~y[b + 2]!) === 0;

/** Elimination masks per digit (N·W words) the current finding collects before writing. */
let elimBuffer = new Int32Array(0);

function clearElims(n: number): Int32Array {
  if (elimBuffer.length < n * W) elimBuffer = new Int32Array(n * W);
  elimBuffer.fill(0);
  return elimBuffer;
}

/** OR the cells seeing all d-cells of sets i and j (i = j: of one set) into the buffer. */
function addCommon(t: AlsTable, n: number, buf: Int32Array, d: number, i: number, j: number): void {
  const a = (i * n + d - 1) * W;
  const b = (j * n + d - 1) * W;
  for (let w = 0; w < W; w++) buf[(d - 1) * W + w]! |= t.seeAll[a + w]! & t.seeAll[b + w]!;
}

/** Write the buffer's eliminations to the finding; returns how many. */
function writeElims(s: LogicState, buf: Int32Array): number {
  const f = s.finding;
  let count = 0;
  for (let d = 1; d <= s.n; d++) {
    for (let w = 0; w < W; w++) {
      for (let m = buf[(d - 1) * W + w]!; m !== 0; m &= m - 1) {
        f.elim(w * 32 + (31 - Math.clz32(m & -m)), d);
        count++;
      }
    }
  }
  return count;
}

function commitSets(s: LogicState, tech: Technique, t: AlsTable, sets: readonly number[], buf: Int32Array, rccs: readonly number[]): boolean {
  const f = s.finding;
  f.clear();
  // most linked pairs remove nothing: skip the per-cell clearing below for them
  let any = 0;
  for (let k = 0; k < s.n * W; k++) any |= buf[k]!;
  if (any === 0) return false;
  // HoDoKu's manner: nothing is removed from the sets' own cells (sound there too, but another
  // pattern's deduction).
  for (const i of sets) for (const c of t.cells[i]!) for (let d = 0; d < s.n; d++) buf[d * W + (c >> 5)]! &= ~(1 << (c & 31));
  if (writeElims(s, buf) === 0) return false;
  let digits = 0;
  for (const i of sets) {
    f.set(t.cells[i]!, t.cells[i]!.length);
    digits |= t.digits[i]!;
  }
  f.digits = digits;
  for (let k = 0; k < rccs.length && k < f.note.length; k++) f.note[k] = rccs[k]!;
  f.note[Math.min(rccs.length, f.note.length - 1)] = 0;
  return s.commit(tech);
}

function alsXz(s: LogicState): boolean {
  const n = s.n;
  const t = tableFor(s);
  for (let i = 0; i < t.count; i++) {
    const next = t.next[i]!;
    for (let e = 0; e < next.length; e++) {
      const j = next[e]!;
      if (j < i) continue;
      const rcc = t.rcc[i]![e]!;
      const k = POPCOUNT_1024[rcc]!;
      if (k > 2) continue;
      const buf = clearElims(n);
      for (let m = t.digits[i]! & t.digits[j]! & ~rcc; m !== 0; m &= m - 1) addCommon(t, n, buf, bitDigit(m & -m), i, j);
      if (k === 2) {
        for (let m = rcc; m !== 0; m &= m - 1) addCommon(t, n, buf, bitDigit(m & -m), i, j);
        for (let m = t.digits[i]! & ~rcc; m !== 0; m &= m - 1) addCommon(t, n, buf, bitDigit(m & -m), i, i);
        for (let m = t.digits[j]! & ~rcc; m !== 0; m &= m - 1) addCommon(t, n, buf, bitDigit(m & -m), j, j);
      }
      if (commitSets(s, alsXzTechnique, t, [i, j], buf, [rcc])) return true;
    }
  }
  return false;
}

function alsXyWing(s: LogicState): boolean {
  const n = s.n;
  const t = tableFor(s);
  for (let c = 0; c < t.count; c++) {
    const next = t.next[c]!;
    for (let ea = 0; ea < next.length; ea++) {
      for (let eb = ea + 1; eb < next.length; eb++) {
        const a = next[ea]!;
        const b = next[eb]!;
        const ra = t.rcc[c]![ea]!;
        const rb = t.rcc[c]![eb]!;
        if (ra === rb && POPCOUNT_1024[ra] === 1) continue;
        let zs = t.digits[a]! & t.digits[b]!;
        if (zs === 0) continue;
        const buf = clearElims(n);
        let any = false;
        for (; zs !== 0; zs &= zs - 1) {
          const zb = zs & -zs;
          // Some x of A–C and a different y of B–C, both other than z.
          const xa = ra & ~zb;
          const yb = rb & ~zb;
          if (xa === 0 || yb === 0 || (xa === yb && POPCOUNT_1024[xa] === 1)) continue;
          addCommon(t, n, buf, bitDigit(zb), a, b);
          any = true;
        }
        if (any && commitSets(s, alsXyWingTechnique, t, [a, b, c], buf, [ra, rb])) return true;
      }
    }
  }
  return false;
}

/** Breadth-first ALS chains from every start set and first RCC; the shortest productive chain is committed first. */
function alsChain(s: LogicState): boolean {
  const n = s.n;
  const t = tableFor(s);
  const states = t.count * n;
  const stamp = new Int32Array(states);
  const parent = new Int32Array(states);
  const depth = new Uint8Array(states);
  const queue = new Int32Array(states);
  let generation = 0;
  const all = s.mode === 'all';
  for (let a1 = 0; a1 < t.count; a1++) {
    // The z a chain from A1 could remove: digits whose A1 cells are all seen by some candidate.
    let useful = 0;
    for (let m = t.digits[a1]!; m !== 0; m &= m - 1) {
      const d = bitDigit(m & -m);
      const at = (a1 * n + d - 1) * W;
      if (t.seeAll[at]! | t.seeAll[at + 1]! | t.seeAll[at + 2]!) useful |= 1 << (d - 1);
    }
    if (useful === 0) continue;
    for (let x1m = t.digits[a1]!; x1m !== 0; x1m &= x1m - 1) {
      const x1 = bitDigit(x1m & -x1m);
      const zs = useful & ~(1 << (x1 - 1));
      if (zs === 0) continue;
      generation++;
      let head = 0;
      let tail = 0;
      const next1 = t.next[a1]!;
      for (let e = 0; e < next1.length; e++) {
        if ((t.rcc[a1]![e]! & (1 << (x1 - 1))) === 0) continue;
        const st = next1[e]! * n + x1 - 1;
        if (stamp[st] === generation) continue;
        stamp[st] = generation;
        parent[st] = -1;
        depth[st] = 2;
        queue[tail++] = st;
      }
      while (head < tail) {
        const st = queue[head++]!;
        const ak = (st / n) | 0;
        const inDigit = (st % n) + 1;
        const sets = depth[st]!;
        if (sets >= 4 && ak !== a1) {
          const z = zs & t.digits[ak]! & ~(1 << (inDigit - 1));
          if (z !== 0) {
            const buf = clearElims(n);
            for (let m = z; m !== 0; m &= m - 1) addCommon(t, n, buf, bitDigit(m & -m), a1, ak);
            if (buf.some((w) => w !== 0)) {
              const path = [ak];
              const rccs = [1 << (inDigit - 1)];
              for (let p = parent[st]!; p !== -1; p = parent[p]!) {
                path.push((p / n) | 0);
                rccs.push(1 << (p % n));
              }
              path.push(a1);
              path.reverse();
              rccs.reverse();
              if (commitSets(s, alsChainTechnique, t, path, buf, rccs) && !all) return true;
            }
          }
        }
        if (sets >= MAX_CHAIN_SETS) continue;
        const next = t.next[ak]!;
        for (let e = 0; e < next.length; e++) {
          for (let m = t.rcc[ak]![e]! & ~(1 << (inDigit - 1)); m !== 0; m &= m - 1) {
            const ns = next[e]! * n + bitDigit(m & -m) - 1;
            if (stamp[ns] === generation) continue;
            stamp[ns] = generation;
            parent[ns] = st;
            depth[ns] = sets + 1;
            queue[tail++] = ns;
          }
        }
      }
    }
  }
  return false;
}

/** "{r1c2 r1c5} {1,3,7}" — a set's cells and candidates. */
function setText(s: LogicState, k: number): string {
  const f = s.finding;
  const cells = Array.from(f.setCells.subarray(f.setStart[k]!, f.setStart[k + 1]!));
  const digits = cells.reduce((m, c) => m | s.cand[c]!, 0);
  return `{${cells.map((c) => cellName(s.n, c)).join(' ')}} ${candidateSet(digits)}`;
}

const letters = (k: number) => String.fromCharCode(65 + k);

function describeSets(s: LogicState, t: Technique): ReturnType<Technique['describe']> {
  const f = s.finding;
  const g = s.geometry;
  const sets = Array.from({ length: f.setCount }, (_, k) => `${letters(k)} = ${setText(s, k)}`);
  const rcc = (k: number, lang: Lang) => digitList(f.note[k]!, lang);
  return both((lang) => {
    const de = lang === 'de';
    const intro = de ? `Die fast gesperrten Mengen ${sets.join(', ')}` : `the almost locked sets ${sets.join(', ')}`;
    let body: string;
    if (t === alsXzTechnique) {
      body = de
        ? `${intro} teilen den eingeschränkten gemeinsamen Kandidaten ${rcc(0, lang)}: Höchstens eine enthält ihn, und die andere ist dann gesperrt`
        : `${intro} share the restricted common candidate ${rcc(0, lang)}: at most one holds it, and the other is then locked`;
    } else if (t === alsXyWingTechnique) {
      body = de
        ? `${intro}: C ist mit A über ${rcc(0, lang)} und mit B über ${rcc(1, lang)} verbunden; hätten weder A noch B eine gestrichene Ziffer, fehlten C zwei Ziffern`
        : `${intro}: C is linked to A by ${rcc(0, lang)} and to B by ${rcc(1, lang)}; if neither A nor B held a removed digit, C would lack two digits`;
    } else {
      const links = Array.from({ length: f.setCount - 1 }, (_, k) => rcc(k, lang)).join(de ? ', ' : ', ');
      body = de
        ? `${intro} bilden eine Kette über die eingeschränkten gemeinsamen Kandidaten ${links}: Fehlt A eine gestrichene Ziffer, steht sie in ${letters(f.setCount - 1)}`
        : `${intro} form a chain by the restricted common candidates ${links}: if A lacks a removed digit, ${letters(f.setCount - 1)} holds it`;
    }
    return `${t.name[lang]}: ${body}, ${removalClause(g, f, lang)}.`;
  });
}

export const alsXzTechnique: Technique = defineTechnique({
  id: 'als-xz',
  tier: 5,
  cost: 300,
  name: { en: 'ALS-XZ', de: 'ALS-XZ' },
  find: alsXz,
  describe: (s) => describeSets(s, alsXzTechnique),
});

export const alsXyWingTechnique: Technique = defineTechnique({
  id: 'als-xy-wing',
  tier: 5,
  cost: 320,
  name: { en: 'ALS-XY-Wing', de: 'ALS-XY-Wing' },
  find: alsXyWing,
  describe: (s) => describeSets(s, alsXyWingTechnique),
});

export const alsChainTechnique: Technique = defineTechnique({
  id: 'als-chain',
  tier: 5,
  cost: 340,
  name: { en: 'ALS chain', de: 'ALS-Kette' },
  find: alsChain,
  describe: (s) => describeSets(s, alsChainTechnique),
});
