/**
 * The case file beyond the sheet (issue 26), read as the solvers see it: cells outside the plan,
 * several objects on a cell, objects the case declares, clues about other people, case facts and
 * a file without a level claim — and the one-line refusals for what none of them may say.
 */
import { describe, expect, test } from 'vitest';
import { caseId } from '../../src/murder/case-file.ts';
import { cellAt } from '../../src/murder/cells.ts';
import { countSolutions } from '../../src/murder/counter.ts';
import { BUILTIN_OBJECTS, hasObject, isStandable, objectCode, readCaseFile } from '../../src/murder/model.ts';
import { proveCase } from '../../src/murder/prover/prove.ts';
import type { MurderCaseFile } from '../../src/murder/schema.ts';
import { isSolution } from '../../src/murder/truth.ts';
import { verifyCase } from '../../src/murder/verify.ts';

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));
const t = (en: string) => ({ de: en, en });

/**
 *   a a b b      vera (victim) [0,1], max [1,0]: room a
 *   a a b b      ida [2,2], leo [3,3]: room d; b and c stay empty
 *   c c d .      [2,3] is outside the plan
 *   c c d d      a chair on a carpet at [0,0]; a declared piano at [1,3]; a window at [3,3]
 */
const CASE: MurderCaseFile = {
  format: 'puzzlemill/murder-case',
  version: 1,
  id: 'open-plan',
  public: {
    size: 4,
    rooms: [
      { id: 'a', name: t('hall'), floor: 'f1' },
      { id: 'b', name: t('study'), floor: 'f2' },
      { id: 'c', name: t('kitchen'), floor: 'f2' },
      { id: 'd', name: t('parlour'), floor: 'f1' },
    ],
    roomOf: [
      ['a', 'a', 'b', 'b'],
      ['a', 'a', 'b', 'b'],
      ['c', 'c', 'd', null],
      ['c', 'c', 'd', 'd'],
    ],
    objects: [
      [['carpet', 'chair'], null, null, null],
      [null, null, null, 'piano'],
      [null, null, null, null],
      [null, null, null, 'window'],
    ],
    objectTypes: [{ id: 'piano', blocking: true, name: { de: { word: 'Klavier', gender: 'n' }, en: { word: 'piano' } } }],
    people: [
      { id: 'vera', name: 'Vera', gender: 'f', clues: [{ kind: 'victim', text: t('victim') }, { kind: 'row', row: 0, text: t('row 0') }, { kind: 'column', column: 1, text: t('column 1') }] },
      { id: 'max', name: 'Max', gender: 'm', clues: [{ kind: 'row', row: 1, text: t('row 1') }, { kind: 'sameRoomAs', person: 'vera', text: t('with Vera') }] },
      { id: 'ida', name: 'Ida', gender: 'f', clues: [{ kind: 'row', row: 2, text: t('row 2') }, { kind: 'notSameRoomAs', person: 'vera', text: t('not with Vera') }] },
      { id: 'leo', name: 'Leo', gender: 'm', clues: [{ kind: 'below', person: 'ida', text: t('below Ida') }] },
    ],
    facts: [
      { kind: 'emptyRooms', count: 2, text: t('two rooms were empty') },
      { kind: 'peopleOnObject', object: 'window', compare: 'atMost', count: 1, text: t('at most one at a window') },
    ],
  },
  secret: { solution: { positions: { vera: [0, 1], max: [1, 0], ida: [2, 2], leo: [3, 3] }, murderer: 'max' } },
} as unknown as MurderCaseFile;

const SOLUTION = [cellAt(0, 1), cellAt(1, 0), cellAt(2, 2), cellAt(3, 3)];

describe('reading an open plan', () => {
  const { model } = readCaseFile(CASE, { source: 'case' });
  test('a cell outside the plan is in no room and nobody stands there', () => {
    expect(model.roomOf[cellAt(2, 3)]).toBe(-1);
    expect(isStandable(model, cellAt(2, 3))).toBe(false);
  });
  test('two objects on one cell both count', () => {
    expect(hasObject(model, cellAt(0, 0), objectCode(model, 'carpet'))).toBe(true);
    expect(hasObject(model, cellAt(0, 0), objectCode(model, 'chair'))).toBe(true);
    expect(isStandable(model, cellAt(0, 0))).toBe(true);
  });
  test('a declared object gets a code after the built-in ones and blocks as declared', () => {
    expect(objectCode(model, 'piano')).toBe(24);
    expect(isStandable(model, cellAt(1, 3))).toBe(false);
  });
  test('the counter finds the one solution; the facts count', () => {
    const counted = countSolutions(model, { limit: 2 });
    expect(counted.count).toBe(1);
    expect([...counted.solutions[0]!]).toEqual(SOLUTION);
    const oneEmpty = readCaseFile({ ...clone(CASE), public: { ...clone(CASE.public), facts: [{ kind: 'emptyRooms', count: 1, text: t('one') }] } }, { source: 'case' }).model;
    expect(isSolution(oneEmpty, SOLUTION)).toBe(false);
  });
  test('verify without a level claim reports the level it finds', () => {
    const verdict = verifyCase(CASE);
    expect(verdict.summary).toMatch(/^4×4 \w+ \(found\), \d+ clues/);
  });
  test('a secret with only a solution is checked', () => {
    const wrong = clone(CASE);
    wrong.secret!.solution.positions.leo = [3, 2];
    expect(verifyCase(wrong).problems.some((p) => p.startsWith('secret places leo at [3, 2]'))).toBe(true);
  });
});

