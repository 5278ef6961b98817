/** Check of nice loops, grouped nice loops and grouped AICs (techniques/grouped-chains.ts). */
import { bit, eachElim, sameSet, type Claim, type Position } from './position.ts';

type GroupNode = Array<[cell: number, digit: number]>;

function nodeName(s: Position, node: GroupNode): string {
  return node.map(([c, d]) => `(${d})${s.name(c)}`).join('+');
}

/** (c, d) cannot be true together with the node (one of whose cells holds the node's digit). */
function weakToNode(s: Position, c: number, d: number, node: GroupNode): boolean {
  const e = node[0]![1];
  if (d === e) return node.every(([x]) => x !== c && s.sees(x, c));
  return node.length === 1 && node[0]![0] === c;
}

/**
 * Grouped chains and nice loops: nodes are candidates or groups (one digit's candidates inside a
 * line and a region). Strong link: a house whose places of the digit are exactly the two nodes'
 * cells, or a bivalue cell; weak link: one cell's two digits, or one digit in two disjoint nodes
 * whose cells all see each other. Conclusions: candidates weakly linked to both ends; a chain
 * from a candidate back to itself places it; a loop whose last node links weakly to its first
 * removes whatever is weakly linked to both ends of any of its weak links.
 */
export function groupedChain(s: Position, claim: Claim, kind: 'nice-loop' | 'grouped-nice-loop' | 'grouped-aic'): string | null {
  const nodes = claim.groups;
  if (!nodes) return 'does not name its grouped chain';
  if (nodes.length < 2 || nodes.length % 2 !== 0) return 'a chain needs an even number of nodes (it starts and ends with a strong link)';
  for (const node of nodes) {
    const d = node[0]![1];
    if (node.some(([, e]) => e !== d)) return `chain node ${nodeName(s, node)} mixes digits`;
    if (new Set(node.map(([c]) => c)).size !== node.length) return `chain node ${nodeName(s, node)} names a cell twice`;
    for (const [c, e] of node) if (!s.has(c, e)) return `chain node (${e})${s.name(c)} is no candidate`;
    if (node.length > 1) {
      const common = s.commonHouses(node.map(([c]) => c));
      if (!(common.some((h) => s.g.houseKind(h) === 'region') && common.some((h) => s.g.houseKind(h) !== 'region'))) {
        return `group ${nodeName(s, node)} is not inside one line and one block`;
      }
    }
  }
  const hasGroup = nodes.some((node) => node.length > 1);
  if (kind === 'nice-loop' && hasGroup) return 'a nice loop without groups names a group';
  if (kind !== 'nice-loop' && !hasGroup) return 'a grouped chain needs a group node';
  const cellsOf = (node: GroupNode) => node.map(([c]) => c);
  const strong = (u: GroupNode, v: GroupNode): boolean => {
    if (u.length === 1 && v.length === 1 && u[0]![0] === v[0]![0]) {
      const [c, d1] = u[0]!;
      const d2 = v[0]![1];
      return d1 !== d2 && s.cand[c] === (bit(d1) | bit(d2));
    }
    const d = u[0]![1];
    if (v[0]![1] !== d) return false;
    const both = [...cellsOf(u), ...cellsOf(v)];
    if (new Set(both).size !== both.length) return false;
    return s.commonHouses(both).some((h) => sameSet(s.places(h, d), both));
  };
  const weak = (u: GroupNode, v: GroupNode): boolean => {
    if (u.length === 1 && v.length === 1 && u[0]![0] === v[0]![0]) return u[0]![1] !== v[0]![1];
    return u[0]![1] === v[0]![1] && u.every(([c]) => weakToNode(s, c, u[0]![1], v));
  };
  for (let i = 1; i < nodes.length; i++) {
    const [u, v] = [nodes[i - 1]!, nodes[i]!];
    const at = `${nodeName(s, u)}${i % 2 ? '=' : '-'}${nodeName(s, v)}`;
    if (i % 2 === 1 ? !strong(u, v) : !weak(u, v)) return `${at} is no ${i % 2 === 1 ? 'strong' : 'weak'} link`;
  }
  const first = nodes[0]!;
  const last = nodes[nodes.length - 1]!;
  const key = (node: GroupNode) => node.map(([c, d]) => c * 16 + d).sort((a, b) => a - b).join(',');
  const closesOnStart = key(first) === key(last);
  const inner = closesOnStart ? nodes.slice(1) : nodes;
  if (new Set(inner.map(key)).size !== inner.length) return 'a chain node repeats';
  if (claim.places.length > 0) {
    if (kind === 'grouped-aic') return 'an AIC places no digit';
    if (!closesOnStart || first.length !== 1 || claim.elims.length > 0 || claim.places.length !== 1) return 'only a chain from a candidate back to itself places it';
    const [c, d] = first[0]!;
    return claim.places[0]![0] === c && claim.places[0]![1] === d ? null : 'the placement is not the chain\'s start';
  }
  if (closesOnStart) return 'a chain back to its start places it, it removes nothing';
  const weakLinks: Array<[GroupNode, GroupNode]> = [[first, last]];
  if (kind !== 'grouped-aic' && weak(last, first)) {
    for (let i = 2; i < nodes.length; i += 2) weakLinks.push([nodes[i - 1]!, nodes[i]!]);
  }
  return eachElim(
    s,
    claim,
    (c, d) => weakLinks.some(([u, v]) => weakToNode(s, c, d, u) && weakToNode(s, c, d, v)),
    'not weakly linked to both ends of the chain or of a weak link of the loop',
  );
}
