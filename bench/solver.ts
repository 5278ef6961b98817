/**
 * Solver benchmark (issue 2): our exact-cover solver beside the fastest JS peers from npm, in one
 * process, on the classic sets, in count-to-2 mode (the uniqueness proof) and first-solution mode.
 * Peers are capped by time (some take seconds per hard puzzle); every answer is checked.
 */
import { SudokuSolver as AlgorithmSolver } from '@algorithm.ts/sudoku';
import { DancingLinks } from 'dancing-links';
import { solve as sudokuCoreSolve, analyze as sudokuCoreAnalyze } from 'sudoku-core';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isSolutionOf } from '../src/sudoku/check.ts';
import { isSkippableLine, parseLine } from '../src/sudoku/line-format.ts';
import { geometryFor } from '../src/sudoku/geometry.ts';
import { regularRegions } from '../src/sudoku/regions.ts';
import { solve, solverFor } from '../src/sudoku/solver.ts';
import type { Board } from '../src/sudoku/types.ts';
import { median, table } from './results.ts';

const DATA = fileURLToPath(new URL('../../shared/data/classic/', import.meta.url));
const SETS: Array<[string, number]> = [['17-clue.txt', 10_000], ['top1465.txt', Infinity], ['forum-hardest-1106.txt', Infinity]];
const PEER_CAP_MS = 8_000;
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

/** Knuth's matrix, built per puzzle: 324 columns (cell, row-digit, column-digit, box-digit). */
const dlx = new DancingLinks<number>();
function dlxSolve(line: string, limit: number): number[][] {
  const solver = dlx.createSolver({ columns: 324 });
  for (let c = 0; c < 81; c++) {
    const r = (c / 9) | 0, col = c % 9, box = ((r / 3) | 0) * 3 + ((col / 3) | 0);
    const given = line.charCodeAt(c) - 48;
    for (let d = 0; d < 9; d++) {
      if (given >= 1 && given <= 9 && given !== d + 1) continue;
      solver.addSparseConstraint(c * 9 + d, [c, 81 + r * 9 + d, 162 + col * 9 + d, 243 + box * 9 + d]);
    }
  }
  return solver.find(limit).map((s) => s.map((x) => x.data));
}

function capped(lines: string[], boards: Board[], one: (line: string, board: Board) => boolean | null): Outcome {
  let solved = 0, wrong = 0;
  const t0 = performance.now();
  for (let i = 0; i < lines.length; i++) {
    const ok = one(lines[i]!, boards[i]!);
    if (ok === null) return { solved, ms: performance.now() - t0, wrong, note: 'unsupported' };
    solved++;
    if (!ok) wrong++;
    if (performance.now() - t0 > PEER_CAP_MS) break;
  }
  const ms = performance.now() - t0;
  return { solved, ms, wrong, note: solved < lines.length ? `capped at ${PEER_CAP_MS / 1000} s` : 'one run' };
}

const peers: Contender[] = [
  ourContender('puzzlemill (generic N×N search)', true),
  {
    name: 'dancing-links',
    run: (lines, boards, mode) => capped(lines, boards, (line, board) => {
      const sols = dlxSolve(line, mode === 'count2' ? 2 : 1);
      if (sols.length !== 1) return false;
      const grid = new Uint8Array(81);
      for (const o of sols[0]!) grid[(o / 9) | 0] = (o % 9) + 1;
      return isSolutionOf(board, grid);
    }),
  },
  {
    name: '@algorithm.ts/sudoku',
    run: (lines, boards, mode) => {
      if (mode === 'count2') return null; // no way to ask for a second solution
      const solver = new AlgorithmSolver({ childMatrixWidth: 3 });
      return capped(lines, boards, (line, board) => {
        const puzzle = Array.from(line, (ch) => (ch >= '1' && ch <= '9' ? Number(ch) - 1 : -1));
        const out = new Array<number>(81).fill(-1);
        if (!solver.solve(puzzle, out)) return false;
        return isSolutionOf(board, out.map((x) => x + 1));
      });
    },
  },
  {
    name: 'sudoku-core',
    run: (lines, boards, mode) => capped(lines, boards, (line, board) => {
      const cells = Array.from(line, (ch) => (ch >= '1' && ch <= '9' ? Number(ch) : null));
      if (mode === 'count2') return sudokuCoreAnalyze(cells as never).hasUniqueSolution === true;
      const r = sudokuCoreSolve(cells as never);
      return r.solved === true && isSolutionOf(board, (r.board ?? []) as number[]);
    }),
  },
];

export async function run(): Promise<string> {
  const rows: Array<Array<string | number>> = [];
  for (const [file, limit] of SETS) {
    const lines = readFileSync(DATA + file, 'utf8').split('\n').filter((l) => !isSkippableLine(l)).slice(0, limit).map((l) => l.split(':')[0]!.trim());
    const boards = lines.map(parseLine);
    for (const mode of ['count2', 'first'] as Mode[]) {
      const mine = ours.run(lines, boards, mode)!;
      const myRate = (mine.solved / mine.ms) * 1000;
      rows.push(row(file, lines.length, mode, ours.name, mine, '1.00'));
      for (const peer of peers) {
        const o = peer.run(lines, boards, mode);
        if (!o) {
          rows.push([file, lines.length, mode, peer.name, '—', '—', '—', '—', '—', '—', 'no count API']);
          continue;
        }
        const rate = (o.solved / o.ms) * 1000;
        rows.push(row(file, lines.length, mode, peer.name, o, rate > 0 ? (myRate / rate).toFixed(1) : '∞'));
      }
    }
  }
  return [
    '## Solver: puzzlemill vs npm peers',
    '',
    'count2 = count solutions up to 2 (the uniqueness proof), first = stop at the first solution.',
    'Ratio = our puzzles/s ÷ the peer\'s. dancing-links gets the 324-column matrix built per puzzle',
    '(building is part of solving a puzzle). Wrong = answers that are not the unique valid solution',
    '(for sudoku-core: puzzles its logic could not finish).',
    '',
    table(['set', 'puzzles', 'mode', 'solver', 'solved', 'puzzles/s', 'µs/puzzle', 'nodes/puzzle', 'wrong', 'ours/peer', 'note'], rows),
  ].join('\n');
}

function row(file: string, total: number, mode: Mode, name: string, o: Outcome, ratio: string): Array<string | number> {
  const rate = o.solved / (o.ms / 1000);
  return [file, total, mode, name, o.solved, rate.toFixed(0), ((o.ms * 1000) / Math.max(o.solved, 1)).toFixed(1),
    o.nodes !== undefined ? (o.nodes / o.solved).toFixed(1) : '—', o.wrong, ratio, o.note ?? ''];
}
