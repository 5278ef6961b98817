import { describe, expect, test } from 'vitest';
import { canonicalRequest, puzzleSeed, requestProblem, type BoardRequest } from '../../src/numbridge-board/request.ts';

const R = (r: Partial<BoardRequest>): BoardRequest => ({ size: 9, blocks: 'regular', givens: 30, ...r });

describe('board requests', () => {
  test.each([
    [R({ size: 5 }), /5×5 has no regular blocks/],
    [R({ size: 7, givens: 19 }), /7×7 has no regular blocks/],
    [R({ size: 10 }), /size 10 is outside 4..9/],
    [R({ givens: 16 }), /givens 16 is outside 17..80/],
    [R({ givens: 81 }), /outside 17..80/],
    [R({ size: 6, givens: 7 }), /outside 8..35/],
    [R({ size: 5, blocks: 'irregular', givens: 3 }), /outside 4..24/],
    [R({ grade: 0 }), /grade 0 is outside 1..4/],
    [R({ grade: 5 }), /grade 5 is outside 1..4/],
    [R({ size: 6, givens: 13, symmetry: 'rot180' }), /must be even/],
    [R({ givens: 30.5 }), /givens 30.5/],
    [R({ budget: { grids: 0 } }), /budget.grids/],
    [R({ size: 4, givens: 6, grade: 2 }), /4×4 regular boards never need more than singles/],
    [R({ size: 4, givens: 4, grade: 4 }), /every unique one is grade 1/],
    [R({ givens: undefined }), /givens: a number is needed \(only a practice request, --technique, may leave it out\)/],
    [R({ technique: 'full-house', givens: 55 }), /full-house can't be the hardest step with 55 givens on 9×9: .* at least 56 givens/],
    [R({ size: 6, technique: 'full-house', givens: 19 }), /at least 20 givens/],
    [R({ size: 4, technique: 'locked-pair', givens: undefined }), /locked-pair can't be the hardest step on 4×4 regular boards: singles solve every unique one/],
  ])('%o cannot be met', (request, reason) => {
    expect(requestProblem(request, 4)).toMatch(reason);
  });

  test.each([R({}), R({ size: 6, givens: 14, symmetry: 'rot180' }), R({ size: 7, blocks: 'irregular', givens: 20, grade: 2 }), R({ size: 9, givens: 17 }), R({ size: 4, givens: 6, grade: 1 }), R({ size: 4, blocks: 'irregular', givens: 6, grade: 2 }), R({ technique: 'x-wing', givens: undefined }), R({ technique: 'full-house', givens: 56 }), R({ size: 6, technique: 'full-house', givens: undefined, symmetry: 'rot180' })])('%o can be posed', (request) => {
    expect(requestProblem(request, 4)).toBeNull();
  });

  test('the canonical text fills defaults and ignores the budget', () => {
    expect(canonicalRequest(R({}))).toBe('size=9,blocks=regular,givens=30,grade=any,symmetry=none');
    expect(canonicalRequest(R({ budget: { grids: 3 }, symmetry: 'none' }))).toBe(canonicalRequest(R({})));
    expect(canonicalRequest(R({ grade: 2, symmetry: 'diag' }))).toBe('size=9,blocks=regular,givens=30,grade=2,symmetry=diag');
    // a practice request without a count: any number of givens
    expect(canonicalRequest(R({ givens: undefined, technique: 'x-wing' }))).toBe('size=9,blocks=regular,givens=any,grade=any,symmetry=none,technique=x-wing');
  });

  test('puzzle seeds depend on the run seed, the request and k only', () => {
    const a = puzzleSeed('run', R({}), 0);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(puzzleSeed('run', R({ budget: { grids: 1 } }), 0)).toBe(a);
    const others = [puzzleSeed('run', R({}), 1), puzzleSeed('run2', R({}), 0), puzzleSeed('run', R({ givens: 31 }), 0), puzzleSeed('run', R({ grade: 1 }), 0)];
    expect(new Set([a, ...others]).size).toBe(5);
  });
});
