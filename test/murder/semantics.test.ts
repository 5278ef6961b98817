/**
 * What clues mean (RULES.md and the sheet), on hand-built boards, under the strict reading and
 * the misreadings; and the prover's bit masks against the cell-by-cell reference semantics on
 * many random plans (two independent implementations that must agree everywhere).
 */
import { describe, expect, test } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { OBJECT_IDS } from '../../src/murder/catalogue/objects.ts';
import { SETTINGS } from '../../src/murder/catalogue/settings.ts';
import { cellAt, hasCell } from '../../src/murder/cells.ts';
import { drawLayout } from '../../src/murder/layout.ts';
import { modelFromCodes, type CaseModel } from '../../src/murder/model.ts';
import { compileBoard, compileClue } from '../../src/murder/prover/board.ts';
import type { ClueFact } from '../../src/murder/schema.ts';
import { clueHolds, holdsAt, isCorner, MISREADINGS, STRICT, type Reading } from '../../src/murder/truth.ts';
import { handModel } from './fixtures.ts';

const reading = (key: string): Reading => MISREADINGS.find((m) => m.key === key)!.reading;
const cellsWhere = (model: CaseModel, test: (cell: number) => boolean) => {
  const out: string[] = [];
  for (let r = 0; r < model.size; r++) for (let c = 0; c < model.size; c++) if (test(cellAt(r, c))) out.push(`${r}${c}`);
  return out;
};

// Room a is an L: the top row and the left column. Room b is an L around a plant.
const L_PLAN = {
  plan: ['aaab', 'abbb', 'accd', 'accd'],
  objects: ['....', 'aP..', '....', '...c'],
  people: [
    { id: 'vera', gender: 'f' as const, clues: [{ kind: 'victim' } as ClueFact] },
    { id: 'max', gender: 'm' as const, clues: [] },
    { id: 'ida', gender: 'f' as const, clues: [] },
    { id: 'leo', gender: 'm' as const, clues: [] },
  ],
};

describe('corners of a room', () => {
  const model = handModel(L_PLAN);
  test('an L-shaped room has corners at its ends and its elbow, not along its arms', () => {
    const roomA = cellsWhere(model, (cell) => model.roomOf[cell] === 0 && isCorner(model, cell, STRICT));
    expect(roomA).toEqual(['00', '02', '30']);
  });
  test('every corner of every room (walls: board edge or another room)', () => {
    expect(cellsWhere(model, (cell) => isCorner(model, cell, STRICT))).toEqual(['00', '02', '03', '11', '13', '21', '22', '23', '30', '31', '32', '33']);
  });
  test('misread as the corners of the board', () => {
    expect(cellsWhere(model, (cell) => isCorner(model, cell, reading('cornerOfBoard')))).toEqual(['00', '03', '30', '33']);
  });
});

describe('beside an object', () => {
  const model = handModel(L_PLAN);
  const beside = (object: string, r: Reading) => cellsWhere(model, (cell) => holdsAt(model, { kind: 'besideObject', object } as ClueFact, cell, r));
  test('only orthogonal neighbours in the same room count', () => {
    // The plant at 11 is in room b: its room neighbours are 12 only (01 and 21 are other rooms, 10 is room a).
    expect(beside('plant', STRICT)).toEqual(['12']);
    // The armchair at 10 is in room a: 00 and 20 are beside it, 11 is across a wall.
    expect(beside('armchair', STRICT)).toEqual(['00', '20']);
  });
  test('misread with diagonals (in the same room)', () => {
    // 02 touches the plant diagonally, but from room a: the room rule still applies.
    expect(beside('plant', reading('besideDiagonal'))).toEqual(['12']);
    expect(beside('armchair', reading('besideDiagonal'))).toEqual(['00', '01', '20']);
  });
  test('misread through walls', () => {
    expect(beside('plant', reading('besideThroughWall'))).toEqual(['01', '10', '12', '21']);
    expect(beside('armchair', reading('besideThroughWall'))).toEqual(['00', '11', '20']);
  });
  test('"beside no X" is the complement, across walls too', () => {
    const none = cellsWhere(model, (cell) => holdsAt(model, { kind: 'notBesideObject', object: 'plant' }, cell, STRICT));
    expect(none).toHaveLength(15);
    expect(none).not.toContain('12');
    expect(none).toContain('01');
  });
});

