/**
 * The prover: each rule on a hand-set candidate state (what it must remove or place, and what it
 * must leave alone), and soundness on random cases (no step ever removes a cell of a real solution;
 * whenever the ladder places everyone, the counter finds exactly that one solution).
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { addCell, cellAt, cellList, cellSets } from '../../src/murder/cells.ts';
import { countSolutions } from '../../src/murder/counter.ts';
import type { CaseModel } from '../../src/murder/model.ts';
import { compileBoard, compileClues } from '../../src/murder/prover/board.ts';
import { proveCase } from '../../src/murder/prover/prove.ts';
import { alone, claiming, victimRoom, withAnother } from '../../src/murder/prover/rules-rooms.ts';
import { hallColumns, hallRows, rectangle, roomCapacity } from '../../src/murder/prover/rules-sets.ts';
import { lineSingle, nakedSingle, type Rule } from '../../src/murder/prover/rules-singles.ts';
import { CONTRADICTION, NONE, PROGRESS, ProverState } from '../../src/murder/prover/state.ts';
import type { ClueFact } from '../../src/murder/schema.ts';
import { handModel, plainNames, randomCase } from './fixtures.ts';

// 4×4, four rooms of 2×2: a top left, b top right, c bottom left, d bottom right.
const PLAN = ['aabb', 'aabb', 'ccdd', 'ccdd'];
const IDS = ['vera', 'max', 'ida', 'leo'];
const GENDERS = ['f', 'm', 'f', 'm'] as const;

function setup(clues: ClueFact[][] = [[{ kind: 'victim' }], [], [], []]) {
  const model = handModel({ plan: PLAN, people: clues.map((c, i) => ({ id: IDS[i]!, gender: GENDERS[i]!, clues: c })) });
  const board = compileBoard(model);
  const state = new ProverState(board);
  state.reset(compileClues(board, model), plainNames(model));
  state.nextFilter = state.clues.length; // filters are not what these tests are about
  return { model, state };
}

/** Give person p exactly these cells ("rc" strings). */
function give(state: ProverState, p: number, cells: string[]): void {
  const set = cellSets(1);
  for (const rc of cells) addCell(set, 0, cellAt(+rc[0]!, +rc[1]!));
  state.cand.set(set, 3 * p);
}
const cellsOf = (state: ProverState, p: number) => cellList(state.cand, 3 * p).map((cell) => `${(cell / 9) | 0}${cell % 9}`);
const ALL = ['00', '01', '02', '03', '10', '11', '12', '13', '20', '21', '22', '23', '30', '31', '32', '33'];
const apply = (rule: Rule, state: ProverState) => rule.apply(state);

describe('tier 1', () => {
  test('naked single: placed, and the row and column close for everyone else', () => {
    const { state } = setup();
    give(state, 1, ['12']);
    expect(apply(nakedSingle, state)).toBe(PROGRESS);
    expect(state.isDone(1)).toBe(true);
    expect(cellsOf(state, 0)).toEqual(['00', '01', '03', '20', '21', '23', '30', '31', '33']);
    expect(state.steps[0]!.placed).toEqual([{ person: 1, cell: cellAt(1, 2) }]);
  });
  test('naked single: an empty person is a contradiction', () => {
    const { state } = setup();
    give(state, 2, []);
    expect(apply(nakedSingle, state)).toBe(CONTRADICTION);
  });
  test('line single: the only person who reaches a row takes it', () => {
    const { state } = setup();
    for (const p of [0, 1, 2]) give(state, p, ALL.filter((rc) => rc[0] !== '3'));
    expect(apply(lineSingle, state)).toBe(PROGRESS);
    expect(cellsOf(state, 3)).toEqual(['30', '31', '32', '33']);
    expect(state.steps[0]!.rule).toBe('line-single');
  });
  test('line single: a row nobody reaches is a contradiction', () => {
    const { state } = setup();
    for (const p of [0, 1, 2, 3]) give(state, p, ALL.filter((rc) => rc[0] !== '2'));
    expect(apply(lineSingle, state)).toBe(CONTRADICTION);
  });
});

