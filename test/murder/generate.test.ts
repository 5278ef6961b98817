/**
 * Generated cases, every size and level: schema-valid, unique by the counter, solved by the prover
 * at exactly the claimed level, minimal (checked here again, outside verify.ts), every proof step
 * true of the solution, deterministic per seed; robust cases robust; impossible requests refused.
 */
import { describe, expect, test } from 'vitest';
import { GenerationError } from '../../src/core/errors.ts';
import { assertValid } from '../../src/core/schema.ts';
import { caseFingerprint } from '../../src/murder/case-file.ts';
import { countSolutions } from '../../src/murder/counter.ts';
import { caseSeed, checkRequest, generateCase, LEVELS, playerForm, requestKey, verifyCase, type CaseRequest } from '../../src/murder/generate.ts';
import { readCaseFile, type CaseModel } from '../../src/murder/model.ts';
import { compileBoard, compileClues } from '../../src/murder/prover/board.ts';
import { proveCase, Prover } from '../../src/murder/prover/prove.ts';
import { MurderCaseFile } from '../../src/murder/schema.ts';

const SIZES = [4, 5, 6, 7, 8, 9];
const grid = SIZES.flatMap((size) => LEVELS.map((level) => [size, level] as const));
const usedRules = new Map<string, number>();

function withoutClue(model: CaseModel, person: number, index: number): CaseModel {
  return { ...model, people: model.people.map((p, i) => (i === person ? { ...p, clues: p.clues.filter((_, k) => k !== index) } : p)) };
}

describe.each(grid)('%i×%i %s', (size, level) => {
  const request: CaseRequest = { size, level };
  const files = [0, 1].map((k) => generateCase(request, caseSeed('test-run', request, k)));

  test('schema-valid, and verifyCase finds nothing wrong', () => {
    for (const file of files) {
      expect(() => assertValid(MurderCaseFile, file, { source: 'generated' })).not.toThrow();
      expect(verifyCase(file).problems).toEqual([]);
      expect(file.public.level.name).toBe(level);
    }
  });

  test('unique, at exactly its level, minimal', () => {
    for (const file of files) {
      const { model } = readCaseFile(file, { source: 'generated' });
      const tier = LEVELS.indexOf(level) + 1;
      expect(countSolutions(model).count).toBe(1);
      expect(proveCase(model, { maxTier: tier }).status).toBe('solved');
      if (tier > 1) expect(proveCase(model, { maxTier: tier - 1 }).status).not.toBe('solved');
      model.people.forEach((person, p) => {
        person.clues.forEach((clue, k) => {
          if (clue.kind === 'victim') return;
          const smaller = withoutClue(model, p, k);
          // minimal on the ladder the case was made with: the sheet's (Prover's default for a sheet case)
          const board = compileBoard(smaller);
          const stillFine = new Prover(board).run(compileClues(board, smaller), tier) === 'solved' && countSolutions(smaller).count === 1;
          expect(stillFine, `${person.id} clue ${k} (${clue.kind}) can be dropped`).toBe(false);
        });
      });
      expect(file.secret!.minimal).toBe(true);
    }
  });

  test('every proof step is true of the solution; the murderer shares the victim’s room', () => {
    for (const file of files) {
      const { positions, murderer } = file.secret!.solution;
      for (const step of file.secret!.proof.steps) {
        usedRules.set(step.rule, (usedRules.get(step.rule) ?? 0) + 1);
        for (const { person, cells } of step.removed) expect(cells, step.text.en).not.toContainEqual(positions[person]);
        for (const { person, cell } of step.placed) expect(cell).toEqual(positions[person]);
      }
      const victim = file.public.people.find((p) => p.clues.some((c) => c.kind === 'victim'))!.id;
      const roomAt = ([r, c]: [number, number]) => file.public.roomOf[r]![c];
      expect(roomAt(positions[murderer]!)).toBe(roomAt(positions[victim]!));
      expect(Object.values(positions).filter((cell) => roomAt(cell) === roomAt(positions[victim]!))).toHaveLength(2);
    }
  });

  test('cards: the victim line plus at most one more, at most two elsewhere, few empty cards', () => {
    for (const file of files) {
      const empty = file.public.people.filter((p) => p.clues.length === 0).length;
      expect(empty).toBeLessThanOrEqual(Math.max(1, Math.floor(size / 4)));
      for (const person of file.public.people) {
        const isVictim = person.clues.some((c) => c.kind === 'victim');
        expect(person.clues.length).toBeLessThanOrEqual(2);
        if (isVictim) expect(person.clues[0]!.kind).toBe('victim');
      }
    }
  });
});