describe('clues about other people', () => {
  // 5×5, room a is the top two rows; people stand on the diagonal-ish cells listed per test.
  const SOCIAL = {
    plan: ['aaaaa', 'aaaaa', 'bbbcc', 'bbbcc', 'bbbcc'],
    people: [
      { id: 'otto', gender: 'm' as const, clues: [] as ClueFact[] },
      { id: 'paul', gender: 'm' as const, clues: [] as ClueFact[] },
      { id: 'rosa', gender: 'f' as const, clues: [] as ClueFact[] },
      { id: 'nora', gender: 'f' as const, clues: [{ kind: 'victim' } as ClueFact] },
      { id: 'theo', gender: 'm' as const, clues: [] as ClueFact[] },
    ],
  };
  const model = handModel(SOCIAL);
  const at = (...cells: Array<[number, number]>) => Int8Array.from(cells, ([r, c]) => cellAt(r, c));
  const withAnotherMan: ClueFact = { kind: 'withAnother', gender: 'm', room: 'room-a' };

  test('with another man: exactly one other man in the room, women do not matter', () => {
    // otto, paul and rosa in room a: one other man (paul) and a woman.
    const cells = at([0, 0], [1, 1], [0, 2], [3, 3], [4, 4]);
    expect(clueHolds(model, cells, 0, withAnotherMan)).toBe(true);
    // theo joins room a: two other men.
    const crowded = at([0, 0], [1, 1], [2, 2], [3, 3], [1, 4]);
    expect(clueHolds(model, crowded, 0, withAnotherMan)).toBe(false);
    // Only women with otto: no other man.
    const ladies = at([0, 0], [3, 1], [0, 2], [1, 3], [4, 4]);
    expect(clueHolds(model, ladies, 0, withAnotherMan)).toBe(false);
    // otto is not in room a at all.
    expect(clueHolds(model, at([2, 0], [1, 1], [0, 2], [3, 3], [4, 4]), 0, withAnotherMan)).toBe(false);
  });

  test('alone: nobody else in the room; the victim counts unless misread', () => {
    const cells = at([0, 0], [2, 1], [3, 2], [4, 3], [1, 4]); // otto and theo in room a
    expect(clueHolds(model, cells, 0, { kind: 'alone' })).toBe(false);
    const aloneCells = at([0, 0], [2, 1], [3, 2], [4, 3], [2, 4]);
    expect(clueHolds(model, aloneCells, 0, { kind: 'alone' })).toBe(true);
    // The murderer with the victim (nora) in room c: alone only if the victim does not count.
    const withVictim = at([0, 0], [1, 1], [2, 2], [3, 3], [4, 4]);
    expect(clueHolds(model, withVictim, 4, { kind: 'alone' }, STRICT)).toBe(false);
    expect(clueHolds(model, withVictim, 4, { kind: 'alone' }, reading('aloneIgnoresVictim'))).toBe(true);
  });

  test('the victim line: exactly one other person in the victim’s room', () => {
    const pair = at([0, 0], [1, 1], [2, 2], [3, 3], [4, 4]); // nora and theo in room c
    expect(clueHolds(model, pair, 3, { kind: 'victim' })).toBe(true);
    const lonely = at([0, 0], [1, 1], [2, 2], [3, 3], [0, 4]);
    expect(clueHolds(model, lonely, 3, { kind: 'victim' })).toBe(false);
  });
});

