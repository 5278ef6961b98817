/**
 * Counting on near-empty irregular boards: the fewest-options search alone could spend more than
 * 5 M nodes there without finding two solutions; with randomised restarts the second solution
 * comes early. Counts stay facts: on boards the plain search decides, both agree.
 */
import { describe, expect, test } from 'vitest';
import { generateBoard } from '../../src/numbridge-board/generate.ts';
import { LayoutSolver, solve } from '../../src/sudoku/solver.ts';
import { geometryFor } from '../../src/sudoku/geometry.ts';
import type { Board } from '../../src/sudoku/types.ts';

// One of our own 9×9 irregular layouts on which the plain search was still undecided after 5 M nodes.
const HARD_LAYOUT = [
  [0, 0, 0, 1, 1, 2, 2, 2, 2], [0, 0, 0, 1, 1, 1, 1, 1, 2], [0, 0, 1, 3, 3, 4, 4, 4, 2],
  [0, 1, 3, 3, 4, 4, 2, 2, 2], [5, 5, 3, 4, 4, 4, 6, 6, 7], [5, 5, 3, 4, 8, 6, 6, 7, 7],
  [5, 3, 3, 8, 8, 6, 6, 6, 7], [5, 3, 8, 8, 8, 6, 6, 7, 7], [5, 5, 5, 8, 8, 8, 7, 7, 7],
].flat();

function boardOf(regions: ArrayLike<number>, givens: ArrayLike<number>): Board {
  return { size: 9, regions: Uint8Array.from(regions), givens: Uint8Array.from(givens) };
}

describe('counting solutions with restarts', () => {
  test('a near-empty board of a hard layout: two solutions found within 1 M nodes (the plain search: undecided after 5 M)', () => {
    const givens = new Uint8Array(81);
    givens[2] = 7;
    givens[3] = 4;
    const board = boardOf(HARD_LAYOUT, givens);
    const plain = new LayoutSolver(geometryFor(9, board.regions)).solveGeneric(board.givens, { limit: 2, maxNodes: 5_000_000 });
    expect(plain.complete).toBe(false);
    const r = solve(board, { limit: 2, maxNodes: 1_000_000 });
    expect(r).toMatchObject({ count: 2, complete: true });
    expect(r.nodes).toBeLessThanOrEqual(1_000_000);
  });

  test('the same board gets the same answer and the same node count every time', () => {
    const board = boardOf(HARD_LAYOUT, new Uint8Array(81));
    const a = solve(board, { limit: 2 });
    const b = solve(board, { limit: 2 });
    expect(a).toEqual(b);
  });

  test('boards of generated layouts with 0–6 givens left: every count decided within 2 M nodes; unique boards stay unique', () => {
    for (let k = 0; k < 6; k++) {
      const file = generateBoard({ size: 9, blocks: 'irregular', givens: 30 } as never, `restarts-${k}`);
      const regions = file.public.regions.flat();
      const givens = file.public.givens.flat();
      for (const keep of [0, 1, 3, 6]) {
        let kept = 0;
        const few = givens.map((d) => (d !== 0 && kept++ < keep ? d : 0));
        const r = solve(boardOf(regions, few), { limit: 2, maxNodes: 2_000_000 });
        expect(r, `layout ${k}, ${keep} givens`).toMatchObject({ count: 2, complete: true });
      }
      const whole = solve(boardOf(regions, givens), { limit: 2 });
      expect(whole.count).toBe(1);
      expect(Array.from(whole.solution!)).toEqual(file.secret!.solution.flat());
    }
  });

  test('where the plain search decides, the counts agree (0, 1, 2 and a budget that runs out)', () => {
    const file = generateBoard({ size: 9, blocks: 'irregular', givens: 30 } as never, 'restarts-agree');
    const regions = file.public.regions.flat();
    const givens = file.public.givens.flat();
    const solver = new LayoutSolver(geometryFor(9, Uint8Array.from(regions)));
    const clash = [...givens];
    const first = clash.findIndex((d) => d === 0);
    clash[first] = givens.find((d, i) => d !== 0 && Math.floor(i / 9) === Math.floor(first / 9))!; // a digit its row already has
    for (const g of [givens, givens.map((d, i) => (i % 3 === 0 ? 0 : d)), clash]) {
      const plain = solver.solveGeneric(Uint8Array.from(g), { limit: 2 });
      const r = solve(boardOf(regions, g), { limit: 2 });
      expect(r.count).toBe(plain.count);
      expect(r.complete).toBe(true);
    }
    const starved = solve(boardOf(HARD_LAYOUT, new Uint8Array(81)), { limit: 2, maxNodes: 10 });
    expect(starved.complete).toBe(false);
    expect(starved.nodes).toBeLessThanOrEqual(10);
  });
});

describe('solving (limit 1) with restarts', () => {
  test('a near-empty board of the hard layout is solved within 1 M nodes, and the solution is valid', () => {
    const givens = new Uint8Array(81);
    givens[2] = 7;
    givens[3] = 4;
    const board = boardOf(HARD_LAYOUT, givens);
    const r = solve(board, { maxNodes: 1_000_000 });
    expect(r).toMatchObject({ count: 1, complete: true });
    const again = solve(boardOf(HARD_LAYOUT, r.solution!), { limit: 2 });
    expect(again.count).toBe(1); // the solution is a full, valid grid of this layout
    expect(r.solution![2]).toBe(7);
    expect(r.solution![3]).toBe(4);
  });
});
