import { expect, test } from 'vitest';
import { exportPuzzle, importPuzzle, InputError, NotABoard, playerForm, renderPng, renderSvg } from '../../src/index.ts';
import { boardIrregular9, murderCase } from './samples.ts';

test('the library draws any file and moves boards in and out of other formats', () => {
  const board = boardIrregular9();
  expect(renderSvg(board)).toMatch(/^<svg /);
  expect(renderSvg(playerForm(board), { solution: true })).not.toContain('class="solution"');
  expect(renderSvg(murderCase(4), { lang: 'de', solution: true })).toContain('Täter');
  expect([...renderPng(board, { scale: 0.5 }).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
  const link = exportPuzzle(board, 'sudokupad');
  expect(importPuzzle(link).id).toBe(board.id);
  expect(importPuzzle(exportPuzzle(board, 'ipuz')).id).toBe(board.id);
  expect(() => importPuzzle('{"kind": ')).toThrow(InputError);
  expect(() => importPuzzle('.'.repeat(81))).toThrow(NotABoard);
  expect(() => renderSvg({ format: 'puzzlemill/unknown' })).toThrow(/cannot draw/);
});
