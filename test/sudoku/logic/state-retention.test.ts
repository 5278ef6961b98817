/**
 * A layout's prover state lives as long as its geometry, and the geometry cache holds thousands
 * of layouts while a generator runs: a state that kept its last run's proof steps kept every
 * board's proof alive (measured: 4 MB promoted per scavenge generating irregular boards, 1 MB
 * without). The steps are handed to the caller and the state keeps none.
 */
import { describe, expect, test } from 'vitest';
import { Rng } from '../../../src/core/rng.ts';
import { geometryInBlockOrder } from '../../../src/sudoku/geometry.ts';
import { findInstances, prove, stateFor } from '../../../src/sudoku/logic/index.ts';
import { irregularSolution, minimalPuzzle } from './boards.ts';

describe('prover state after a run', () => {
  test('prove and findInstances return the steps and leave none in the shared state', () => {
    const { regions, solution } = irregularSolution(9, new Rng('state-retention'));
    const board = minimalPuzzle(9, regions, solution, new Rng('state-retention', 'puzzle'));
    const run = prove(board, { collectSteps: true });
    expect(run.steps.length).toBeGreaterThan(10);
    const state = stateFor(geometryInBlockOrder(9, regions));
    expect(state.steps).toHaveLength(0);
    // the same steps again from a second run: nothing was lost by handing them over
    expect(prove(board, { collectSteps: true }).steps).toEqual(run.steps);
    const grid = Uint8Array.from(board.givens);
    const candidates = Uint16Array.from(grid, (d) => (d ? 0 : 0x1ff));
    findInstances({ size: 9, regions, grid, candidates }, 'hidden-single');
    expect(state.steps).toHaveLength(0);
  });
});
