/**
 * Rows against columns (rules-permutation.ts): every row and every column holds exactly one
 * person, whoever it is. Each rule on hand-set candidate states (what it removes or places, its
 * sentence in de and en); soundness on random states, random cases and generated cases, judged by
 * the independent counter; and cases with one solution that the ladder could not finish before.
 */
import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { Rng } from '../../src/core/rng.ts';
import { addCell, cellAt, cellList, cellSets } from '../../src/murder/cells.ts';
import { countSolutions } from '../../src/murder/counter.ts';
import { caseSeed, generateCase, type CaseRequest } from '../../src/murder/generate.ts';
import { readCaseFile, type CaseModel } from '../../src/murder/model.ts';
import { compileBoard, compileClues } from '../../src/murder/prover/board.ts';
import { proveCase } from '../../src/murder/prover/prove.ts';
import { oneCellLine, rowColumnSets } from '../../src/murder/prover/rules-permutation.ts';
import { hallRows } from '../../src/murder/prover/rules-sets.ts';
import { CONTRADICTION, NONE, PROGRESS, ProverState } from '../../src/murder/prover/state.ts';
import type { ClueFact } from '../../src/murder/schema.ts';
import { handModel, plainNames, randomCase, type HandCase } from './fixtures.ts';

const IDS = ['vera', 'max', 'ida', 'leo', 'eva', 'tom', 'uma', 'jan', 'pia'];
const GENDERS = ['f', 'm', 'f', 'm', 'f', 'm', 'f', 'm', 'f'] as const;
// 4×4: rooms of 2×2. 5×5: rooms a (2×2), b (2×3), c (3×2), d (3×3).
const PLAN_4 = ['aabb', 'aabb', 'ccdd', 'ccdd'];
const PLAN_5 = ['aabbb', 'aabbb', 'ccddd', 'ccddd', 'ccddd'];

function setup(plan: string[]) {
  const n = plan.length;
  const clues: ClueFact[][] = IDS.slice(0, n).map((_, i) => (i === 0 ? [{ kind: 'victim' }] : []));
  const model = handModel({ plan, people: clues.map((c, i) => ({ id: IDS[i]!, gender: GENDERS[i]!, clues: c })) });
  const board = compileBoard(model);
  const state = new ProverState(board);
  state.reset(compileClues(board, model), plainNames(model));
  state.nextFilter = state.clues.length; // filters are not what these tests are about
  return { model, state };
}

/** Every cell "rc" of an n×n board. */
const every = (n: number) => Array.from({ length: n * n }, (_, i) => `${(i / n) | 0}${i % n}`);
/** Give person p exactly these cells ("rc" strings). */
function give(state: ProverState, p: number, cells: string[]): void {
  const set = cellSets(1);
  for (const rc of cells) addCell(set, 0, cellAt(+rc[0]!, +rc[1]!));
  state.cand.set(set, 3 * p);
}
const cellsOf = (state: ProverState, p: number) => cellList(state.cand, 3 * p).map((cell) => `${(cell / 9) | 0}${cell % 9}`);