describe('one-line refusals, with the place', () => {
  const refusal = (mutate: (file: MurderCaseFile) => void) => {
    const file = clone(CASE);
    mutate(file);
    const verdict = verifyCase(file);
    expect(verdict.ok).toBe(false);
    return verdict.problems[0]!;
  };
  test('an object outside the plan', () => {
    expect(refusal((f) => ((f.public.objects[2] as unknown[])[3] = 'chair'))).toBe('case /public/objects/2/3: an object on a cell outside the plan (roomOf is null there)');
  });
  test('an object neither built-in nor declared', () => {
    expect(refusal((f) => ((f.public.objects[0] as unknown[])[1] = ['chair', 'unicorn']))).toMatch(/^case \/public\/objects\/0\/1: unknown object "unicorn" \(the case's objects: "chair", .*"piano"\)$/);
  });
  test('a cell with too many or repeated objects: the fault named, not a union branch', () => {
    expect(refusal((f) => ((f.public.objects[0] as unknown[])[1] = ['chair', 'chair']))).toBe('case /public/objects/0/1: must NOT have duplicate items (items ## 1 and 0 are identical)');
    expect(refusal((f) => ((f.public.objects[0] as unknown[])[1] = ['chair', 'sofa', 'bed', 'rug', 'carpet']))).toBe('case /public/objects/0/1: has more than 4 items');
  });
  test('a declared object that is built-in', () => {
    expect(refusal((f) => (f.public.objectTypes![0]!.id = 'chair'))).toBe('case /public/objectTypes/0/id: object id "chair" is a built-in object (docs/RULES.md): its meaning is fixed');
  });
  test('a clue about a person the case lacks, or about oneself', () => {
    expect(refusal((f) => ((f.public.people[1]!.clues[1] as { person: string }).person = 'zed'))).toMatch(/^case \/public\/people\/1\/clues\/1\/person: unknown person "zed" \(the case's people: "vera", "max", "ida", "leo"\)$/);
    expect(refusal((f) => ((f.public.people[1]!.clues[1] as { person: string }).person = 'max'))).toBe('case /public/people/1/clues/1/person: "max" cannot be compared with themselves');
  });
  test('a fact counting more than the case has', () => {
    expect(refusal((f) => ((f.public.facts![0] as { count: number }).count = 4))).toBe('case /public/facts/0/count: 4 empty rooms, but the case has 4 rooms and the victim stands in one');
    expect(refusal((f) => ((f.public.facts![1] as { count: number }).count = 5))).toMatch(/^case \/public\/facts\/1\/count: must be|5 people, but the case has 4/);
  });
  test('an unknown "where" of an object line clue names the choices', () => {
    expect(refusal((f) => f.public.people[3]!.clues.push({ kind: 'sameRowAsObject', object: 'window', where: 'nearby', text: t('x') } as never))).toMatch(/^case \/public\/people\/3\/clues\/1\/where: must be one of "ownRoom", "otherRoom", "anywhere"/);
  });
});

describe('the id is content, not labels', () => {
  test('renaming and reordering people keeps the id of a case whose clues name people', () => {
    const renamed = clone(CASE);
    const names: Record<string, string> = { vera: 'p1', max: 'p2', ida: 'p3', leo: 'p4' };
    renamed.public.people = renamed.public.people.reverse().map((p) => ({
      ...p,
      id: names[p.id]!,
      clues: p.clues.map((c) => ('person' in c ? { ...c, person: names[c.person]! } : c)),
    }));
    expect(caseId(renamed.public)).toBe(caseId(CASE.public));
  });
  test('a clue naming another person is another case', () => {
    const other = clone(CASE);
    (other.public.people[3]!.clues[0] as { person: string }).person = 'max';
    expect(caseId(other.public)).not.toBe(caseId(CASE.public));
  });
});

describe('many rooms', () => {
  test('"exactly n rooms are empty" counts right beyond 32 rooms (counter, prover, truth agree)', () => {
    // 9×9: one 2×2 room at the top left, every other cell a room of its own (78 rooms)
    const n = 9;
    const roomOf = new Int8Array(81).fill(-1);
    let next = 1;
    for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) roomOf[cellAt(r, c)] = r < 2 && c < 2 ? 0 : next++;
    const people = Array.from({ length: n }, (_, k) => ({
      id: `p${k}`, name: `P${k}`, gender: 'f' as const,
      clues: [...(k === 0 ? [{ kind: 'victim' as const }] : []), { kind: 'row' as const, row: k }, { kind: 'column' as const, column: k === 0 ? 1 : k === 1 ? 0 : k }],
    }));
    const model = { size: n, roomIds: Array.from({ length: next }, (_, k) => `r${k}`), roomOf, ...BUILTIN_OBJECTS, objectsAt: new Uint32Array(81), people, facts: [{ kind: 'emptyRooms' as const, count: next - 8 }], victim: 0 };
    const solution = Int8Array.from({ length: n }, (_, k) => cellAt(k, k === 0 ? 1 : k === 1 ? 0 : k));
    expect(isSolution(model, solution)).toBe(true);
    expect(countSolutions(model, { limit: 2 }).count).toBe(1);
    expect(proveCase(model).status).toBe('solved');
  });
});
