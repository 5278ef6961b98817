// One cold pass in a fresh process (bench/solver.ts runs this with `node`, no tsx): the compiled
// library's solve(line, { limit: 2 }) over every line of a file, each line new to the process, as a
// CLI run over a file meets them; then warm passes over the same lines. Prints one JSON object.
//   node bench/solver-cold.mjs LIBRARY_URL FILE WARM_PASSES
import { readFileSync } from 'node:fs';

const [, , libraryUrl, file, warmArg] = process.argv;
const { solve } = await import(libraryUrl);
// split as a user would read a file: lines are slices of one big string, not flat copies
const lines = readFileSync(file, 'utf8').split('\n').filter((l) => l.length > 0);
const options = { limit: 2 };

function pass() {
  let solved = 0;
  for (let i = 0; i < lines.length; i++) if (solve(lines[i], options).count > 0) solved++;
  return solved;
}

const t0 = performance.now();
const solved = pass();
const coldMs = performance.now() - t0;
const warm = [];
for (let k = 0; k < Number(warmArg); k++) {
  const t = performance.now();
  pass();
  warm.push(performance.now() - t);
}
warm.sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ lines: lines.length, solved, coldMs, warmMs: warm[warm.length >> 1] }) + '\n');