describe('tier 2', () => {
  test('claiming: a person confined to a row takes it from everyone', () => {
    const { state } = setup();
    give(state, 2, ['20', '23']);
    expect(apply(claiming, state)).toBe(PROGRESS);
    for (const p of [0, 1, 3]) expect(cellsOf(state, p).some((rc) => rc[0] === '2')).toBe(false);
    expect(cellsOf(state, 2)).toEqual(['20', '23']);
  });
  test('victim room: not a room nobody else can reach', () => {
    const { state } = setup();
    for (const p of [1, 2, 3]) give(state, p, ['10', '11', '12', '13', '30', '31', '32', '33'].filter((rc) => !['10', '11'].includes(rc)));
    // Nobody else reaches room a (00 01 10 11): the victim is not there.
    expect(apply(victimRoom, state)).toBe(PROGRESS);
    expect(cellsOf(state, 0).some((rc) => ['00', '01', '10', '11'].includes(rc))).toBe(false);
  });
  test('victim room: not a room two others must be in', () => {
    const { state } = setup();
    give(state, 1, ['20', '21']);
    give(state, 3, ['30', '31']);
    expect(apply(victimRoom, state)).toBe(PROGRESS);
    expect(cellsOf(state, 0).some((rc) => ['20', '21', '30', '31'].includes(rc))).toBe(false);
  });
  test('victim room: the only other person who can join the victim is the murderer', () => {
    const { state } = setup();
    give(state, 0, ['22', '33']); // room d
    give(state, 1, ['00', '23', '01']);
    give(state, 2, ['01', '10']);
    give(state, 3, ['11', '13']);
    expect(apply(victimRoom, state)).toBe(PROGRESS);
    expect(cellsOf(state, 1)).toEqual(['23']);
  });
  test('victim room: with the murderer known, nobody else is there', () => {
    const { state } = setup();
    give(state, 0, ['22', '33']);
    give(state, 1, ['23', '32']);
    give(state, 3, ['00', '23', '32', '01']);
    expect(apply(victimRoom, state)).toBe(PROGRESS);
    expect(cellsOf(state, 3)).toEqual(['00', '01']);
  });
  test('with another: the other man known, no further man in the room', () => {
    const { state } = setup([[{ kind: 'victim' }], [{ kind: 'withAnother', gender: 'm', room: 'room-a' }], [], []]);
    give(state, 1, ['00', '01', '10', '11']);
    give(state, 3, ['00', '01', '10', '11', '22']);
    give(state, 2, ['00', '01', '22']);
    // Only leo is another man who reaches room a: he is there.
    expect(apply(withAnother, state)).toBe(PROGRESS);
    expect(cellsOf(state, 3)).toEqual(['00', '01', '10', '11']);
    expect(cellsOf(state, 2)).toEqual(['00', '01', '22']); // women are not limited
  });
  test('alone: nobody else where the loner is, and the loner not where someone else must be', () => {
    const { state } = setup([[{ kind: 'victim' }], [{ kind: 'alone' }], [], []]);
    give(state, 1, ['00', '01', '22']);
    give(state, 2, ['22', '33']);
    expect(apply(alone, state)).toBe(PROGRESS);
    expect(cellsOf(state, 1)).toEqual(['00', '01']);
    // Both people named: a pronoun at the end could mean either of them.
    expect(state.steps.at(-1)!.text).toEqual({
      de: 'max war allein im Raum, aber ida steht sicher im Raum room-d: also ist max nicht dort.',
      en: 'max was alone in the room, but ida is certainly in room room-d: so max is not.',
    });
    expect(apply(alone, state)).toBe(PROGRESS);
    for (const p of [0, 2, 3]) expect(cellsOf(state, p).some((rc) => ['00', '01', '10', '11'].includes(rc))).toBe(false);
  });
});

