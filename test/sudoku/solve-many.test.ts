import { describe, expect, test } from 'vitest';
import { solve as solveInput, solveMany as solveInputs } from '../../src/browser.ts';
import { InputError } from '../../src/core/errors.ts';
import { Rng } from '../../src/core/rng.ts';
import { parseLine } from '../../src/sudoku/line-format.ts';
import { regularBlockShape, regularRegions } from '../../src/sudoku/regions.ts';
import { randomLayout } from '../../src/numbridge-board/layouts.ts';
import { boardLine, LineError } from '../../src/sudoku/line-format.ts';
import { solve, solveMany } from '../../src/sudoku/solver.ts';
import type { Board } from '../../src/sudoku/types.ts';
import { dataLines } from '../helpers/data.ts';

describe('solveMany', () => {
  test('gives what solve gives, board by board, on a mix of layouts and counts', () => {
    const lines = [
      ...dataLines('oracles/solution-counts.txt').map((l) => l.split(':')[0]!),
      ...dataLines('classic/top1465.txt').slice(0, 30),
    ];
    const boards: Board[] = lines.map(parseLine);
    // layouts change between consecutive boards: the solver cache must follow them
    const sixBySix = solve({ size: 6, regions: regularRegions(6), givens: new Uint8Array(36) }, { rng: new Rng('fill', 1) }).solution!;
    boards.splice(5, 0, { size: 6, regions: regularRegions(6), givens: Uint8Array.from(sixBySix, (d, i) => (i % 3 ? d : 0)) });
    const batch = solveMany(boards, { limit: 2 });
    expect(batch.map((r) => r.count)).toEqual(boards.map((b) => solve(b, { limit: 2 }).count));
    expect(batch.map((r) => r.solution?.join(''))).toEqual(boards.map((b) => solve(b, { limit: 2 }).solution?.join('')));
    expect(solveInputs(lines, { limit: 2 }).map((r) => r.count)).toEqual(lines.map((l) => solveInput(l, { limit: 2 }).count));
  });

  test('a regions array changed in place between calls is not mistaken for the last layout', () => {
    const regions = regularRegions(4).slice();
    const givens = new Uint8Array(16);
    givens.set([1, 2, 3, 4], 0);
    expect(solve({ size: 4, regions, givens }, { limit: 10 }).count).toBe(solve({ size: 4, regions: regularRegions(4), givens }, { limit: 10 }).count);
    // swap two cells between blocks 0 and 1 in place: a different layout in the same array
    [regions[1], regions[2]] = [regions[2]!, regions[1]!];
    const after = solve({ size: 4, regions, givens }, { limit: 10 }).count;
    expect(after).toBe(solve({ size: 4, regions: regions.slice(), givens }, { limit: 10 }).count);
  });

  test('a plain line solved through the scratch board gives what its parsed Board gives, on every regular size, in any order', () => {
    const nine = dataLines('oracles/solution-counts.txt').map((l) => l.split(':')[0]!);
    const filled = (size: number, seed: number) =>
      solve({ size, regions: regularRegions(size), givens: new Uint8Array(size * size) }, { rng: new Rng('scratch', seed) }).solution!;
    const lines: string[] = [...nine.slice(0, 6)];
    for (const size of [4, 6, 8, 9]) {
      for (let k = 0; k < 3; k++) {
        const grid = filled(size, size * 10 + k);
        // every third cell emptied, as '.' or as '0' (both are empty), and one near-empty line
        lines.push(Array.from(grid, (d, i) => (i % 3 === k ? (k === 1 ? '0' : '.') : String(d))).join(''));
        lines.push(Array.from(grid, (d, i) => (i < size ? String(d) : '.')).join(''));
      }
    }
    // interleaved sizes, and a line that stops being plain at its last cell right before a plain one
    const mixed = lines.flatMap((l, i) => [l, lines[(i * 7) % lines.length]!]);
    mixed.splice(3, 0, nine[0]!.slice(0, 80) + 'x', '   ' + nine[1]!.slice(3) + '   ');
    for (const line of mixed) {
      let viaScratch: ReturnType<typeof solveInput> | Error, viaBoard: ReturnType<typeof solve> | Error;
      try { viaScratch = solveInput(line, { limit: 3 }); } catch (e) { viaScratch = e as Error; }
      try { viaBoard = solve(parseLine(line), { limit: 3 }); } catch (e) { viaBoard = e as Error; }
      if (viaBoard instanceof Error) {
        expect(viaScratch, line).toBeInstanceOf(InputError);
        continue;
      }
      expect(viaScratch, line).not.toBeInstanceOf(Error);
      const r = viaScratch as ReturnType<typeof solve>;
      expect([r.count, r.nodes, r.complete, r.solution?.join('')], line).toEqual([viaBoard.count, viaBoard.nodes, viaBoard.complete, viaBoard.solution?.join('')]);
    }
    // a result owns its solution: the next call on the scratch board does not change it
    const first = solveInput(nine[0]!, { limit: 2 }).solution!.join('');
    const kept = solveInput(nine[0]!, { limit: 2 }).solution!;
    solveInput(nine[1]!, { limit: 2 });
    expect(kept.join('')).toBe(first);
    // clashing givens are refused with their column, as the Board path refuses them
    expect(() => solveInput('11' + nine[0]!.slice(2))).toThrow(/^<argument>:2: givens clash/);
  });

  test('a `givens:blocks` line solved on its remembered layout gives what its parsed Board gives, on sizes 4..9', () => {
    const lines: string[] = [];
    for (const size of [4, 5, 6, 7, 8, 9]) {
      for (let k = 0; k < 4; k++) {
        const regions = k === 3 && regularBlockShape(size) ? regularRegions(size) : randomLayout(size, new Rng('mapped-layout', size, k));
        const grid = solve({ size, regions, givens: new Uint8Array(size * size) }, { rng: new Rng('mapped-fill', size, k), maxNodes: 20_000 }).solution;
        if (!grid) continue;
        const keep = new Rng('mapped-keep', size, k);
        const map = boardLine({ size, regions, givens: new Uint8Array(size * size) }).split(':')[1] ?? Array.from(regions, (g) => String.fromCharCode(65 + g)).join('');
        const givens = (p: number) => Array.from(grid, (d) => (keep.chance(p) ? String(d) : '.')).join('');
        lines.push(`${givens(0.5)}:${map}`, `${givens(0.25)}:${map}`, `${givens(0.05)}:${map}`);
        // a clash under these blocks (two equal digits in block 0), a bad character, a broken map
        const first = regions.indexOf(0), second = regions.indexOf(0, first + 1);
        const clash = Array.from(grid, (d, i) => (i === second ? String(grid[first]) : i === first ? String(d) : '.')).join('');
        lines.push(`${clash}:${map}`, `${givens(0.3).slice(0, -1)}x:${map}`, `${givens(0.3)}:${map.slice(1)}${map[0] === 'A' ? 'B' : 'A'}`);
      }
    }
    // a refusal as `<argument>:COLUMN: reason`, whichever way it came
    const outcome = (f: () => ReturnType<typeof solve>): unknown => {
      try {
        const r = f();
        return { count: r.count, nodes: r.nodes, complete: r.complete, solution: r.solution?.join('') };
      } catch (e) {
        if (e instanceof LineError) return `<argument>:${e.column}: ${e.message}`;
        if (e instanceof InputError) return e.message;
        throw e;
      }
    };
    // twice over: the first time each map is read (and remembered), the second time it is known
    for (const line of [...lines, ...lines]) {
      const viaLine = outcome(() => solveInput(line, { limit: 3, maxNodes: 50_000 }));
      const viaBoard = outcome(() => solve(parseLine(line), { limit: 3, maxNodes: 50_000 }));
      expect(viaLine, line).toEqual(viaBoard);
    }
  });

  test('bad input names the puzzle by its place in the batch', () => {
    const good = dataLines('classic/top1465.txt')[0]!;
    const bad = '11' + good.slice(2); // two 1s in row 1: clashing givens
    expect(() => solveInputs([good, good, bad])).toThrow(InputError);
    expect(() => solveInputs([good, good, bad])).toThrow(/^<argument>:3(:\d+)?: /);
    // a Board the solver refuses is named by its place too, before a later bad line is read
    const seven = { size: 4, regions: regularRegions(4), givens: Uint8Array.from({ length: 16 }, (_, i) => (i === 0 ? 7 : 0)) };
    expect(() => solveInputs([good, seven, '.'.repeat(15) + 'x'])).toThrow(/^<argument>:2: digit 7 in cell 0 exceeds size 4$/);
  });
});

