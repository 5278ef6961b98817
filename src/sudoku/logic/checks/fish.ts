/** Check of basic fish: X-Wing, Swordfish, Jellyfish (techniques/fish.ts). */
import { eachElim, type Claim, type Position } from './position.ts';

/** Basic fish on rows/columns: the named cells are every place of d in k base lines, which meet only k cover lines. */
export function fish(s: Position, claim: Claim, k: number): string | null {
  if (claim.digits.length !== 1) return 'names more than one digit';
  const d = claim.digits[0]!;
  const cells = claim.cells;
  if (cells.some((c) => !s.has(c, d))) return `a named cell has no candidate ${d}`;
  const n = s.n;
  for (const [lineOf, crossOf, lineHouse] of [
    [(c: number) => Math.floor(c / n), (c: number) => c % n, (i: number) => i],
    [(c: number) => c % n, (c: number) => Math.floor(c / n), (i: number) => n + i],
  ] as const) {
    const base = new Set(cells.map(lineOf));
    const cover = new Set(cells.map(crossOf));
    if (base.size !== k || cover.size !== k) continue;
    if (![...base].every((l) => s.places(lineHouse(l), d).every((c) => cells.includes(c)))) continue;
    const reason = eachElim(s, claim, (x, e) => e === d && cover.has(crossOf(x)) && !base.has(lineOf(x)), `only ${d} from the cover lines outside the base lines`);
    if (!reason) return null;
  }
  return `the named cells are not a ${k}-line fish on ${d} that removes these candidates`;
}
