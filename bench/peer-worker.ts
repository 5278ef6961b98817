/**
 * Runs one peer over a list of puzzles in a worker thread, reporting progress after every
 * puzzle, so the benchmark can stop a peer that takes minutes on one puzzle (sudoku-core does).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PEERS } from './peers.ts';

const { peer, mode, lines } = workerData as { peer: string; mode: 'count2' | 'first'; lines: string[] };
const run = mode === 'count2' ? PEERS[peer]!.count2! : PEERS[peer]!.first;
let solved = 0;
let wrong = 0;
const t0 = performance.now();
for (const line of lines) {
  const ok = run(line);
  solved++;
  if (!ok) wrong++;
  parentPort!.postMessage({ solved, wrong, ms: performance.now() - t0, done: solved === lines.length });
}
