/** Checks of forcing chains (techniques/forcing.ts) and nested forcing chains (techniques/nested-forcing.ts): every branch replayed fact by fact. */
import { digitsOf } from '../../digits.ts';
import { bit, sameSet, type Claim, type Fact, type InnerBranch, type Position } from './position.ts';

/** Longest implication path of a forcing-chain branch (techniques/forcing.ts). */
const MAX_BRANCH_DEPTH = 20;

/**
 * Forcing chains: each branch assumes a candidate and lists facts, each of which must follow from
 * the position and the facts before it (a true fact makes its peers' digit and its cell's other
 * digits false; a cell with one digit left or a digit with one place left in a house is true; a
 * digit whose places left in a house all lie in another house is false in the rest of that one),
 * at most MAX_BRANCH_DEPTH levels deep. The branches must cover every case (every candidate of a
 * cell, every place of a digit in a house) and each must reach every conclusion; each branch of
 * a contradiction chain must reach a contradiction, and its conclusion is that its assumption is false.
 */
export function forcingChain(s: Position, claim: Claim, shape: 'contradiction' | 'cell' | 'house', nesting = false): string | null {
  const branches = claim.branches;
  if (!branches || branches.length === 0) return 'does not name its branches';
  if (!nesting && branches.some((b) => b.nested.length > 0)) return 'a plain forcing chain has no inner branches';
  const premises = branches.map((b) => b.assume);
  for (const [c, d] of premises) if (!s.has(c, d)) return `assumes ${d} in ${s.name(c)}, which is no candidate there`;
  if (shape === 'contradiction') {
    const assumed = premises.map(([c, d]) => c * 16 + d);
    const removed = claim.elims.map(([c, d]) => c * 16 + d);
    if (claim.places.length !== 0 || !sameSet(assumed, removed) || new Set(assumed).size !== assumed.length) return 'a contradiction chain removes exactly its assumptions';
  } else if (shape === 'cell') {
    const cell = premises[0]![0];
    if (premises.some(([c]) => c !== cell) || !sameSet(premises.map(([, d]) => d), digitsOf(s.cand[cell]!)) || premises.length < 2) {
      return 'the branches are not every candidate of one cell';
    }
  } else {
    const d = premises[0]![1];
    const cells = premises.map(([c]) => c);
    if (premises.some(([, e]) => e !== d) || premises.length < 2 || !s.commonHouses(cells).some((h) => sameSet(s.places(h, d), cells))) {
      return 'the branches are not every place of one digit in a house';
    }
  }
  for (let b = 0; b < branches.length; b++) {
    const branch = branches[b]!;
    const replay = replayBranch(s, branch.assume, branch.implies, branch.nested);
    if (typeof replay === 'string') return `branch ${b + 1}: ${replay}`;
    if (shape === 'contradiction') {
      if (!replay.contradiction) return 'the branch reaches no contradiction';
      continue;
    }
    for (const [c, d] of claim.elims) if (replay.value.get(c * 16 + d) !== 0) return `branch ${b + 1} does not show ${d} leaving ${s.name(c)}`;
    for (const [c, d] of claim.places) if (replay.value.get(c * 16 + d) !== 1) return `branch ${b + 1} does not show ${d} in ${s.name(c)}`;
  }
  return null;
}

/**
 * A nested forcing chain's shape, from its branches: one branch is a contradiction, branches on
 * one cell a cell forcing chain, otherwise the places of a digit in a house.
 */
export function nestedShape(_s: Position, claim: Claim): 'contradiction' | 'cell' | 'house' {
  const branches = claim.branches ?? [];
  if (branches.length === 1) return 'contradiction';
  return branches.every((b) => b.assume[0] === branches[0]!.assume[0]) ? 'cell' : 'house';
}

/**
 * Replay one branch: the facts it reaches (key cell·16 + digit → 1/0) and whether they contradict.
 * `nested`: inner branches (nested forcing chains) — a false fact may also hold because its inner
 * branch, replayed on the position plus the facts before it (known at level 0 there), contradicts;
 * it is then one level deeper than the deepest fact before it. `outer`: the enclosing branch's
 * facts when this is an inner branch itself (which never nests again).
 */
