import { describe, expect, test } from 'vitest';
import { replay } from '../../src/games/domino/replay.ts';
import { dominoDealPicture, dominoPositionPicture, dominoRecordPicture } from '../../src/render/games/domino.ts';
import { kosmosDealPicture, kosmosRecordPicture } from '../../src/render/games/kosmos.ts';
import { pictureOf } from '../../src/render/pictures.ts';
import { dominoDeal, dominoRecord, kosmosDeal, kosmosRecord } from './samples.ts';
import { countClass, textsOfClass, wellFormed } from './svg-helpers.ts';

describe('Kosmos pictures', () => {
  test('a deal shows the nine gold tiles; the pile and the completion only with --solution', () => {
    const deal = kosmosDeal();
    const plain = pictureOf(deal, { source: 'deal' }, { solution: false, lang: 'en' });
    expect(wellFormed(plain.picture.svg)).toBe(true);
    expect(countClass(plain.picture.svg, 'gold')).toBe(9 + 1); // + the legend tile
    expect(countClass(plain.picture.svg, 'completion')).toBe(0);
    expect(countClass(plain.picture.svg, 'pile')).toBe(0);
    const solved = kosmosDealPicture(deal, { solution: true, lang: 'de' });
    expect(textsOfClass(solved.svg, 'completion')).toHaveLength(72);
    expect(countClass(solved.svg, 'pile')).toBe(1);
    expect(solved.svg).toContain('Stapel in Ziehreihenfolge (geheim)');
  });

  test('a record replayed: gold, every tile that stayed, the late error and the last move', () => {
    const record = kosmosRecord();
    const { svg } = kosmosRecordPicture(record, { solution: false, lang: 'en' });
    const stayed = record.public.turns.filter((t) => 'cell' in t).length;
    // tiles on the board plus three legend tiles
    expect(countClass(svg, 'tile')).toBe(9 + stayed + 3);
    expect(countClass(svg, 'late-error')).toBe(1 + 1);
    expect(countClass(svg, 'last-move')).toBe(1 + 1);
    expect(countClass(svg, 'score')).toBe(2);
    const early = kosmosRecordPicture(record, { solution: false, lang: 'en', turn: 5 });
    expect(countClass(early.svg, 'tile')).toBe(9 + 5 + 3);
    expect(early.svg).toContain('after turn 5/');
  });
});

describe('Domino pictures', () => {
  test('a deal: the empty board and every hand', () => {
    const deal = dominoDeal();
    const { svg } = dominoDealPicture(deal, { solution: false, lang: 'en' });
    expect(countClass(svg, 'hand')).toBe(3);
    expect(countClass(svg, 'domino')).toBe(36);
    expect(countClass(svg, 'tile')).toBe(0);
  });

  test('a record: every domino that stayed is one joined piece over its two cells', () => {
    const record = dominoRecord();
    const report = replay(record);
    const onBoard = new Set(Array.from(report.final.dominoAt).filter((id) => id >= 0)).size;
    const { svg } = dominoRecordPicture(record, 'example', { solution: false, lang: 'de' });
    expect(wellFormed(svg)).toBe(true);
    const loose = countClass(svg, 'loose');
    expect(countClass(svg, 'domino') - loose).toBe(onBoard);
    let held = 0;
    for (const h of report.final.holder) if (h >= 0) held++;
    expect(loose).toBe(held);
    // rule breaks that stayed on the board (the sheet's **) errors and any the referee finds)
    const impossible = new Set(['not-in-hand', 'not-adjacent', 'occupied']);
    const broke = report.moves.filter((m) => m.turn !== null && m.violations.length > 0 && !m.violations.some((v) => impossible.has(v)));
    expect(broke.length).toBeGreaterThanOrEqual(2);
    expect(countClass(svg, 'late-error')).toBe(broke.length);
    expect(countClass(svg, 'last-move')).toBe(1);
    expect(countClass(svg, 'score')).toBe(4);
    expect(svg).toContain('Sieger');
  });

  test('a position: single tiles (a position does not say which cells pair up), the dominoes left and the last one', () => {
    const record = dominoRecord();
    const state = replay({ ...record, turns: record.turns.slice(0, 8), leftovers: [], totals: record.players.map(() => null), winnerClaims: [] }).final;
    const board = Array.from({ length: 9 }, (_, r) => Array.from(state.board.subarray(r * 9, r * 9 + 9)));
    const position = {
      format: 'puzzlemill/domino-position',
      version: 1,
      id: 'pos',
      public: { board, remaining: [[1, 2], [3, 4]], last: [4, 9] },
    } as const;
    const { svg } = dominoPositionPicture(position as never, { solution: false, lang: 'en' });
    expect(countClass(svg, 'tile')).toBe(board.flat().filter((d) => d > 0).length);
    expect(countClass(svg, 'domino')).toBe(3);
    expect(countClass(svg, 'last-move')).toBe(1);
  });
});