describe('prover masks agree with the reference semantics', () => {
  const facts = (model: CaseModel): ClueFact[] => [
    ...Array.from({ length: model.size }, (_, i): ClueFact => ({ kind: 'row', row: i })),
    ...Array.from({ length: model.size }, (_, i): ClueFact => ({ kind: 'column', column: i })),
    ...model.roomIds.flatMap((room): ClueFact[] => [{ kind: 'inRoom', room }, { kind: 'notInRoom', room }, { kind: 'withAnother', gender: 'f', room }]),
    ...OBJECT_IDS.flatMap((object): ClueFact[] => [
      { kind: 'onObject', object }, { kind: 'notOnObject', object }, { kind: 'besideObject', object }, { kind: 'notBesideObject', object },
    ]),
    { kind: 'roomCorner' }, { kind: 'notRoomCorner' }, { kind: 'alone' }, { kind: 'victim' },
  ];
  test.each([4, 5, 6, 7, 8, 9])('size %i: plans from every setting', (size) => {
    const rng = new Rng('masks', size);
    let plans = 0;
    while (plans < 10) {
      const layout = drawLayout(size, SETTINGS[plans % SETTINGS.length]!, rng);
      if (!layout) continue;
      plans++;
      const model: CaseModel = modelFromCodes(size, layout.roomTypes.map((t) => t.id), layout.roomOf, layout.objectAt, [], 0);
      const board = compileBoard(model);
      for (const fact of facts(model)) {
        const clue = compileClue(board, model, 0, 0, fact);
        for (let r = 0; r < 9; r++) {
          for (let c = 0; c < 9; c++) {
            const cell = cellAt(r, c);
            const expected = r < size && c < size && holdsAt(model, fact, cell, STRICT);
            if (hasCell(clue.mask, 0, cell) !== expected) expect.fail(`${JSON.stringify(fact)} at ${r},${c}: mask ${!expected}, truth ${expected}`);
          }
        }
      }
    }
  });
});

describe('prover masks agree with the reference semantics: the kinds beyond the sheet, open plans, stacked objects', () => {
  const WHERE = ['ownRoom', 'otherRoom', 'anywhere'] as const;
  const facts = (model: CaseModel): ClueFact[] => [
    ...model.objectIds.flatMap((object): ClueFact[] => [
      { kind: 'onObject', object }, { kind: 'notOnObject', object }, { kind: 'besideObject', object }, { kind: 'notBesideObject', object },
      { kind: 'adjacentObject', object }, { kind: 'notAdjacentObject', object }, { kind: 'onlyOnObject', object },
      ...WHERE.flatMap((where): ClueFact[] => [
        { kind: 'sameRowAsObject', object, where }, { kind: 'sameColumnAsObject', object, where },
        { kind: 'leftOfObject', object, where }, { kind: 'rightOfObject', object, where },
        { kind: 'aboveObject', object, where }, { kind: 'belowObject', object, where },
      ]),
    ]),
    ...model.roomIds.flatMap((room): ClueFact[] => [{ kind: 'inRoom', room }, { kind: 'notInRoom', room }]),
    { kind: 'roomCorner' }, { kind: 'notRoomCorner' }, { kind: 'notBesideWall' }, { kind: 'notBesideEdge' },
  ];
  test.each([4, 5, 6, 7, 8, 9])('size %i', (size) => {
    const rng = new Rng('masks-extended', size);
    let plans = 0;
    while (plans < 6) {
      const layout = drawLayout(size, SETTINGS[plans % SETTINGS.length]!, rng);
      if (!layout) continue;
      plans++;
      const base = modelFromCodes(size, layout.roomTypes.map((t) => t.id), layout.roomOf, layout.objectAt, [], 0);
      // Open the plan (about one cell in eight outside it) and stack a second object on some cells.
      const roomOf = base.roomOf.slice();
      const objectsAt = base.objectsAt.slice();
      for (let r = 0; r < size; r++) {
        for (let c = 0; c < size; c++) {
          const cell = cellAt(r, c);
          if (rng.int(8) === 0) {
            roomOf[cell] = -1;
            objectsAt[cell] = 0;
          } else if (rng.int(6) === 0) objectsAt[cell]! |= 1 << rng.int(base.objectIds.length);
        }
      }
      const model: CaseModel = { ...base, roomOf, objectsAt };
      const board = compileBoard(model);
      for (const fact of facts(model)) {
        const clue = compileClue(board, model, 0, 0, fact);
        for (let r = 0; r < 9; r++) {
          for (let c = 0; c < 9; c++) {
            const cell = cellAt(r, c);
            const expected = r < size && c < size && roomOf[cell]! >= 0 && holdsAt(model, fact, cell, STRICT);
            if (hasCell(clue.mask, 0, cell) !== expected) expect.fail(`${JSON.stringify(fact)} at ${r},${c} (plan ${plans}): mask ${!expected}, truth ${expected}`);
          }
        }
      }
    }
  });
});