function replayBranch(
  s: Position,
  assume: [number, number],
  implies: ReadonlyArray<Fact>,
  nested: readonly InnerBranch[] = [],
  outer?: ReadonlyMap<number, number>,
): { value: Map<number, number>; contradiction: boolean } | string {
  const value = new Map<number, number>(outer ?? []);
  const depth = new Map<number, number>([...value.keys()].map((k) => [k, 0]));
  if (value.get(assume[0] * 16 + assume[1]) === 0) return `assumes ${assume[1]} in ${s.name(assume[0])}, which the enclosing branch has shown false`;
  value.set(assume[0] * 16 + assume[1], 1);
  depth.set(assume[0] * 16 + assume[1], 0);
  // The position does not change while a branch is replayed: each house-digit's places once.
  const placesCache: number[][] = [];
  const placesOf = (h: number, d: number): number[] => (placesCache[h * 16 + d] ??= s.places(h, d));
  const inner = new Map<number, InnerBranch>();
  for (const b of nested) {
    const k = b.assume[0] * 16 + b.assume[1];
    if (inner.has(k) || !implies.some(([c, d, v]) => v === 0 && c * 16 + d === k)) return `the inner branch assuming ${b.assume[1]} in ${s.name(b.assume[0])} shows no fact of the branch`;
    inner.set(k, b);
  }
  let contradiction = false;
  const falseAt = (c: number, d: number) => (value.get(c * 16 + d) === 0 ? depth.get(c * 16 + d)! : -1);
  for (const [c, d, v] of implies) {
    const at = `${s.name(c)}${v ? '=' : '≠'}${d}`;
    if (!s.has(c, d)) return `${at}: ${d} is no candidate of ${s.name(c)}`;
    let level = Infinity;
    if (v === 0) {
      // The shallowest true fact excluding it: the same cell's other digit, or the digit in a peer.
      for (const [k, x] of value) {
        const [tc, td] = [k >> 4, k & 15];
        if (x === 1 && ((tc === c && td !== d) || (td === d && s.sees(tc, c)))) level = Math.min(level, depth.get(k)! + 1);
      }
      // Locked candidates: in a house without c, the digit's places not yet ruled out all share a house with c.
      const own = s.housesOf(c);
      for (let h = 0; h < s.g.houseCount; h++) {
        if (own.includes(h)) continue;
        const places = placesOf(h, d);
        const left = places.filter((x) => falseAt(x, d) < 0);
        if (left.length === 0 || !own.some((H) => left.every((x) => s.housesOf(x).includes(H)))) continue;
        level = Math.min(level, Math.max(0, ...places.filter((x) => falseAt(x, d) >= 0).map((x) => falseAt(x, d))) + 1);
      }
    } else {
      const others = digitsOf(s.cand[c]! & ~bit(d)).map((e) => falseAt(c, e));
      if (others.every((x) => x >= 0)) level = Math.max(0, ...others) + 1;
      for (const h of s.housesOf(c)) {
        const rest = placesOf(h, d).filter((x) => x !== c).map((x) => falseAt(x, d));
        if (rest.every((x) => x >= 0)) level = Math.min(level, Math.max(0, ...rest) + 1);
      }
    }
    const innerBranch = v === 0 ? inner.get(c * 16 + d) : undefined;
    if (innerBranch && level > MAX_BRANCH_DEPTH) {
      const replay = replayBranch(s, innerBranch.assume, innerBranch.implies, [], value);
      if (typeof replay === 'string') return `${at}, inner branch: ${replay}`;
      if (!replay.contradiction) return `${at}: its inner branch reaches no contradiction`;
      level = Math.max(...depth.values()) + 1;
    }
    if (level === Infinity) return `${at} does not follow from the assumption and the facts before it`;
    if (level > MAX_BRANCH_DEPTH) return `${at} lies ${level} implications deep, more than ${MAX_BRANCH_DEPTH}`;
    const k = c * 16 + d;
    if (value.has(k) && value.get(k) !== v) contradiction = true;
    else if (!value.has(k)) {
      value.set(k, v);
      depth.set(k, level);
    }
  }
  if (!contradiction) {
    for (let c = 0; c < s.cand.length && !contradiction; c++) {
      if (s.grid[c] === 0 && s.cand[c] !== 0 && digitsOf(s.cand[c]!).every((d) => value.get(c * 16 + d) === 0)) contradiction = true;
    }
    for (let h = 0; h < s.g.houseCount && !contradiction; h++) {
      for (let d = 1; d <= s.n && !contradiction; d++) {
        const places = placesOf(h, d);
        if (places.length > 0 && places.every((c) => value.get(c * 16 + d) === 0)) contradiction = true;
      }
    }
  }
  return { value, contradiction };
}
