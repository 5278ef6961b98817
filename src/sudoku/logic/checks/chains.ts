/** Check of X-chains, XY-chains and AICs (techniques/chains.ts). */
import { bit, eachElim, seesAll, type Claim, type Position } from './position.ts';

/**
 * Chains: nodes alternate strong, weak, strong … links and begin and end with a strong link, so
 * one end is true. Strong: the two places of a digit in a house, or the two digits of a bivalue
 * cell; weak: one digit in two cells that see each other, or two digits of one cell.
 */
export function chain(s: Position, claim: Claim, kind: 'x' | 'xy' | 'aic'): string | null {
  const nodes = claim.chain;
  if (!nodes) return 'does not name its chain';
  if (nodes.length < 4 || nodes.length % 2 !== 0) return 'a chain needs an even number of at least four nodes';
  const keys = nodes.map(([c, d]) => c * 16 + d);
  if (new Set(keys).size !== keys.length) return 'a chain node repeats';
  for (const [c, d] of nodes) if (!s.has(c, d)) return `chain node (${d})${s.name(c)} is no candidate`;
  for (let i = 1; i < nodes.length; i++) {
    const [c1, d1] = nodes[i - 1]!;
    const [c2, d2] = nodes[i]!;
    const at = `(${d1})${s.name(c1)}${i % 2 ? '=' : '-'}(${d2})${s.name(c2)}`;
    if (i % 2 === 1) {
      const inCell = c1 === c2 && d1 !== d2 && s.cand[c1] === (bit(d1) | bit(d2));
      const inHouse = d1 === d2 && s.strongLink(c1, c2, d1) >= 0;
      if (!inCell && !inHouse) return `${at} is no strong link`;
      if (kind === 'x' && !inHouse) return `${at}: an X-chain links places of one digit in a house`;
      if (kind === 'xy' && !inCell) return `${at}: an XY-chain's strong links are bivalue cells`;
    } else {
      const inCell = c1 === c2 && d1 !== d2;
      const seen = d1 === d2 && s.sees(c1, c2);
      if (!inCell && !seen) return `${at} is no weak link`;
      if (kind !== 'aic' && !seen) return `${at}: this chain's weak links join one digit in two cells`;
    }
  }
  const strong = nodes.length / 2;
  if (strong < (kind === 'xy' ? 3 : 2)) return `too short for this technique (${strong} strong links)`;
  const [a, x] = nodes[0]!;
  const [b, y] = nodes[nodes.length - 1]!;
  if (kind !== 'aic' && x !== y) return 'the chain ends on two different digits';
  let ok: (c: number, d: number) => boolean;
  if (x === y) ok = (c, d) => d === x && seesAll(s, c, [a, b]);
  else if (a === b) ok = (c, d) => c === a && d !== x && d !== y;
  else if (s.sees(a, b)) ok = (c, d) => (c === a && d === y) || (c === b && d === x);
  else ok = () => false;
  return eachElim(s, claim, ok, 'not weakly linked to both ends of the chain');
}
