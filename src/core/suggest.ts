/**
 * A word the command line does not know where a closed set of names is expected (a command, the
 * kind of `generate`, the game of `deal`, an option): the refusal lists the names and, when some are close,
 * suggests them. yargs' own `recommendCommands` picks the name at the smallest edit distance over
 * all names, so `gen` (a start of `generate`) got `bench` (three edits away from it, `generate`
 * five).
 */

/**
 * The names `word` most likely meant: those it starts (`gen` → generate, `re` → replay, render);
 * failing that, the nearest within a typo or two (`genrate`, `murdr`, a swapped pair of letters
 * counting one); none when nothing is that close.
 */
export function closestNames(word: string, names: readonly string[]): string[] {
  const w = word.toLowerCase();
  const started = names.filter((name) => name.toLowerCase().startsWith(w));
  if (started.length > 0) return started;
  // one or two letters ("-z") are as near to any other short name: no guess
  if (w.replace(/^-+/, '').length < 3) return [];
  const distances = names.map((name) => editDistance(w, name.toLowerCase()));
  const best = Math.min(...distances);
  // one edit in a short word, about one in three in a longer one: further is another word
  if (best > Math.max(1, Math.floor(w.length / 3))) return [];
  return names.filter((_, i) => distances[i] === best);
}

/**
 * The refusal of an unknown name, one line: `unknown command "gen": did you mean generate? (the
 * commands: solve, …)`. `noun` is what the names are ("command", "kind", "game").
 */
export function unknownNameText(noun: string, word: string, names: readonly string[]): string {
  const close = closestNames(word, names);
  const guess = close.length === 0 ? '' : `: did you mean ${close.slice(0, -1).join(', ')}${close.length > 1 ? ' or ' : ''}${close.at(-1)}?`;
  return `unknown ${noun} ${JSON.stringify(word)}${guess} (the ${noun}s: ${names.join(', ')})`;
}

/** Optimal string alignment distance: insertions, deletions, substitutions and adjacent swaps, one each. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}