describe('one-cell-line (tier 2)', () => {
  test('a row with one open cell: someone stands there, so its column closes for everyone else', () => {
    const { state } = setup(PLAN_4);
    // Row 0 is open only at 01 (for vera and max); column 1 is open in every row.
    const rest = every(4).filter((rc) => rc[0] !== '0');
    give(state, 0, ['01', ...rest]);
    give(state, 1, ['01', ...rest]);
    give(state, 2, rest);
    give(state, 3, rest);
    expect(oneCellLine.apply(state)).toBe(PROGRESS);
    for (const p of [0, 1]) expect(cellsOf(state, p)).toEqual(['01', '10', '12', '13', '20', '22', '23', '30', '32', '33']);
    for (const p of [2, 3]) expect(cellsOf(state, p)).toEqual(['10', '12', '13', '20', '22', '23', '30', '32', '33']);
    const step = state.steps.at(-1)!;
    expect(step).toMatchObject({ rule: 'one-cell-line', tier: 2, premises: { rows: [0] }, placed: [] });
    expect(step.removed.map((x) => x.person)).toEqual([0, 1, 2, 3]);
    expect(step.text).toEqual({
      de: 'In Reihe 1 ist nur noch R1/S2 frei, und in jeder Reihe steht jemand: Dort steht also jemand, und sonst steht niemand in Spalte 2.',
      en: 'In row 1 only r1c2 is still open, and every row holds someone: so someone stands there, and nobody else stands in column 2.',
    });
    // Done: the same row has nothing more to give.
    expect(oneCellLine.apply(state)).toBe(NONE);
  });

  test('a column with one open cell closes that cell’s row', () => {
    const { state } = setup(PLAN_4);
    const rest = every(4).filter((rc) => rc[1] !== '3');
    for (const p of [0, 1, 2]) give(state, p, rest);
    give(state, 3, ['23', ...rest]);
    give(state, 1, ['23', ...rest]);
    expect(oneCellLine.apply(state)).toBe(PROGRESS);
    for (const p of [0, 2]) expect(cellsOf(state, p).some((rc) => rc[0] === '2')).toBe(false);
    for (const p of [1, 3]) expect(cellsOf(state, p).filter((rc) => rc[0] === '2')).toEqual(['23']);
    expect(state.steps.at(-1)!.premises).toEqual({ columns: [3] });
    expect(state.steps.at(-1)!.text.en).toBe('In column 4 only r3c4 is still open, and every column holds someone: so someone stands there, and nobody else stands in row 3.');
  });

  test('only one person can stand on that cell: they are placed', () => {
    const { state } = setup(PLAN_4);
    give(state, 0, ['11', '22', '33']);
    give(state, 1, ['10', '21', '32']);
    give(state, 2, ['01', '23', '30']);
    give(state, 3, ['12', '20', '31']);
    // Row 0 is open only at 01, and only ida can stand there.
    expect(oneCellLine.apply(state)).toBe(PROGRESS);
    expect(cellsOf(state, 2)).toEqual(['01']);
    expect(state.isDone(2)).toBe(true);
    expect(cellsOf(state, 3)).toEqual(['12', '20']);
    const step = state.steps.at(-1)!;
    expect(step.placed).toEqual([{ person: 2, cell: cellAt(0, 1) }]);
    expect(step.premises).toEqual({ rows: [0], people: [2] });
    expect(step.text).toEqual({
      de: 'In Reihe 1 ist nur noch R1/S2 frei, und in jeder Reihe steht jemand: Dort steht also jemand, und sonst steht niemand in Spalte 2. Nur ida kann dort stehen, also steht sie dort.',
      en: 'In row 1 only r1c2 is still open, and every row holds someone: so someone stands there, and nobody else stands in column 2. Only ida can stand there, so she does.',
    });
  });

  test('a row where nobody can stand is a contradiction', () => {
    const { state } = setup(PLAN_4);
    for (const p of [0, 1, 2, 3]) give(state, p, every(4).filter((rc) => rc[0] !== '1'));
    expect(oneCellLine.apply(state)).toBe(CONTRADICTION);
  });

  test('nothing to do: every line has two or more open cells', () => {
    const { state } = setup(PLAN_4);
    for (const p of [0, 1, 2, 3]) give(state, p, every(4));
    expect(oneCellLine.apply(state)).toBe(NONE);
    expect(rowColumnSets.apply(state)).toBe(NONE);
  });
});

