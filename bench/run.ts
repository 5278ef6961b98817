/**
 * The benchmark runner behind `npm run bench` and `puzzlemill bench [NAME…]`. Each benchmark is a
 * module in bench/ exporting `run(): Promise<string>` (its markdown section); this registry names
 * them. Benchmarks are never run by `npm test`: speed is measured here, not asserted in tests.
 */
import { machineLine, writeSection } from './results.ts';

export interface Benchmark {
  name: string;
  describe: string;
  run: () => Promise<string>;
}

// `puzzlemill bench --help` lists these names from src/cli/commands/bench.ts (BENCHMARK_NAMES, kept equal by a test).
const BENCHMARKS: Benchmark[] = [
  { name: 'solver', describe: 'exact-cover solver vs npm peers on the classic sets', run: async () => (await import('./solver.ts')).run() },
  { name: 'solver-check', describe: 'correctness: the regular 9×9 fast path against the generic search on 100,000+ boards with 0, 1 and several solutions (mismatches must be 0)', run: async () => (await import('./solver-check.ts')).run() },
  { name: 'numbridge', describe: 'Numbridge boards: throughput, grades, givens sweep, layouts, npm generators side by side', run: async () => (await import('./numbridge.ts')).run() },
  { name: 'practice', describe: 'practice sets: generate numbridge --technique per technique and layout, success rate and boards/s (small counts)', run: async () => (await import('./practice.ts')).run() },
  { name: 'pool', describe: 'the compiled CLI as a user runs it (start-up, worker start, generate -j 1/-j 2/default at 1..20,000 boards) and in-run rates: in-process vs 1 vs 2 workers', run: async () => (await import('./pool.ts')).run() },
  { name: 'games', describe: 'Domino-SUDOKU completion proof; Kosmos solo players over 1,000 deals', run: async () => (await import('./games.ts')).run() },
  { name: 'murder', describe: 'Murder cases per second per size and level, deal success rates', run: async () => (await import('./murder.ts')).run() },
  { name: 'murder-clues', describe: 'Murder cases per second per size and level for both clue sets (sheet, extended): whole-process wall time of the compiled CLI, -j 1', run: async () => (await import('./murder.ts')).runClueSets() },
  { name: 'prover', describe: 'logic prover throughput by tier cap and grade shares', run: async () => (await import('./prover.ts')).run() },
  { name: 'render', describe: 'pictures: SVG build and PNG rasterising per picture kind; export and import per format', run: async () => (await import('./render.ts')).run() },
  { name: 'selfplay', describe: 'Numbridge referee: deals/s, referee moves/s, self-play games/s, replays/s per variant', run: async () => (await import('./selfplay.ts')).run() },
  { name: 'scores', describe: 'grade scores: histogram and score-by-level picture (bench/scores.svg) of the score corpus and Murder cases', run: async () => (await import('./scores.ts')).run() },
  { name: 'startup', describe: 'CLI start-up: short commands with the bundled bin against tsc\'s unbundled modules, wall and CPU time', run: async () => (await import('./startup.ts')).run() },
  { name: 'serve', describe: 'HTTP API on loopback with autocannon: daily set, checks and hints, req/s and p99', run: async () => (await import('./serve.ts')).run() },
  { name: 'serve-postgres', describe: 'two serve instances on one PostgreSQL: a move through one to a seat\'s event stream on the other, p50/p99', run: async () => (await import('./serve-postgres.ts')).run() },
  { name: 'serve-faults', describe: 'two serve instances on one PostgreSQL under load: one killed with SIGKILL, PostgreSQL restarted; moves sent, acknowledged, 503s, lost and doubled', run: async () => (await import('./serve-faults.ts')).run() },
];

export function benchmarkNames(): string[] {
  return BENCHMARKS.map((b) => b.name);
}

/** Run the named benchmarks (all when none named), writing each section as it finishes. */
export async function runBenchmarks(names: string[], log: (line: string) => void): Promise<void> {
  const chosen = names.length === 0 ? BENCHMARKS : names.map((n) => {
    const b = BENCHMARKS.find((x) => x.name === n);
    if (!b) throw new RangeError(`unknown benchmark "${n}" (known: ${benchmarkNames().join(', ')})`);
    return b;
  });
  for (const b of chosen) {
    log(`bench ${b.name}: ${b.describe} …`);
    const section = await b.run();
    writeSection(b.name, `${section.trim()}\n\n${machineLine()}`);
    log(section);
  }
}
