// One cold pass in a fresh process (bench/solver.ts runs this with `node`, no tsx): the compiled
// library's solve(line, { limit: 2 }) over every line of a file, each line new to the process, as a
// CLI run over a file meets them; then warm passes over the same lines. Prints one JSON object.
//   node bench/solver-cold.mjs LIBRARY_URL FILE WARM_PASSES split|stream
// split:  the file split into lines before the first pass (all of them live at once, young: the
//         scavenges that fall in the first pass copy and promote them, the reader's cost, not the
//         solver's; the GC column shows it)
// stream: each line sliced from the text as the pass reaches it and dropped after its solve, as a
//         reader that streams its input (the CLI) meets them
import { readFileSync } from 'node:fs';
import { PerformanceObserver } from 'node:perf_hooks';

const [, , libraryUrl, file, warmArg, mode = 'split'] = process.argv;
if (mode !== 'split' && mode !== 'stream') throw new Error(`reading ${mode}: split or stream`);
if (!(Number(warmArg) >= 1)) throw new Error(`warm passes ${warmArg}: at least 1`);
const { solve } = await import(libraryUrl);
const text = readFileSync(file, 'utf8');
// split as a user would read a file: lines are slices of one big string, not flat copies
const lines = mode === 'split' ? text.split('\n').filter((l) => l.length > 0) : null;
const options = { limit: 2 };

const gcs = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push([e.startTime, e.duration]);
}).observe({ entryTypes: ['gc'] });

function pass() {
  let solved = 0;
  if (lines) {
    for (let i = 0; i < lines.length; i++) if (solve(lines[i], options).count > 0) solved++;
    return solved;
  }
  for (let at = 0; at < text.length; ) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    if (end > at && solve(text.slice(at, end), options).count > 0) solved++;
    at = end + 1;
  }
  return solved;
}

const spans = [];
let solved = 0;
for (let k = 0; k <= Number(warmArg); k++) {
  const t = performance.now();
  const s = pass();
  spans.push([t, performance.now()]);
  if (k === 0) solved = s;
}
await new Promise((resolve) => setTimeout(resolve, 20)); // the last GC entries arrive asynchronously
const gcMs = ([from, to]) => gcs.filter(([start]) => start >= from && start < to).reduce((sum, [, d]) => sum + d, 0);
const warm = spans.slice(1).map((span) => ({ ms: span[1] - span[0], gc: gcMs(span) })).sort((a, b) => a.ms - b.ms);
const median = warm[warm.length >> 1];
process.stdout.write(JSON.stringify({
  lines: lines ? lines.length : text.split('\n').filter((l) => l.length > 0).length,
  solved,
  coldMs: spans[0][1] - spans[0][0],
  coldGcMs: gcMs(spans[0]),
  warmMs: median.ms,
  warmGcMs: median.gc,
}) + '\n');
