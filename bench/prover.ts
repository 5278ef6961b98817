/**
 * Logic prover benchmark (issue 3): boards per second of `prove` in fast mode (no steps, as the
 * generator calls it) with the ladder capped at each tier, and with steps and texts collected;
 * the share of boards each cap solves; the share of each grade on the full ladder. Sets: the
 * classic 9×9 lists and boards generated here (unique, givens removed in random order down to a
 * floor), regular and irregular.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Rng } from '../src/core/rng.ts';
import { isSkippableLine, parseLine } from '../src/sudoku/line-format.ts';
import { prove, TIERS } from '../src/sudoku/logic/index.ts';
import { regularRegions } from '../src/sudoku/regions.ts';
import type { Board } from '../src/sudoku/types.ts';
import { irregularSolution, minimalPuzzle, randomSolution } from '../test/sudoku/logic/boards.ts';
import { median, table } from './results.ts';

const DATA = fileURLToPath(new URL('../test/data/classic/', import.meta.url));
const REPEATS = 5;
const GENERATED = 300;

function classic(file: string, limit: number): Board[] {
  return readFileSync(DATA + file, 'utf8').split('\n').filter((l) => !isSkippableLine(l)).slice(0, limit).map((l) => parseLine(l));
}

function generated(size: number, irregular: boolean, floor: number): Board[] {
  const boards: Board[] = [];
  for (let i = 0; i < GENERATED; i++) {
    const rng = new Rng('bench-prover', size, irregular ? 'irregular' : 'regular', i);
    const { regions, solution } = irregular ? irregularSolution(size, rng) : { regions: regularRegions(size), solution: randomSolution(size, regularRegions(size), rng)! };
    boards.push(minimalPuzzle(size, regions, solution, rng, floor));
  }
  return boards;
}

/** Median boards/s over REPEATS samples of ≥ 250 ms each (after a warm-up pass), and the share solved. */
function measure(boards: Board[], maxTier: number, collectSteps: boolean): { rate: number; solved: number } {
  let solved = 0;
  for (const b of boards) if (prove(b, { maxTier, collectSteps }).solved) solved++;
  const rates: number[] = [];
  for (let rep = 0; rep < REPEATS; rep++) {
    let done = 0;
    const t0 = performance.now();
    do {
      for (const b of boards) prove(b, { maxTier, collectSteps });
      done += boards.length;
    } while (performance.now() - t0 < 250);
    rates.push(done / ((performance.now() - t0) / 1000));
  }
  return { rate: median(rates), solved: solved / boards.length };
}

/** Median µs of the first prove on each board's layout (prover tables and state built then). */
function layoutSetup(boards: Board[]): number {
  const times = boards.map((b) => {
    const t0 = performance.now();
    prove({ ...b, givens: new Uint8Array(b.givens.length) }, { maxTier: 1, collectSteps: false });
    return (performance.now() - t0) * 1000;
  });
  return median(times);
}

const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const per = (x: number) => Math.round(x).toLocaleString('en-US');

export async function run(): Promise<string> {
  const sets: Array<[string, Board[]]> = [
    ['top1465 (9×9)', classic('top1465.txt', Infinity)],
    ['17-clue, first 5,000 (9×9)', classic('17-clue.txt', 5000)],
    [`generated 9×9 regular, ≥ 30 givens (${GENERATED})`, generated(9, false, 30)],
    [`generated 9×9 irregular, ≥ 30 givens (${GENERATED})`, generated(9, true, 30)],
    [`generated 6×6 Blitz, ≥ 14 givens (${GENERATED})`, generated(6, false, 14)],
  ];
  const setup = layoutSetup(sets[3]![1]);
  const caps = TIERS.map((t) => t.tier);
  const speed: Array<Array<string | number>> = [];
  const grades: Array<Array<string | number>> = [];
  for (const [name, boards] of sets) {
    const row: Array<string | number> = [name];
    for (const cap of caps) {
      const m = measure(boards, cap, false);
      row.push(`${per(m.rate)} (${pct(m.solved)})`);
    }
    row.push(per(measure(boards, Infinity, true).rate));
    speed.push(row);
    const counts = new Array<number>(caps.length + 1).fill(0);
    for (const b of boards) {
      const r = prove(b, { collectSteps: false });
      counts[r.solved ? Math.max(1, r.tier) - 1 : caps.length]!++;
    }
    grades.push([name, ...counts.map((k) => pct(k / boards.length))]);
  }
  const givens = (b: Board) => b.givens.reduce((k, d) => k + (d ? 1 : 0), 0);
  const gen = sets.slice(2).map(([name, boards]) => `${name}: median ${median(boards.map(givens))} givens`).join('; ');
  return [
    '## Logic prover',
    '',
    '`prove(board, { maxTier, collectSteps: false })` boards per second on one core (median of ' +
      `${REPEATS} samples of ≥ 250 ms), with the share of boards the capped ladder solves; the last column collects ` +
      'every step with its German and English sentence (full ladder).',
    '',
    table(['set', ...TIERS.map((t) => `tier ≤ ${t.tier} (${t.name})`), 'all tiers, with steps'], speed),
    '',
    'Share of each grade on the full ladder ("not guess-free": the ladder stalls).',
    '',
    table(['set', ...TIERS.map((t) => t.name), 'not guess-free'], grades),
    '',
    `Generated boards: givens removed in random order while the board stays unique, down to the floor (${gen}).`,
    `A new irregular 9×9 layout costs the prover ${setup.toFixed(0)} µs once (median; its tables and state), on top of the layout's Geometry.`,
  ].join('\n');
}