describe('solution grids (views into shared buffers)', () => {
  test('each result keeps its own solution through many later solves, and writing one changes no other', () => {
    // every engine: the generic search (a random order: a 6×6 and an irregular 9×9 grid), fast9
    // (regular 9×9 lines), the per-digit search (those grids with a third of their cells removed)
    const lines = dataLines('classic/top1465.txt').slice(0, 40);
    const six = solve({ size: 6, regions: regularRegions(6), givens: new Uint8Array(36) }, { rng: new Rng('grids', 1) });
    const irregular = randomLayout(9, new Rng('grids', 2));
    const nine = solve({ size: 9, regions: irregular, givens: new Uint8Array(81) }, { rng: new Rng('grids', 3) });
    const holes = (grid: Uint8Array) => Uint8Array.from(grid, (d, i) => (i % 3 === 0 ? 0 : d));
    const results = [
      six, nine, ...lines.map((l) => solveInput(l, { limit: 2 })),
      solve({ size: 6, regions: regularRegions(6), givens: holes(six.solution!) }, { limit: 2 }),
      solve({ size: 9, regions: irregular, givens: holes(nine.solution!) }, { limit: 2 }),
    ];
    const texts = results.map((r) => r.solution!.join(''));
    for (let k = 0; k < 200; k++) solveInput(lines[k % lines.length]!, { limit: 2 }); // more grids from the same buffers
    expect(results.map((r) => r.solution!.join(''))).toEqual(texts);
    expect(results.map((r) => r.solution!.length)).toEqual([36, 81, ...lines.map(() => 81), 36, 81]);
    expect(texts.at(-2)).toBe(texts[0]); // the grids with holes are filled back as they were
    expect(texts.at(-1)).toBe(texts[1]);
    results[2]!.solution!.fill(0);
    expect(results.filter((_, i) => i !== 2).map((r) => r.solution!.join(''))).toEqual(texts.filter((_, i) => i !== 2));
    // the same board solved again gives an equal grid in a different place
    const again = solveInput(lines[1]!, { limit: 2 }).solution!;
    expect(again.join('')).toBe(texts[3]);
  });

  test('a copy (`slice()`) owns its buffer, so transferring it leaves every other grid whole', () => {
    const lines = dataLines('classic/top1465.txt').slice(0, 3);
    const [a, b, c] = lines.map((l) => solveInput(l, { limit: 2 }).solution!);
    const copy = b!.slice();
    expect(copy.buffer.byteLength).toBe(81);
    structuredClone(copy, { transfer: [copy.buffer] });
    expect(copy.length).toBe(0); // detached: it went to the receiver
    expect([a, b, c].map((g) => g!.length)).toEqual([81, 81, 81]);
    expect(b!.join('')).toBe(solveInput(lines[1]!, { limit: 2 }).solution!.join(''));
  });
});