describe('row-column-sets (tier 3)', () => {
  test('two rows open only in two columns: nobody in another row stands in those columns', () => {
    const { state } = setup(PLAN_4);
    const top = ['00', '01', '10', '11'];
    const bottom = every(4).filter((rc) => rc[0] >= '2');
    give(state, 0, top);
    give(state, 1, [...top, ...bottom]);
    give(state, 2, bottom);
    give(state, 3, ['00', ...bottom]);
    expect(rowColumnSets.apply(state)).toBe(PROGRESS);
    for (const p of [1, 2, 3]) expect(cellsOf(state, p).filter((rc) => rc[0] >= '2')).toEqual(['22', '23', '32', '33']);
    expect(cellsOf(state, 0)).toEqual(top);
    const step = state.steps.at(-1)!;
    expect(step).toMatchObject({ rule: 'row-column-sets', tier: 3, premises: { rows: [0, 1], columns: [0, 1] }, placed: [] });
    expect(step.text).toEqual({
      de: 'In den Reihen 1 und 2 ist nur noch in den Spalten 1 und 2 Platz: 2 Reihen für 2 Spalten. Diese Spalten sind damit besetzt; außerhalb der Reihen 1 und 2 steht dort niemand.',
      en: 'In rows 1 and 2 there is space only in columns 1 and 2: 2 rows for 2 columns. Those columns are taken by them; nobody outside rows 1 and 2 stands there.',
    });
  });

  test('two columns open only in two rows (on 5×5, where the rows’ side would need three)', () => {
    const { state } = setup(PLAN_5);
    // Columns 3 and 4 are open only in rows 0 and 1; everything else is open.
    const cells = every(5).filter((rc) => rc[1] < '3' || rc[0] < '2');
    for (const p of [0, 1, 2, 3, 4]) give(state, p, cells);
    expect(rowColumnSets.apply(state)).toBe(PROGRESS);
    for (const p of [0, 1, 2, 3, 4]) expect(cellsOf(state, p).filter((rc) => rc[0] < '2')).toEqual(['03', '04', '13', '14']);
    const step = state.steps.at(-1)!;
    expect(step.premises).toEqual({ rows: [0, 1], columns: [3, 4] });
    expect(step.text).toEqual({
      de: 'In den Spalten 4 und 5 ist nur noch in den Reihen 1 und 2 Platz: 2 Spalten für 2 Reihen. Diese Reihen sind damit besetzt; außerhalb der Spalten 4 und 5 steht dort niemand.',
      en: 'In columns 4 and 5 there is space only in rows 1 and 2: 2 columns for 2 rows. Those rows are taken by them; nobody outside columns 4 and 5 stands there.',
    });
    expect(rowColumnSets.apply(state)).toBe(NONE);
  });

  test('three rows open in only two columns end in a contradiction', () => {
    const { state } = setup(PLAN_5);
    const cells = every(5).filter((rc) => rc[0] >= '3' || rc[1] < '2');
    for (const p of [0, 1, 2, 3, 4]) give(state, p, cells);
    // Two of the rows take both columns, which leaves the third row nowhere.
    let outcome = rowColumnSets.apply(state);
    expect(outcome).toBe(PROGRESS);
    expect(state.steps.at(-1)!.premises).toEqual({ rows: [0, 1], columns: [0, 1] });
    outcome = oneCellLine.apply(state);
    expect(outcome).toBe(CONTRADICTION);
  });

  test('the person side is hall-rows: two people within two rows keep everyone else out of them', () => {
    const { state } = setup(PLAN_4);
    give(state, 0, ['00', '13']);
    give(state, 1, ['02', '11']);
    for (const p of [2, 3]) give(state, p, every(4));
    expect(hallRows.apply(state)).toBe(PROGRESS);
    for (const p of [2, 3]) expect(cellsOf(state, p).some((rc) => rc[0] < '2')).toBe(false);
    expect(state.steps.at(-1)!.text).toEqual({
      de: 'vera und max können zusammen nur in den Reihen 1 und 2 stehen: 2 Personen für 2 Reihen. Diese Reihen gehören ihnen, alle anderen scheiden dort aus.',
      en: 'Between them, vera and max can only stand in rows 1 and 2: 2 people for 2 rows. Those rows are theirs; nobody else stands there.',
    });
  });
});

describe('soundness', () => {
  /**
   * Random states that keep a hidden permutation: each person has their own cell plus random
   * others. The rules must never remove a hidden cell, and never call such a state a contradiction.
   */
  test.prop([fc.integer({ min: 4, max: 9 }), fc.string({ maxLength: 8 }), fc.double({ min: 0.05, max: 0.6, noNaN: true })], { numRuns: 300 })(
    'on random states with a hidden permutation, no hidden cell is removed',
    (n, seed, density) => {
      const rng = new Rng('permutation-states', seed, n);
      const { state } = setup(['aaaaaaaaa'.slice(0, n)].concat(Array(n - 1).fill('b'.repeat(n))));
      const columns = rng.shuffle(Array.from({ length: n }, (_, i) => i));
      const hidden = columns.map((c, r) => cellAt(r, c));
      const people = rng.shuffle(hidden.slice());
      for (let p = 0; p < n; p++) {
        const set = cellSets(1);
        addCell(set, 0, people[p]!);
        for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (rng.next() < density) addCell(set, 0, cellAt(r, c));
        state.cand.set(set, 3 * p);
      }
      for (let round = 0; round < 4 * n; round++) {
        const outcome = oneCellLine.apply(state);
        const next = outcome === NONE ? rowColumnSets.apply(state) : outcome;
        expect(next).not.toBe(CONTRADICTION);
        for (let p = 0; p < n; p++) expect(cellList(state.cand, 3 * p)).toContain(people[p]);
        if (next === NONE) break;
      }
    },
  );

  /** Every solution the counter finds survives every step of the proof. */
  function checkAgainstCounter(model: CaseModel): { steps: string[]; status: string } {
    const proof = proveCase(model, { names: plainNames(model) });
    const counted = countSolutions(model, { limit: 20, maxNodes: 200_000 });
    for (const solution of counted.solutions) {
      for (const step of proof.steps) {
        for (const { person, cells } of step.removed) expect(cells, `${step.rule}: ${step.text.en}`).not.toContain(solution[person]);
      }
    }
    if (proof.status === 'solved') {
      expect(counted.count).toBe(1);
      expect(Array.from(proof.cells!)).toEqual(Array.from(counted.solutions[0]!));
    }
    return { steps: proof.steps.map((s) => s.rule), status: proof.status };
  }

  test('random cases: no step removes a cell of any solution the counter finds', () => {
    const rng = new Rng('permutation-cases', 1);
    const fired = new Map<string, number>();
    let tried = 0;
    while (tried < 240) {
      const size = 4 + (tried % 6);
      const drawn = randomCase(size, rng, rng.range(size, 4 * size));
      if (!drawn) continue;
      tried++;
      for (const rule of checkAgainstCounter(drawn.model).steps) fired.set(rule, (fired.get(rule) ?? 0) + 1);
    }
    expect(fired.get('one-cell-line') ?? 0).toBeGreaterThan(0);
  });

  test.each([4, 5, 6, 7, 8, 9])('generated size-%i cases: every step keeps the counter’s solution', (size) => {
    for (const level of ['medium', 'hard'] as const) {
      const request: CaseRequest = { size, level };
      const file = generateCase(request, caseSeed('permutation-test', request, 0));
      const { model } = readCaseFile(file, { source: 'generated' });
      expect(checkAgainstCounter(model).status).toBe('solved');
    }
  });
});

