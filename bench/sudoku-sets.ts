/**
 * The regular 9×9 sets the solver benchmarks share (bench/solver.ts times them, bench/solver-check.ts
 * checks fast9 against the generic search on them): the classic files' lines, the 17-clue lines with
 * one given removed, and seeded boards of 20–24 givens. Seeded: the same boards every run.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Rng } from '../src/core/rng.ts';
import { IRREGULAR_FILL, randomSolution } from '../src/numbridge-board/fill.ts';
import { geometryFor } from '../src/sudoku/geometry.ts';
import { isSkippableLine } from '../src/sudoku/line-format.ts';
import { sharedRegularRegions } from '../src/sudoku/regions.ts';
import type { Board } from '../src/sudoku/types.ts';

const DATA = fileURLToPath(new URL('../test/data/classic/', import.meta.url));

/** The puzzle lines of a classic file of test/data/classic (comments skipped, claims cut off). */
export function classicLines(file: string): string[] {
  return readFileSync(DATA + file, 'utf8').split('\n').filter((l) => !isSkippableLine(l)).map((l) => l.split(':')[0]!.trim());
}

/**
 * The 17-clue lines with one given removed (the given at index i mod 17 of line i): 16 givens,
 * nearly all with several solutions.
 */
export function sixteenClueLines(lines: string[]): string[] {
  return lines.map((line, i) => {
    const givens: number[] = [];
    for (let c = 0; c < 81; c++) if (line[c] !== '.' && line[c] !== '0') givens.push(c);
    const c = givens[i % givens.length]!;
    return line.slice(0, c) + '.' + line.slice(c + 1);
  });
}

/** Regular 9×9 boards: a random grid each (the generator's fill), 20–24 of its cells kept. Seeded. */
export function fewGivensBoards(count: number): Board[] {
  const regions = sharedRegularRegions(9);
  const geometry = geometryFor(9, regions);
  const boards: Board[] = [];
  for (let seed = 0; boards.length < count; seed++) {
    const rng = new Rng('bench-few-givens', seed);
    const grid = randomSolution(geometry, rng, IRREGULAR_FILL);
    if (!grid) continue;
    const cells = rng.shuffle(Array.from({ length: 81 }, (_, i) => i)).slice(0, rng.range(20, 24));
    const givens = new Uint8Array(81);
    for (const c of cells) givens[c] = grid[c]!;
    boards.push({ size: 9, regions, givens });
  }
  return boards;
}
