/**
 * Irregular layouts for the Numbridge benchmark: how fast they are drawn and filled, how many are
 * thrown away, how varied the blocks are, and how many walk steps it takes to forget the start.
 */
import { Rng } from '../src/core/rng.ts';
import { IRREGULAR_FILL, randomSolution } from '../src/numbridge-board/fill.ts';
import { defaultSwaps, innerEdges, randomLayout, shapeKey } from '../src/numbridge-board/layouts.ts';
import { geometryFor } from '../src/sudoku/geometry.ts';
import { isConnected } from '../src/sudoku/hex.ts';
import { regionProblem } from '../src/sudoku/regions.ts';
import type { Regions } from '../src/sudoku/types.ts';
import { table } from './results.ts';

interface BlockStats {
  layouts: Set<string>;
  shapes: Set<string>;
  blocks: number;
  edges: number[];
  squareDisconnected: number;
  parallelograms: number;
  rowZeroShared: number;
}

function emptyStats(): BlockStats {
  return { layouts: new Set(), shapes: new Set(), blocks: 0, edges: [], squareDisconnected: 0, parallelograms: 0, rowZeroShared: 0 };
}

function addLayout(s: BlockStats, n: number, regions: Regions): void {
  const problem = regionProblem(n, regions, 'hex');
  if (problem) throw new Error(`bench: invalid layout: ${problem}`);
  s.layouts.add(regions.join(''));
  for (let g = 0; g < n; g++) {
    const cells: number[] = [];
    for (let c = 0; c < n * n; c++) if (regions[c] === g) cells.push(c);
    s.blocks++;
    s.shapes.add(shapeKey(n, regions, g));
    s.edges.push(innerEdges(n, regions, g));
    if (!isConnected(n, cells, 'square')) s.squareDisconnected++;
    const rows = cells.map((c) => Math.floor(c / n));
    const cols = cells.map((c) => c % n);
    if ((Math.max(...rows) - Math.min(...rows) + 1) * (Math.max(...cols) - Math.min(...cols) + 1) === n) s.parallelograms++;
  }
  for (let c = 1; c < n; c++) if (regions[c] === regions[0]) s.rowZeroShared++;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const pct = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

function speedAndVariety(): string {
  const rows: Array<Array<string | number>> = [];
  const LAYOUTS = 300;
  for (const n of [4, 5, 6, 7, 8, 9]) {
    const s = emptyStats();
    const layouts: Regions[] = [];
    for (let i = 0; i < 20; i++) randomLayout(n, new Rng('warm', n, i));
    const t0 = performance.now();
    for (let i = 0; i < LAYOUTS; i++) layouts.push(randomLayout(n, new Rng('bench-layout', n, i)));
    const layoutMs = (performance.now() - t0) / LAYOUTS;
    for (const l of layouts) addLayout(s, n, l);
    let filled = 0;
    const fillStats = { deals: 0, nodes: 0 };
    const t1 = performance.now();
    for (let i = 0; i < LAYOUTS; i++) if (randomSolution(geometryFor(n, layouts[i]!), new Rng('bench-fill', n, i), IRREGULAR_FILL, fillStats)) filled++;
    const fillMs = (performance.now() - t1) / LAYOUTS;
    rows.push([
      `${n}×${n}`,
      (layoutMs * 1000).toFixed(0),
      (fillMs * 1000).toFixed(0),
      pct(LAYOUTS - filled, LAYOUTS),
      (fillStats.nodes / LAYOUTS).toFixed(0),
      `${s.layouts.size} / ${LAYOUTS}`,
      `${s.shapes.size} / ${s.blocks}`,
      `${mean(s.edges).toFixed(1)} (${Math.min(...s.edges)}–${Math.max(...s.edges)})`,
      pct(s.squareDisconnected, s.blocks),
      pct(s.parallelograms, s.blocks),
    ]);
  }
  return [
    '### Irregular layouts: speed, rejection, variety',
    '',
    `${LAYOUTS} layouts per size (walk of ${defaultSwaps(9).toLocaleString('en')} steps on 9×9). "rejected" = layouts no deal of the fill plan`,
    'completed (the generator draws another). Distinct shapes count blocks up to translation; inner edges',
    'measure compactness (a 3×3 rhombus has 16, a snake of 9 cells 8); "square-disconnected" blocks hold',
    'together only through the hex diagonal (r−1, c+1)–(r+1, c−1); "parallelograms" fill their bounding',
    'box exactly (the regular block shape and its cousins).',
    '',
    table(['size', 'µs/layout', 'µs/fill', 'rejected', 'fill nodes', 'distinct layouts', 'distinct block shapes', 'inner edges/block', 'square-disconnected', 'parallelograms'], rows),
  ].join('\n');
}

function mixing(): string {
  const n = 9;
  const LAYOUTS = 200;
  const rows: Array<Array<string | number>> = [];
  for (const multiple of [0.5, 1, 2, 3, 10, 30]) {
    const s = emptyStats();
    const steps = Math.round(multiple * n * n * n);
    for (let i = 0; i < LAYOUTS; i++) addLayout(s, n, randomLayout(n, new Rng('bench-mixing', multiple, i), steps));
    rows.push([
      `${multiple}·N³ = ${steps.toLocaleString('en')}${steps === defaultSwaps(n) ? ' (default)' : ''}`,
      mean(s.edges).toFixed(2),
      (s.rowZeroShared / LAYOUTS).toFixed(2),
      `${s.shapes.size} / ${s.blocks}`,
      pct(s.squareDisconnected, s.blocks),
    ]);
  }
  return [
    '### Layout mixing (9×9): statistics against walk length',
    '',
    'The walk starts from the rows (row 0 shares its block with all 8 other cells). Once the columns',
    'stop moving, the start is forgotten.',
    '',
    table(['walk steps', 'inner edges/block', 'row-0 cells sharing cell 0\'s block', 'distinct shapes', 'square-disconnected'], rows),
  ].join('\n');
}

export function layoutSections(): string[] {
  return [speedAndVariety(), '', mixing()];
}
