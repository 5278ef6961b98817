/**
 * How deeply a JSON value may nest. Puzzle files need 5 levels; the CLI's readers refuse text
 * nested deeper than MAX_JSON_DEPTH before parsing it (`nestingDepth`), and readers that take
 * an already parsed value (the library's `verify(object)`) check it with `nestedDeeperThan`, so no
 * recursive checker downstream (leak scans, JSON.stringify) can overflow the call stack.
 */
export const MAX_JSON_DEPTH = 64;

/** The deepest bracket nesting outside strings, counting stops once it passes `limit`. */
export function nestingDepth(text: string, limit: number): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 123 || c === 91) {
      if (++depth > max) {
        max = depth;
        if (max > limit) return max;
      }
    } else if (c === 125 || c === 93) {
      depth--;
    }
  }
  return max;
}

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
