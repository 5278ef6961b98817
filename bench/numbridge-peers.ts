/**
 * The npm Sudoku generators beside ours, in one run: sudoku-gen, @algorithm.ts/sudoku
 * (SudokuCreator) and sudoku-core (generate). Each makes up to PUZZLES 9×9 puzzles (capped by
 * time); every puzzle is judged by our code: uniqueness by the exact-cover counter, guess-free and
 * grade by the logic prover, and "essentially different" by the canonical form (band/stack
 * permutations, transposition — which contains the rotations — and digit relabelling), for the
 * puzzles and for their solution grids. A generator that transforms a few stored puzzles makes
 * many puzzles but few essentially different ones.
 */
import { SudokuCreator } from '@algorithm.ts/sudoku';
import { generate as sudokuCoreGenerate } from 'sudoku-core';
import { getSudoku } from 'sudoku-gen';
import { flattenGrid } from '../src/numbridge-board/board-file.ts';
import { canonicalForm } from '../src/numbridge-board/canonical.ts';
import { generateBoard } from '../src/numbridge-board/generate.ts';
import type { BoardRequest } from '../src/numbridge-board/request.ts';
import { gradeOf, prove } from '../src/sudoku/logic/index.ts';
import { regularRegions } from '../src/sudoku/regions.ts';
import { solve } from '../src/sudoku/solver.ts';
import { median, table } from './results.ts';

const PUZZLES = 500;
const CAP_MS = 20_000;
const REGIONS = regularRegions(9);

interface Contender {
  name: string;
  /** One puzzle as 81 digits, 0 = empty. */
  make: (i: number) => Uint8Array;
}

const creator = new SudokuCreator({ childMatrixWidth: 3 });
const CORE_LEVELS = ['easy', 'medium', 'hard', 'expert'] as const;

function ours(label: string, request: BoardRequest): Contender {
  return {
    name: `puzzlemill (${label})`,
    make: (i) => flattenGrid(generateBoard(request, `peers/${label}/${i}`).public.givens, 9, { source: 'bench' }, '/public/givens'),
  };
}

const CONTENDERS: Contender[] = [
  ours('30 givens, any grade', { size: 9, blocks: 'regular', givens: 30 }),
  ours('26 givens, grade 3', { size: 9, blocks: 'regular', givens: 26, grade: 3 }),
  {
    name: 'sudoku-gen (getSudoku)',
    make: () => Uint8Array.from(getSudoku().puzzle, (ch) => (ch === '-' ? 0 : Number(ch))),
  },
  {
    name: '@algorithm.ts/sudoku (SudokuCreator)',
    make: () => Uint8Array.from(creator.createSudoku().puzzle, (d) => (d < 0 ? 0 : d + 1)),
  },
  {
    name: 'sudoku-core (generate, easy…expert)',
    make: (i) => Uint8Array.from(sudokuCoreGenerate(CORE_LEVELS[i % CORE_LEVELS.length]!) as Array<number | null>, (d) => d ?? 0),
  },
];

export async function peerSection(): Promise<string> {
  const rows: Array<Array<string | number>> = [];
  for (const c of CONTENDERS) {
    for (let i = 0; i < 5; i++) c.make(i); // warm up
    const puzzles: Uint8Array[] = [];
    const t0 = performance.now();
    while (puzzles.length < PUZZLES && performance.now() - t0 < CAP_MS) puzzles.push(c.make(puzzles.length));
    const rate = (puzzles.length / (performance.now() - t0)) * 1000;
    let unique = 0;
    let guessFree = 0;
    const grades = [0, 0, 0, 0, 0];
    const forms = new Set<string>();
    const solutionForms = new Set<string>();
    const givens: number[] = [];
    for (const p of puzzles) {
      const board = { size: 9, regions: REGIONS, givens: p };
      givens.push(p.reduce((k, d) => k + (d !== 0 ? 1 : 0), 0));
      forms.add(canonicalForm(9, REGIONS, p));
      const counted = solve(board, { limit: 2 });
      if (counted.count !== 1) continue;
      unique++;
      solutionForms.add(canonicalForm(9, REGIONS, counted.solution!));
      const proof = prove(board, { collectSteps: false });
      if (!proof.solved) continue;
      guessFree++;
      grades[gradeOf(proof, board).level]!++;
    }
    const n = puzzles.length;
    const share = (k: number) => `${((100 * k) / n).toFixed(k === n || k === 0 ? 0 : 1)} %`;
    rows.push([
      c.name,
      n,
      rate >= 100 ? rate.toFixed(0) : rate.toFixed(1),
      `${median(givens)} (${Math.min(...givens)}–${Math.max(...givens)})`,
      share(unique),
      share(guessFree),
      grades.slice(1).map((g) => share(g)).join(' / '),
      `${forms.size} / ${n}`,
      `${solutionForms.size} / ${unique}`,
    ]);
  }
  return [
    '### 9×9 generators side by side: ours and the npm peers',
    '',
    `Up to ${PUZZLES} puzzles each (capped at ${CAP_MS / 1000} s of generating), judged by our counter, prover and canonical form.`,
    'Grades 1–4 are shares of all puzzles; "essentially different" counts distinct canonical forms of the',
    'puzzles and of the solution grids of the unique ones. sudoku-gen transforms a few stored seed',
    'puzzles (its README says so); @algorithm.ts/sudoku stops removing at about 52 givens; sudoku-core',
    'generates by trial and logic grading and takes seconds per puzzle.',
    '',
    table(['generator', 'puzzles', 'puzzles/s', 'givens median (range)', 'unique', 'guess-free', 'grade 1 / 2 / 3 / 4', 'essentially different puzzles', 'essentially different solutions'], rows),
  ].join('\n');
}
