/**
 * The nested-forcing-chain pass of bench/prover.ts, one board per message, in a worker so the
 * bench can stop a board at its time cap: the ladder with every rung (fast mode, timed), then,
 * when it finished, the same with steps and the proof replayed by checkProof.
 */
import { parentPort } from 'node:worker_threads';
import { parseLine } from '../src/sudoku/line-format.ts';
import { checkProof } from '../src/sudoku/logic/check-proof.ts';
import { prove } from '../src/sudoku/logic/index.ts';

parentPort!.on('message', ({ line, uniqueness }: { line: string; uniqueness: boolean }) => {
  const board = parseLine(line);
  const t0 = performance.now();
  const r = prove(board, { collectSteps: false, uniqueness, nested: true });
  const ms = performance.now() - t0;
  parentPort!.postMessage({ kind: 'proved', solved: r.solved, tier: r.tier, ms, nested: r.techniqueCounts['nested-forcing-chain'] ?? 0 });
  if (!r.solved) return;
  const full = prove(board, { collectSteps: true, uniqueness, nested: true });
  const accepted = full.solved && checkProof(board, full.steps, { solutions: 1 }).failure === null;
  parentPort!.postMessage({ kind: 'checked', accepted });
});