describe('determinism and forms', () => {
  test('the same request and seed give the same bytes; another seed another case', () => {
    const request: CaseRequest = { size: 6, level: 'medium' };
    const a = JSON.stringify(generateCase(request, 'seed-a'));
    expect(JSON.stringify(generateCase(request, 'seed-a'))).toBe(a);
    expect(JSON.stringify(generateCase(request, 'seed-b'))).not.toBe(a);
  });
  test('case seeds depend on run seed, request and index only', () => {
    const request: CaseRequest = { size: 7, level: 'hard', robust: true };
    expect(caseSeed('run', request, 3)).toBe(caseSeed('run', { ...request, budget: 99 }, 3));
    expect(new Set([caseSeed('run', request, 3), caseSeed('run', request, 4), caseSeed('other', request, 3), caseSeed('run', { ...request, size: 8 }, 3)]).size).toBe(4);
    expect(requestKey(request)).toBe('size=7;level=hard;setting=*;robust=1');
  });
  test('the player form has no secret, the same id, and still verifies', () => {
    const file = generateCase({ size: 5, level: 'easy', setting: 'theatre' }, 'player');
    const player = playerForm(file);
    expect(player).not.toHaveProperty('secret');
    expect(player.id).toBe(file.id);
    expect(file.public.setting!.id).toBe('theatre');
    expect(verifyCase(player).problems).toEqual([]);
    expect(Object.keys(player.public).sort()).toEqual(['floors', 'level', 'objects', 'people', 'roomOf', 'rooms', 'setting', 'size']);
    for (const person of player.public.people) expect(Object.keys(person).sort()).toEqual(['clues', 'gender', 'id', 'name']);
    expect(caseFingerprint(player)).toBe(caseFingerprint(file));
  });
  test('robust cases keep their single solution under every misreading', () => {
    for (const size of [5, 8]) {
      const file = generateCase({ size, level: 'medium', robust: true }, 'robust');
      expect(file.secret!.robustness).toMatchObject({ besideDiagonal: true, besideThroughWall: true, cornerOfBoard: true, aloneIgnoresVictim: true, withAnotherIgnoresVictim: true, robust: true });
      expect(verifyCase(file).problems).toEqual([]);
    }
  });
});

describe('refusals', () => {
  test('bad requests are RangeErrors naming the field', () => {
    expect(() => checkRequest({ size: 10, level: 'easy' })).toThrow(/size 10/);
    expect(() => checkRequest({ size: 6, level: 'fiendish' as never })).toThrow(/level "fiendish"/);
    expect(() => checkRequest({ size: 6, level: 'easy', setting: 'castle' })).toThrow(/setting "castle": must be one of house/);
  });
  test('a budget that runs out is a GenerationError, never a case at another level', () => {
    expect(() => generateCase({ size: 4, level: 'hard', budget: 2 }, 'tight')).toThrow(GenerationError);
    expect(() => generateCase({ size: 4, level: 'hard', budget: 2 }, 'tight')).toThrow(/no hard 4×4 murder case within 2 clue deals/);
  });
});

describe('the ladder in use', () => {
  test('generated cases use rules of every tier', () => {
    const tiers = new Set([...usedRules.keys()].map((rule) => proveTier(rule)));
    expect([...tiers].sort()).toEqual([1, 2, 3]);
    for (const rule of ['clue-filter', 'naked-single', 'line-single', 'claiming', 'victim-room']) expect(usedRules.get(rule) ?? 0).toBeGreaterThan(0);
  });
});

function proveTier(rule: string): number {
  return ['clue-filter', 'naked-single', 'line-single'].includes(rule) ? 1 : ['claiming', 'victim-room', 'with-another', 'alone'].includes(rule) ? 2 : 3;
}
