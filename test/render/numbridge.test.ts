import { describe, expect, test } from 'vitest';
import { playerForm } from '../../src/numbridge-board/board-file.ts';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { EDGE_NEIGHBOUR, hexCorners, type HexLayout } from '../../src/render/hex.ts';
import { blockTints, hexRadius, numbridgePicture } from '../../src/render/numbridge.ts';
import { neighbours } from '../../src/sudoku/hex.ts';
import { boardBlitz6, boardIrregular5, boardIrregular9, boardRegular9 } from './samples.ts';
import { countClass, textsOfClass, wellFormed } from './svg-helpers.ts';

const boards: Array<[string, () => NumbridgeBoardFile]> = [
  ['regular 9×9', boardRegular9],
  ['irregular 9×9', boardIrregular9],
  ['Blitz 6×6', boardBlitz6],
  ['irregular 5×5', boardIrregular5],
];

/** Pairs of hex neighbours (RULES.md, src/sudoku/hex.ts) in different blocks: the thick borders. */
function blockBorders(file: NumbridgeBoardFile): number {
  const n = file.public.size;
  const regions = file.public.regions.flat();
  let count = 0;
  for (let a = 0; a < n * n; a++) for (const b of neighbours(n, a, 'hex')) if (b > a && regions[a] !== regions[b]) count++;
  return count;
}

describe.each(boards)('Numbridge picture of a %s board', (_name, make) => {
  const file = make();
  const n = file.public.size;
  const givens = file.public.givens.flat();
  const solution = file.secret!.solution.flat();

  test('one hexagon per cell, one thick segment per block border, the outline sides per player', () => {
    const { svg } = numbridgePicture(playerForm(file), { solution: false, lang: 'en' });
    expect(wellFormed(svg)).toBe(true);
    expect(countClass(svg, 'cell')).toBe(n * n);
    expect(countClass(svg, 'block-edge')).toBe(blockBorders(file));
    // top and bottom rows: 2N outer edges each, one of them shared with a side at the obtuse corner
    expect(countClass(svg, 'side-1')).toBe(2 * (2 * n - 1));
    expect(countClass(svg, 'side-2')).toBe(2 * (2 * n - 1));
    expect(countClass(svg, 'row-label')).toBe(n);
    expect(countClass(svg, 'column-label')).toBe(n);
  });

  test('givens in reading order; no solution digit without --solution', () => {
    const { svg } = numbridgePicture(playerForm(file), { solution: false, lang: 'en' });
    expect(textsOfClass(svg, 'given')).toEqual(givens.filter((d) => d > 0).map(String));
    expect(countClass(svg, 'solution')).toBe(0);
    expect(svg).not.toContain(file.secret!.seed);
  });

  test('with --solution: every empty cell shows its solution digit, in another class and colour', () => {
    const { svg } = numbridgePicture(file, { solution: true, lang: 'de' });
    const empty = givens.map((d, i) => (d === 0 ? String(solution[i]) : null)).filter((d) => d !== null);
    expect(textsOfClass(svg, 'solution')).toEqual(empty);
    expect(textsOfClass(svg, 'given')).toEqual(givens.filter((d) => d > 0).map(String));
    expect(svg).toContain('Lösungsziffern');
  });

  test('the full file drawn without --solution is byte-identical to its player form', () => {
    expect(numbridgePicture(file, { solution: false, lang: 'en' }).svg).toBe(numbridgePicture(playerForm(file), { solution: false, lang: 'en' }).svg);
  });
});

test('block tints: blocks that share an edge never share a tint', () => {
  for (const [, make] of boards) {
    const { size: n, regions } = make().public;
    const flat = regions.flat();
    const tints = blockTints(n, flat);
    for (let a = 0; a < n * n; a++) for (const b of neighbours(n, a, 'hex')) if (flat[a] !== flat[b]) expect(tints[flat[a]!]).not.toBe(tints[flat[b]!]);
  }
});

describe('hex geometry', () => {
  const layout: HexLayout = { size: 9, radius: 20, x0: 100, y0: 100 };
  const key = ([x, y]: readonly [number, number]) => `${x.toFixed(3)},${y.toFixed(3)}`;
  const corners = (cell: number) => new Set(hexCorners(layout, Math.floor(cell / 9), cell % 9).map(key));

  test('drawn hexagons share an edge exactly with the hex neighbours of RULES.md', () => {
    for (let a = 0; a < 81; a++) {
      const mine = corners(a);
      const touching = new Set(neighbours(9, a, 'hex'));
      for (let b = 0; b < 81; b++) {
        if (b === a) continue;
        const shared = [...corners(b)].filter((p) => mine.has(p)).length;
        expect(shared, `cells ${a} and ${b}`).toBe(touching.has(b) ? 2 : 0);
      }
    }
  });

  test('edge k faces the neighbour EDGE_NEIGHBOUR[k]', () => {
    const r = 4, c = 4;
    const mine = hexCorners(layout, r, c).map(key);
    EDGE_NEIGHBOUR.forEach(([dr, dc], k) => {
      const other = corners((r + dr) * 9 + (c + dc));
      expect(other.has(mine[k]!) && other.has(mine[(k + 1) % 6]!)).toBe(true);
    });
  });

  test('row r is shifted r half-cells right (the rhombus leans right)', () => {
    const file = boardRegular9();
    const { svg } = numbridgePicture(playerForm(file), { solution: false, lang: 'en' });
    const first = [...svg.matchAll(/<polygon points="([^"]+)" class="cell"/g)].map((m) => Number(m[1]!.split(' ')[0]!.split(',')[0]));
    // the top corner of (r, 0) moves half a cell width per row
    const half = (Math.sqrt(3) * hexRadius(9)) / 2;
    expect(first[9]! - first[0]!).toBeCloseTo(half, 1);
    expect(first[18]! - first[9]!).toBeCloseTo(half, 1);
  });
});
