/**
 * Restart budgets for searches that may wander into a huge dead subtree: Luby, Sinclair and
 * Zuckerman's universal sequence 1 1 2 1 1 2 4 1 1 2 1 1 2 4 8 … times a base budget. A search
 * that needs T nodes in some run is decided within O(T log T) nodes in all, whatever T is.
 */

/** The i-th term (i ≥ 1) of the Luby sequence. */
export function luby(i: number): number {
  for (let k = 1; ; k++) {
    if (i === (1 << k) - 1) return 1 << (k - 1);
    if (i < (1 << k) - 1) return luby(i - (1 << (k - 1)) + 1);
  }
}
