/**
 * How deeply a JSON value may nest. Puzzle files need 5 levels; the CLI's readers refuse text
 * nested deeper than MAX_JSON_DEPTH before parsing it (src/cli/input.ts), and readers that take
 * an already parsed value (the library's `verify(object)`) check it with `nestedDeeperThan`, so no
 * recursive checker downstream (leak scans, JSON.stringify) can overflow the call stack.
 */
export const MAX_JSON_DEPTH = 64;

/** True when `value` has arrays or objects nested more than `limit` levels deep (an iterative walk that stops early). */
export function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth + 1 > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push({ v: child, depth: depth + 1 });
  }
  return false;
}
