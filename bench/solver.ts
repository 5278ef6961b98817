/**
 * Solver benchmark (issue 2): our exact-cover solver beside the fastest JS peers from npm, in one
 * process, on the classic sets, in count-to-2 mode (the uniqueness proof) and first-solution mode.
 * Peers are capped by time (some take seconds per hard puzzle); every answer is checked.
 */
import { readFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
import { isSolutionOf } from '../src/sudoku/check.ts';
import { isSkippableLine, parseLine } from '../src/sudoku/line-format.ts';
import { geometryFor } from '../src/sudoku/geometry.ts';
import { regularRegions } from '../src/sudoku/regions.ts';
import { solve, solverFor } from '../src/sudoku/solver.ts';
import type { Board } from '../src/sudoku/types.ts';
import { PEERS } from './peers.ts';
import { median, table } from './results.ts';

const DATA = fileURLToPath(new URL('../test/data/classic/', import.meta.url));
const SETS: Array<[string, number]> = [['17-clue.txt', 10_000], ['top1465.txt', Infinity], ['forum-hardest-1106.txt', Infinity]];
const PEER_CAP_MS = 10_000;
const REPEATS = 5;

type Mode = 'count2' | 'first';
interface Outcome { solved: number; ms: number; nodes?: number; wrong: number; note?: string }
interface Contender { name: string; run: (lines: string[], boards: Board[], mode: Mode) => Outcome | null }

/** Our solver through the public API (the regular-9×9 band path), or forced onto the generic search. */
function ourContender(name: string, generic: boolean): Contender {
  const solver = solverFor(geometryFor(9, regularRegions(9)));
  const one = (b: Board, limit: number) => (generic ? solver.solveGeneric(b.givens, { limit }) : solve(b, { limit }));
  return {
    name,
    run: (_lines, boards, mode) => {
      const times: number[] = [];
      let nodes = 0;
      let wrong = 0;
      for (let rep = 0; rep < REPEATS; rep++) {
        nodes = 0;
        const t0 = performance.now();
        for (const b of boards) nodes += one(b, mode === 'count2' ? 2 : 1).nodes;
        times.push(performance.now() - t0);
      }
      for (const b of boards) {
        const r = one(b, 2);
        if (r.count !== 1 || !isSolutionOf(b, r.solution!)) wrong++;
      }
      return { solved: boards.length, ms: median(times), nodes, wrong, note: `median of ${REPEATS}` };
    },
  };
}
const ours = ourContender('puzzlemill', false);
const oursGeneric = ourContender('puzzlemill (generic N×N search)', true);

/** A peer's run in a worker thread, stopped after PEER_CAP_MS however long its current puzzle takes. */
function runPeer(peer: string, mode: Mode, lines: string[]): Promise<Outcome | null> {
  if (mode === 'count2' && !PEERS[peer]!.count2) return Promise.resolve(null);
  return new Promise((resolve, reject) => {
    let last = { solved: 0, wrong: 0, ms: 0, done: false };
    const worker = new Worker(new URL('./peer-worker.mjs', import.meta.url), { workerData: { peer, mode, lines } });
    const finish = (capped: boolean) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve({ solved: last.solved, ms: capped ? Math.max(last.ms, PEER_CAP_MS) : last.ms, wrong: last.wrong,
        note: capped ? `stopped after ${PEER_CAP_MS / 1000} s` : 'one run' });
    };
    const timer = setTimeout(() => finish(true), PEER_CAP_MS);
    worker.on('message', (m: typeof last) => {
      last = m;
      if (m.done) finish(false);
    });
    worker.on('error', reject);
  });
}

const PEER_NAMES = Object.keys(PEERS);

export async function run(): Promise<string> {
  const rows: Array<Array<string | number>> = [];
  for (const [file, limit] of SETS) {
    const lines = readFileSync(DATA + file, 'utf8').split('\n').filter((l) => !isSkippableLine(l)).slice(0, limit).map((l) => l.split(':')[0]!.trim());
    const boards = lines.map(parseLine);
    for (const mode of ['count2', 'first'] as Mode[]) {
      const mine = ours.run(lines, boards, mode)!;
      const myRate = (mine.solved / mine.ms) * 1000;
      rows.push(row(file, lines.length, mode, ours.name, mine, '1.00'));
      const generic = oursGeneric.run(lines, boards, mode)!;
      rows.push(row(file, lines.length, mode, oursGeneric.name, generic, (myRate / ((generic.solved / generic.ms) * 1000)).toFixed(1)));
      for (const peer of PEER_NAMES) {
        const o = await runPeer(peer, mode, lines);
        if (!o) {
          rows.push([file, lines.length, mode, peer, '—', '—', '—', '—', '—', '—', 'no count API']);
          continue;
        }
        const rate = (o.solved / o.ms) * 1000;
        rows.push(row(file, lines.length, mode, peer, o, rate > 0 ? (myRate / rate).toFixed(1) : '∞'));
      }
    }
  }
  return [
    '## Solver: puzzlemill vs npm peers',
    '',
    'count2 = count solutions up to 2 (the uniqueness proof), first = stop at the first solution.',
    'Ratio = our puzzles/s ÷ the peer\'s. dancing-links gets the 324-column matrix built per puzzle',
    '(building is part of solving a puzzle). Peers run in a worker thread and are stopped after',
    `${PEER_CAP_MS / 1000} s (rate = puzzles finished ÷ time used). Wrong = answers that are not the unique valid`,
    'solution (for sudoku-core: puzzles its logic could not finish or judge).',
    '',
    table(['set', 'puzzles', 'mode', 'solver', 'solved', 'puzzles/s', 'µs/puzzle', 'nodes/puzzle', 'wrong', 'ours/peer', 'note'], rows),
  ].join('\n');
}

function row(file: string, total: number, mode: Mode, name: string, o: Outcome, ratio: string): Array<string | number> {
  if (o.solved === 0) return [file, total, mode, name, 0, '0', '—', '—', o.wrong, '—', o.note ?? ''];
  const rate = o.solved / (o.ms / 1000);
  return [file, total, mode, name, o.solved, rate.toFixed(0), ((o.ms * 1000) / o.solved).toFixed(1),
    o.nodes !== undefined ? (o.nodes / o.solved).toFixed(1) : '—', o.wrong, ratio, o.note ?? ''];
}
