/** Check of simple colouring (techniques/coloring.ts). */
import { eachElim, type Claim, type Position } from './position.ts';

/**
 * Simple colouring: the named cells, joined by strong links on d, coloured alternately. A colour
 * with two cells seeing each other is false (wrap); a cell seeing both colours loses d (trap).
 */
export function simpleColors(s: Position, claim: Claim): string | null {
  if (claim.digits.length !== 1) return 'names more than one digit';
  const d = claim.digits[0]!;
  const cells = claim.cells;
  if (cells.length < 2 || cells.some((c) => !s.has(c, d))) return `the cluster needs cells holding ${d}`;
  const colour = new Map<number, number>([[cells[0]!, 0]]);
  const queue = [cells[0]!];
  while (queue.length > 0) {
    const c = queue.shift()!;
    for (const o of cells) {
      if (o === c || s.strongLink(c, o, d) < 0) continue;
      const want = 1 - colour.get(c)!;
      if (!colour.has(o)) {
        colour.set(o, want);
        queue.push(o);
      } else if (colour.get(o) !== want) return 'the strong links do not colour the cells consistently';
    }
  }
  if (colour.size !== cells.length) return `the named cells are not one cluster of strong links on ${d}`;
  const falseColour = [0, 1].filter((k) => cells.some((x) => cells.some((y) => x < y && colour.get(x) === k && colour.get(y) === k && s.sees(x, y))));
  const ok = (x: number, e: number) => {
    if (e !== d) return false;
    if (colour.has(x)) return falseColour.includes(colour.get(x)!);
    return [0, 1].every((k) => cells.some((c) => colour.get(c) === k && s.sees(x, c)));
  };
  return eachElim(s, claim, ok, 'neither a wrap nor a trap');
}