describe('tier 3', () => {
  test('room capacity: a room whose open cells span one row holds one person', () => {
    const { state } = setup();
    give(state, 1, ['00', '01']);
    for (const p of [0, 2, 3]) give(state, p, ['00', '01', '22', '23', '32', '33', '13', '30']);
    expect(apply(roomCapacity, state)).toBe(PROGRESS);
    for (const p of [0, 2, 3]) expect(cellsOf(state, p)).toEqual(['13', '22', '23', '30', '32', '33']);
    expect(state.steps.at(-1)!.text).toEqual({
      de: 'Im Raum room-a ist nur in 1 Reihe und 2 Spalten Platz, also für höchstens 1 Person, und max steht sicher dort: Niemand sonst kann im Raum room-a sein.',
      en: 'In room room-a there is space in only 1 row and 2 columns, so for at most 1 person, and max is certainly there: nobody else can be.',
    });
  });
  test('Hall set: two people sharing two rows close them to the others', () => {
    const { state } = setup();
    give(state, 0, ['00', '11']);
    give(state, 1, ['01', '12', '03']);
    give(state, 2, ALL);
    give(state, 3, ALL);
    expect(apply(hallRows, state)).toBe(PROGRESS);
    for (const p of [2, 3]) expect(cellsOf(state, p)).toEqual(['20', '21', '22', '23', '30', '31', '32', '33']);
    expect(state.steps[0]!.premises).toEqual({ people: [0, 1], rows: [0, 1] });
  });
  test('Hall set over columns: two people in one column is a contradiction', () => {
    const { state } = setup();
    give(state, 0, ['00', '10']);
    give(state, 1, ['20', '30']);
    give(state, 2, ALL);
    give(state, 3, ALL);
    expect(apply(hallColumns, state)).toBe(CONTRADICTION);
  });
  test('rectangle: two diagonal options close the other two corners', () => {
    const { state } = setup();
    give(state, 0, ['00', '11']);
    for (const p of [1, 2, 3]) give(state, p, ALL);
    expect(apply(rectangle, state)).toBe(PROGRESS);
    for (const p of [1, 2, 3]) expect(cellsOf(state, p)).not.toContain('01');
    for (const p of [1, 2, 3]) expect(cellsOf(state, p)).not.toContain('10');
    expect(cellsOf(state, 1)).toContain('00');
    expect(state.steps.at(-1)!.text.en).toBe('vera is on r1c1 or r2c2. Anyone else on r1c2 or r2c1 would share a row or column with each of them, leaving her nowhere: nobody else is there.');
  });
  test('a rule with nothing to do says so', () => {
    const { state } = setup();
    for (const p of [0, 1, 2, 3]) give(state, p, ALL);
    for (const rule of [nakedSingle, lineSingle, claiming, victimRoom, roomCapacity, hallRows, hallColumns, rectangle]) expect(apply(rule, state)).toBe(NONE);
  });
});

/** Every step keeps the hidden solution (it satisfies every clue), and a finished ladder found it. */
function checkSound(model: CaseModel, cells: Int8Array): 'solved' | 'stuck' {
  const proof = proveCase(model, { names: plainNames(model) });
  for (const step of proof.steps) {
    for (const { person, cells: removed } of step.removed) expect(removed, `${step.rule}: ${step.text.en}`).not.toContain(cells[person]);
    for (const { person, cell } of step.placed) expect(cell, step.text.en).toBe(cells[person]);
    expect(step.text.de.length).toBeGreaterThan(0);
  }
  expect(proof.status).not.toBe('contradiction');
  if (proof.status === 'solved') {
    expect(Array.from(proof.cells!)).toEqual(Array.from(cells));
    expect(countSolutions(model).count).toBe(1);
  }
  return proof.status === 'solved' ? 'solved' : 'stuck';
}

describe('soundness on random cases', () => {
  test.prop([fc.integer({ min: 4, max: 9 }), fc.string({ maxLength: 8 }), fc.integer({ min: 0, max: 40 })], { numRuns: 150 })(
    'no step removes a cell of the hidden solution; a finished proof is the unique solution',
    (size, seed, clues) => {
      const drawn = randomCase(size, new Rng('prover-property', seed), clues);
      fc.pre(drawn !== null);
      checkSound(drawn!.model, drawn!.cells);
    },
  );
  test.each([4, 5, 6, 7])('size %i: the ladder finishes on some random cases', (size) => {
    const rng = new Rng('prover-sound', size);
    let solved = 0, tried = 0;
    while (tried < 30) {
      const drawn = randomCase(size, rng, rng.range(size, 5 * size));
      if (!drawn) continue;
      tried++;
      if (checkSound(drawn.model, drawn.cells) === 'solved') solved++;
    }
    expect(solved).toBeGreaterThan(0);
  });
  test('a case with two solutions is never solved', () => {
    const model: CaseModel = handModel({
      plan: PLAN,
      people: [
        { id: 'vera', gender: 'f', clues: [{ kind: 'victim' }, { kind: 'row', row: 0 }, { kind: 'column', column: 0 }] },
        { id: 'max', gender: 'm', clues: [{ kind: 'row', row: 1 }, { kind: 'column', column: 1 }] },
        { id: 'ida', gender: 'f', clues: [{ kind: 'row', row: 2 }, { kind: 'inRoom', room: 'room-d' }] },
        { id: 'leo', gender: 'm', clues: [{ kind: 'row', row: 3 }, { kind: 'inRoom', room: 'room-d' }] },
      ],
    });
    expect(proveCase(model).status).toBe('stuck');
  });
});