describe('cases with one solution that the ladder did not finish before', () => {
  // Found among random cases: the counter finds one solution, the ladder without rows against
  // columns stopped after placing lisa. Row 1 then has one open cell (r1c2), which closes column 2.
  const ROW_CASE: HandCase = {
    plan: ['abbb', 'accc', 'accc', 'aaaa'],
    objects: ['P..P', 'T..s', 'PS.B', '.tn.'],
    people: [
      { id: 'irma', gender: 'f', clues: [] },
      { id: 'alice', gender: 'f', clues: [{ kind: 'alone' }, { kind: 'notInRoom', room: 'room-c' }] },
      {
        id: 'bruno', gender: 'm',
        clues: [{ kind: 'roomCorner' }, { kind: 'notBesideObject', object: 'table' }, { kind: 'notOnObject', object: 'carpet' }, { kind: 'notInRoom', room: 'room-b' }, { kind: 'notBesideObject', object: 'bookshelf' }],
      },
      {
        id: 'lisa', gender: 'f',
        clues: [{ kind: 'victim' }, { kind: 'notBesideObject', object: 'bench' }, { kind: 'column', column: 2 }, { kind: 'notBesideObject', object: 'table' }, { kind: 'notInRoom', room: 'room-a' }, { kind: 'besideObject', object: 'statue' }],
      },
    ],
  };

  // A generated 6×6 hard case less one of bruno's two clues: still one solution, and now the
  // rows-against-columns sets finish it.
  const SET_CASE: HandCase = {
    plan: ['aaaaaa', 'bbbbbc', 'bbcccc', 'bbcccc', 'bbddee', 'bbddee'],
    objects: ['..U...', '.RnRE.', 'rEFU..', '.Rn..n', 'nnnS.P', '...n.T'],
    people: [
      { id: 'karl', gender: 'm', clues: [] },
      { id: 'olivia', gender: 'f', clues: [{ kind: 'victim' }, { kind: 'besideObject', object: 'bench' }] },
      { id: 'finn', gender: 'm', clues: [{ kind: 'roomCorner' }] },
      { id: 'bruno', gender: 'm', clues: [{ kind: 'onObject', object: 'bench' }] },
      { id: 'martha', gender: 'f', clues: [{ kind: 'onObject', object: 'rug' }] },
      { id: 'david', gender: 'm', clues: [{ kind: 'onObject', object: 'bench' }, { kind: 'inRoom', room: 'room-c' }] },
    ],
  };

  test('a single open cell in a row (medium)', () => {
    const model = handModel(ROW_CASE);
    expect(countSolutions(model).count).toBe(1);
    const proof = proveCase(model, { names: plainNames(model) });
    expect(proof.status).toBe('solved');
    expect(proof.level).toBe(2);
    expect(proof.steps.map((s) => s.rule)).toContain('one-cell-line');
    expect(Array.from(proof.cells!)).toEqual(Array.from(countSolutions(model).solutions[0]!));
    expect(proveCase(model, { maxTier: 1 }).status).toBe('stuck');
  });

  test('rows against columns as a set (hard)', () => {
    const model = handModel(SET_CASE);
    expect(countSolutions(model).count).toBe(1);
    const proof = proveCase(model, { names: plainNames(model) });
    expect(proof.status).toBe('solved');
    expect(proof.level).toBe(3);
    expect(proof.steps.map((s) => s.rule)).toContain('row-column-sets');
    expect(Array.from(proof.cells!)).toEqual(Array.from(countSolutions(model).solutions[0]!));
    expect(proveCase(model, { maxTier: 2 }).status).toBe('stuck');
  });
});
