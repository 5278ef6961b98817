/**
 * Same puzzle, same id, same grade (issue 12, point 4): a board's id, fingerprint, grade and score
 * depend on the puzzle, never on the numbers its blocks carry. A board with its digits swapped keeps
 * its fingerprint and its grade (level and score: gradeBoard) but gets its own id, since it looks
 * different to a player (src/numbridge-board/README.md, "Ids").
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { importPuzzle } from '../../src/index.ts';
import { boardId } from '../../src/numbridge-board/board-file.ts';
import { fingerprint } from '../../src/numbridge-board/canonical.ts';
import { generateBoard } from '../../src/numbridge-board/generate.ts';
import type { NumbridgeBoardFile } from '../../src/numbridge-board/schema.ts';
import { verifyBoard } from '../../src/numbridge-board/verify.ts';
import { gradeBoard } from '../../src/sudoku/logic/index.ts';

const BOARDS: NumbridgeBoardFile[] = [
  generateBoard({ size: 9, blocks: 'irregular', givens: 28 }, 'invariance/9i'),
  generateBoard({ size: 9, blocks: 'regular', givens: 28, grade: 3 }, 'invariance/9r'),
  // a medium board: its place in the level comes from a second path, in Sudoku Explainer's order (score.ts)
  generateBoard({ size: 9, blocks: 'regular', givens: 28, grade: 2 }, 'invariance/9r-medium'),
  generateBoard({ size: 9, blocks: 'irregular', givens: 26, grade: 3 }, 'invariance/9i-hard'),
  generateBoard({ size: 6, blocks: 'irregular', givens: 12 }, 'invariance/6i'),
  generateBoard({ size: 7, blocks: 'irregular', givens: 18 }, 'invariance/7i'),
];

const flat = (rows: number[][]) => Uint8Array.from(rows.flat());
const permutation = (n: number) => fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n });
const boardAndPermutation = fc.nat(BOARDS.length - 1).chain((b) => fc.tuple(fc.constant(BOARDS[b]!), permutation(BOARDS[b]!.public.size)));

function graded(size: number, regions: Uint8Array, givens: Uint8Array) {
  return gradeBoard({ size, regions, givens })!.grade;
}

describe('block labels do not matter', () => {
  test.prop([boardAndPermutation], { numRuns: 40 })('relabelled blocks: same id, fingerprint, grade and score; verify still passes', (pair) => {
    const [file, perm] = pair;
    const n = file.public.size;
    const regions = flat(file.public.regions);
    const givens = flat(file.public.givens);
    const relabelled = regions.map((g) => perm[g]!);
    expect(boardId(n, relabelled, givens)).toBe(file.id);
    expect(fingerprint(n, relabelled, givens)).toBe(fingerprint(n, regions, givens));
    expect(graded(n, relabelled, givens)).toEqual(file.public.grade);

    const moved = structuredClone(file);
    moved.public.regions = moved.public.regions.map((row) => row.map((g) => perm[g]!));
    expect(verifyBoard(moved).problems).toEqual([]);
  });

  test.prop([fc.nat(BOARDS.length - 1), permutation(9)], { numRuns: 10 })('an imported line with its block map lettered otherwise: same id and grade', (b, perm) => {
    const file = BOARDS[b]!;
    const n = file.public.size;
    const line = file.public.givens.flat().map((d) => (d === 0 ? '.' : String(d))).join('');
    const map = (label: (g: number) => number) => file.public.regions.flat().map((g) => String.fromCharCode(65 + label(g))).join('');
    const plain = importPuzzle(`${line}:${map((g) => g)}`);
    const other = importPuzzle(`${line}:${map((g) => perm.filter((p) => p < n)[g]!)}`);
    expect(other.id).toBe(plain.id);
    expect(other.id).toBe(file.id);
    expect(other.public.grade).toEqual(plain.public.grade);
  });
});

describe('digit labels', () => {
  test.prop([boardAndPermutation], { numRuns: 40 })('relabelled digits: same fingerprint, grade level and score, another id', (pair) => {
    const [file, perm] = pair;
    const n = file.public.size;
    const regions = flat(file.public.regions);
    const givens = flat(file.public.givens);
    const relabelled = givens.map((d) => (d === 0 ? 0 : perm[d - 1]! + 1));
    expect(fingerprint(n, regions, relabelled)).toBe(fingerprint(n, regions, givens));
    expect(graded(n, regions, relabelled)).toEqual(file.public.grade);
    if (perm.some((p, i) => p !== i)) expect(boardId(n, regions, relabelled)).not.toBe(file.id);
  });
});

